//! Property tests: on random positions, the fast side agrees with the oracle on who wins, and on
//! the whole position's value wherever the fast side gives one — for each of the twelve compounds
//! (six compounds × normal/misère) over the five Game Pack operations.
//!
//! Failures shrink to a minimal position and are persisted in `proptest-regressions/`. Case
//! counts are bounded for CI; set `GRUNDY_SOAK=N` to run N times more.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use grundy::catalog::CheckSubject;
use grundy::catalog::pile::Piles;
use grundy::runner::{Subject, Verdict};
use grundy_rules::games::PilePosition;
use grundy_rules::{Compound, Operation, Play, Position, RuleSet};
use proptest::prelude::*;

fn cases() -> u32 {
    let soak: u32 = std::env::var("GRUNDY_SOAK").ok().and_then(|v| v.parse().ok()).unwrap_or(1);
    48 * soak.max(1)
}

type Sessions = Mutex<HashMap<String, Arc<Mutex<CheckSubject<'static, Piles>>>>>;

/// One check (oracle memo and fast tables) per rule set, shared by every case of the run.
fn session(rules: &RuleSet) -> Arc<Mutex<CheckSubject<'static, Piles>>> {
    static SESSIONS: OnceLock<Sessions> = OnceLock::new();
    let sessions = SESSIONS.get_or_init(Default::default);
    let mut sessions = sessions.lock().unwrap_or_else(|e| e.into_inner());
    sessions
        .entry(rules.to_string())
        .or_insert_with(|| {
            let problem: &'static Piles = Box::leak(Box::new(Piles::fixed(rules.to_string(), rules.clone())));
            Arc::new(Mutex::new(CheckSubject::new(problem, &grundy::budget::Budget::default())))
        })
        .clone()
}

fn agrees(operation: u8, compound: Compound, play: Play, plates: Vec<u64>) -> Result<(), TestCaseError> {
    judged(RuleSet::new(Operation::from_pack(operation).unwrap(), compound, play), plates, |_| false)
}

/// Judges `plates` under `rules` in the rule set's shared session: agreement passes, and so does
/// a decline whose reason `may_decline` accepts; anything else fails, saying what happened.
fn judged(rules: RuleSet, plates: Vec<u64>, may_decline: impl Fn(&str) -> bool) -> Result<(), TestCaseError> {
    let position = Position::new(plates).unwrap();
    let shared = session(&rules);
    let mut check = shared.lock().unwrap_or_else(|e| e.into_inner());
    match check.judge(&PilePosition { rules: rules.clone(), position: position.clone() }) {
        Verdict::Agree => Ok(()),
        Verdict::Declined(reason) if may_decline(&reason) => Ok(()),
        Verdict::Declined(reason) => Err(TestCaseError::fail(format!("{rules} on {position}: unsupported: {reason}"))),
        Verdict::Disagree { expected, actual } => {
            Err(TestCaseError::fail(format!("{rules} on {position}: oracle says {expected}, fast says {actual}")))
        }
        other => Err(TestCaseError::fail(format!("{rules} on {position}: {other:?}"))),
    }
}

/// The first random operation of `seed`'s stream that `wanted` accepts.
fn random_operation(seed: u64, wanted: impl Fn(&Operation) -> bool) -> Operation {
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    loop {
        let operation = Piles::random_operation(&mut rng);
        if wanted(&operation) {
            return operation;
        }
    }
}

/// Positions: a few plates, with splitting and set-valued actions kept small for the oracle.
fn plates(operation: u8, compound: Compound) -> BoxedStrategy<Vec<u64>> {
    let one_plate_per_turn = matches!(compound, Compound::Disjunctive | Compound::Diminished);
    match (operation == 4, one_plate_per_turn) {
        (false, true) => prop::collection::vec(0u64..=24, 1..=5).boxed(),
        (false, false) => prop::collection::vec(0u64..=12, 1..=3).boxed(),
        (true, true) => prop::collection::vec(0u64..=10, 1..=3).boxed(),
        (true, false) => prop::collection::vec(0u64..=8, 1..=3).boxed(),
    }
}

