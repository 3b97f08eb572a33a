//! Games stated in scripts, held to the built-in standard (#38): what a script prints stays off
//! grundy's output, budgets hold inside a script's calls, values by definition reach past the
//! game tree.

use std::process::Output;

mod common;

fn grundy(args: &[&str], stdin: &str) -> Output {
    common::run_grundy(args, stdin, Some(&format!("grundy-scripts-failures-{}", std::process::id())))
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

/// Exit code 2 and one line on stderr containing `wanted`.
fn fails_with(args: &[&str], script: &str, wanted: &str) {
    let output = grundy(args, script);
    let err = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {}{err}", text(&output.stdout));
    assert_eq!(err.lines().count(), 1, "{args:?}: one line: {err}");
    assert!(err.contains(wanted), "{args:?}: `{wanted}` in {err}");
}

/// An array nested 60,000 deep: each step copies and measures the whole, so the call alone
/// would run for minutes; `--time` stops it. The line is the script's own stop (the backstop
/// that ends a command past its limit says "did not stop within a second" instead).
#[test]
fn time_stops_a_script_call_from_inside() {
    let nested = "fn moves(p) { let a = []; for i in 0..p[0] { a = [a]; } [] }";
    let runs: [&[&str]; 3] = [
        &["--max-memory", "4G", "solve", "--game", "/dev/stdin", "60000", "--time", "1"],
        &["--max-memory", "4G", "solve", "--game", "/dev/stdin", "60000", "--time", "1", "--oracle"],
        &["--max-memory", "4G", "verify", "--game", "/dev/stdin", "--value", "0", "--upto", "60000", "--time", "1"],
    ];
    for args in runs {
        let output = grundy(args, nested);
        let err = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("time budget") && !err.contains("did not stop"), "{args:?}: {err}");
    }
    fails_with(
        &["--max-memory", "4G", "table", "--game", "/dev/stdin", "--upto", "60000", "--time", "1"],
        "fn moves(p) { let a = []; for i in 0..p[0] { a = [a]; } [] }",
        "time budget (--time) ran out",
    );
}

/// Each way a script can take memory stops at a bound drawn from `--max-memory`, with one line.
#[test]
fn max_memory_bounds_a_scripts_values_and_both_sides() {
    let memory = ["--max-memory", "512M"];
    let solve = |extra: &[&'static str]| -> Vec<&'static str> {
        let mut args = vec!["--max-memory", "64M", "solve", "--game", "/dev/stdin"];
        args.extend_from_slice(extra);
        args
    };
    // A recursion 60 deep holding an array of 4·10^6 items at each level (4 GB in all).
    let deep = "fn grow(d) { let a = []; a.pad(4000000, 0); if d > 0 { grow(d - 1); } a.len() } \
                fn moves(p) { grow(60); [] }";
    let args = [&memory[..], &["solve", "--game", "/dev/stdin", "1"]].concat();
    fails_with(&args, deep, "made an array larger than the memory budget (--max-memory) lets one hold");
    let doubling = "fn moves(p) { let s = \"x\"; loop { s += s; } }";
    fails_with(&args, doubling, "made a string larger than the memory budget");
    fails_with(&args, "fn r(n) { r(n + 1) } fn moves(p) { r(0) }", "moves([1]) failed: Stack overflow");
    // Positions that only grow longer: the fast side's components, the oracle's game tree, and
    // (a move back to the start: a cycle) its retrograde analysis. Each search holds half of
    // --max-memory; the script's values the other half.
    let longer = "fn moves(p) { let q = p; q.push(0); [q] }";
    let args = ["--max-memory", "64M", "table", "--game", "/dev/stdin", "--upto", "0", "--max-states", "100000000"];
    fails_with(&args, longer, "the memory budget, --max-memory");
    fails_with(
        &solve(&["--oracle", "--max-states", "100000000", "0"]),
        longer,
        "memory budget (32 MiB, its share of --max-memory)",
    );
    let looping = "fn moves(p) { let q = p; q.push(0); [[0], q] }";
    fails_with(
        &solve(&["--oracle", "--max-states", "100000000", "0"]),
        looping,
        "memory budget (32 MiB, its share of --max-memory)",
    );
    let args = ["--max-memory", "64M", "verify", "--game", "/dev/stdin", "--wins", "true", "--max-states", "100000000"];
    fails_with(&args, looping, "memory budget (32 MiB, its share of --max-memory)");
}

/// A formula wrong only at x = 40, past the game tree's reach on a game that splits: refuted
/// with the defaults, by values by definition, and the report names each range's level.
#[test]
fn values_by_definition_refute_a_split_game_formula_past_the_game_tree() {
    let game = format!("{}/tests/data/games/even-split.rhai", env!("CARGO_MANIFEST_DIR"));
    let wrong = "if x == 0 { 0 } else if x == 40 { 1 } else { [3, 1, 2, 0][x % 4] }";
    let output = grundy(&["verify", "--game", &game, "--value", wrong, "--seed", "7"], "");
    let out = text(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{out}{}", text(&output.stderr));
    assert!(out.contains("counterexample: x = 40: values by definition say grundy 3, the formula says 1"), "{out}");
    assert!(out.contains("0..=30 by the game tree, 31..=200 by definition"), "{out}");
    let right = "if x == 0 { 0 } else { [3, 1, 2, 0][x % 4] }";
    let output =
        grundy(&["verify", "--game", &game, "--value", right, "--seed", "7", "--upto", "60", "--largest", "400"], "");
    let out = text(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{out}{}", text(&output.stderr));
    assert!(out.contains("x in 61..=400 (by definition)"), "{out}");
}

/// A range asked for past the oracle's reach: what held, then INCOMPLETE, exit 1 (as `--help`
/// and the README say); the same stop on the default range is an error, exit 2.
#[test]
fn a_range_asked_for_past_the_oracles_reach_is_incomplete() {
    let nim = "fn moves(p) { let out = []; for t in 1..=p[0] { out.push([p[0] - t]); } out }";
    let args = ["verify", "--game", "/dev/stdin", "--value", "x", "--upto", "45", "--max-states", "20", "--seed", "1"];
    let output = grundy(&args, nim);
    let out = text(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{out}{}", text(&output.stderr));
    assert!(out.contains("held: the first 20 of every position [x], x ≤ 45"), "{out}");
    assert!(out.contains("INCOMPLETE: the range asked for was not reached") && out.contains("--max-states"), "{out}");
    let default_range = ["verify", "--game", "/dev/stdin", "--value", "x", "--max-states", "20", "--seed", "1"];
    fails_with(&default_range, nim, "the oracle stopped");
}

/// Random positions [x] lie past --upto: with --largest not past it there are none, and the
/// report counts none (it said "1000 random positions [x], x in 7..=6").
#[test]
fn an_empty_random_range_is_not_counted() {
    let nim = "fn moves(p) { let out = []; for i in 0..p.len() { for t in 1..=p[i] { let q = p; q[i] -= t; \
               out.push(q); } } out }";
    let formula = "p.reduce(|a, b| a ^ b, 0) != 0";
    for largest in ["6", "3"] {
        let args =
            ["verify", "--game", "/dev/stdin", "--wins", formula, "--upto", "6", "--largest", largest, "--seed", "1"];
        let output = grundy(&args, nim);
        let out = text(&output.stdout);
        assert_eq!(output.status.code(), Some(0), "{out}{}", text(&output.stderr));
        assert!(out.contains("held: every position [x], x ≤ 6 (by the oracle)"), "{out}");
        assert!(!out.contains("random"), "{out}");
    }
}
