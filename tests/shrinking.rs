//! Shrinking program failures as the best property-testing libraries do (#54): delta debugging
//! over long inputs, values that must move together, one order for failures that do not care
//! for it, and labels that say only what was tried. Each plant is a right program (`grundy
//! problem`, `grundy pack`, or an awk sum) broken on the inputs the test is about.

use std::process::Output;

mod common;

fn grundy(args: &[&str]) -> Output {
    common::run_grundy(args, "", Some("grundy-shrinking-tests"))
}

/// Stdout then stderr of a run that must exit 1 (a failed duel).
#[track_caller]
fn failed(args: &[&str]) -> String {
    let output = grundy(args);
    let text = String::from_utf8_lossy(&output.stdout).into_owned() + &String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{text}");
    text
}

/// A failed duel of your own problem whose gen.sh, brute.sh and sol.sh are in `dir`, from `seed`
/// (with `--time 900`, so that a busy machine does not cut the shrink short of the input asserted).
#[track_caller]
fn own_duel_failed(dir: &std::path::Path, seed: &str) -> String {
    let script = |name: &str| format!("sh {}", dir.join(name).display());
    let (generator, brute, solution) = (script("gen.sh"), script("brute.sh"), script("sol.sh"));
    failed(&[
        "duel",
        "--generator",
        &generator,
        "--brute",
        &brute,
        "--against",
        &solution,
        "--seed",
        seed,
        "--time",
        "900",
    ])
}

/// The shrunk input: the lines after the heading, up to the expected output.
fn shrunk_input(text: &str) -> &str {
    let start = text.find("):\n").map(|at| at + 3).expect("a heading");
    let end = text[start..].find("expected (").map(|at| start + at).expect("an expected output");
    &text[start..end]
}

#[test]
fn a_graph_wrong_on_a_repeated_edge_shrinks_from_a_hundred_thousand_vertices_to_a_few() {
    // Flips every answer of an input whose edge list repeats an edge. Found on the input at the
    // format's maxima (10^5 vertices, 2·10^5 edges); the edges go by delta debugging, the
    // vertices nothing touches all at once.
    let me = env!("CARGO_BIN_EXE_grundy");
    let program = format!(
        "f=$(mktemp); cat > $f; d=$(awk 'NR == 1 {{ m = $2; next }} NR <= m + 1 {{ if (seen[$0]++) {{ print 1; exit }} }}' $f); \
         {me} problem tokens < $f | awk -v d=\"$d\" '{{ if (d == 1) print ($1 == \"First\" ? \"Second\" : \"First\"); else print $1 }}'; \
         s=$?; rm -f $f; exit $s"
    );
    // `--time` gives the shrink room on a busy machine; here it takes about 30 s of its 60 s default.
    let text = failed(&["duel", "tokens", "--against", &program, "--seed", "1", "--time", "900"]);
    assert!(text.contains("found first as:\n100000 200000\n"), "{text}");
    let input = shrunk_input(&text);
    let vertices: u64 = input.split_whitespace().next().unwrap().parse().unwrap();
    assert!(vertices <= 4, "{input}\n{text}");
    let edges: Vec<&str> =
        input.lines().skip(1).take(input.split_whitespace().nth(1).unwrap().parse().unwrap()).collect();
    assert!(edges.iter().enumerate().any(|(i, edge)| edges[..i].contains(edge)), "{input}");
}

#[test]
fn two_equal_plates_above_1000_are_lowered_together() {
    // Game Pack, wrong on a game with two equal plates above 1000: lowering one plate breaks the
    // pair, so only the two lowered together reach 1001 1001.
    let me = env!("CARGO_BIN_EXE_grundy");
    let program = format!(
        "f=$(mktemp); cat > $f; tail -n +2 $f > $f.games; {me} pack < $f | paste -d' ' - $f.games | \
         awk '{{ delete c; bad = 0; for (i = 3; i <= NF; i++) if (++c[$i] > 1 && $i > 1000) bad = 1; \
         if (bad) print ($1 == \"Black\" ? \"White\" : \"Black\"); else print $1 }}'; s=$?; rm -f $f $f.games; exit $s"
    );
    let text = failed(&[
        "duel",
        "pack",
        "--rules",
        "0,0,0,0",
        "--against",
        &program,
        "--seed",
        "1",
        "--cases",
        "100",
        "--time",
        "900",
    ]);
    assert_eq!(shrunk_input(&text), "0 0 0 0 1\n2 1001 1001\n", "{text}");
    assert!(text.contains("1-minimal: none of its 2004 single edits fails"), "{text}");
}

#[test]
fn two_values_on_two_lines_move_together_in_an_own_problem() {
    // The sum of two numbers, one a line; wrong when they are equal and above 1000.
    let dir = common::scripts_in(
        "shrinking-equal",
        &[
            (
                "gen.sh",
                "awk -v s=\"$1\" 'BEGIN { srand(s); a = int(rand() * 1000000); \
                 b = (rand() < 0.5) ? a : int(rand() * 1000000); print a; print b }'\n",
            ),
            ("brute.sh", "awk 'NF != 1 { exit 1 } { s += $1 } END { if (NR != 2) exit 1; print s }'\n"),
            ("sol.sh", "awk '{ v[NR] = $1; s += $1 } END { if (v[1] == v[2] && v[1] > 1000) s += 1; print s }'\n"),
        ],
    );
    let text = own_duel_failed(&dir, "1");
    assert_eq!(shrunk_input(&text), "1001\n1001\n", "{text}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_list_is_normalised_to_one_smallest_input_from_every_seed() {
    // The sum of a list; wrong when one number is at least 200 and another at least 100. The
    // seeds find it in different orders; each lands on `100 200`, labelled 1-minimal.
    let dir = common::scripts_in(
        "shrinking-order",
        &[
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
            (
                "sol.sh",
                "awk 'NR == 2 { s = 0; big = 0; mid = 0; for (i = 1; i <= NF; i++) { s += $i; if ($i >= 200) big++; \
                 if ($i >= 100) mid++ }; if (big >= 1 && mid >= 2) s += 1; print s }'\n",
            ),
        ],
    );
    for seed in ["1", "2", "3", "4"] {
        let text = own_duel_failed(&dir, seed);
        assert_eq!(shrunk_input(&text), "2\n100 200\n", "seed {seed}: {text}");
        assert!(text.contains("; 1-minimal: none of its 307 single edits fails"), "seed {seed}: {text}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
