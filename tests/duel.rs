//! `grundy duel` against planted contest solutions (#26): the small space first, thresholds
//! shrunk to their minimum, the kind of failure kept, oracle or fast side by the oracle's reach,
//! and `--time` that always reports. The planted programs are `grundy pack` (right) with an awk
//! filter that breaks it on chosen games.

use std::process::{Command, Output};

mod common;

fn grundy(args: &[&str]) -> Output {
    common::run_grundy(args, "", Some("grundy-duel-tests"))
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// `grundy pack`, with each game's answer flipped where the awk condition `bad` holds (the game's
/// plates are fields 3..NF, their count field 2), and `prelude` run first on each game (it may
/// `exit`).
fn planted(bad: &str, prelude: &str) -> String {
    let me = env!("CARGO_BIN_EXE_grundy");
    format!(
        "f=$(mktemp); cat > $f; tail -n +2 $f > $f.games; {me} pack < $f | paste -d' ' - $f.games | \
         awk '{{{prelude} bad = 0; for (i = 3; i <= NF; i++) {{ x = $i; if ({bad}) bad = 1 }} \
         if (bad) print ($1 == \"Black\" ? \"White\" : \"Black\"); else print $1}}'; s=$?; rm -f $f $f.games; exit $s"
    )
}

fn duel(program: &str, extra: &[&str]) -> (Option<i32>, String) {
    duel_of(&["pack", "--rules", "0,0,0,0"], program, extra)
}

/// `grundy duel PROBLEM… --against PROGRAM EXTRA…`: its exit code, and stdout then stderr.
fn duel_of(problem: &[&str], program: &str, extra: &[&str]) -> (Option<i32>, String) {
    let mut args = vec!["duel"];
    args.extend_from_slice(problem);
    args.extend_from_slice(&["--against", program]);
    args.extend_from_slice(extra);
    let output = grundy(&args);
    (output.status.code(), stdout(&output) + &String::from_utf8_lossy(&output.stderr))
}

/// Asserts that a duel ended with exit `code` and its output says each of `says`; returns
/// the output. `context` (a seed, say) leads each message.
#[track_caller]
fn ended((exit, text): (Option<i32>, String), code: i32, says: &[&str], context: &str) -> String {
    assert_eq!(exit, Some(code), "{context}{text}");
    for said in says {
        assert!(text.contains(said), "{context}does not say {said:?}:\n{text}");
    }
    text
}

#[test]
fn a_bug_on_one_small_game_is_caught_by_the_small_space() {
    // Wrong only on the game of one plate of 37: no random input needed.
    // The smaller inputs are the plates 1 to 36: a plate of 0 is no Game Pack input.
    ended(
        duel(&planted("$2 == 1 && x == 37", ""), &["--seed", "1", "--cases", "0"]),
        1,
        &[
            "FAILED: wrong answer after 1 inputs",
            "\n0 0 0 0 1\n1 37\nexpected (oracle):\n",
            "minimal (none of the 36 smaller cases fails)",
        ],
        "",
    );
}

#[test]
fn a_threshold_bug_lands_on_its_minimum_marked_minimal() {
    // Wrong on every game holding a plate above 1000: bisection of the plate (which Game Pack's
    // shape gives, #36), then every smaller plate; on any seed.
    for seed in ["1", "3"] {
        ended(
            duel(&planted("x > 1000", ""), &["--seed", seed, "--cases", "100"]),
            1,
            &["\n0 0 0 0 1\n1 1001\n", "; minimal (none of the 1000 smaller cases fails)"],
            &format!("seed {seed}: "),
        );
    }
}

#[test]
fn a_tokens_threshold_on_the_vertex_count_lands_on_it() {
    // Wrong on every graph of more than 5000 vertices: the vertex count is a number of the
    // case's shape, bisected like any other (one at a time it took 301 runs and stopped at
    // 99703).
    let me = env!("CARGO_BIN_EXE_grundy");
    let program = format!(
        "f=$(mktemp); cat > $f; n=$(head -1 $f | cut -d' ' -f1); {me} problem tokens < $f | \
         awk -v n=$n '{{ if (n > 5000) print ($1 == \"First\" ? \"Second\" : \"First\"); else print $1 }}'; s=$?; rm -f $f; exit $s"
    );
    ended(duel_of(&["tokens"], &program, &["--seed", "1"]), 1, &[":\n5001 0\n1\n1 1\nexpected"], "");
}

#[test]
fn shrinking_keeps_the_kind_of_failure_and_reports_another_apart() {
    // Crashes on plates of 13 and more (met in the small space); answers wrongly when the first
    // game is `1 3` — a wrong answer the shrink meets on the way and must not swap in.
    let program = planted("NR == 1 && x == 3 && $2 == 1", "for (i = 3; i <= NF; i++) if ($i >= 13) exit 3;");
    ended(
        duel(&program, &["--seed", "1", "--cases", "10"]),
        1,
        &["FAILED: runtime error", "\n0 0 0 0 1\n1 13\n", "also met while shrinking"],
        "",
    );
}

#[test]
fn a_given_input_past_the_oracle_is_answered_by_the_fast_side() {
    let me = env!("CARGO_BIN_EXE_grundy");
    let input = std::env::temp_dir().join(format!("grundy-duel-wythoff-{}.txt", std::process::id()));
    std::fs::write(&input, "2000 3000\n1 2\n").unwrap();
    let program = format!("{me} problem wythoff");
    let output = grundy(&["duel", "wythoff", "--against", &program, "--input", input.to_str().unwrap(), "--json"]);
    let document: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(output.status.code(), Some(0), "{document}");
    // One input, answered in part by the oracle (1 2) and in part by the fast side (2000 3000).
    assert_eq!(document["by_both"], 1, "{document}");
    std::fs::remove_file(&input).ok();
}

#[test]
fn a_duel_stopped_by_its_time_limit_says_so() {
    let program = format!("sleep 0.3; {}", planted("0", ""));
    // Nothing failed, but not all that was asked ran: exit 2, with one line saying how far (#40).
    ended(
        duel(&program, &["--seed", "1", "--time", "2"]),
        2,
        &["stopped by --time after", "grundy: error: duel: the time budget (--time 2) ran out after"],
        "",
    );
}

#[test]
fn a_wythoff_solution_with_a_rounded_golden_ratio_is_caught_within_100_inputs() {
    // φ to seven digits, as a `float` holds it: right on every pair uniform draws meet, wrong on
    // P-positions from k in the thousands on.
    let program = "awk '{ a = $1; b = $2; if (a > b) { t = a; a = b; b = t } \
                   print (a == int((b - a) * 1.618034) ? 0 : 1) }'";
    for seed in ["1", "2", "3", "4"] {
        let outcome = duel_of(&["wythoff"], program, &["--seed", seed, "--cases", "100"]);
        ended(outcome, 1, &["FAILED: wrong answer"], &format!("seed {seed}: "));
    }
}

/// `grundy problem wythoff`, with the answer flipped on pairs where the awk condition `bad`
/// holds (`a`, `b` the piles), each run counted as a line of `count`, and `prelude` run first
/// on each pair (it may `exit`).
fn planted_wythoff(bad: &str, prelude: &str, count: &std::path::Path) -> String {
    let me = env!("CARGO_BIN_EXE_grundy");
    format!(
        "echo run >> {count}; f=$(mktemp); cat > $f; {me} problem wythoff < $f | paste -d' ' - $f | \
         awk '{{ a = $2; b = $3; {prelude} if ({bad}) print 1 - $1; else print $1 }}'; s=$?; rm -f $f; exit $s",
        count = count.display()
    )
}

fn runs_counted(name: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("grundy-duel-runs-{name}-{}", std::process::id()));
    std::fs::remove_file(&path).ok();
    path
}

