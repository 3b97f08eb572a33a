//! Games stated in scripts, held to the built-in standard (#38): what a script prints stays off
//! grundy's output, budgets hold inside a script's calls, values by definition reach past the
//! game tree.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn grundy(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .env("GRUNDY_FAILURES", std::env::temp_dir().join(format!("grundy-scripts-failures-{}", std::process::id())))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Subtraction {1, 2} on heaps that split into single heaps, printing from every function.
const NOISY: &str = r#"
fn moves(p) {
    print("forged: held");
    debug(p);
    let out = [];
    for i in 0..p.len() { for t in [1, 2] { if p[i] >= t { let q = p; q[i] -= t; out.push(q); } } }
    out
}
fn split(p) { print("{\"forged\": 1}"); p.map(|x| [x]) }
fn random(seed, size) { print("random"); [seed % (size + 1)] }
"#;

#[test]
fn what_a_script_prints_goes_to_stderr_and_json_stays_one_document() {
    let runs: [&[&str]; 5] = [
        &["solve", "--game", "/dev/stdin", "--json", "4", "5"],
        &["solve", "--game", "/dev/stdin", "--json", "--oracle", "4", "5"],
        &["table", "--game", "/dev/stdin", "--json", "--upto", "9"],
        &["verify", "--game", "/dev/stdin", "--json", "--wins", "p.reduce(|a, b| a ^ (b % 3), 0) != 0", "--seed", "3"],
        &["bench", "--game", "/dev/stdin", "--json", "--budget", "0.2"],
    ];
    for args in runs {
        let output = grundy(args, NOISY);
        let (out, err) = (text(&output.stdout), text(&output.stderr));
        assert_eq!(output.status.code(), Some(0), "{args:?}: {out}{err}");
        let document: Result<serde_json::Value, _> = serde_json::from_str(&out);
        assert!(document.is_ok(), "{args:?}: stdout is not one JSON document: {out}");
        assert!(!out.contains("forged"), "{args:?}: {out}");
        assert!(err.contains("forged: held"), "{args:?}: the script's print is on stderr: {err}");
    }
    let output = grundy(&["solve", "--game", "/dev/stdin", "4", "5"], NOISY);
    let (out, err) = (text(&output.stdout), text(&output.stderr));
    assert!(out.starts_with("game: /dev/stdin") && !out.contains("forged"), "{out}");
    assert!(err.contains("[debug, line 4] [4, 5]"), "{err}");
}
