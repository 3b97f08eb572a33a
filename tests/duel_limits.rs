//! `grundy duel` at the contest's real limits (#37), against planted solutions written as
//! contestants write them: each is `grundy problem NAME` (right) behind a shell filter that
//! breaks it the way a contest solution breaks at full size. Each is caught with the duel's
//! defaults on seeds 1 to 3 (the inputs at the maxima run before any random input, so the seed
//! changes only what is drawn in them).
//!
//! Plants that need the real maximum and a long shrink are `#[ignore]`d: run them with
//! `cargo test --test duel_limits -- --ignored`.
//!
//! The duels run one at a time, whatever `--test-threads` says: each holds inputs of megabytes
//! and shrinks them, and several at once on two cores stretch a test past its `--time`. (Their
//! verdicts rest on CPU time since #56, which a busy machine does not change.)

use std::process::Output;
use std::sync::Mutex;

mod common;

/// Held while a duel runs (a test that failed holding it does not stop the others).
static ONE_DUEL_AT_A_TIME: Mutex<()> = Mutex::new(());

fn grundy(args: &[&str]) -> Output {
    let _alone = ONE_DUEL_AT_A_TIME.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    common::run_grundy(args, "", Some("grundy-duel-limits-tests"))
}

fn text(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned() + &String::from_utf8_lossy(&output.stderr)
}

/// `grundy problem NAME` run on the input, after `check` has looked at the input in `$f` (it may
/// `exit`, or `kill` the shell as a crash does). The reference's own wall-time budget (`--time`,
/// 20 s by default) is set far off: a debug build on a busy machine may need more at the maxima,
/// and its backstop would end a correct run with exit 2.
fn planted(name: &str, check: &str) -> String {
    let me = env!("CARGO_BIN_EXE_grundy");
    format!("f=$(mktemp); cat > $f; {check}; {me} problem {name} --time 3600 < $f; s=$?; rm -f $f; exit $s")
}

fn duel(name: &str, program: &str, seed: &str) -> (Option<i32>, String) {
    let output = grundy(&["duel", name, "--against", program, "--seed", seed]);
    (output.status.code(), text(&output))
}

/// Asserts that a duel of `program` fails with `verdict` on seeds 1, 2 and 3.
fn caught_on_seeds_1_to_3(name: &str, program: &str, verdict: &str) {
    for seed in ["1", "2", "3"] {
        let (code, text) = duel(name, program, seed);
        assert_eq!(code, Some(1), "seed {seed}: {text}");
        assert!(text.contains(&format!("FAILED: {verdict}")), "seed {seed}: {text}");
    }
}

/// Answers kept in an array of 5000: more tests than that crash (a segmentation fault).
#[test]
#[ignore = "runs 10^6 tests and shrinks them: cargo test --test duel_limits -- --ignored"]
fn a_fixed_array_of_answers_crashes_at_the_most_tests() {
    // grundy's most tests are past the statement's t ≤ 10.
    let program = planted("nullify", "t=$(head -n 1 $f); if [ \"$t\" -gt 5000 ]; then rm -f $f; kill -SEGV $$; fi");
    for seed in ["1", "2", "3"] {
        let output = grundy(&["duel", "nullify", "--against", &program, "--seed", seed, "--beyond-statement"]);
        let text = text(&output);
        assert_eq!(output.status.code(), Some(1), "seed {seed}: {text}");
        assert!(text.contains("FAILED: runtime error"), "seed {seed}: {text}");
    }
}

/// A quadratic sort once N > 50000: a time-limit verdict at N = 10^5.
#[test]
#[ignore = "runs N = 10^5 and shrinks a time-out: cargo test --test duel_limits -- --ignored"]
fn a_quadratic_sort_at_the_top_is_a_time_limit_verdict() {
    let quadratic = "n=$(head -n 1 $f); if [ \"$n\" -gt 50000 ]; then tr ' ' '\\n' < $f | tail -n +2 | \
                     awk '{ a[NR] = $1 } END { for (i = 2; i <= NR; i++) { x = a[i]; j = i - 1; \
                     while (j > 0 && a[j] > x) { a[j + 1] = a[j]; j-- } a[j + 1] = x } }'; fi";
    let program = planted("candy", quadratic);
    caught_on_seeds_1_to_3("candy", &program, "time limit exceeded");
}

