//! Hostile use, class by class (tests/data/hostile.toml): every bad flag, input, program and request ends with the exit
//! code it should have — for errors, 2 and exactly one line on stderr — with no panic, no abort
//! and no hang, under a memory limit (`ulimit -v`) and a time limit for each class.

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde::Deserialize;

/// Address space each run may use (KiB for `ulimit -v`): 3 GiB.
const MEMORY_KIB: u64 = 3 << 20;

/// One class of hostile use, as tests/data/hostile.toml states it.
#[derive(Debug, Deserialize)]
struct Class {
    /// What is tried.
    name: String,
    /// The arguments of `grundy`.
    args: Vec<String>,
    /// A shell command whose output is the standard input (absent: none).
    #[serde(default)]
    stdin: String,
    /// The exit code: 2 for a usage error or a budget, 1 for a failed check.
    code: i32,
    /// Text the one line on stderr (code 2), or stdout (otherwise), must contain.
    says: String,
    /// Seconds it may take, budgets included.
    seconds: u64,
}

#[derive(Debug, Deserialize)]
struct Classes {
    class: Vec<Class>,
}

/// The classes of tests/data/hostile.toml.
fn classes() -> Vec<Class> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/hostile.toml");
    let text = std::fs::read_to_string(path).expect("tests/data/hostile.toml is read");
    toml::from_str::<Classes>(&text).expect("tests/data/hostile.toml parses").class
}

/// Runs one class under the memory limit; returns (exit code, stdout, stderr, seconds).
fn run(class: &Class) -> (Option<i32>, String, String, f64) {
    let binary = env!("CARGO_BIN_EXE_grundy");
    let quoted: Vec<String> = std::iter::once(binary)
        .chain(class.args.iter().map(String::as_str))
        .map(|arg| format!("'{}'", arg.replace('\'', "'\\''")))
        .collect();
    let run = format!("ulimit -v {MEMORY_KIB}; exec {}", quoted.join(" "));
    let script =
        if class.stdin.is_empty() { format!("{run} < /dev/null") } else { format!("({}) | ({run})", class.stdin) };
    let mut command = Command::new("sh");
    command.arg("-c").arg(&script).stdout(Stdio::piped()).stderr(Stdio::piped());
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let started = Instant::now();
    let mut child = command.spawn().expect("sh runs");
    let (mut stdout, mut stderr) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let out = std::thread::spawn(move || {
        let mut text = Vec::new();
        let _ = stdout.by_ref().take(1 << 20).read_to_end(&mut text);
        String::from_utf8_lossy(&text).into_owned()
    });
    let err = std::thread::spawn(move || {
        let mut text = Vec::new();
        let _ = stderr.by_ref().take(1 << 20).read_to_end(&mut text);
        String::from_utf8_lossy(&text).into_owned()
    });
    // A hang detector, not a speed test: twice the class's time and some, so that a machine busy
    // with other work still passes.
    let limit = Duration::from_secs(2 * class.seconds + 5);
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break Some(status);
        }
        if started.elapsed() > limit {
            // SAFETY: the group is the child's own.
            unsafe { libc::killpg(child.id() as libc::pid_t, libc::SIGKILL) };
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let seconds = started.elapsed().as_secs_f64();
    let (stdout, stderr) = (out.join().unwrap_or_default(), err.join().unwrap_or_default());
    (status.and_then(|status| status.code()), stdout, stderr, seconds)
}

#[test]
fn every_hostile_class_ends_as_it_should() {
    let classes = classes();
    assert!(!classes.is_empty(), "tests/data/hostile.toml names no class");
    let mut failures = Vec::new();
    for class in &classes {
        let (code, stdout, stderr, seconds) = run(class);
        let mut wrong = Vec::new();
        if seconds > (2 * class.seconds + 5) as f64 {
            wrong.push(format!(
                "took {seconds:.1} s, more than {} s (twice {} s and 5)",
                2 * class.seconds + 5,
                class.seconds
            ));
        }
        if code != Some(class.code) {
            wrong.push(format!("exit {code:?}, not {}", class.code));
        }
        for sign in ["panicked", "RUST_BACKTRACE", "memory allocation", "stack overflow", "Aborted"] {
            if stderr.contains(sign) {
                wrong.push(format!("stderr shows `{sign}`"));
            }
        }
        let said = if class.code == 2 {
            if stderr.lines().count() != 1 || !stderr.starts_with("grundy: error: ") {
                wrong.push("stderr is not one `grundy: error:` line".to_string());
            }
            &stderr
        } else {
            &stdout
        };
        if !said.contains(&class.says) {
            wrong.push(format!("does not say `{}`", class.says));
        }
        if !wrong.is_empty() {
            failures.push(format!(
                "{}: {}\n  stderr: {}\n  stdout: {}",
                class.name,
                wrong.join("; "),
                stderr.trim(),
                stdout.lines().take(3).collect::<Vec<_>>().join(" / ")
            ));
        }
    }
    assert!(failures.is_empty(), "{} of {} classes failed:\n{}", failures.len(), classes.len(), failures.join("\n"));
}