fn operation_and_plates(compound: Compound) -> impl Strategy<Value = (u8, Vec<u64>)> {
    (0u8..=4).prop_flat_map(move |operation| (Just(operation), plates(operation, compound)))
}

/// For each compound, a module of two tests (`disjunctive::normal_matches_oracle`, …): the
/// compound in normal and in misère play against the oracle.
macro_rules! compound_matches_oracle {
    ($($module:ident: $compound:expr;)*) => {$(
        mod $module {
            use super::*;

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(cases()))]
                #[test]
                fn normal_matches_oracle((operation, plates) in operation_and_plates($compound)) {
                    agrees(operation, $compound, Play::Normal, plates)?;
                }

                #[test]
                fn misere_matches_oracle((operation, plates) in operation_and_plates($compound)) {
                    agrees(operation, $compound, Play::Misere, plates)?;
                }
            }
        }
    )*};
}

compound_matches_oracle! {
    disjunctive: Compound::Disjunctive;
    diminished: Compound::Diminished;
    selective: Compound::Selective;
    shortened: Compound::Shortened;
    conjunctive: Compound::Conjunctive;
    continued: Compound::Continued;
}

/// Random operations (subtraction sets, `upto`, `mod`, `half`, octal codes) in every compound:
/// wherever the fast side answers, it agrees with the oracle.
fn random_rules_agree(seed: u64, compound: Compound, play: Play, plates: Vec<u64>) -> Result<(), TestCaseError> {
    judged(RuleSet::new(random_operation(seed, |_| true), compound, play), plates, |_| true)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4 * cases()))]
    #[test]
    fn random_rules_in_every_compound_match_oracle(
        seed in any::<u64>(),
        compound in prop::sample::select(Compound::ALL.to_vec()),
        play in prop::sample::select(Play::ALL.to_vec()),
        plates in prop::collection::vec(0u64..=8, 1..=3),
    ) {
        random_rules_agree(seed, compound, play, plates)?;
    }
}

