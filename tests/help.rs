//! The help, the man pages and the completions (#55): every command's `-h` and `--help` is a
//! snapshot (`tests/help/*.md`), `-h` fits a screen with one line an option, `--help` fits 100
//! columns, every file the help names exists, and the man pages and every shell's completions
//! name every command.

use std::path::Path;
use std::process::{Command, Output};

/// Every command with its own help: `grundy` and its subcommands, `generate`'s too.
const COMMANDS: [&[&str]; 14] = [
    &[],
    &["check"],
    &["solve"],
    &["verify"],
    &["duel"],
    &["table"],
    &["pack"],
    &["problem"],
    &["bench"],
    &["quotient"],
    &["list"],
    &["generate"],
    &["generate", "man"],
    &["generate", "completions"],
];

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).env("COLUMNS", "100").output().expect("runs grundy")
}

fn stdout(args: &[&str]) -> String {
    let output = grundy(args);
    assert!(output.status.success(), "grundy {args:?}: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).expect("UTF-8")
}

#[test]
fn every_commands_help_is_its_snapshot() {
    trycmd::TestCases::new()
        .register_bin("grundy", std::path::PathBuf::from(env!("CARGO_BIN_EXE_grundy")))
        .env("COLUMNS", "100")
        .case("tests/help/*.md")
        .run();
    // Every command has its snapshot (a new command adds one).
    for command in COMMANDS {
        let name = if command.is_empty() { "grundy".to_string() } else { command.join("-") };
        let page = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/help").join(format!("{name}.md"));
        let text = std::fs::read_to_string(&page).unwrap_or_else(|_| panic!("no snapshot {}", page.display()));
        for flag in ["-h", "--help"] {
            let line =
                format!("$ {}", ["grundy"].iter().chain(command).chain(&[flag]).copied().collect::<Vec<_>>().join(" "));
            assert!(text.contains(&line), "{}: no `{line}`", page.display());
        }
    }
}

/// The subcommands `grundy --help` lists, from the help itself.
fn subcommands() -> Vec<String> {
    let help = stdout(&["--help"]);
    let listed = help.split("Commands:\n").nth(1).expect("a list of commands").split("\n\n").next().unwrap_or_default();
    let names: Vec<String> = listed
        .lines()
        .filter(|line| line.starts_with("  ") && !line.starts_with("   "))
        .filter_map(|line| line.split_whitespace().next().map(str::to_string))
        .filter(|name| name != "help")
        .collect();
    assert!(names.len() >= 10, "{names:?}");
    names
}

#[test]
fn the_short_help_is_a_screen_and_the_long_help_fits_100_columns() {
    let subcommands = subcommands();
    for command in COMMANDS {
        let short = stdout(&[command, &["-h"]].concat());
        let lines: Vec<&str> = short.lines().collect();
        assert!(lines.len() <= 40, "grundy {command:?} -h: {} lines", lines.len());
        // One line an option: every line of the options is an option (no wrapped text).
        let options = short.split("Options:\n").nth(1).expect("options").split("\n\n").next().unwrap_or_default();
        for line in options.lines() {
            assert!(line.trim_start().starts_with('-'), "grundy {command:?} -h: `{line}` is not an option's line");
        }
        let long = stdout(&[command, &["--help"]].concat());
        // On a wide terminal too: the help is wrapped to 100 columns at most.
        let wide = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args([command, &["--help"]].concat())
            .env("COLUMNS", "250")
            .output()
            .expect("runs grundy");
        assert_eq!(String::from_utf8_lossy(&wide.stdout), long, "grundy {command:?} --help at 250 columns");
        for line in long.lines() {
            assert!(line.chars().count() <= 100, "grundy {command:?} --help: {} columns: {line}", line.chars().count());
        }
        assert!(long.len() > short.len(), "grundy {command:?}: --help says more than -h");
    }
    assert_eq!(COMMANDS.iter().filter(|command| command.len() == 1).count(), subcommands.len(), "{subcommands:?}");
}

#[test]
fn every_file_the_help_names_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut named = 0;
    for command in COMMANDS {
        let help = stdout(&[command, &["--help"]].concat());
        for at in help.match_indices("examples/").map(|(at, _)| at) {
            let path: String = help[at..].chars().take_while(|c| !" `'\"()[]\n,;:".contains(*c)).collect();
            assert!(root.join(&path).exists(), "grundy {command:?} --help names {path}, which is not a file");
            named += 1;
        }
        assert!(
            !help.contains("tests/data/"),
            "grundy {command:?} --help names a test file, which an installed grundy lacks"
        );
    }
    assert!(named >= 10, "{named} paths");
}

#[test]
fn an_error_points_to_its_own_commands_help() {
    for (args, help) in [
        (&["table", "nim"][..], "(see grundy table --help)"),
        (&["--max-memory", "2G", "duel", "--bogus"], "(see grundy duel --help)"),
        (&["generate", "completions", "tcsh"], "(see grundy generate completions --help)"),
        (&["bogus"], "(see grundy --help)"),
    ] {
        let output = grundy(args);
        assert_eq!(output.status.code(), Some(2), "grundy {args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(stderr.lines().count(), 1, "grundy {args:?}: {stderr}");
        assert!(stderr.trim_end().ends_with(help), "grundy {args:?}: {stderr}");
    }
}

#[test]
fn the_man_pages_and_every_shells_completions_name_every_command() {
    let subcommands = subcommands();
    let page = stdout(&["generate", "man"]);
    assert!(page.starts_with(".ie") && page.contains(".TH grundy 1"), "roff: {}", &page[..200.min(page.len())]);
    for name in &subcommands {
        assert!(page.contains(&format!("grundy\\-{name}")), "the man page lists no `{name}`");
    }
    let dir = std::env::temp_dir().join(format!("grundy-man-pages-{}", std::process::id()));
    let written = stdout(&["generate", "man", "--dir", dir.to_str().expect("UTF-8")]);
    assert!(written.starts_with(&format!("{} man pages in", subcommands.len() + 3)), "{written}");
    for name in &subcommands {
        let path = dir.join(format!("grundy-{name}.1"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|_| panic!("no {}", path.display()));
        assert!(text.contains(".SH SYNOPSIS"), "{}", path.display());
    }
    let _ = std::fs::remove_dir_all(&dir);
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let script = stdout(&["generate", "completions", shell]);
        for name in &subcommands {
            assert!(script.contains(name.as_str()), "{shell} completions lack `{name}`");
        }
        // The options too: a subcommand's own flag, and a global one.
        assert!(script.contains("against") && script.contains("max-memory"), "{shell} completions lack options");
    }
}

/// `generate man --dir` into a place that cannot be a folder: one line naming it, exit 2.
#[test]
fn man_pages_into_a_place_that_is_no_folder_are_one_line() {
    let file = std::env::temp_dir().join(format!("grundy-man-file-{}", std::process::id()));
    std::fs::write(&file, "").expect("a file");
    for dir in [file.clone(), file.join("below")] {
        let output = grundy(&["generate", "man", "--dir", dir.to_str().expect("UTF-8")]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(&format!("making {}", dir.display())), "{stderr}");
    }
    let _ = std::fs::remove_file(&file);
}