/// The cheap half of the fixed array: a crash past 5000 tests is met past the statement (t ≤ 10)
/// with `--beyond-statement`, on one seed, and the report names the input it was found on and
/// says it lies beyond the statement. Without the flag, no input past t ≤ 10 is written: the
/// duel holds (#56).
#[test]
fn more_tests_than_a_fixed_array_holds_are_met_beyond_the_statement() {
    let program = planted("nullify", "t=$(head -n 1 $f); if [ \"$t\" -gt 5000 ]; then rm -f $f; kill -SEGV $$; fi");
    let args = ["duel", "nullify", "--against", &program, "--seed", "1", "--time", "120"];
    let output = grundy(&[&args[..], &["--beyond-statement"]].concat());
    let text = text(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(text.contains("FAILED: runtime error"), "{text}");
    // Found on the input of 10^6 tests (shown by its first lines, here or as found first).
    assert!(text.contains("\n1000000\n1 1\n"), "{text}");
    assert!(text.contains("beyond the statement: line 1: t = "), "{text}");
    let output = grundy(&[&args[..], &["--cases", "0"]].concat());
    assert_eq!(output.status.code(), Some(0), "{}", self::text(&output));
}

/// Misère Game Pack with the count of 1-plates kept in an 8-bit counter: wrong on all-ones games
/// of 256 plates (and 512…), which random games of at most 30 plates never reach. Caught on the
/// all-ones games around the powers of two, and shrunk to the one game of 256 ones.
#[test]
fn an_8_bit_counter_of_ones_is_caught_at_256() {
    let me = env!("CARGO_BIN_EXE_grundy");
    // The game's line beside its answer: fields 2.. are `n x1 … xn`; every plate 1 and n a
    // multiple of 256 wraps the counter to 0 (no ones: the answer flips).
    let program = format!(
        "f=$(mktemp); cat > $f; tail -n +2 $f > $f.games; {me} pack < $f | paste -d' ' - $f.games | \
         awk '{{ all = 1; for (i = 3; i <= NF; i++) if ($i != 1) all = 0; \
         if (all && $2 % 256 == 0) print ($1 == \"Black\" ? \"White\" : \"Black\"); else print $1 }}'; \
         s=$?; rm -f $f $f.games; exit $s"
    );
    for seed in ["1", "2", "3"] {
        let output = grundy(&["duel", "pack", "--rules", "0,0,0,1", "--against", &program, "--seed", seed]);
        let text = text(&output);
        assert_eq!(output.status.code(), Some(1), "seed {seed}: {text}");
        assert!(text.contains("FAILED: wrong answer"), "seed {seed}: {text}");
        // The game's line is shown by its ends and length: 256 plates of 1.
        assert!(text.contains("\n0 0 0 1 1\n256 1 1 1 1 "), "seed {seed}: {text}");
        assert!(text.contains(" 1 1 1 1 (515 bytes)\n"), "seed {seed}: {text}");
    }
}

/// Stripes with the strips assumed sorted (`c ≤ z ≤ n`): the format gives them in any order.
#[test]
fn strips_assumed_sorted_are_caught() {
    let check = "read c z n < $f; if [ \"$c\" -gt \"$z\" ] || [ \"$z\" -gt \"$n\" ]; then rm -f $f; echo 1; exit 0; fi";
    let program = planted("stripes", check);
    caught_on_seeds_1_to_3("stripes", &program, "wrong answer");
}

/// Candy piles assumed sorted largest first (the first pile read as the largest): the format
/// gives them in any order, and grundy writes them in neither order.
#[test]
fn piles_assumed_sorted_largest_first_are_caught() {
    let check = "if ! tail -n +2 $f | tr ' ' '\\n' | awk 'NF && prev != \"\" && $1 + 0 > prev + 0 { up = 1 } NF { prev = $1 } \
                 END { exit up }'; then rm -f $f; echo Unsorted; exit 0; fi";
    let program = planted("candy", check);
    caught_on_seeds_1_to_3("candy", &program, "wrong answer");
}

/// Tokens on a graph whose repeated edges the solution mishandles (here: any repeated edge flips
/// every answer). Caught, and shrunk to at most 4 vertices within 1 GB (grundy's own memory
/// stays within `--max-memory`, the program's address space too). A shrink of an input of
/// 10^5 vertices takes about a minute on an idle machine: `--time` gives it room.
#[test]
#[ignore = "a shrink of many minutes in a debug build (55 s in release): cargo test --test duel_limits -- --ignored"]
fn repeated_edges_are_caught_and_shrunk_small_in_bounded_memory() {
    repeated_edges_on(&["1"]);
}

#[test]
#[ignore = "two more shrinks of a minute each: cargo test --test duel_limits -- --ignored"]
fn repeated_edges_are_caught_on_seeds_2_and_3() {
    repeated_edges_on(&["2", "3"]);
}

fn repeated_edges_on(seeds: &[&str]) {
    let me = env!("CARGO_BIN_EXE_grundy");
    let program = format!(
        "f=$(mktemp); cat > $f; m=$(head -n 1 $f | cut -d' ' -f2); \
         r=$(sed -n \"2,$((m + 1))p\" $f | sort | uniq -d | head -n 1); \
         {me} problem tokens --time 3600 < $f | awk -v r=\"$r\" '{{ if (r != \"\") print ($1 == \"First\" ? \"Second\" : \"First\"); else print $1 }}'; \
         s=$?; rm -f $f; exit $s"
    );
    for seed in seeds {
        let args = ["--max-memory", "1G", "duel", "tokens", "--against", &program, "--seed", seed, "--time", "900"];
        let output = grundy(&[&args[..], &["--json"]].concat());
        let document: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
        assert_eq!(output.status.code(), Some(1), "seed {seed}: {document}");
        let input = document["failure"]["input"].as_str().expect("the minimal input");
        let vertices: u64 = input.split_whitespace().next().and_then(|n| n.parse().ok()).expect("n");
        assert!(vertices <= 4, "seed {seed}: {input}");
    }
}

/// Remove the Prime with a special case gone wrong: every answer is flipped when a number lies
/// in [10^17, 5·10^17). Random inputs hold up to 1000 numbers, many of them such (the inputs at
/// the ends of the range, 1 and 10^18, hold none); the shrink tries each number alone (a
/// one-number format tries single numbers), bisects it, and lands on the one number 10^17.
#[test]
fn one_bad_number_among_many_is_tried_alone() {
    let flip = "sed 's/First/X/; s/Second/First/; s/X/Second/'";
    let bad = "tail -n +2 $f | tr ' ' '\\n' | awk 'length($1) == 18 && substr($1, 1, 1) < 5 { found = 1 } \
               END { exit !found }'";
    let me = env!("CARGO_BIN_EXE_grundy");
    let program = format!(
        "f=$(mktemp); cat > $f; if {bad}; then {me} problem prime --time 3600 < $f | {flip}; else {me} problem prime --time 3600 < $f; fi; \
         s=$?; rm -f $f; exit $s"
    );
    for seed in ["1", "2", "3"] {
        let save = std::env::temp_dir().join(format!("grundy-duel-prime-{}-{seed}.txt", std::process::id()));
        let save = save.to_str().expect("a path");
        // Bounds for a busy machine: the default `--time` cut this shrink short beside other work
        // (CI's own build and a mutants run), and a run of the debug build may pass 2 s there.
        let args = ["duel", "prime", "--against", &program, "--seed", seed, "--save", save, "--time", "900"];
        let output = grundy(&[&args[..], &["--timeout", "30"]].concat());
        let text = text(&output);
        assert_eq!(output.status.code(), Some(1), "seed {seed}: {text}");
        assert!(text.contains("FAILED: wrong answer"), "seed {seed}: {text}");
        assert!(!text.contains("cut short") && !text.contains("shrinking stopped"), "seed {seed}: {text}");
        let saved = std::fs::read_to_string(save).expect("the saved input");
        let _ = std::fs::remove_file(save);
        assert_eq!(saved.split_whitespace().collect::<Vec<_>>(), ["1", "100000000000000000"], "seed {seed}: {text}");
        let found = text.split("found first as:\n").nth(1).unwrap_or_default();
        assert!(!found.starts_with("1\n"), "seed {seed}: found first on many numbers, not one: {text}");
    }
}