#[test]
fn a_crash_threshold_far_below_the_first_failing_pair_is_bisected_in_few_runs() {
    // Crashes when both piles exceed 100000; found on a large random input, then shrunk to the
    // threshold: whole packs of candidate pairs a run, a grid of values bisected each round.
    let count = runs_counted("crash");
    let program = planted_wythoff("0", "if (a > 100000 && b > 100000) exit 3;", &count);
    let outcome = duel_of(&["wythoff"], &program, &["--seed", "5", "--cases", "300"]);
    let text = ended(outcome, 1, &["FAILED: runtime error", ":\n100001 100001\nexpected"], "");
    let runs = std::fs::read_to_string(&count).unwrap().lines().count();
    // Found within the first 20 inputs; shrinking from piles near 10^9 takes about 70 runs
    // (one number at a time it took over 200).
    assert!(runs < 120, "{runs} runs of the program:\n{text}");
    std::fs::remove_file(&count).ok();
}

#[test]
fn a_bug_on_empty_piles_is_caught_and_shrunk_to_them() {
    // Wythoff's format allows 0: a solution wrong when a pile is empty.
    let count = runs_counted("zero");
    let program = planted_wythoff("a == 0 || b == 0", "", &count);
    let outcome = duel_of(&["wythoff"], &program, &["--seed", "1", "--cases", "0"]);
    ended(outcome, 1, &[":\n0 0\nexpected", "minimal (no smaller case exists)"], "");
    std::fs::remove_file(&count).ok();
}

/// Runs `grundy duel pack --rules 0,0,0,0 --against PROGRAM`, sends it SIGINT after `after`
/// seconds, and returns its exit code and output.
#[cfg(unix)]
fn interrupted(program: &str, after: f64) -> (Option<i32>, String) {
    let child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["duel", "pack", "--rules", "0,0,0,0", "--against", program, "--seed", "1", "--cases", "100000"])
        .env("GRUNDY_FAILURES", std::env::temp_dir().join("grundy-duel-tests"))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("grundy runs");
    std::thread::sleep(std::time::Duration::from_secs_f64(after));
    // SAFETY: a signal to the child just started, which is still ours to wait for.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
    let output = child.wait_with_output().expect("grundy ends");
    (output.status.code(), stdout(&output) + &String::from_utf8_lossy(&output.stderr))
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_duel_that_holds_and_reports_it() {
    ended(interrupted(&planted("0", ""), 3.0), 130, &["stopped by Ctrl-C after", "held: "], "");
}

