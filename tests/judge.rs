//! `grundy duel` judges as the contest's judge does (#56): the statement's limits, CPU time of the
//! whole process tree, memory in use, confirmed verdicts, `--keep-going`, and a `--time` that
//! holds. The plants are `grundy problem NAME` (right) behind shell or Python that makes them
//! slow, hungry, flaky or wrong on purpose.
//!
//! The duels here run at once, as many as the test harness runs, some beside two CPU hogs: the
//! verdicts rest on CPU time, which a busy machine does not change (before #56 these duels had
//! to run one at a time).

use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

mod common;

fn grundy(args: &[&str]) -> (Option<i32>, String) {
    let (code, text, _) = timed(args);
    (code, text)
}

/// [`grundy`], and how long the duel took.
fn timed(args: &[&str]) -> (Option<i32>, String, Duration) {
    let started = Instant::now();
    let output: Output = common::run_grundy(args, "", Some("grundy-judge-tests"));
    let text = String::from_utf8_lossy(&output.stdout).into_owned() + &*String::from_utf8_lossy(&output.stderr);
    (output.status.code(), text, started.elapsed())
}

/// `grundy problem NAME` on the input, after `before` has looked at the input in `$f`.
fn planted(name: &str, before: &str) -> String {
    let me = env!("CARGO_BIN_EXE_grundy");
    format!("f=$(mktemp); cat > $f; {before}; {me} problem {name} --time 3600 < $f; s=$?; rm -f $f; exit $s")
}

/// Python that spends `seconds` of CPU time, then exits.
fn burn(seconds: f64) -> String {
    format!("python3 -c 'import time\nt = time.process_time()\nwhile time.process_time() - t < {seconds}: pass'")
}

/// Two processes that keep both cores busy while they live.
struct Hogs(Vec<Child>);

impl Hogs {
    fn start() -> Hogs {
        Hogs(
            (0..2)
                .map(|_| {
                    Command::new("sh")
                        .args(["-c", "exec yes > /dev/null"])
                        .stdout(Stdio::null())
                        .spawn()
                        .expect("a hog starts")
                })
                .collect(),
        )
    }
}

impl Drop for Hogs {
    fn drop(&mut self) {
        for hog in &mut self.0 {
            let _ = hog.kill();
            let _ = hog.wait();
        }
    }
}

#[track_caller]
fn ended((code, text): &(Option<i32>, String), expected: i32, says: &[&str]) {
    assert_eq!(*code, Some(expected), "{text}");
    for said in says {
        assert!(text.contains(said), "does not say {said:?}:\n{text}");
    }
}

