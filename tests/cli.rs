//! The `grundy` binary: outputs, exit codes, and one-line errors for bad input.

use std::process::{Command, Output, Stdio};

mod common;

fn grundy(args: &[&str], stdin: &str) -> Output {
    common::run_grundy(args, stdin, Some(&format!("grundy-cli-failures-{}", std::process::id())))
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// A user error: exit code 2 and exactly one line on stderr containing `expected`.
fn fails_with(args: &[&str], stdin: &str, expected: &str) {
    let output = grundy(args, stdin);
    let message = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {message}");
    assert_eq!(message.lines().count(), 1, "{args:?}: {message}");
    assert!(message.contains(expected), "{args:?}: {message}");
}

#[test]
fn pack_sample() {
    let output = grundy(&["pack"], "0 0 0 0 2\n2 1 1\n3 1 2 3\n");
    assert!(output.status.success());
    assert_eq!(stdout(&output), "White\nWhite\n");
    let output = grundy(&["problem", "pack"], "0 0 0 0 2\n2 1 1\n3 1 2 3\n");
    assert_eq!(stdout(&output), "White\nWhite\n");
}

/// The samples themselves are in `tests/data/samples.toml`; here, malformed inputs are named by
/// line and token.
#[test]
fn catalog_problems_name_the_bad_token() {
    fails_with(&["problem", "wythoff"], "2 1\n8\n", "line 3, token 1");
    fails_with(&["problem", "fibonacci"], "2\nx\n0\n", "line 2, token 1");
    fails_with(&["problem", "candy"], "2\n1 0\n", "line 2, token 2");
    fails_with(&["problem", "cutting"], "2 1\n", "line 1, token 2");
    fails_with(&["problem", "lock"], "1\n2 1 6\n05\n", "the start combination must be 2 digits, found `6`");
    fails_with(&["problem", "coloring"], "1\n3 2\n1 1 0\n", "two adjacent cells share colour 1");
    fails_with(&["problem", "dig"], "1\nWWWX\n", "8 characters W or R");
    fails_with(&["problem", "coins"], "10 2 3\n", "unexpected input after `n m`");
    fails_with(&["problem", "stripes"], "1 0 1\n1\n3\n", "line 1, token 2");
    fails_with(&["problem", "gems"], "3 1 3\n2 1 4\n0 0 0\n", "line 2, token 3");
    // Wythoff in exact integer arithmetic for all of u64.
    let big = grundy(&["problem", "wythoff"], "18446744073709551615 18446744073709551615\n");
    assert_eq!(stdout(&big), "1\n");
}

#[test]
fn pack_rejects_bad_input_in_one_line() {
    fails_with(&["pack"], "0 0 0 0 1\n2 1 x\n", "line 2, token 3");
    fails_with(&["pack"], "5 0 0 0 1\n1 1\n", "A must be between 0 and 4");
    fails_with(&["pack"], "0 0 0 0 3\n1 1\n", "line 3, token 1");
    fails_with(&["pack"], "2 1 0 0 1\n1 99999999999\n", "larger than the fast side's limit");
    fails_with(&["pack"], "", "expected A");
    fails_with(&["problem", "nonesuch"], "", "unknown problem `nonesuch`");
}

/// Runs `grundy pack` with a file (not a pipe) as standard input.
fn pack_from_file(name: &str, input: &str) -> Output {
    pack_from_file_at(name, input, 0)
}

/// Runs `grundy pack` with a file as standard input, already read up to byte `offset`.
fn pack_from_file_at(name: &str, input: &str, offset: u64) -> Output {
    use std::io::{Seek, SeekFrom};
    let path = std::env::temp_dir().join(format!("grundy-cli-{}-{name}.in", std::process::id()));
    std::fs::write(&path, input).unwrap();
    let mut file = std::fs::File::open(&path).unwrap();
    file.seek(SeekFrom::Start(offset)).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_grundy")).arg("pack").stdin(file).output().expect("the binary runs");
    std::fs::remove_file(&path).unwrap();
    output
}

/// A file handed over part-read (`(read header; grundy pack) < file`) is read from where it
/// stands, as a pipe would be.
#[test]
fn pack_reads_a_file_from_its_offset() {
    let skipped = "# a line some other program read\n";
    let output = pack_from_file_at("offset", &format!("{skipped}0 0 0 0 2\n2 1 1\n3 1 2 4\n"), skipped.len() as u64);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output), "White\nBlack\n");
    let past_the_end = pack_from_file_at("offset-end", "0 0 0 0 1\n1 1\n", 14);
    assert!(stderr(&past_the_end).contains("expected A"), "{}", stderr(&past_the_end));
}

#[test]
fn pack_reads_files_as_it_reads_pipes() {
    use std::fmt::Write;
    // Long enough to be mapped and read on two threads.
    let mut text = String::from("1 1 0 1 2000\n");
    for game in 0..2000u64 {
        write!(text, "100").unwrap();
        for plate in 0..100u64 {
            write!(text, " {}", 1 + (game * 31 + plate * 977) % 5000).unwrap();
        }
        text.push('\n');
    }
    let piped = grundy(&["pack"], &text);
    let mapped = pack_from_file("long", &text);
    assert!(piped.status.success() && mapped.status.success(), "{}", stderr(&mapped));
    assert_eq!(stdout(&mapped), stdout(&piped));
    assert_eq!(stdout(&mapped).lines().count(), 2000);
    let broken = text.replacen(" 977 ", " 977x ", 1);
    let output = pack_from_file("broken", &broken);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stderr(&output), stderr(&grundy(&["pack"], &broken)));
    assert_eq!(stderr(&output).lines().count(), 1);
    let empty = pack_from_file("empty", "");
    assert!(stderr(&empty).contains("expected A"), "{}", stderr(&empty));
}

#[test]
fn solve_reports_outcome_value_and_a_winning_move() {
    let output = grundy(&["solve", "nim", "3", "4", "5"], "");
    let text = stdout(&output);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(text.contains("outcome: first player wins"), "{text}");
    assert!(text.contains("value: grundy 2"), "{text}");
    assert!(text.contains("winning move: 3 4 5 -> 1 4 5"), "{text}");
    let oracle = stdout(&grundy(&["solve", "nim", "--oracle", "3", "4", "5"], ""));
    assert!(oracle.contains("value: grundy 2") && oracle.contains("winning move"), "{oracle}");
    // The move the Sprague–Grundy theorem points at, however many options the position has
    // (#40: it was "not found within the search limit").
    let text = stdout(&grundy(&["solve", "nim", "3", "300000"], ""));
    assert!(text.contains("winning move: 3 300000 -> 3 3"), "{text}");
    let text = stdout(&grundy(&["solve", "nim", "5", "7", "1000000000000"], ""));
    assert!(text.contains("winning move: 5 7 1000000000000 -> 2 5 7"), "{text}");
    let text = stdout(&grundy(&["solve", "octal:0.07", "30", "41"], ""));
    assert!(text.contains("winning move: 30 41 -> 28 41"), "{text}");
}

#[test]
fn solve_json_and_compounds() {
    let output = grundy(&["solve", "half", "--sum", "conjunctive", "--misere", "--json", "6", "9"], "");
    let document: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(document["game"], "half/conjunctive/misere");
    assert_eq!(document["value"]["kind"], "remoteness");
    let oracle = grundy(&["solve", "pack:2,2,1,1", "--oracle", "--json", "6", "9"], "");
    let truth: serde_json::Value = serde_json::from_slice(&oracle.stdout).expect("JSON");
    assert_eq!(truth["outcome"], document["outcome"]);
    assert_eq!(truth["value"], document["value"]);
}

