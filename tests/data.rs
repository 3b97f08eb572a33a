//! Known results as data (`tests/data/`): every record through the fast side, through the oracle
//! where the case is small enough, and through the `grundy` binary.

use grundy_oracle::{Budget, Engine, PileGame};
use grundy_rules::{Compound, Operation, Play, RuleSet, Value, ValueKind};
use serde::Deserialize;

mod common;

#[derive(Debug, Deserialize)]
struct Samples {
    sample: Vec<Sample>,
}

#[derive(Debug, Deserialize)]
struct Sample {
    problem: String,
    input: String,
    output: String,
    source: String,
    /// `false` when the oracle cannot play the sample within its budget.
    oracle: Option<bool>,
}

#[derive(Debug, Deserialize)]
struct Sequences {
    sequence: Vec<Sequence>,
}

#[derive(Debug, Deserialize)]
struct Sequence {
    game: String,
    play: String,
    values: Vec<u32>,
    oracle_upto: Option<usize>,
    source: String,
}

#[derive(Debug, Deserialize)]
struct Periods {
    period: Vec<Period>,
}

#[derive(Debug, Deserialize)]
struct Period {
    game: String,
    preperiod: usize,
    period: usize,
    source: String,
}

#[derive(Debug, Deserialize)]
struct Quotients {
    quotient: Vec<QuotientRecord>,
}

#[derive(Debug, Deserialize)]
struct QuotientRecord {
    game: String,
    upto: u64,
    order: u64,
    p_portion: u64,
    proven_start: Option<u64>,
    proven_period: Option<u64>,
    #[allow(dead_code)]
    published: bool,
    source: String,
}

/// A record's game, and how failures name the record: the game and its source.
fn game_of(game: &str, source: &str) -> (String, Operation) {
    (format!("{game} ({source})"), game.parse().unwrap_or_else(|e| panic!("{game}: {e}")))
}

/// The oracle's value of each single heap `[x]` is `values[x]`.
fn oracle_plays_single_heaps(operation: Operation, play: Play, values: &[u32], what: &str) {
    let rules = RuleSet::new(operation, Compound::Disjunctive, play);
    let mut oracle = Engine::new(PileGame::new(rules), ValueKind::Grundy, Budget::default());
    for (x, &expected) in values.iter().enumerate() {
        let value = oracle.solve(&vec![x as u64]).unwrap().value;
        assert_eq!(value, Some(Value::Grundy(expected.into())), "{what}: oracle at heap {x}");
    }
}