/// The registry's own check, as `grundy check` runs it, on every entry: exhaustive small
/// positions and seeded random ones. The Game Pack entries are answered in full; the random
/// operations only where the fast side has a theorem.
#[test]
fn every_registry_entry_passes_check() {
    let entries = grundy::catalog::entries();
    let names: Vec<String> = entries.iter().map(|entry| entry.name()).collect();
    assert_eq!(names.iter().filter(|name| name.starts_with("pack:")).count(), 60);
    assert_eq!(names.iter().filter(|name| name.starts_with("random/")).count(), 12);
    assert!(["quotient:0.77", "quotient:0.07", "quotient:0.137"].iter().all(|q| names.iter().any(|name| name == q)));
    for contest in grundy::catalog::contests() {
        assert!(
            names.iter().any(|name| *name == contest.name() || name.starts_with(&format!("{}/", contest.name())))
                || contest.name() == "pack",
            "the contest problem {} has a registry entry",
            contest.name()
        );
    }
    let failures: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = entries
            .chunks(entries.len().div_ceil(2))
            .map(|chunk| {
                scope.spawn(move || {
                    chunk
                        .iter()
                        .map(|entry| {
                            // The catalog games are cheap: thousands of random cases each.
                            let name = entry.name();
                            // Quotient entries solve sums of up to 40 tokens of splitting heaps.
                            let cases = if name.starts_with("pack:") || name.starts_with("random/") {
                                30
                            } else if name.starts_with("quotient:") {
                                300
                            } else {
                                2000
                            };
                            entry.check(&grundy::check::Plan::new(20261122, cases), &|_| {})
                        })
                        .filter(|report| {
                            let declined = report.declined > 0 && report.name.starts_with("pack:");
                            !report.status.passed() || declined
                        })
                        .map(|report| format!("{report:?}"))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles.into_iter().flat_map(|handle| handle.join().unwrap()).collect()
    });
    assert!(failures.is_empty(), "{failures:#?}");
}

/// An octal move that takes a whole heap leaves a plate of 0 in every compound, so the per-plate
/// theories of the compounds that end when some plate is inoperable cover every octal code: the
/// fast side declines nothing there, and agrees with the oracle.
fn vanishing_heap_is_answered(
    seed: u64,
    compound: Compound,
    play: Play,
    plates: Vec<u64>,
) -> Result<(), TestCaseError> {
    let operation = random_operation(
        seed,
        |operation| matches!(operation, Operation::Octal(digits) if digits.iter().any(|&d| d & 1 != 0)),
    );
    judged(RuleSet::new(operation, compound, play), plates, |_| false)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]
    #[test]
    fn vanishing_heaps_match_oracle_in_compounds_that_end_on_an_inoperable_plate(
        seed in any::<u64>(),
        compound in prop::sample::select(vec![Compound::Diminished, Compound::Shortened, Compound::Conjunctive]),
        play in prop::sample::select(Play::ALL.to_vec()),
        plates in prop::collection::vec(0u64..=7, 1..=3),
    ) {
        vanishing_heap_is_answered(seed, compound, play, plates)?;
    }
}

/// The example of the changelog: in `octal:0.7` (Kayles-like, one token taken, leaving 0, 1 or 2
/// heaps) under the conjunctive compound, `5 6` changed outcome when a heap taken whole became an
/// empty plate that ends the game. Both sides now agree on it.
#[test]
fn conjunctive_octal_with_vanishing_heaps_matches_oracle() {
    let rules: RuleSet = "octal:0.7/conjunctive".parse().unwrap();
    let shared = session(&rules);
    let mut check = shared.lock().unwrap_or_else(|e| e.into_inner());
    let case = PilePosition { rules: rules.clone(), position: Position::new(vec![5, 6]).unwrap() };
    assert_eq!(check.judge(&case), Verdict::Agree);
}

/// Misère play of octal codes: selective sums are answered by per-heap outcomes, disjunctive
/// sums of heaps that split or are not tame through the misère quotient; the only decline is a
/// heap beyond the quotient that was verified, and every answer agrees with the oracle.
fn misere_splitting_is_answered(seed: u64, compound: Compound, plates: Vec<u64>) -> Result<(), TestCaseError> {
    let operation = random_operation(seed, |operation| matches!(operation, Operation::Octal(_)));
    judged(RuleSet::new(operation, compound, Play::Misere), plates, |reason| {
        compound == Compound::Disjunctive && reason.contains("beyond the misère quotient")
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]
    #[test]
    fn misere_sums_of_octal_heaps_match_oracle(
        seed in any::<u64>(),
        compound in prop::sample::select(vec![Compound::Disjunctive, Compound::Selective]),
        plates in prop::collection::vec(0u64..=7, 1..=3),
    ) {
        misere_splitting_is_answered(seed, compound, plates)?;
    }
}

/// `0.123` never splits, but its heap 8 is not tame (genus 2^1420): sums with it are answered
/// through the misère quotient, and agree with the oracle on every position of 3 heaps ≤ 12.
#[test]
fn untame_octal_sums_are_answered_through_the_quotient() {
    let rules: RuleSet = "octal:0.123/disjunctive/misere".parse().unwrap();
    let shared = session(&rules);
    let mut check = shared.lock().unwrap_or_else(|e| e.into_inner());
    for plates in grundy::catalog::pile::sorted_sequences(3, 0, 12) {
        let case = PilePosition { rules: rules.clone(), position: Position::new(plates).unwrap() };
        assert_eq!(check.judge(&case), Verdict::Agree, "{}", case.position);
    }
}