/// A file that a plant creates on its first run (a flaky program's memory between runs).
fn marker(name: &str) -> String {
    let path = std::env::temp_dir().join(format!("grundy-judge-{name}-{}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path.display().to_string()
}

/// Wythoff (POJ 1067, 1 s): a correct solution that spends 0.6 s of CPU on every input holds
/// beside two CPU hogs, where its wall time passes the limit.
#[test]
fn a_correct_solution_at_60_percent_of_its_cpu_limit_holds_beside_two_hogs() {
    let _hogs = Hogs::start();
    let program = planted("wythoff", &burn(0.6));
    ended(&grundy(&["duel", "wythoff", "--against", &program, "--seed", "1", "--cases", "8"]), 0, &["held: "]);
}

/// Gems Fight! (HDU 4778, 10 s): a correct solution that takes 4 s of CPU on the input of ten
/// cases at the maxima is within the statement's limit (the duel's old 2 s failed it).
#[test]
fn a_slow_solution_within_the_statements_limit_holds() {
    let program = planted("gems", &format!("if [ $(wc -l < $f) -gt 200 ]; then {}; fi", burn(4.0)));
    ended(&grundy(&["duel", "gems", "--against", &program, "--seed", "1", "--cases", "5"]), 0, &["held: "]);
}

/// Down We Dig (5 s, 512 MiB): a correct solution that fills a 300 MB table on every run holds
/// beside two CPU hogs, for as many runs as 15 s allow (dig's small space alone is 120 inputs):
/// `--time` ends the duel with nothing failed (exit 2: not all that was asked ran).
#[test]
fn a_correct_solution_clearing_a_large_table_every_run_holds_beside_two_hogs() {
    let _hogs = Hogs::start();
    let table = "python3 -c 'x = bytearray(b\"\\x01\") * (300 << 20)'";
    let program = planted("dig", table);
    let outcome = grundy(&["duel", "dig", "--against", &program, "--seed", "1", "--time", "15"]);
    ended(&outcome, 2, &["held: ", "stopped by --time"]);
    assert!(!outcome.1.contains("FAILED") && !outcome.1.contains("flaky"), "{}", outcome.1);
}

/// A naive, exponential search of Wythoff's game: right, and a time limit past the smallest
/// piles, confirmed by a second run.
#[test]
fn an_exponential_solution_is_a_confirmed_time_limit() {
    let search = "python3 -c 'import sys\n\
                  def win(a, b):\n\
                  \x20   moves = [(a - k, b) for k in range(1, a + 1)] + [(a, b - k) for k in range(1, b + 1)]\n\
                  \x20   moves += [(a - k, b - k) for k in range(1, min(a, b) + 1)]\n\
                  \x20   return any(not win(*m) for m in moves)\n\
                  for line in sys.stdin:\n\
                  \x20   a, b = map(int, line.split())\n\
                  \x20   print(1 if win(a, b) else 0)\n'";
    let outcome = grundy(&["duel", "wythoff", "--against", search, "--seed", "1", "--cases", "20", "--time", "12"]);
    ended(
        &outcome,
        1,
        &["FAILED: time limit exceeded", "(confirmed: it failed so again when run again)", "of CPU time"],
    );
    assert!(!outcome.1.contains("wrong answer"), "{}", outcome.1);
}

/// Candy Piles (256 MiB): a solution that fills 400 MB for a large input is a memory limit.
#[test]
fn a_solution_past_the_memory_limit_is_a_memory_limit() {
    let hungry = "if [ $(head -n 1 $f) -gt 50000 ]; then python3 -c 'x = bytearray(b\"\\x01\") * (400 << 20)'; fi";
    let program = planted("candy", hungry);
    let outcome = grundy(&["duel", "candy", "--against", &program, "--seed", "1", "--cases", "5", "--time", "15"]);
    ended(&outcome, 1, &["FAILED: memory limit exceeded", "the limit is 256.0 MiB"]);
}

/// A time limit on the first run only (a machine that was busy once): reported apart as flaky,
/// not a failure; never titled "wrong answer".
#[test]
fn a_time_limit_that_does_not_repeat_is_flaky_not_a_failure() {
    let mark = marker("slow-once");
    let once = format!("if [ ! -e {mark} ]; then touch {mark}; {}; fi", burn(1.5));
    let outcome = grundy(&["duel", "wythoff", "--against", &planted("wythoff", &once), "--seed", "1", "--cases", "5"]);
    ended(&outcome, 0, &["held: ", "flaky, not counted as a failure", "time limit exceeded", "then accepted"]);
    assert!(!outcome.1.contains("FAILED") && !outcome.1.contains("wrong answer"), "{}", outcome.1);
    let _ = std::fs::remove_file(&mark);
}

/// A wrong answer on the first run only: the program printed a wrong answer, whatever the
/// machine: flaky, and the duel fails.
#[test]
fn a_wrong_answer_that_does_not_repeat_fails_as_flaky() {
    let mark = marker("wrong-once");
    let me = env!("CARGO_BIN_EXE_grundy");
    let once = format!(
        "if [ ! -e {mark} ]; then touch {mark}; {me} problem wythoff | tr 01 10; else {me} problem wythoff; fi"
    );
    let outcome = grundy(&["duel", "wythoff", "--against", &once, "--seed", "1", "--cases", "5"]);
    ended(&outcome, 1, &["FLAKY, and a failure of the duel", "wrong answer", "then accepted"]);
    let _ = std::fs::remove_file(&mark);
}

/// `grundy problem wythoff`, with each answer flipped where the awk condition `bad` holds (`a`,
/// `b` the piles), after `prelude` (which may `exit`).
fn planted_wythoff(bad: &str, prelude: &str) -> String {
    let me = env!("CARGO_BIN_EXE_grundy");
    format!(
        "f=$(mktemp); cat > $f; {me} problem wythoff < $f | paste -d' ' - $f | \
         awk '{{ a = $2; b = $3; {prelude} if ({bad}) print 1 - $1; else print $1 }}'; s=$?; rm -f $f; exit $s"
    )
}

/// Wrong on `0 0` (which a judge's data may lack) and a crash when both piles pass 10^5: with
/// `--keep-going`, both are found (in the small space and at the maxima), shrunk and saved.
#[test]
fn two_bugs_of_two_kinds_are_both_reported_with_keep_going() {
    let program = planted_wythoff("a == 0 && b == 0", "if (a > 100000 && b > 100000) exit 3;");
    let args = ["duel", "wythoff", "--against", &program, "--seed", "1", "--cases", "0", "--keep-going"];
    let outcome = grundy(&args);
    ended(
        &outcome,
        1,
        &[
            "FAILED: wrong answer",
            "and 1 more distinct failure",
            ":\n0 0\n",
            "FAILED (2 of 2): runtime error",
            ":\n100001 100001\n",
        ],
    );
    assert_eq!(outcome.1.matches("replay: ").count(), 2, "{}", outcome.1);
    // Without it, the first failure ends the duel.
    let outcome = grundy(&args[..args.len() - 1]);
    ended(&outcome, 1, &["FAILED: wrong answer"]);
    assert!(!outcome.1.contains("2 of 2"), "{}", outcome.1);
}

/// Two wrong answers: on `0 0` (a second-player win called a first's), and when one pile is
/// empty and the other past 1000 (the other way round). The second is not shrunk into the first
/// one's input, which is smaller: a shrink keeps what was expected and found.
#[test]
fn two_wrong_answers_are_shrunk_apart_with_keep_going() {
    let program = planted_wythoff("(a == 0 && b == 0) || (b == 0 && a > 1000)", "");
    let args = ["duel", "wythoff", "--against", &program, "--seed", "1", "--cases", "0", "--keep-going"];
    ended(&grundy(&args), 1, &[":\n0 0\n", "FAILED (2 of 2): wrong answer", ":\n1001 0\n"]);
}

/// `--time` holds whatever the program does: a slow wrong program's duel (its failure shrunk
/// with runs of a second each) ends within 2 s of it.
#[test]
fn time_holds_through_shrinking_and_runs_again() {
    let me = env!("CARGO_BIN_EXE_grundy");
    let slow_wrong = format!("sleep 0.7; {me} problem wythoff | tr 01 10");
    let (code, text, took) = timed(&["duel", "wythoff", "--against", &slow_wrong, "--seed", "1", "--time", "4"]);
    ended(&(code, text.clone()), 1, &["FAILED: wrong answer"]);
    assert!(took < Duration::from_secs(6), "{took:?}: {text}");
    // A program that never ends: --time, not the program, ends the duel.
    let (_, text, took) = timed(&["duel", "wythoff", "--against", "sleep 100", "--seed", "1", "--time", "3"]);
    assert!(took < Duration::from_secs(5), "{took:?}: {text}");
}

/// Every problem's duel writes only inputs its statement allows: a correct solution behind a
/// second, independent check of the statement (`tests/data/statements.py`, which exits 3 past
/// it) holds. Its time and memory limits are lifted: Python reading 10^6 numbers is not what is
/// judged here. The problems whose statements bound their tests (and whose duels once wrote
/// past them) run by default; every problem with `--ignored` (400 s).
#[test]
fn duels_of_problems_that_bound_their_tests_stay_within_their_statements() {
    within_statements(&["nullify", "coloring", "lock", "gems", "fibonacci", "cutting"]);
}

#[test]
#[ignore = "every problem's duel behind a Python check (400 s): cargo test --test judge -- --ignored"]
fn every_problems_duel_stays_within_its_statement() {
    let names: Vec<String> = grundy::catalog::contests().iter().map(|problem| problem.name()).collect();
    within_statements(&names.iter().map(String::as_str).collect::<Vec<_>>());
}

fn within_statements(names: &[&str]) {
    let check = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/statements.py");
    for &name in names {
        let program = planted(name, &format!("python3 {check} {name} < $f || exit 3"));
        let args = ["duel", name, "--against", &program, "--seed", "1", "--cases", "20"];
        let outcome = grundy(&[&args[..], &["--timeout", "60", "--memory-limit", "4G"]].concat());
        assert_eq!(outcome.0, Some(0), "{name}: {}", outcome.1);
    }
}