fn read<T: serde::de::DeserializeOwned>(file: &str) -> T {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Runs the binary with `stdin`; its standard output, or a panic naming what failed.
fn grundy(args: &[&str], stdin: &str) -> String {
    let output = common::run_grundy(args, stdin, None);
    assert!(output.status.success(), "grundy {args:?}: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn every_sample_is_answered_alike_by_fast_oracle_and_binary() {
    let samples: Samples = read("samples.toml");
    for sample in &samples.sample {
        let what = format!("{} sample ({})", sample.problem, sample.source);
        let problem =
            grundy::catalog::find_contest(&sample.problem).unwrap_or_else(|| panic!("{what}: no such problem"));
        assert_eq!(
            problem.solve_text(sample.input.as_bytes(), &grundy::budget::Budget::default()).unwrap(),
            sample.output,
            "{what}: fast side"
        );
        // "Small enough for the oracle": within a few million positions and moves.
        let budget = Budget { max_states: 2_000_000, max_moves: 20_000_000, ..Budget::default() };
        match sample.oracle {
            Some(false) => {
                let refused = problem.oracle_text(&sample.input, budget).is_err();
                assert!(refused, "{what}: the oracle can play it after all");
            }
            _ => {
                let oracle =
                    problem.oracle_text(&sample.input, budget).unwrap_or_else(|e| panic!("{what}: oracle: {e}"));
                assert_eq!(oracle, sample.output, "{what}: oracle");
            }
        }
        assert_eq!(grundy(&["problem", &sample.problem], &sample.input), sample.output, "{what}: grundy problem");
    }
    for problem in grundy::catalog::contests() {
        assert!(
            samples.sample.iter().any(|sample| sample.problem == problem.name()),
            "the problem {} has a sample in tests/data/samples.toml",
            problem.name()
        );
    }
}

#[test]
fn published_sequences_are_the_tables_the_oracle_and_the_binary_give() {
    let sequences: Sequences = read("sequences.toml");
    for sequence in &sequences.sequence {
        let (what, operation) = game_of(&sequence.game, &sequence.source);
        let play: Play = sequence.play.parse().unwrap();
        let n = sequence.values.len() as u64 - 1;
        let table = grundy_fast::heap_table(&operation, play, n).unwrap();
        let fast: Vec<u32> = (0..=n).map(|x| table.value(x).unwrap()).collect();
        assert_eq!(fast, sequence.values, "{what}: fast side");
        match grundy_definition::Definition::new(&operation, play) {
            Ok(mut definition) => {
                definition.extend_to(n, None).unwrap();
                assert_eq!(definition.values(), sequence.values, "{what}: by definition");
            }
            // Misère play of a game that splits heaps has no definition level.
            Err(_) => assert!(play == Play::Misere && operation.splits(), "{what}: no definition level"),
        }
        let upto = sequence.oracle_upto.unwrap_or(sequence.values.len() - 1);
        oracle_plays_single_heaps(operation, play, &sequence.values[..=upto], &what);
        let mut args = vec!["table", &sequence.game, "--json"];
        let upto = n.to_string();
        args.extend(["--upto", &upto]);
        if play == Play::Misere {
            args.push("--misere");
        }
        let document: serde_json::Value = serde_json::from_str(&grundy(&args, "")).unwrap();
        let printed: Vec<u32> =
            document["values"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap() as u32).collect();
        assert_eq!(printed, sequence.values, "{what}: grundy table");
    }
}

#[test]
fn published_periods_are_proven_by_the_tables_and_the_binary() {
    let periods: Periods = read("periods.toml");
    for record in &periods.period {
        let (what, operation) = game_of(&record.game, &record.source);
        let table = grundy_fast::heap_table(&operation, Play::Normal, 1_000_000_000).unwrap();
        assert!(table.proven, "{what}: fast side proves a period");
        let found = table.period.unwrap();
        assert_eq!((found.preperiod, found.period), (record.preperiod, record.period), "{what}: fast side");
        // The oracle plays the first heaps on whole positions: the values the period rests on.
        let upto = if record.game.starts_with("octal") { 24 } else { 200 };
        let values: Vec<u32> = (0..=upto).map(|x| table.value(x).unwrap()).collect();
        oracle_plays_single_heaps(operation, Play::Normal, &values, &what);
        // The definition level reaches further: the table the period is read from, over three
        // periods past the pre-period (a few thousand heaps at most, for a quick test).
        let rules_operation: Operation = record.game.parse().unwrap();
        let mut definition = grundy_definition::Definition::new(&rules_operation, Play::Normal).unwrap();
        let upto = (record.preperiod + 3 * record.period).min(3000) as u64;
        definition.extend_to(upto, None).unwrap();
        for x in 0..=upto {
            assert_eq!(definition.value(x), table.value(x), "{what}: by definition at heap {x}");
        }
        let document: serde_json::Value =
            serde_json::from_str(&grundy(&["table", &record.game, "--period", "--json", "--time", "3600"], ""))
                .unwrap();
        assert_eq!(document["proven"], true, "{what}: grundy table --period");
        assert_eq!(document["preperiod"], record.preperiod, "{what}: grundy table --period");
        assert_eq!(document["period"], record.period, "{what}: grundy table --period");
    }
}

#[test]
fn quotient_orders_are_those_of_the_records() {
    let quotients: Quotients = read("quotients.toml");
    for record in &quotients.quotient {
        let what = format!("{} ({})", record.game, record.source);
        let upto = record.upto.to_string();
        let document: serde_json::Value =
            serde_json::from_str(&grundy(&["quotient", &record.game, "--upto", &upto, "--json"], "")).unwrap();
        assert_eq!(document["verified_to"], record.upto, "{what}: {document}");
        assert_eq!(document["order"], record.order, "{what}");
        assert_eq!(document["p_portion"].as_array().unwrap().len() as u64, record.p_portion, "{what}");
        if let (Some(start), Some(period)) = (record.proven_start, record.proven_period) {
            assert_eq!(document["proven_period"]["start"], start, "{what}");
            assert_eq!(document["proven_period"]["period"], period, "{what}");
        }
    }
}

#[derive(Debug, Deserialize)]
struct Games {
    game: Vec<ScriptedGame>,
}

#[derive(Debug, Deserialize)]
struct ScriptedGame {
    script: String,
    source: String,
    /// The table of [0], [1], … as `grundy table --game` writes it.
    values: Option<Vec<String>>,
    /// Or: the published sequence (in sequences.toml) the table is, up to `upto`.
    sequence: Option<String>,
    upto: Option<usize>,
    oracle_upto: u64,
    sizes: Option<u64>,
    /// With `sequence`: the misère table up to this is the sequence's misère record.
    misere_upto: Option<usize>,
}

/// Who wins a position of this loopy value (`3`, `∞`, `∞(0,2)`).
fn outcome_of(value: &str) -> grundy_rules::LoopyOutcome {
    use grundy_rules::LoopyOutcome::{Draw, First, Second};
    match value.strip_prefix('∞') {
        None if value == "0" => Second,
        None => First,
        Some(finite) => match finite.trim_matches(['(', ')']).split(',').any(|a| a == "0") {
            true => First,
            false => Draw,
        },
    }
}

#[test]
fn scripted_games_have_their_known_values_by_fast_oracle_and_binary() {
    use grundy::script::{Script, ScriptGame};
    let games: Games = read("games.toml");
    let sequences: Sequences = read("sequences.toml");
    let budget = Budget { max_states: 2_000_000, max_moves: 20_000_000, ..Budget::default() };
    for game in &games.game {
        let what = format!("{} ({})", game.script, game.source);
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/games").join(&game.script);
        let values: Vec<String> = match (&game.values, &game.sequence) {
            (Some(values), None) => values.clone(),
            (None, Some(name)) => {
                let sequence = sequences.sequence.iter().find(|s| &s.game == name && s.play == "normal");
                let sequence = sequence.unwrap_or_else(|| panic!("{what}: no sequence {name}"));
                sequence.values.iter().take(game.upto.unwrap_or(usize::MAX)).map(u32::to_string).collect()
            }
            _ => panic!("{what}: give values or a sequence"),
        };
        let upto = (values.len() - 1).to_string();
        let table = grundy(&["table", "--game", path.to_str().unwrap(), "--upto", &upto, "--json"], "");
        let table: serde_json::Value = serde_json::from_str(&table).unwrap();
        let got: Vec<String> = table["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_string))
            .collect();
        assert_eq!(got, values, "{what}: grundy table --game");
        if let (Some(name), Some(upto)) = (&game.sequence, game.misere_upto) {
            let sequence = sequences.sequence.iter().find(|s| &s.game == name && s.play == "misere");
            let sequence = sequence.unwrap_or_else(|| panic!("{what}: no misère sequence {name}"));
            let args = ["table", "--game", path.to_str().unwrap(), "--misere", "--upto", &upto.to_string(), "--json"];
            let table: serde_json::Value = serde_json::from_str(&grundy(&args, "")).unwrap();
            let got: Vec<u64> = table["values"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
            let published: Vec<u64> = sequence.values.iter().take(upto + 1).map(|&v| u64::from(v)).collect();
            assert_eq!(got, published, "{what}: grundy table --game --misere");
        }
        let script = Script::load(&path).unwrap();
        let mut tree = Engine::new(ScriptGame::new(&script, Play::Normal), ValueKind::Grundy, budget);
        for x in 0..=game.oracle_upto {
            let expected = &values[x as usize];
            match tree.solve(&vec![x]) {
                Ok(solution) => {
                    assert_eq!(solution.value, Some(Value::Grundy(expected.parse().unwrap())), "{what}: [{x}]")
                }
                Err(grundy_oracle::OracleError::Loopy { .. }) => {
                    let game = ScriptGame::new(&script, Play::Normal);
                    let outcome = grundy_oracle::explore::outcome(&game, &vec![x], budget).unwrap();
                    assert_eq!(outcome, outcome_of(expected), "{what}: [{x}] by retrograde analysis");
                    tree = Engine::new(ScriptGame::new(&script, Play::Normal), ValueKind::Grundy, budget);
                }
                Err(error) => panic!("{what}: [{x}]: {error}"),
            }
        }
        for size in game.sizes.into_iter().flat_map(|sizes| 0..=sizes) {
            for position in script.positions(size).unwrap() {
                let solve = |oracle| grundy::script::solve::solve(&script, Play::Normal, &position, oracle, budget);
                let (fast, oracle) = (solve(false).unwrap(), solve(true).unwrap());
                assert!(fast.solver.starts_with("fast"), "{what}: {position:?}: {}", fast.solver);
                assert_eq!(fast.outcome, oracle.outcome, "{what}: {position:?}");
            }
        }
    }
}
