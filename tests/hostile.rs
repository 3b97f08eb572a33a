//! Hostile use, class by class: every bad flag, input, program and request ends with the exit
//! code it should have — for errors, 2 and exactly one line on stderr — with no panic, no abort
//! and no hang, under a memory limit (`ulimit -v`) and a time limit for each class.

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Address space each run may use (KiB for `ulimit -v`): 3 GiB.
const MEMORY_KIB: u64 = 3 << 20;

/// One class of hostile use.
struct Class {
    /// What is tried.
    name: &'static str,
    /// The arguments of `grundy`.
    args: &'static [&'static str],
    /// A shell command whose output is the standard input (empty: none).
    stdin: &'static str,
    /// The exit code: 2 for a usage error or a budget, 1 for a failed check.
    code: i32,
    /// Text the one line on stderr (code 2), or stdout (otherwise), must contain.
    says: &'static str,
    /// Seconds it may take, budgets included.
    seconds: u64,
}

const fn class(
    name: &'static str,
    args: &'static [&'static str],
    stdin: &'static str,
    code: i32,
    says: &'static str,
    seconds: u64,
) -> Class {
    Class { name, args, stdin, code, says, seconds }
}

const CLASSES: &[Class] = &[
    // Flags out of range.
    class("duration 1e300", &["check", "--budget", "1e300"], "", 2, "a duration is more than 0", 5),
    class("duration inf", &["verify", "nim", "--value", "x", "--time", "inf"], "", 2, "a duration", 5),
    class("duration NaN", &["duel", "pack", "--against", "cat", "--timeout", "NaN"], "", 2, "a duration", 5),
    class("duration negative", &["solve", "nim", "3", "--time", "-1"], "", 2, "a duration", 5),
    class("duration zero", &["table", "nim", "--upto", "5", "--time", "0"], "", 2, "a duration", 5),
    class("count not a number", &["check", "--cases", "many"], "", 2, "invalid value", 5),
    class("count negative", &["check", "--cases", "-1"], "", 2, "'-1'", 5),
    class("shard past its count", &["check", "--shard", "3/2"], "", 2, "shard", 5),
    class("shard count zero", &["check", "--shard", "0/0"], "", 2, "shard", 5),
    class("memory too small", &["--max-memory", "1K", "list"], "", 2, "a memory budget is 1M", 5),
    class("memory too large", &["--max-memory", "9999999T", "list"], "", 2, "a memory budget", 5),
    class("memory not a size", &["--max-memory", "lots", "list"], "", 2, "not a size", 5),
    class("plate past u64", &["solve", "nim", "18446744073709551616"], "", 2, "plate", 5),
    class("plate negative", &["solve", "nim", "-3"], "", 2, "", 5),
    class("unknown game", &["solve", "chess", "3"], "", 2, "chess", 5),
    class("unknown problem", &["problem", "tetris"], "", 2, "unknown problem", 5),
    class("typo'd command", &["chek"], "", 2, "similar subcommand", 5),
    class("junit path unwritable", &["check", "--junit", "/nonexistent/dir/report.xml"], "", 2, "JUnit report", 5),
    class("unknown check entry", &["check", "--only", "no-such-entry"], "", 2, "no-such-entry", 5),
    class("malformed check case", &["check", "--only", "wythoff", "--case", "1 2 3 x"], "", 2, "", 5),
    // Requests that would grow without end.
    class("table of 10^12 values", &["table", "split", "--upto", "1000000000000"], "", 2, "prints at most", 5),
    class("table with no period, huge", &["table", "octal:0.6", "--period", "--time", "2"], "", 2, "time budget", 5),
    class("solve with no period, huge", &["solve", "octal:0.6", "1000000000", "--time", "2"], "", 2, "time budget", 5),
    class("Grundy's game far out", &["solve", "grundy", "100000000"], "", 2, "no known period", 5),
    class(
        "oracle on one plate of 10^6",
        &["solve", "nim", "--oracle", "--max-moves", "5000000", "1000000"],
        "",
        2,
        "move budget",
        10,
    ),
    class(
        "oracle on eight plates of 40",
        &[
            "--max-memory",
            "512M",
            "solve",
            "nim",
            "--oracle",
            "--max-moves",
            "20000000",
            "40",
            "40",
            "40",
            "40",
            "40",
            "40",
            "40",
            "40",
        ],
        "",
        2,
        "budget",
        30,
    ),
    class(
        "oracle past memory: lock",
        // A replayed case runs alone, so its oracle has the whole budget.
        &["--max-memory", "512M", "check", "--only", "lock", "--case", "00000"],
        "",
        2,
        "memory budget",
        20,
    ),
    class(
        "oracle past memory: cutting",
        &["--max-memory", "512M", "check", "--only", "cutting", "--case", "200x200"],
        "",
        2,
        "memory budget",
        20,
    ),
    class("oracle past its reach: coins", &["check", "--only", "coins", "--case", "60 30"], "", 2, "at most", 10),
    // Formulas that loop or grow.
    class("formula loops", &["verify", "nim", "--value", "loop { }", "--case", "3"], "", 1, "Too many operations", 10),
    class(
        "formula doubles a string",
        &["verify", "nim", "--value", "let s = \"ab\"; loop { s += s; }", "--case", "3"],
        "",
        1,
        "",
        10,
    ),
    class(
        "formula doubles an array",
        &["verify", "nim", "--value", "let a = [1]; loop { a += a; }", "--case", "3"],
        "",
        1,
        "",
        10,
    ),
    class(
        "formula deep recursion",
        &["verify", "nim", "--value", "fn f(n) { f(n + 1) } f(x)", "--case", "3"],
        "",
        1,
        "",
        10,
    ),
    class("formula of the wrong type", &["verify", "nim", "--value", "\"a string\""], "", 2, "not an integer", 5),
    class("formula syntax", &["verify", "nim", "--value", "x +* 2"], "", 2, "column", 5),
    // Contest inputs: malformed, endless, too large.
    class("pack letters", &["pack"], "printf 'a b c d e\\n'", 2, "line 1, token 1", 5),
    class("pack negative plate", &["pack"], "printf '0 0 0 0 1\\n1 -4\\n'", 2, "line 2, token 2", 5),
    class(
        "pack number past u64",
        &["pack"],
        "printf '0 0 0 0 1\\n1 99999999999999999999999\\n'",
        2,
        "line 2, token 2",
        5,
    ),
    class("pack endless token", &["pack"], "yes 1 | tr -d '\\n'", 2, "token of more than", 5),
    class(
        "pack endless games",
        &["--max-memory", "256M", "pack"],
        "echo '1 0 0 0 1000000000000'; yes '1 5'",
        2,
        "memory budget",
        10,
    ),
    class("pack declares 10^12 plates", &["pack"], "printf '1 0 0 0 1\\n1000000000000 5\\n'", 2, "", 5),
    class("problem endless stdin", &["problem", "candy"], "yes 1", 2, "more than 256 MiB", 10),
    class("problem endless token", &["problem", "wythoff"], "echo 1; yes 1 | tr -d '\\n'", 2, "", 10),
    class("problem malformed", &["problem", "wythoff"], "echo '1 2 x'", 2, "wythoff input line 1, token 3", 5),
    // Found by fuzzing: long strips have no period in reach, so the table toward a long row grew
    // for minutes; it now stops at the time budget.
    class(
        "stripes row with no period in reach",
        &["problem", "stripes", "--time", "2"],
        "echo '997 998 1000'; echo 1; echo 1000000",
        2,
        // Ran out, or would during the table's next step (a quadratic step is not started past it).
        "the time budget",
        6,
    ),
    class("problem time zero", &["problem", "stripes", "--time", "0"], "", 2, "a duration", 5),
    class(
        "geography: a huge general graph",
        &["problem", "geography"],
        "awk 'BEGIN { n = 200001; print n, n, 1; for (i = 1; i <= n; i++) print i, (i % n) + 1 }'",
        2,
        "not bipartite",
        10,
    ),
    class("geography: start past the graph", &["problem", "geography"], "echo '3 1 4'; echo '1 2'", 2, "start", 5),
    class(
        "DOT nested deep",
        &["solve", "geography", "-"],
        "awk 'BEGIN { printf \"graph {\"; for (i = 0; i < 100000; i++) printf \"{\"; print \"}\" }'",
        2,
        "nested",
        5,
    ),
    class("DOT unterminated quote", &["solve", "geography", "-"], "echo 'graph { \"a -- b }'", 2, "DOT graph", 5),
    class(
        "DOT missing start",
        &["solve", "geography", "--start", "zz", "-"],
        "echo 'graph { a -- b }'",
        2,
        "no node named",
        5,
    ),
    class(
        "edge list --start out of range",
        &["solve", "geography", "--start", "9", "-"],
        "printf '2 1 1\\n1 2\\n'",
        2,
        "--start",
        5,
    ),
    // Hostile programs in a duel.
    class(
        "duel: a flood of output",
        &["duel", "wythoff", "--against", "yes", "--cases", "3", "--seed", "1"],
        "",
        1,
        "output limit",
        30,
    ),
    class(
        "duel: a child holding the pipe",
        &["duel", "wythoff", "--against", "(sleep 60 &); echo 1", "--cases", "2", "--seed", "1", "--timeout", "1"],
        "",
        1,
        "FAILED",
        30,
    ),
    class(
        "duel: a program that sleeps",
        &["duel", "wythoff", "--against", "sleep 60", "--cases", "1", "--timeout", "1"],
        "",
        1,
        "time limit",
        30,
    ),
    class(
        "solve --oracle past --time",
        &["solve", "nim", "--oracle", "--time", "2", "40", "40", "40", "40", "40", "40", "40", "40"],
        "",
        2,
        "time budget",
        10,
    ),
    class(
        "solve nim 8×40 --oracle --time 5",
        &["solve", "nim", "--oracle", "--time", "5", "40", "40", "40", "40", "40", "40", "40", "40"],
        "",
        2,
        "time budget",
        12,
    ),
    // Every oracle call honours --time: verify, check, quotient --check, bench.
    class(
        "verify past --time",
        &[
            "verify",
            "nim",
            "--wins",
            "p.reduce(|a, b| a ^ b, 0) != 0",
            "--case",
            "40,40,40,40,40,40,40,40",
            "--time",
            "2",
        ],
        "",
        2,
        "time budget",
        10,
    ),
    class(
        "check past --time",
        &["check", "--only", "random/disjunctive/misere", "--time", "1", "--seed", "1"],
        "",
        2,
        "time budget",
        10,
    ),
    class(
        "quotient --check past --time",
        &["quotient", "0.07", "--upto", "60", "--time", "2", "--check"],
        "",
        2,
        "time budget",
        10,
    ),
    class("bench past --time", &["bench", "--budget", "30", "--time", "2"], "", 2, "time budget", 10),
    class("quotient short of --upto", &["quotient", "0.07", "--upto", "60", "--time", "2"], "", 2, "time budget", 10),
    // Games stated in scripts (read from stdin here: --game /dev/stdin) and state graphs.
    class(
        "script: syntax error",
        &["solve", "--game", "/dev/stdin", "3"],
        "printf 'fn moves(p) {\\n  p +* 1\\n}'",
        2,
        "line 2, column",
        5,
    ),
    class(
        "script: no moves",
        &["solve", "--game", "/dev/stdin", "3"],
        "echo 'fn split(p) { [p] }'",
        2,
        "defines `fn moves(p)`",
        5,
    ),
    class(
        "script: throws",
        &["solve", "--game", "/dev/stdin", "3"],
        "echo 'fn moves(p) { throw \"no\"; }'",
        2,
        "moves([3]) failed",
        5,
    ),
    class(
        "script: loops",
        &["solve", "--game", "/dev/stdin", "3"],
        "echo 'fn moves(p) { loop { } }'",
        2,
        "took more than",
        10,
    ),
    class(
        "script: not an array",
        &["table", "--game", "/dev/stdin", "--upto", "3"],
        "echo 'fn moves(p) { 7 }'",
        2,
        "not an array of positions",
        5,
    ),
    class(
        "script: negative",
        &["solve", "--game", "/dev/stdin", "0"],
        "echo 'fn moves(p) { [[p[0] - 1]] }'",
        2,
        "holding -1",
        5,
    ),
    class(
        "script: string in a position",
        &["solve", "--game", "/dev/stdin", "--oracle", "0"],
        "echo 'fn moves(p) { [[\"a\"]] }'",
        2,
        "holding a string",
        5,
    ),
    class(
        "script: grows for ever",
        &["solve", "--game", "/dev/stdin", "0", "--time", "2"],
        "echo 'fn moves(p) { [[p[0] + 1]] }'",
        2,
        "time budget",
        10,
    ),
    class(
        "script: grows for ever (oracle)",
        &["solve", "--game", "/dev/stdin", "0", "--oracle", "--time", "2"],
        "echo 'fn moves(p) { [[p[0] + 1]] }'",
        2,
        "time budget",
        10,
    ),
    class(
        "script: grows for ever (verify)",
        &["verify", "--game", "/dev/stdin", "--wins", "true", "--time", "2", "--seed", "1"],
        "echo 'fn moves(p) { [[p[0] + 1]] }'",
        2,
        "time budget",
        10,
    ),
    class(
        "script: states budget",
        &["table", "--game", "/dev/stdin", "--upto", "3", "--max-states", "1000"],
        "echo 'fn moves(p) { [[p[0] + 1]] }'",
        2,
        "1000 components",
        5,
    ),
    // Rhai checks a map's size when a function returns it, not when `m[k] = v` adds a key:
    // 150,000 keys of 32 KB would pass the 3 GiB limit. Scripts and formulas have no maps.
    class(
        "script: a map grown by index assignment",
        &["--max-memory", "64M", "solve", "--game", "/dev/stdin", "3", "--oracle"],
        "echo 'fn moves(p) { let s = \"x\"; for i in 0..15 { s += s; } let m = #{}; \
         for i in 0..150000 { m[s + i] = i; } [] }'",
        2,
        "'#{' is a reserved symbol",
        10,
    ),
    // The bound on one value assumes a few large values a call level; twelve arrays of 30,000
    // items on each of 61 levels hold about 350 MB, each one within that bound. The process's
    // resident memory stops the call.
    class(
        "script: more large arrays a call level than the bound on one value assumes",
        &["--max-memory", "256M", "solve", "--game", "/dev/stdin", "3", "--oracle"],
        "echo 'fn deep(n) { let a = []; a.pad(30000, n); let b = a; b[0] = 1; let c = a; c[0] = 2; \
         let d = a; d[0] = 3; let e = a; e[0] = 4; let f = a; f[0] = 5; let g = a; g[0] = 6; \
         let h = a; h[0] = 7; let i = a; i[0] = 8; let j = a; j[0] = 9; let k = a; k[0] = 10; \
         let l = a; l[0] = 11; if n > 0 { deep(n - 1); } a.len() } fn moves(p) { deep(60); [] }'",
        2,
        "moves([3]) was stopped: grundy held more than 256 MiB, the memory budget (--max-memory)",
        20,
    ),
    class(
        "formula: a map grown by index assignment",
        &["verify", "nim", "--value", "let m = #{}; for i in 0..150000 { m[\"k\" + i] = i; } x", "--case", "3"],
        "",
        2,
        "'#{' is a reserved symbol",
        5,
    ),
    class(
        "script: not a position",
        &["solve", "--game", "/dev/stdin", "x"],
        "echo 'fn moves(p) { [] }'",
        2,
        "not a non-negative integer",
        5,
    ),
    class(
        "script: no such file",
        &["verify", "--game", "/no/such.rhai", "--value", "x"],
        "",
        2,
        "reading /no/such.rhai",
        5,
    ),
    class(
        "script: a value past a cycle",
        &["verify", "--game", "/dev/stdin", "--value", "0", "--seed", "1"],
        "echo 'fn moves(p) { [[1 - p[0] % 2]] }'",
        2,
        "has no grundy value",
        5,
    ),
    class(
        "script: random returns a string",
        &["verify", "--game", "/dev/stdin", "--wins", "false", "--seed", "1"],
        "echo 'fn moves(p) { [] } fn random(seed, size) { \"x\" }'",
        2,
        "returned a string where a position (an array of integers) belongs: \"x\"",
        10,
    ),
    class(
        "script: random throws",
        &["verify", "--game", "/dev/stdin", "--wins", "false", "--seed", "1"],
        "echo 'fn moves(p) { [] } fn random(seed, size) { throw \"no\"; }'",
        2,
        "failed: Runtime error: no",
        10,
    ),
    class(
        "script: random's position not one of the game",
        &["verify", "--game", "/dev/stdin", "--wins", "false", "--seed", "1"],
        "echo 'fn moves(p) { if p.len() == 0 { throw \"empty\"; } [] } fn random(seed, size) { [] }'",
        2,
        "returned [], which is not a position of this game: moves([]) failed",
        10,
    ),
    class(
        "script: positions lists what is not a position",
        &["verify", "--game", "/dev/stdin", "--wins", "false", "--seed", "1"],
        "echo 'fn moves(p) { [] } fn positions(size) { [[size], [-size]] }'",
        2,
        "positions(1) returned a position holding -1",
        10,
    ),
    class(
        "graph: unknown vertex",
        &["solve", "graph", "-", "1", "7"],
        "printf '3 3\\n1 2\\n2 3\\n3 1\\n'",
        2,
        "no vertex named `7`",
        5,
    ),
    class(
        "graph: edge off the graph",
        &["solve", "graph", "-", "1"],
        "printf '3 3\\n1 2\\n2 4\\n3 1\\n'",
        2,
        "between 1 and 3",
        5,
    ),
    class("graph: no tokens", &["solve", "graph", "-"], "printf '1 0\\n'", 2, "name the vertices", 5),
    class(
        "graph: misère without the oracle",
        &["solve", "graph", "-", "1", "--misere"],
        "printf '1 0\\n'",
        2,
        "--oracle",
        5,
    ),
    class(
        "tokens: a token off the graph",
        &["problem", "tokens"],
        "printf '2 1\\n1 2\\n1\\n1 3\\n'",
        2,
        "line 4, token 2: a token's vertex must be between 1 and 2",
        5,
    ),
    class(
        "duel: no such program",
        &["duel", "wythoff", "--against", "./no-such-program"],
        "",
        2,
        "could not be run",
        10,
    ),
];

/// Runs one class under the memory limit; returns (exit code, stdout, stderr, seconds).
fn run(class: &Class) -> (Option<i32>, String, String, f64) {
    let binary = env!("CARGO_BIN_EXE_grundy");
    let quoted: Vec<String> = std::iter::once(binary)
        .chain(class.args.iter().copied())
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
    let mut failures = Vec::new();
    for class in CLASSES {
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
        if !said.contains(class.says) {
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
    assert!(failures.is_empty(), "{} of {} classes failed:\n{}", failures.len(), CLASSES.len(), failures.join("\n"));
}
