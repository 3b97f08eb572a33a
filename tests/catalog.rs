//! Checks over every contest problem of the catalog, its types known ([`visit_contests`]): its
//! extreme inputs read back and answered, and its bound on the oracle's positions held.

use grundy::catalog::{Visit, contests, pile, visit_contests};
use grundy::problem::Contest;
use grundy_oracle::Budget;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The oracle's budget in these tests: small, as the cases are.
fn budget() -> Budget {
    Budget { max_states: 1 << 22, max_moves: 1 << 26, ..Budget::with_bytes(1 << 30) }
}

/// Each extreme input written, read back to the same games, and answered.
struct ReadBackAndAnswer {
    inputs: usize,
}

impl Visit for ReadBackAndAnswer {
    fn visit<P: Contest>(&mut self, problem: &P) {
        let name = problem.name();
        let extremes = problem.extremes();
        assert!(!extremes.is_empty(), "{name}: no extreme input");
        for (i, games) in extremes.iter().enumerate() {
            assert!(!games.is_empty(), "{name}: extreme input {i} holds no game");
            let text = problem.write(games).unwrap_or_else(|e| panic!("{name}: extreme input {i} not written: {e}"));
            assert!(text.len() <= 110_000, "{name}: extreme input {i} takes {} bytes", text.len());
            let read = problem.read(&text).unwrap_or_else(|e| panic!("{name}: extreme input {i} refused: {e}"));
            assert!(read == *games, "{name}: extreme input {i} reads back otherwise");
            match problem.fast_all(&read, None) {
                Ok(answers) => assert_eq!(answers.len(), games.len(), "{name}: extreme input {i}"),
                Err(declined) => {
                    // Then each game by the fast side, or else by the oracle.
                    let mut memo = problem.memo(budget());
                    for game in &read {
                        if problem.fast(game).is_err() {
                            problem.oracle(&mut memo, game).unwrap_or_else(|e| {
                                panic!("{name}: extreme input {i}: the fast side declined ({declined}) and {e}")
                            });
                        }
                    }
                }
            }
            self.inputs += 1;
        }
    }
}

#[test]
fn extremes_are_read_back_and_answered() {
    let mut visitor = ReadBackAndAnswer { inputs: 0 };
    visit_contests(&mut visitor);
    assert!(visitor.inputs >= contests().len(), "{} extreme inputs", visitor.inputs);
}

/// The oracle's positions on a fresh memo, against the problem's bound, on the first games of
/// the small space and on games of small random inputs.
struct BoundsHold {
    checked: Vec<(String, usize)>,
}

impl Visit for BoundsHold {
    fn visit<P: Contest>(&mut self, problem: &P) {
        let name = problem.name();
        let mut rng = ChaCha8Rng::seed_from_u64(20_260_101);
        let mut games: Vec<P::Instance> = problem.small_space().cases.into_iter().take(200).collect();
        let mut random = 0;
        while random < 50 {
            let input = problem.random_input(&mut rng, false);
            random += input.len();
            games.extend(input);
        }
        self.checked.push((name, bounds_hold(problem, &games)));
    }
}

/// Checks `problem`'s bound on each of `games` where it gives one and its oracle counts what
/// it stores: how many it checked.
fn bounds_hold<P: Contest>(problem: &P, games: &[P::Instance]) -> usize {
    let name = problem.name();
    let mut checked = 0;
    for game in games {
        let Some(bound) = problem.oracle_positions(game) else { continue };
        let mut memo = problem.memo(budget());
        let solved = problem.oracle(&mut memo, game);
        let Some(stats) = problem.memo_stats(&memo) else { continue };
        assert!(
            stats.positions as u128 <= bound,
            "{name}: the oracle stored {} positions for {game} ({solved:?}), past the bound {bound}",
            stats.positions,
            solved = solved.map(|answer| answer.to_string()),
        );
        checked += 1;
    }
    checked
}

#[test]
fn oracle_positions_bound_the_oracles_memo() {
    let mut visitor = BoundsHold { checked: Vec::new() };
    visit_contests(&mut visitor);
    // Every problem but Gems Fight! (whose oracle keeps no memo) gives a bound, and its
    // oracle counts what it stores.
    let unchecked: Vec<&str> =
        visitor.checked.iter().filter(|(_, checked)| *checked == 0).map(|(name, _)| name.as_str()).collect();
    assert_eq!(unchecked, ["gems"], "{:?}", visitor.checked);
}

/// Game Pack's contest plays no box and no octal game: a fixed rule set's box, splits that
/// keep every token, and octal splits that empty plates, each on a few games.
#[test]
fn pile_bounds_hold_in_a_box_and_where_plates_split() {
    use grundy_rules::games::PilePosition;
    use grundy_rules::{Position, RuleSet};
    let games = |rules: &RuleSet, all: &[&[u64]]| -> Vec<PilePosition> {
        let position = |plates: &[u64]| Position::new(plates.to_vec()).expect("plates");
        all.iter().map(|plates| PilePosition { rules: rules.clone(), position: position(plates) }).collect()
    };
    for (code, plates) in [
        ("pack:1,0,0,0", &[&[3][..], &[16, 16], &[1, 2, 3, 4, 5, 6], &[40]][..]),
        ("pack:4,0,0,1", &[&[1][..], &[2], &[7], &[12], &[3, 5], &[4, 4, 4]]),
        ("octal:0.137/selective", &[&[1][..], &[6], &[11], &[2, 5], &[3, 3, 4]]),
        ("octal:4.07/disjunctive/misere", &[&[0][..], &[5], &[9], &[0, 4, 4]]),
    ] {
        let rules: RuleSet = code.parse().expect("a rule set");
        let problem = pile::Piles::fixed(code, rules.clone());
        assert_eq!(bounds_hold(&problem, &games(&rules, plates)), plates.len(), "{code}");
    }
}

/// Every file of a games folder is named by a `mod` line of its `mod.rs`: a file no line names
/// is never compiled, so a game whose line was forgotten would be left out without a word.
#[test]
fn every_game_file_is_named_by_its_mod_rs() {
    for folder in ["rules/src/games", "oracle/src/games", "fast/src/games", "src/catalog"] {
        let folder = format!("{}/{folder}", env!("CARGO_MANIFEST_DIR"));
        let mod_rs = std::fs::read_to_string(format!("{folder}/mod.rs")).expect("the folder's mod.rs");
        let named: Vec<&str> = mod_rs.lines().filter_map(|line| line.trim().strip_suffix(';')).collect();
        for entry in std::fs::read_dir(&folder).expect("the folder") {
            let path = entry.expect("a file").path();
            let name = path.file_stem().and_then(|stem| stem.to_str()).expect("a file name");
            if path.extension().is_some_and(|extension| extension == "rs") && name != "mod" {
                let line = |visibility: &str| format!("{visibility}mod {name}");
                assert!(
                    named.contains(&line("").as_str()) || named.contains(&line("pub ").as_str()),
                    "{folder}/mod.rs has no `mod {name};`"
                );
            }
        }
    }
}