#[test]
fn solve_rejects_bad_games_and_positions() {
    fails_with(&["solve", "sub:1,x", "3"], "", "column 7");
    fails_with(&["solve", "nim", "3", "-4"], "", "plate 2");
    fails_with(&["solve", "nim", "--sum", "sideways", "3"], "", "compound");
    fails_with(&["solve", "pack:0,0,0,0", "--misere", "3"], "", "already names");
    fails_with(&["solve", "half/selective", "18446744073709551615"], "", "larger than the fast side's limit");
    // Where a closed form or a proven period exists, any plate is answered at once.
    let nim = grundy(&["solve", "nim", "5", "18446744073709551615"], "");
    let nim = String::from_utf8_lossy(&nim.stdout);
    assert!(nim.contains("grundy 18446744073709551610"), "{nim}");
    let sub = grundy(&["solve", "sub:1,3,4", "1000000000000"], "");
    let sub = String::from_utf8_lossy(&sub.stdout);
    assert!(sub.contains("value: grundy 1\n"), "{sub}");
    fails_with(&["solve", "nim", "--oracle", "--max-states", "10", "40"], "", "state budget");
    fails_with(&["solve", "nim", "--oracle", "--max-moves", "5000000", "1000000"], "", "move budget");
    fails_with(&["solve", "nim"], "", "give the position: the plate sizes");
    fails_with(&["solve", "nim", "--bogus", "1"], "", "unexpected argument '--bogus'");
}