#[cfg(unix)]
#[test]
fn ctrl_c_while_shrinking_prints_the_failure_as_far_as_it_got() {
    // Wrong on plates above 20 after a second's thought: found in the small space, then each
    // shrinking run takes a second; Ctrl-C comes in the middle.
    ended(
        interrupted(&format!("sleep 1; {}", planted("x > 20", "")), 4.0),
        1,
        &["FAILED: wrong answer", "stopped by Ctrl-C: the input below is shrunk as far as it got", "replay: "],
        "",
    );
}

#[test]
fn a_pack_solution_wrong_only_on_large_second_player_wins_is_caught_within_100_inputs() {
    // Answers Black whenever a plate lies between 1000 and the format's 5·10^5: right on nearly
    // every game of uniform plates (a first-player win), wrong on second-player wins with such a
    // plate, which the aimed games (plates in equal pairs at every scale) hold. (The inputs at the
    // format's limits hold plates of 1 and 5·10^5 only.)
    // The four seeds' duels run at once: each mostly waits for its program's runs.
    let bad = "$1 == \"White\" && x > 1000 && x < 500000";
    let program = planted(bad, "");
    std::thread::scope(|scope| {
        let duels: Vec<_> = ["1", "2", "3", "4"]
            .map(|seed| (seed, scope.spawn(|| duel(&program, &["--seed", seed, "--cases", "100"]))))
            .into_iter()
            .collect();
        for (seed, outcome) in duels {
            ended(outcome.join().expect("a duel"), 1, &["FAILED: wrong answer"], &format!("seed {seed}: "));
        }
    });
}

#[test]
fn a_fibonacci_threshold_is_bisected_to_its_minimum() {
    // Wrong from n = 10^6 + 1 on: the limits input (2^31 − 1) finds it; the packed grid of values
    // between one that held and one that failed lands on the first wrong n, proven minimal by
    // batches of every smaller pile.
    let me = env!("CARGO_BIN_EXE_grundy");
    let count = runs_counted("fibonacci");
    let program = format!(
        "echo run >> {count}; f=$(mktemp); cat > $f; {me} problem fibonacci < $f | paste -d' ' - $f | \
         awk 'NF < 3 {{ next }} $3 > 1000000 {{ print ($1 == \"First\" ? \"Second\" : \"First\") \" \" $2; next }} {{ print $1 \" \" $2 }}'; \
         rm -f $f",
        count = count.display()
    );
    let outcome = duel_of(&["fibonacci"], &program, &["--seed", "1", "--cases", "50"]);
    let text = ended(outcome, 1, &[":\n1000001\n0\nexpected"], "");
    let runs = std::fs::read_to_string(&count).unwrap().lines().count();
    assert!(runs < 80, "{runs} runs of the program:\n{text}");
    std::fs::remove_file(&count).ok();
}

/// Fibonacci numbers listed in a 32-bit `int` array, as a public solution of HDU 2516 does: past
/// F(46) they wrap, and wrapped values below 2^31 are taken for Fibonacci numbers. The large
/// inputs aim at the wrapped values, so the duel catches it and lands on one (#56).
#[test]
fn fibonacci_numbers_wrapped_in_32_bits_are_caught() {
    let program = "awk 'BEGIN { a = 2; b = 3; for (i = 0; i < 55; i++) { f[a] = 1; t = (a + b) % 4294967296; a = b; b = t } } \
                   $1 == 0 { exit } { print (($1 in f) ? \"Second win\" : \"First win\") }'";
    for seed in ["1", "2"] {
        let (code, text) = duel_of(&["fibonacci"], program, &["--seed", seed, "--cases", "100"]);
        assert_eq!(code, Some(1), "seed {seed}: {text}");
        // Fibonacci numbers as 32 bits wrap them, below 2^31 and not Fibonacci numbers themselves.
        let fibonacci: Vec<u64> = std::iter::successors(Some((1u64, 2u64)), |&(a, b)| a.checked_add(b).map(|c| (b, c)))
            .map(|(a, _)| a)
            .collect();
        let wrapped = fibonacci.iter().map(|f| f % (1 << 32)).filter(|w| *w < 1 << 31 && !fibonacci.contains(w));
        let shrunk =
            text.split("failing input found").nth(1).or(text.split("minimal input").nth(1)).unwrap_or_default();
        let pile: u64 = shrunk.lines().nth(1).and_then(|line| line.parse().ok()).unwrap_or_default();
        assert!(wrapped.clone().any(|w| w == pile), "seed {seed}: shrunk to {pile}, not a wrapped one: {text}");
    }
}