#[test]
fn solve_oracle_writes_the_graph_as_dot() {
    let dir = std::env::temp_dir().join(format!("grundy-dot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("graph.dot");
    let output = grundy(&["solve", "nim", "--oracle", "--dot", path.to_str().unwrap(), "2"], "");
    assert!(output.status.success(), "{}", stderr(&output));
    let dot = std::fs::read_to_string(&path).unwrap();
    assert!(dot.starts_with("digraph"), "{dot}");
    assert_eq!(dot.matches("->").count(), 3, "{dot}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn solve_geography_reads_edge_lists_and_dot() {
    let dot = grundy(&["solve", "geography", "-", "--start", "b"], "graph { a -- b -- c; b -- d }");
    assert!(stdout(&dot).contains("outcome: first player wins"), "{}", stderr(&dot));
    let oracle = grundy(&["solve", "geography", "--oracle", "-"], "3 3 1\n1 2\n2 3\n3 1\n");
    assert!(stdout(&oracle).contains("outcome: second player wins"), "{}", stderr(&oracle));
    fails_with(&["solve", "geography", "-", "--start", "z"], "graph { a -- b }", "no node named `z`");
    fails_with(&["solve", "geography", "-"], "3 1 1\n1 4\n", "line 2, token 2");
}

#[test]
fn check_one_entry_and_replay_one_case() {
    let output = grundy(&["check", "--only", "pack:2,1,0,1", "--seed", "7", "--cases", "20"], "");
    let text = stdout(&output);
    assert!(output.status.success(), "{text}");
    assert!(text.lines().any(|line| line.starts_with("pack:2,1,0,1 ") && line.contains(" ok ")), "{text}");
    assert!(text.contains("(seed 7)"), "{text}");
    let replay = grundy(&["check", "--only", "pack:2,1,0,1", "--case", "3 4"], "");
    assert!(replay.status.success());
    let json = grundy(&["check", "--only", "pack:4,0,0,1", "--seed", "1", "--cases", "5", "--json"], "");
    let document: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
    assert_eq!(document["summary"]["mismatches"], 0);
    assert_eq!(document["entries"][0]["exhaustive"], 2379);
}

#[test]
fn check_writes_a_junit_report() {
    let path = std::env::temp_dir().join(format!("grundy-cli-{}-junit.xml", std::process::id()));
    let output = grundy(
        &["check", "--only", "pack:1,0,0,1", "--only", "wythoff", "--cases", "5", "--junit", path.to_str().unwrap()],
        "",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let xml = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    assert!(xml.contains(r#"tests="2" failures="0" errors="0""#), "{xml}");
    assert!(xml.contains(r#"<testcase classname="grundy.check" name="pack:1,0,0,1""#), "{xml}");
    fails_with(
        &["check", "--only", "wythoff", "--junit", "/nonexistent/dir/report.xml"],
        "",
        "cannot write the JUnit report",
    );
}

#[test]
fn a_reader_that_stops_early_is_not_an_error() {
    use std::io::Read;
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["table", "octal:0.07", "--upto", "300000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut start = [0u8; 100];
    child.stdout.take().unwrap().read_exact(&mut start).unwrap();
    // The pipe is closed here, long before the table is all written.
    let output = child.wait_with_output().unwrap();
    assert_eq!(stderr(&output), "");
    assert!(output.status.success());
}

#[test]
fn check_rejects_unknown_entries() {
    fails_with(&["check", "--only", "pack:9,9,9,9"], "", "no registry entry named `pack:9,9,9,9`");
    fails_with(&["check", "--only", "pack:0,0,0,0", "--case", "1 y"], "", "plate 2");
}

/// The budget a replay's error names is the one given (the case runs alone: its oracle has all
/// of it), in the units given. (On a terminal a note says before the work that the oracle
/// may outgrow it.)
#[test]
fn a_replay_past_the_memory_budget_names_the_budget_given() {
    let output = grundy(&["check", "--only", "lock", "--case", "06 @ 05 17", "--max-memory", "64M"], "");
    let text = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(text.contains("the oracle's memory budget (64 MiB, its share of --max-memory) was exceeded"), "{text}");
    // The defaults the help names are the ones that apply, in words (they depend on the machine
    // and the command): no one number is shown for all commands.
    let help = String::from_utf8_lossy(&grundy(&["duel", "--help"], "").stdout).to_string();
    let memory = help.split("--max-memory").nth(1).and_then(|rest| rest.split("\n\n").next()).unwrap_or_default();
    assert!(memory.contains("Default: half of this machine's memory") && memory.contains("4G"), "{memory}");
    assert!(!memory.contains("[default:"), "{memory}");
}

/// Each entry's line names the ground truth it was judged by, as the book's check page says.
#[test]
fn check_lines_name_their_ground_truth() {
    let output =
        grundy(&["check", "--only", "wythoff", "--only", "definition:octal:0.07", "--cases", "3", "--seed", "1"], "");
    let text = String::from_utf8_lossy(&output.stdout).to_string();
    assert!(output.status.success(), "{text}");
    let line = |name: &str| text.lines().find(|line| line.starts_with(name)).unwrap_or_default().to_string();
    assert!(line("wythoff ").contains(" ok       by oracle "), "{text}");
    assert!(line("definition:octal:0.07 ").contains(" ok       by definition "), "{text}");
}

/// solve and table stop at --time by themselves, saying how far the table got (not by the
/// watchdog, whose line says the work did not stop).
#[test]
fn solve_and_table_stop_their_tables_at_the_time_budget() {
    for args in
        [&["table", "octal:0.6", "--period", "--time", "1"][..], &["solve", "octal:0.6", "1000000000", "--time", "1"]]
    {
        let output = grundy(args, "");
        let text = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {text}");
        assert!(text.contains("with the table computed to heap") && !text.contains("did not stop"), "{args:?}: {text}");
    }
}

#[test]
fn table_reports_proven_periods() {
    let output = grundy(&["table", "octal:0.07", "--upto", "200", "--json"], "");
    let document: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(document["game"], "octal:0.07");
    assert_eq!(document["period"], 34);
    assert_eq!(document["preperiod"], 53);
    assert_eq!(document["proven"], true);
    assert_eq!(document["values"].as_array().unwrap().len(), 201);
    let short = grundy(&["table", "octal:0.07", "--upto", "100", "--json"], "");
    let document: serde_json::Value = serde_json::from_slice(&short.stdout).expect("JSON");
    assert_eq!(document["proven"], false);
    assert_eq!(document["computed_to"], 100);
    let text = stdout(&grundy(&["table", "sub:2,3,7", "--upto", "12"], ""));
    assert!(
        text.contains("       0: 0 0 1 1 2 0 0 1 1 2") && text.contains("period: 5") && text.contains("proven: true"),
        "{text}"
    );
    // Misère values of a game that splits heaps: by definition on whole positions, within a budget.
    let misere = stdout(&grundy(&["table", "octal:0.07", "--misere", "--upto", "10"], ""));
    assert!(misere.contains("       0: 1 1 0 0 2 1 3 0 0 1\n      10: 1\n"), "{misere}");
    let short = grundy(&["table", "octal:0.77", "--misere", "--upto", "90", "--max-states", "2000", "--json"], "");
    assert!(short.status.success(), "{}", stderr(&short));
    let document: serde_json::Value = serde_json::from_slice(&short.stdout).expect("JSON");
    let stopped = document["stopped"].as_str().unwrap();
    assert!(stopped.contains("by the budget of 2000 positions"), "{stopped}");
    assert_eq!(document["values"].as_array().unwrap().len() as u64, document["computed_to"].as_u64().unwrap() + 1);
    let none = stdout(&grundy(&["table", "octal:0.77", "--misere", "--upto", "9", "--max-states", "0"], ""));
    assert!(none.contains("computed to: 0\nincomplete: stopped at heap 1 by the budget of 0 positions"), "{none}");
    fails_with(&["table", "octal:0.77", "--misere", "--upto", "9", "--time", "NaN"], "", "--time");
    let misere = stdout(&grundy(&["table", "sub:1,2,3", "--misere", "--upto", "7"], ""));
    assert!(misere.contains("genus (heaps 0..7): 0^120 1^031 2^20 3^31 0^120 1^031 2^20 3^31"), "{misere}");
    assert!(misere.contains("tame: every heap up to 7"), "{misere}");
    fails_with(&["table", "octal:0.x7", "--upto", "10"], "", "column 9");
}

#[test]
fn quotient_prints_order_p_portion_map_and_period() {
    let text = stdout(&grundy(&["quotient", "octal:0.75", "--upto", "30"], ""));
    assert!(text.contains("order: 8\n") && text.contains("P-portion: 2 elements"), "{text}");
    assert!(text.contains("periodic: proven, Φ(n + 2) = Φ(n) for every n ≥ 8"), "{text}");
    let short = stdout(&grundy(&["quotient", "0.75", "--upto", "14"], ""));
    assert!(short.contains("periodic: observed only"), "{short}");
    let stopped = stdout(&grundy(&["quotient", "0.07", "--upto", "40", "--time", "0.000001"], ""));
    assert!(stopped.contains("incomplete: heap") && stopped.contains("the time limit"), "{stopped}");
    let checked = grundy(&["quotient", "0.75", "--upto", "20", "--check", "--cases", "200"], "");
    assert!(checked.status.success(), "{}", stderr(&checked));
    let text = stdout(&checked);
    assert!(text.contains("checked by the oracle:\nquotient:0.75") && text.contains(" ok "), "{text}");
    fails_with(&["quotient", "sub:1,2", "--upto", "10"], "", "not an octal code");
    fails_with(&["quotient", "0.7x", "--upto", "10"], "", "column");
    fails_with(&["quotient", "0.77", "--upto", "100000"], "", "more heaps than");
    fails_with(&["quotient", "0.77", "--upto", "10", "--time=-1"], "", "--time");
}

#[test]
fn list_names_every_entry() {
    let text = stdout(&grundy(&["list"], ""));
    assert_eq!(text.matches("pack:").count(), 60 + 1);
    assert_eq!(text.matches("random/").count(), 12);
    assert!(text.contains("wythoff") && text.contains("fibonacci"), "{text}");
    assert!(text.contains("continued    continued conjunctive (Game Pack B=2, C=0)"), "{text}");
}

/// Each problem's statement (its source, ranges, time and memory limits) and how far `grundy
/// problem` reads, under its format in `grundy list`, and word for word in the book's page of
/// problems (book/src/problems.md).
#[test]
fn list_and_book_state_every_problems_limits() {
    let text = stdout(&grundy(&["list"], ""));
    let book = |page: &str| {
        std::fs::read_to_string(format!("{}/book/src/{page}", env!("CARGO_MANIFEST_DIR"))).expect("a book page")
    };
    let table = book("problems.md");
    let lines: Vec<&str> = text.lines().collect();
    let mut rows = Vec::new();
    for problem in grundy::catalog::contests() {
        let (name, limits, statement) = (problem.name(), problem.limits(), problem.statement());
        let at = lines.iter().position(|line| line.starts_with(&format!("  {name:<12} "))).expect("a problem line");
        let source = statement.source_words();
        assert_eq!(lines[at + 1], format!("               statement: {source}"), "{name}: {text}");
        let ranges = format!("{}; {}", statement.constraints, statement.limits_words());
        assert_eq!(lines[at + 2], format!("                 {ranges}"), "{name}: {text}");
        assert_eq!(lines[at + 3], format!("               grundy problem reads: {limits}"), "{name}: {text}");
        rows.push(format!("| `{name}` | {source}. {ranges} | {limits} |"));
    }
    let missing: Vec<&String> = rows.iter().filter(|row| !table.contains(row.as_str())).collect();
    assert!(
        missing.is_empty(),
        "the book's limits table lacks these rows (each then ends with its maxima):\n{}",
        missing.iter().map(|row| row.as_str()).collect::<Vec<_>>().join("\n")
    );
    // The list of `grundy problem NAME`: every problem but Game Pack (which has its own section).
    let page = book("commands/problem.md");
    let section = page.split_once("## The other problems\n\n").expect("its section").1;
    let listed = section.split_once(": each reads").expect("the problem list").0.replace('\n', " ");
    let names: Vec<String> = grundy::catalog::contests().iter().map(|c| c.name()).filter(|n| n != "pack").collect();
    let quoted: Vec<String> = names.iter().map(|name| format!("`{name}`")).collect();
    assert_eq!(listed, quoted.join(", "), "the book's `grundy problem` section names the registry's problems in order");
}

#[test]
fn duel_tells_right_wrong_crashing_hanging_and_garbage_programs_apart() {
    let me = env!("CARGO_BIN_EXE_grundy");
    let dir = std::env::temp_dir().join(format!("grundy-duel-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let save = dir.join("failure.txt");
    let duel = |program: &str, extra: &[&str]| {
        let mut args = vec![
            "duel",
            "pack",
            "--against",
            program,
            "--seed",
            "3",
            "--cases",
            "60",
            "--save",
            save.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        grundy(&args, "")
    };
    let right = duel(&format!("{me} pack"), &[]);
    assert_eq!(right.status.code(), Some(0), "{}", stdout(&right));
    // The small space first (every rule set's small games, packed), then the 60 random inputs.
    let text = stdout(&right);
    assert!(text.starts_with("small space: for each of the 60 rule sets") && text.contains(" 60 random;"), "{text}");

    // Wrong only when the first game is a second-player win.
    let wrong = duel(&format!("{me} pack | sed '1s/White/Black/'"), &[]);
    assert_eq!(wrong.status.code(), Some(1));
    let text = stdout(&wrong);
    assert!(text.contains("expected (oracle):\nWhite\nactual:\nBlack"), "{text}");
    let saved = std::fs::read_to_string(&save).unwrap();
    assert_eq!(saved.lines().next().unwrap().split(' ').next_back(), Some("1"), "shrunk to one game: {saved}");

    let crash = duel("exit 3", &[]);
    assert_eq!(crash.status.code(), Some(1));
    assert!(stdout(&crash).contains("the program crashed"), "{}", stdout(&crash));

    // A program that works past its CPU time, and one that waits past the wall-clock backstop
    // (three times the limit and 2 s; twice that on the run that confirms it).
    let spin = duel("while :; do :; done", &["--timeout", "0.2", "--time", "20"]);
    assert_eq!(spin.status.code(), Some(1), "{}", stdout(&spin));
    assert!(stdout(&spin).contains("ran past the 0.2 s limit of CPU time"), "{}", stdout(&spin));
    let started = std::time::Instant::now();
    let hang = duel("sleep 60", &["--timeout", "0.2", "--time", "20"]);
    assert_eq!(hang.status.code(), Some(1), "{}", stdout(&hang));
    assert!(stdout(&hang).contains("FAILED: idleness limit exceeded"), "{}", stdout(&hang));
    assert!(started.elapsed() < std::time::Duration::from_secs(30));

    let garbage = duel("echo hello", &[]);
    assert!(stdout(&garbage).contains("actual:\nhello"), "{}", stdout(&garbage));

    fails_with(&["duel", "chess", "--against", "true"], "", "unknown problem `chess`");
    fails_with(&["duel", "pack", "--against", "true", "--rules", "9,0,0,0"], "", "A must be between 0 and 4");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_program_wrong_at_multiples_of_17_is_reported_with_the_plate_17() {
    let me = env!("CARGO_BIN_EXE_grundy");
    // Right (by grundy pack) except on games holding a multiple of 17, whose answer it flips.
    let program = format!(
        "f=$(mktemp); cat > $f; tail -n +2 $f > $f.games; {me} pack < $f | paste -d' ' - $f.games | \
         awk '{{bad = 0; for (i = 3; i <= NF; i++) if ($i % 17 == 0) bad = 1; \
         if (bad) print ($1 == \"Black\" ? \"White\" : \"Black\"); else print $1}}'; rm -f $f $f.games"
    );
    let output =
        grundy(&["duel", "pack", "--rules", "3,0,0,0", "--against", &program, "--seed", "2", "--cases", "100"], "");
    let text = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{text}{}", stderr(&output));
    assert!(text.contains("minimal input (shrunk in") && text.contains("; minimal (none of the"), "{text}");
    assert!(text.contains("\n3 0 0 0 1\n1 17\nexpected (oracle):\n"), "{text}");
}

#[test]
fn verify_reports_what_held_or_the_smallest_counterexample() {
    let held =
        grundy(&["verify", "upto:3", "--value", "x % (m + 1)", "--seed", "2", "--upto", "200", "--cases", "50"], "");
    assert_eq!(held.status.code(), Some(0), "{}", stderr(&held));
    assert!(stdout(&held).contains("held: every single plate 0..=200"), "{}", stdout(&held));
    let broken = grundy(&["verify", "nim", "--value", "if x >= 51 { x + 1 } else { x }", "--seed", "2"], "");
    assert_eq!(broken.status.code(), Some(1));
    let text = stdout(&broken);
    assert!(text.contains("counterexample: x = 51: the oracle says grundy 51, the formula says 52"), "{text}");
    assert!(text.contains("replay: grundy verify nim/disjunctive/normal --value"), "{text}");
    let json = grundy(&["verify", "nim", "--wins", "xor_all(p) != 0", "--json", "--cases", "20"], "");
    let document: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
    assert!(document["counterexample"].is_null());
    fails_with(&["verify", "nim", "--value", "x +* 2"], "", "column");
    fails_with(&["verify", "nim"], "", "required arguments were not provided");
}

#[test]
fn duel_covers_every_catalog_problem() {
    let me = env!("CARGO_BIN_EXE_grundy");
    let save = std::env::temp_dir().join(format!("grundy-duel-catalog-{}.txt", std::process::id()));
    let save = save.to_str().unwrap();
    // Every problem of the registry (Game Pack has its own duels in tests/duel.rs).
    let problems: Vec<String> = grundy::catalog::contests().iter().map(|c| c.name()).filter(|n| n != "pack").collect();
    for problem in problems.iter().map(String::as_str) {
        // Its own wall-time budget far off: at the maxima a debug build on a busy machine takes
        // more than `problem`'s default 20 s, and the backstop would end a correct run (exit 2).
        let program = format!("{me} problem {problem} --time 3600");
        // A generous time limit a run: a debug build on a busy machine takes seconds an input.
        let args = ["--seed", "5", "--cases", "15", "--timeout", "300", "--save", save];
        let output = grundy(&[&["duel", problem, "--against", &program][..], &args].concat(), "");
        assert_eq!(output.status.code(), Some(0), "{problem}: {}{}", stdout(&output), stderr(&output));
        let text = stdout(&output);
        assert!(text.contains("held: ") && text.contains(" 15 random;"), "{problem}: {text}");
    }
    // A solution wrong only on long inputs is caught on a large one, shrunk to just past the
    // length where it breaks.
    let long = format!("awk 'NR==1 && $1 > 300 {{ print \"Second\"; exit }} 1' | {me} problem candy");
    let output = grundy(&["duel", "candy", "--against", &long, "--seed", "1", "--cases", "200", "--save", save], "");
    assert_eq!(output.status.code(), Some(1), "{}", stdout(&output));
    let text = stdout(&output);
    assert!(text.contains("FAILED: runtime error") && text.contains("expected ("), "{text}");
    let first_line = std::fs::read_to_string(save).unwrap().lines().next().unwrap().to_string();
    let count: usize = first_line.parse().unwrap();
    assert_eq!(count, 301, "shrunk to just past the length where it breaks");
    // A wrong Wythoff solution shrinks to the piles 0 0.
    let program = format!("{me} problem wythoff | tr 01 10");
    let wrong = grundy(&["duel", "wythoff", "--against", &program, "--seed", "1", "--save", save], "");
    assert_eq!(wrong.status.code(), Some(1));
    assert!(
        stdout(&wrong).contains("minimal input (shrunk in")
            && stdout(&wrong).contains("\n0 0\nexpected (oracle):\n0\n")
            && stdout(&wrong).contains("minimal (no smaller case exists)"),
        "{}",
        stdout(&wrong)
    );
    std::fs::remove_file(save).ok();
}

#[test]
fn plots_have_axes_labels_and_the_period_marked() {
    let dir = std::env::temp_dir().join(format!("grundy-plot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let table = dir.join("table.svg");
    let output = grundy(&["table", "octal:0.07", "--upto", "200", "--plot", table.to_str().unwrap()], "");
    assert!(output.status.success(), "{}", stderr(&output));
    let svg = std::fs::read_to_string(&table).unwrap();
    for text in
        ["heap n", "value", "Grundy values of single heaps", "periodic from n = 53", "34 heaps from n = 53 (proven)"]
    {
        assert!(svg.contains(text), "{text} is in the picture");
    }
    let both = dir.join("both.svg");
    let output =
        grundy(&["table", "sub:1,2,3", "--upto", "40", "--plot", both.to_str().unwrap(), "--overlay-misere"], "");
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(std::fs::read_to_string(&both).unwrap().contains("misère play"));
    let map = dir.join("wythoff.svg");
    let output = grundy(&["table", "wythoff", "--pairs", "--upto", "20", "--plot", map.to_str().unwrap()], "");
    assert!(output.status.success(), "{}", stderr(&output));
    // Wythoff's P-positions (0, 0), (1, 2), (3, 5): zeros of the map.
    let text = stdout(&output);
    let row = |a: usize| text.lines().nth(1 + a).unwrap().split_whitespace().skip(1).collect::<Vec<_>>();
    assert_eq!((row(0)[0], row(1)[2], row(3)[5], row(1)[1]), ("0", "0", "0", "1"), "{text}");
    assert!(std::fs::read_to_string(&map).unwrap().contains("second player wins"));
    fails_with(&["table", "chess", "--pairs", "--upto", "5"], "", "neither a pile game");
    fails_with(&["table", "nim", "--pairs", "--upto", "5000"], "", "at most 1000");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn shards_are_disjoint_and_cover_the_whole_run() {
    let run = |shard: Option<&str>| -> serde_json::Value {
        let mut args =
            vec!["check", "--only", "pack:1,1,0,1", "--only", "wythoff", "--seed", "4", "--cases", "50", "--json"];
        if let Some(shard) = shard {
            args.extend(["--shard", shard]);
        }
        let output = grundy(&args, "");
        assert!(output.status.success(), "{}", stderr(&output));
        serde_json::from_slice(&output.stdout).unwrap()
    };
    let whole = run(None);
    let parts: Vec<serde_json::Value> = ["0/3", "1/3", "2/3"].iter().map(|s| run(Some(s))).collect();
    for entry in 0..2 {
        let field = |document: &serde_json::Value, name: &str| document["entries"][entry][name].clone();
        for count in ["exhaustive", "random"] {
            let sum: u64 = parts.iter().map(|part| field(part, count).as_u64().unwrap()).sum();
            assert_eq!(sum, field(&whole, count).as_u64().unwrap(), "{count} of entry {entry}");
            assert!(parts.iter().all(|part| field(part, count).as_u64().unwrap() > 0), "every shard has {count} cases");
        }
        let digest = |document: &serde_json::Value| {
            u64::from_str_radix(field(document, "digest").as_str().unwrap(), 16).unwrap()
        };
        let union = parts.iter().map(digest).fold(0, |a, b| a ^ b);
        assert_eq!(union, digest(&whole), "the shards' cases are the whole run's, each once");
    }
    fails_with(&["check", "--shard", "3/3"], "", "I must be below N");
    fails_with(&["check", "--shard", "1"], "", "expected I/N");
}

#[test]
fn bench_times_both_sides_of_each_entry() {
    let dir = std::env::temp_dir().join(format!("grundy-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let plot = dir.join("scaling.svg");
    let args = ["bench", "--only", "pack:1,0,0,0", "--only", "wythoff", "--budget", "0.2", "--json", "--plot"];
    let output = grundy(&[&args[..], &[plot.to_str().unwrap()]].concat(), "");
    assert!(output.status.success(), "{}", stderr(&output));
    let document: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let entries = document["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 2);
    for entry in entries {
        assert!(entry["fast"]["micros_per_query"].as_f64().unwrap() > 0.0, "{entry}");
        assert!(entry["oracle"]["micros_per_query"].as_f64().unwrap() > 0.0, "{entry}");
        assert!(entry["oracle"]["bytes_per_position"].as_f64().unwrap() > 0.0, "{entry}");
    }
    assert_eq!(entries[0]["name"], "pack:1,0,0,0");
    assert!(entries[0]["oracle"]["largest_box"]["positions"].as_u64().unwrap() > 1000);
    assert!(std::fs::read_to_string(&plot).unwrap().contains("pack:1,0,0,0: oracle"));
    std::fs::remove_dir_all(&dir).ok();
}

/// A directory with the scripts of a problem the catalog does not have: the sum of `n`
/// numbers (`n`, then the numbers on one line). The brute force checks its input; the
/// solution adds one too many for every number of 100 or more.
fn sum_problem() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-cli-stress-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let scripts = [
        (
            "gen.sh",
            "awk -v s=\"$1\" 'BEGIN { srand(s); n = 1 + int(rand() * 8); print n; line = \"\"; \
             for (i = 0; i < n; i++) line = line (i ? \" \" : \"\") int(rand() * 1000); print line }'\n",
        ),
        (
            "brute.sh",
            "awk 'NR == 1 { n = $1 } NR == 2 { if (NF != n) exit 1; s = 0; for (i = 1; i <= NF; i++) s += $i; \
             print s } END { if (NR != 2) exit 1 }'\n",
        ),
        ("sol.sh", "awk 'NR == 2 { s = 0; for (i = 1; i <= NF; i++) { s += $i; if ($i >= 100) s += 1 }; print s }'\n"),
        ("crash.sh", "echo 'segfault at line 42' >&2; exit 139\n"),
    ];
    for (name, text) in scripts {
        std::fs::write(dir.join(name), format!("#!/bin/sh\n{text}")).unwrap();
    }
    dir
}

#[test]
fn generic_duel_shrinks_a_planted_bug_of_any_problem() {
    let dir = sum_problem();
    let script = |name: &str| format!("sh {}", dir.join(name).display());
    let (generator, brute, solution) = (script("gen.sh"), script("brute.sh"), script("sol.sh"));
    let args = ["duel", "--generator", &generator, "--brute", &brute, "--against", &solution, "--seed", "7"];
    let output = grundy(&args, "");
    let text = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{text}{}", stderr(&output));
    // The true minimum: one number, the smallest that is wrong. Removing the number alone is
    // rejected by the brute force (the count would be wrong); the count goes down with it.
    // Smaller cases are too many to try all: "1-minimal", never "minimal input".
    assert!(text.contains("smallest failing input found (shrunk in") && text.contains("; 1-minimal: "), "{text}");
    assert!(text.contains("\n1\n100\nexpected (brute force):\n100\n"), "{text}");
    assert!(text.contains("verdict: wrong answer: line 1: expected `100`, found `101`"), "{text}");
    let replay = text.lines().find_map(|line| line.strip_prefix("replay: ")).expect("a replay line");
    assert!(replay.contains("--input"), "{replay}");
    // The replay judges the saved input alone, with the same verdict.
    let saved = text.lines().find_map(|line| line.strip_prefix("saved: ")).unwrap();
    let replayed = grundy(&["duel", "--brute", &brute, "--against", &solution, "--input", saved], "");
    assert_eq!(replayed.status.code(), Some(1));
    assert!(stdout(&replayed).contains("FAILED: wrong answer on the input of"), "{}", stdout(&replayed));
    // The brute force against itself holds.
    let held =
        grundy(&["duel", "--generator", &generator, "--brute", &brute, "--against", &brute, "--cases", "10"], "");
    assert!(held.status.success() && stdout(&held).starts_with("held: 10 inputs"), "{}", stdout(&held));
    // A crash shows the program's stderr; a missing program is a usage error.
    let crash = grundy(&["duel", "--generator", &generator, "--brute", &brute, "--against", &script("crash.sh")], "");
    let text = stdout(&crash);
    assert!(text.contains("runtime error") && text.contains("segfault at line 42"), "{text}");
    fails_with(
        &["duel", "--generator", &generator, "--brute", &brute, "--against", "./no-such-program"],
        "",
        "could not be run (exit 127)",
    );
    fails_with(&["duel", "--brute", &brute, "--against", &solution], "", "--brute needs --generator");
    fails_with(&["duel", "pack", "--brute", &brute, "--against", &solution], "", "cannot be used with");
}

/// A solution that times out on every number of 100 or more and answers wrongly below 10: the
/// shrinker, trying 0 first, meets the wrong answer, but reports the time-out it started from
/// (on 100, the smallest input still timing out) and the wrong answer apart.
#[test]
fn generic_duel_shrinking_keeps_the_kind_of_failure() {
    let dir = common::scripts_in(
        "cli-kind",
        &[
            ("gen.sh", "awk -v s=\"$1\" 'BEGIN { srand(s); print 101 + int(rand() * 99) }'\n"),
            (
                "brute.sh",
                "awk 'NR == 1 && NF == 1 && $1 ~ /^[0-9]+$/ { print 2 * $1; ok = 1 } END { if (!ok || NR != 1) exit 1 }'\n",
            ),
            (
                "sol.sh",
                "read n\nif [ \"$n\" -ge 100 ]; then while :; do :; done; elif [ \"$n\" -lt 10 ]; then echo $((2 * n + 1)); \
                 else echo $((2 * n)); fi\n",
            ),
        ],
    );
    let script = |name: &str| format!("sh {}", dir.join(name).display());
    let (generator, brute, solution) = (script("gen.sh"), script("brute.sh"), script("sol.sh"));
    let programs = ["--generator", &generator, "--brute", &brute, "--against", &solution];
    let args = [&["duel"][..], &programs, &["--timeout", "0.5", "--seed", "3"]].concat();
    let output = grundy(&args, "");
    let text = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{text}{}", stderr(&output));
    assert!(text.starts_with("FAILED: time limit exceeded after 1 inputs"), "{text}");
    assert!(text.contains("\n100\nexpected (brute force):\n200\n"), "{text}");
    assert!(text.contains("verdict: time limit exceeded"), "{text}");
    assert!(
        text.contains("also met while shrinking (kept apart: the shrink keeps the kind it started from): wrong answer"),
        "{text}"
    );
    assert!(text.contains("expected `0`, found `1` on:\n0\n"), "{text}");
    // The input first found, and the generator's command line that wrote it, which writes it again.
    let found = text.split("found first as:\n").nth(1).and_then(|rest| rest.split("generated by: ").next());
    let command = text.lines().find_map(|line| line.strip_prefix("generated by: ")).expect("a generated-by line");
    assert!(command.starts_with(&generator), "{command}");
    let again = Command::new("sh").arg("-c").arg(command).output().unwrap();
    assert_eq!(Some(stdout(&again).as_str()), found, "{text}");
    std::fs::remove_dir_all(&dir).ok();
}

/// With --sizes the generator gets a size too, and the small sizes come first, every size 1..10
/// three times: a solution wrong at size 3 alone is caught there, at the seventh input.
#[test]
fn generic_duel_sizes_run_the_small_sizes_first() {
    let dir = common::scripts_in(
        "cli-sizes",
        &[
            (
                "gen.sh",
                "awk -v s=\"$1\" -v n=\"$2\" 'BEGIN { srand(s); print n; line = \"\"; \
                 for (i = 0; i < n; i++) line = line (i ? \" \" : \"\") int(rand() * 1000); print line }'\n",
            ),
            (
                "brute.sh",
                "awk 'NR == 1 { n = $1 } NR == 2 { if (NF != n) exit 1; s = 0; for (i = 1; i <= NF; i++) s += $i; \
                 print s } END { if (NR != 2) exit 1 }'\n",
            ),
            (
                "sol.sh",
                "awk 'NR == 1 { n = $1 } NR == 2 { s = 0; for (i = 1; i <= NF; i++) s += $i; if (n == 3) s += 1; \
                 print s }'\n",
            ),
        ],
    );
    let script = |name: &str| format!("sh {}", dir.join(name).display());
    let (generator, brute, solution) = (script("gen.sh"), script("brute.sh"), script("sol.sh"));
    let duel = |against: &str, sizes: &str, cases: &str| {
        let programs = ["--generator", &generator, "--brute", &brute, "--against", against];
        grundy(&[&["duel", "--sizes", sizes][..], &programs, &["--cases", cases, "--seed", "7"]].concat(), "")
    };
    let output = duel(&solution, "1..10", "300");
    let text = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{text}{}", stderr(&output));
    assert!(text.starts_with("FAILED: wrong answer after 7 inputs (seed 7)\n"), "{text}");
    assert!(
        text.contains("found in the small sizes (every size 1..10, 3 inputs each: 30 inputs), at input 7\n"),
        "{text}"
    );
    assert!(text.contains("smallest failing input found (shrunk in") && text.contains("; 1-minimal: "), "{text}");
    assert!(text.contains(":\n3\n0 0 0\nexpected (brute force):\n0\n"), "{text}");
    let command = text.lines().find_map(|line| line.strip_prefix("generated by: ")).expect("a generated-by line");
    assert!(command.starts_with(&generator) && command.ends_with(" 3"), "{command}");
    let found = text.split("found first as:\n").nth(1).and_then(|rest| rest.split("generated by: ").next());
    let again = Command::new("sh").arg("-c").arg(command).output().unwrap();
    assert_eq!(Some(stdout(&again).as_str()), found, "{text}");
    // The small sizes count within --cases, at most half of them.
    let held = duel(&brute, "1..1000", "40");
    let text = stdout(&held);
    assert!(held.status.success(), "{text}{}", stderr(&held));
    // Then as many inputs of the largest size: --sizes A..B reaches B (#37).
    assert!(
        text.starts_with(
            "small sizes: sizes 1..6 of 1..1000, 3 inputs each, and as many of the largest size, 1000: 21 inputs"
        ),
        "{text}"
    );
    assert!(text.contains("held: 40 inputs (21 small, 19 random)"), "{text}");
    let args = ["duel", "--generator", &generator, "--brute", &brute, "--against", &brute];
    fails_with(&[&args[..], &["--sizes", "5..2"]].concat(), "", "runs backwards");
    fails_with(&[&args[..], &["--sizes", "1..2000000000"]].concat(), "", "not a size from 0 to 10^9");
    fails_with(&["duel", "--sizes", "1..3", "--brute", &brute, "--against", &brute], "", "--generator");
    // A generator without a brute force names what is missing (#40).
    fails_with(&["duel", "--generator", &generator, "--against", &brute], "", "--generator needs --brute");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bare_grundy_prints_help_and_typos_get_suggestions() {
    let bare = grundy(&[], "");
    assert!(bare.status.success() && stdout(&bare).contains("Usage: grundy"), "{}", stdout(&bare));
    fails_with(&["chek"], "", "a similar subcommand exists: 'check'");
    fails_with(&["solve", "nim", "3", "--mesire"], "", "a similar argument exists: '--misere'");
    for command in ["check", "solve", "verify", "duel", "table", "pack", "problem", "bench", "list", "quotient"] {
        let help = grundy(&[command, "--help"], "");
        assert!(stdout(&help).contains("Example"), "grundy {command} --help has no example");
    }
}

/// `--time` holds for an entry whose fast side builds a long table (Grundy's game to 50,000 heaps
/// by the plain method: seconds in a debug build): the table stops at the deadline and the run
/// says it was cut short, not the watchdog's fallback line.
#[test]
fn check_time_stops_a_long_fast_table() {
    let output = grundy(&["check", "--only", "definition:grundy", "--seed", "1", "--time", "0.3"], "");
    let text = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{}{text}", stdout(&output));
    assert!(text.contains("cut short") && !text.contains("did not stop"), "{text}");
    assert!(stdout(&output).contains("definition:grundy          CUT-SHORT by definition"), "{}", stdout(&output));
}

/// `problem`'s --time holds for a table that grows with the input (the Cutting Game's to the
/// largest sheet: seconds at 2000 × 2000 in a release build): one line saying how far it got.
#[test]
fn problem_time_stops_a_growing_table() {
    let output = grundy(&["problem", "cutting", "--time", "0.2"], "2 3\n2000 2000\n");
    let text = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{}{text}", stdout(&output));
    assert!(text.contains("the time budget ran out with the table of Cutting Game sheets computed to side "), "{text}");
    assert!(text.contains("(of 2000 asked)") && text.lines().count() == 1, "{text}");
    assert_eq!(stdout(&output), "");
}

/// A time budget is shared: every entry gets random cases, and says it got fewer than asked.
/// (Entries whose fast side answers every case: on a busy machine an entry may get one case
/// only, which must not be one the fast side declines.)
#[test]
fn check_budget_is_shared_among_entries() {
    let args = ["check", "--budget", "2", "--cases", "100000000", "--no-exhaustive", "--seed", "1"];
    let entries = ["pack:0,0,0,0", "pack:1,0,0,0", "pack:2,0,0,0", "wythoff", "candy"];
    let mut args: Vec<&str> = args.to_vec();
    for entry in entries {
        args.extend(["--only", entry]);
    }
    let output = grundy(&args, "");
    let text = stdout(&output);
    assert!(output.status.success(), "{text}");
    for entry in entries {
        let line = text.lines().find(|line| line.starts_with(entry)).unwrap_or_else(|| panic!("{entry}: {text}"));
        let random: u64 = line.split("random").nth(1).unwrap().split_whitespace().next().unwrap().parse().unwrap();
        assert!(random > 0, "{line}");
        assert!(line.contains("(of 100000000 asked: the time budget ran out)"), "{line}");
    }
}

/// verify checks the range asked for, or fails saying what it could not check.
#[test]
fn verify_never_overclaims_its_range() {
    // Wrong only at 100: caught with --upto 300, at 100, marked minimal.
    let caught = grundy(&["verify", "sub:1,2,3", "--value", "if x == 100 { 99 } else { x % 4 }", "--upto", "300"], "");
    let text = stdout(&caught);
    assert_eq!(caught.status.code(), Some(1), "{text}");
    assert!(text.contains("counterexample: x = 100:") && text.contains("minimal"), "{text}");
    // Splitting heaps in misère play: the oracle reaches 45 and there are no values by definition;
    // asked for 300, the run says so first and fails.
    let values = "1,1,0,0,2,1,3,0,0,1,1,3,0,2,1,1,0,0,2,1,3,0,0,1,1,3,0,4,1,1,0,0,2,1,5,0,0,1,1,3,0,4,1,1,3,0";
    let formula = format!("let t = [{values}]; t[x]");
    let short = grundy(&["verify", "octal:0.07", "--misere", "--value", &formula, "--upto", "300"], "");
    let text = stdout(&short);
    assert_eq!(short.status.code(), Some(1), "{text}");
    assert!(text.starts_with("note: octal:0.07 splits heaps"), "{text}");
    assert!(text.contains("no values by definition"), "{text}");
    assert!(text.contains("held: every single plate 0..=45"), "{text}");
    assert!(text.contains("INCOMPLETE: plates up to 300 were asked for; only plates up to 45 were checked"), "{text}");
    // On the defaults, the reachable range is the run: it holds.
    let held = grundy(&["verify", "octal:0.07", "--misere", "--value", &formula], "");
    assert!(held.status.success(), "{}", stdout(&held));
    // Normal play: values by definition take over past 45, and the report names both levels.
    let normal = "0,0,1,1,2,0,3,1,1,0,3,3,2,2,4,0,5,2,2,3,3,0,1,1,3,0,2,1,1,0,4,5,2,7,4,0,1,1,2,0,3,1,1,0,3,3,2";
    let formula = format!("let t = [{normal}]; if x < t.len() {{ t[x] }} else {{ 0 }}");
    let beyond = grundy(&["verify", "octal:0.07", "--value", &formula, "--upto", "300"], "");
    let text = stdout(&beyond);
    assert_eq!(beyond.status.code(), Some(1), "{text}");
    assert!(text.contains("counterexample: x = 47: values by definition say grundy 2, the formula says 0"), "{text}");
    assert!(text.contains("0..=45 by the oracle, 46..=300 by definition"), "{text}");
    // A formula error is a usage error with its column.
    fails_with(&["verify", "nim", "--value", "y + 1"], "", "column 1");
    fails_with(&["verify", "nim", "--value", "x +* 2"], "", "column");
}

/// A game file of `tests/data/games/`.
fn game_file(name: &str) -> String {
    format!("{}/tests/data/games/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn a_scripted_game_is_solved_tabulated_and_its_formulas_checked() {
    let game = game_file("even-split.rhai");
    let output = grundy(&["solve", "--game", &game, "6", "7"], "");
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("value: 2") && text.contains("winning move: [6 7] -> [1 5 7]"), "{text}");
    let output = grundy(&["solve", "--game", &game, "--oracle", "6", "7"], "");
    assert!(stdout(&output).contains("solver: oracle (game tree)\noutcome: first player wins\nvalue: 2"));
    let output = grundy(&["table", "--game", &game, "--upto", "12"], "");
    assert!(stdout(&output).contains("       0: 0 1 2 0 3 1 2 0 3 1\n      10: 2 0 3\n"), "{}", stdout(&output));
    // The period without the exception at 0: caught at 0, minimal.
    let wrong = "[3, 1, 2, 0][x % 4]";
    let output = grundy(&["verify", "--game", &game, "--value", wrong, "--seed", "1", "--upto", "20"], "");
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("counterexample: x = 0: the oracle says grundy 0, the formula says 3"), "{text}");
    assert!(text.contains("minimal (no smaller case exists)") && text.contains("--case '0'"), "{text}");
    let right = "if x == 0 { 0 } else { [3, 1, 2, 0][x % 4] }";
    let args = ["verify", "--game", &game, "--value", right, "--seed", "1", "--upto", "20", "--largest", "22"];
    let output = grundy(&args, "");
    assert!(output.status.success(), "{}{}", stdout(&output), stderr(&output));
    assert!(stdout(&output).contains("held: every position [x], x ≤ 20"), "{}", stdout(&output));
    // Who wins a sum: the xor of the values is not 0. Wrong when it ignores a heap of 3.
    let wins =
        "p.filter(|x| x != 3).map(|x| if x == 0 { 0 } else { [3, 1, 2, 0][x % 4] }).reduce(|a, b| a ^ b, 0) != 0";
    let output = grundy(&["verify", "--game", &game, "--wins", wins, "--seed", "1", "--cases", "50"], "");
    assert_eq!(output.status.code(), Some(0), "{}{}", stdout(&output), stderr(&output));
}

#[test]
fn a_loopy_scripted_game_has_draws_and_formulas_may_say_so() {
    let game = game_file("ladder.rhai");
    let output = grundy(&["solve", "--game", &game, "3", "8"], "");
    assert!(stdout(&output).contains("outcome: draw") && stdout(&output).contains("value: ∞\n"), "{}", stdout(&output));
    let output = grundy(&["solve", "--game", &game, "--oracle", "9"], "");
    assert!(stdout(&output).contains("solver: oracle (retrograde analysis)\noutcome: first player wins\n"));
    assert!(stdout(&output).contains("winning move: [9] -> [10]"), "{}", stdout(&output));
    // Every climber off the ladder: lost; one on rung 9 and the others off: won; else a draw.
    let right = r#"let on = p.filter(|x| x != 10); if on.is_empty() { "second" } else if on == [9] { "first" } else { "draw" }"#;
    let output = grundy(&["verify", "--game", &game, "--wins", right, "--seed", "1", "--cases", "20"], "");
    assert_eq!(output.status.code(), Some(0), "{}{}", stdout(&output), stderr(&output));
    assert!(stdout(&output).contains("every position positions(0..=3) lists: 364"), "{}", stdout(&output));
    // Wrong: a climber on 9 does not win when another is still on the ladder (moving it off
    // lets the other player play on, and neither needs to step onto 9 again).
    let guess = r#"let on = p.filter(|x| x != 10); if on.is_empty() { "second" } else if on.contains(9) { "first" } else { "draw" }"#;
    let output = grundy(&["verify", "--game", &game, "--wins", guess, "--seed", "1", "--cases", "100"], "");
    assert_eq!(output.status.code(), Some(1), "{}{}", stdout(&output), stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("counterexample: p = [0 9]: the oracle says draw, the formula says first"), "{text}");
    assert!(text.contains("minimal"), "{text}");
}

#[test]
fn tokens_on_a_state_graph_are_solved_by_smith_values_and_by_the_oracle() {
    // a → b → c → a, c → d: d is the end (0), c moves there (N), b can only move to c (0), a
    // only to b (1).
    let graph = "digraph { a -> b -> c -> a; c -> d }";
    let output = grundy(&["solve", "graph", "-", "b"], graph);
    let text = stdout(&output);
    assert!(text.contains("outcome: second player wins") && text.contains("value: 0"), "{text}");
    let output = grundy(&["solve", "graph", "-", "c", "--json"], graph);
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(json["outcome"], "first");
    assert_eq!(json["winning_move"]["to"], "d");
    for tokens in [&["a", "b"][..], &["b", "c"], &["a", "a", "c"], &["d"]] {
        let mut fast = vec!["solve", "graph", "-"];
        fast.extend(tokens);
        let mut oracle = fast.clone();
        oracle.push("--oracle");
        let word = |args: &[&str]| {
            let output = grundy(args, graph);
            stdout(&output).lines().find(|l| l.starts_with("outcome:")).unwrap_or_default().to_string()
        };
        assert_eq!(word(&fast), word(&oracle), "{tokens:?}");
    }
}

#[test]
fn solve_falls_back_to_the_oracle_where_no_theorem_covers_the_position_and_says_so() {
    let output = grundy(&["solve", "octal:4.07", "--misere", "6"], "");
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.starts_with("note: the fast side has no answer ("), "{text}");
    assert!(text.contains("the oracle answered\n"), "{text}");
    let oracle = stdout(&grundy(&["solve", "octal:4.07", "--misere", "6", "--oracle"], ""));
    let outcome = |text: &str| text.lines().find(|line| line.starts_with("outcome:")).map(str::to_string);
    assert_eq!(outcome(&text), outcome(&oracle));
    assert!(outcome(&text).is_some());
    let json = stdout(&grundy(&["solve", "octal:4.07", "--misere", "6", "--json"], ""));
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert!(json["fallback"].is_string(), "{json}");
    let json = stdout(&grundy(&["solve", "nim", "3", "5", "--json"], ""));
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert!(json["fallback"].is_null() && json["solver"] == "fast", "{json}");
}

#[test]
fn tables_report_an_observed_period_only_over_a_window_that_means_something() {
    // 0.16 to 300000 ends with nine values of period 3; its period (149459) is not yet visible.
    let output = grundy(&["table", "octal:0.16", "--upto", "300000", "--json", "--time", "3600"], "");
    assert!(output.status.success(), "{}", stderr(&output));
    let document: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!((document["period"].clone(), document["proven"].clone()), (serde_json::Value::Null, false.into()));
    // A period seen over the whole table: observed, marked apart from a proven one, with its window.
    let text = stdout(&grundy(&["table", "octal:0.F", "--upto", "200"], ""));
    assert!(text.contains("observed period: 2 from heap 0 (seen over heaps 0..=200; not proven)"), "{text}");
    assert!(!text.contains("\nperiod:"), "{text}");
    let document: serde_json::Value =
        serde_json::from_str(&stdout(&grundy(&["table", "octal:0.F", "--upto", "200", "--json"], ""))).unwrap();
    assert_eq!(document["observed_over"], serde_json::json!([0, 200]));
    // Proven: said plainly.
    let text = stdout(&grundy(&["table", "octal:0.07", "--upto", "200"], ""));
    assert!(text.contains("preperiod: 53\nperiod: 34\nproven: true"), "{text}");
}

#[test]
fn plot_ticks_are_integers_on_small_ranges() {
    let path = std::env::temp_dir().join(format!("grundy-ticks-{}.svg", std::process::id()));
    let output = grundy(&["table", "octal:0.07", "--upto", "8", "--plot", path.to_str().unwrap()], "");
    assert!(output.status.success(), "{}", stderr(&output));
    let svg = std::fs::read_to_string(&path).unwrap();
    // Every label of the picture, in order: the value axis reads 0 1 2 3 4, each once.
    let labels: Vec<&str> =
        svg.split("<text").skip(1).filter_map(|t| t.split('>').nth(1)?.split('<').next()).map(str::trim).collect();
    let numbers: Vec<&str> = labels.iter().copied().filter(|l| l.parse::<u64>().is_ok()).collect();
    assert_eq!(numbers, ["0", "1", "2", "3", "4", "0", "1", "2", "3", "4", "5", "6", "7", "8"], "{labels:?}");
    let _ = std::fs::remove_file(path);
}

#[test]
fn json_commands_write_json_on_their_error_paths_too() {
    for args in [
        &["solve", "nim", "x", "--json"][..],
        &["table", "octal:0.6", "--period", "--upto", "100000000", "--time", "0.5", "--json"],
        &["verify", "nim", "--value", "y", "--json"],
        &["check", "--only", "no-such-entry", "--json"],
        &["quotient", "0.07", "--upto", "5", "--json", "--bogus"],
    ] {
        let output = grundy(args, "");
        assert_eq!(output.status.code(), Some(2), "{args:?}: {}", stderr(&output));
        assert_eq!(stderr(&output).lines().count(), 1, "{args:?}: {}", stderr(&output));
        let document: serde_json::Value = serde_json::from_str(&stdout(&output))
            .unwrap_or_else(|e| panic!("{args:?}: stdout is not JSON ({e}): {}", stdout(&output)));
        assert_eq!(document["exit"], 2, "{args:?}");
        assert!(stderr(&output).contains(document["error"].as_str().unwrap()), "{args:?}");
    }
}

#[test]
fn a_shard_names_itself_and_blames_no_budget_that_did_not_run_out() {
    let dir = std::env::temp_dir().join(format!("grundy-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut suites = Vec::new();
    for shard in ["0/2", "1/2"] {
        let junit = dir.join(format!("{}.xml", shard.replace('/', "-")));
        let output = grundy(
            &[
                "check",
                "--only",
                "definition:octal:0.77",
                "--cases",
                "10",
                "--seed",
                "4",
                "--shard",
                shard,
                "--junit",
                junit.to_str().unwrap(),
            ],
            "",
        );
        let text = stdout(&output);
        assert!(output.status.success(), "{text}");
        // Each shard owns 5 of the 10 random cases: it ran them all, no budget ran out.
        assert!(text.contains(&format!("definition:octal:0.77 [shard {shard}]")), "{text}");
        assert!(text.contains("random     5"), "{text}");
        assert!(!text.contains("budget ran out"), "{text}");
        let xml = std::fs::read_to_string(&junit).unwrap();
        assert!(xml.contains(&format!("<testsuites name=\"grundy check shard {shard}\"")), "{xml}");
        suites.push(xml);
    }
    assert_ne!(suites[0].lines().nth(1), suites[1].lines().nth(1));
}

/// An oracle stopped on a position whose box mode was passed over for the states budget alone
/// says what would let box mode answer it.
#[test]
fn an_oracle_past_its_budget_says_when_box_mode_would_answer() {
    fails_with(
        // A budget counted in work, not seconds: the same on a busy machine.
        &["solve", "nim", "--oracle", "--max-states", "100000", "40", "40", "40", "40", "40", "40", "40", "40"],
        "",
        "--max-states 450978066 lets it",
    );
}
