//! The algebraic laws the fast side relies on, checked with the oracle alone: the value of a
//! whole position is the compound's combination of the values of its parts. If one of these
//! failed, no per-plate table could be right.

use std::cell::RefCell;
use std::collections::HashMap;

use grundy_oracle::{Budget, Engine, PileGame};
use grundy_rules::{Compound, Foreclosed, Operation, Outcome, Play, RuleSet, Solution, Value};
use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};

/// A small position: 1 or 2 plates of at most 9 tokens, and which of the five operations.
#[derive(Debug, Clone)]
struct Part(Vec<u64>);

impl Arbitrary for Part {
    fn arbitrary(g: &mut Gen) -> Part {
        let count = 1 + usize::arbitrary(g) % 2;
        Part((0..count).map(|_| u64::arbitrary(g) % 10).collect())
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Part>> {
        Box::new(self.0.shrink().filter(|plates| !plates.is_empty()).map(Part))
    }
}

thread_local! {
    static ORACLES: RefCell<HashMap<String, Engine<PileGame>>> = RefCell::new(HashMap::new());
}

fn oracle(rules: &RuleSet, plates: &[u64]) -> Solution {
    let mut sorted = plates.to_vec();
    sorted.sort_unstable();
    ORACLES.with(|oracles| {
        let mut oracles = oracles.borrow_mut();
        let engine = oracles
            .entry(rules.to_string())
            .or_insert_with(|| Engine::new(PileGame::new(rules.clone()), rules.value_kind(), Budget::default()));
        engine.solve(&sorted).expect("small positions are within budget")
    })
}

type Law = fn(Solution, Solution, Solution) -> bool;

thread_local! {
    /// The compound, play and law under test (quickcheck takes plain functions, not closures).
    static LAW: RefCell<Option<(Compound, Play, Law)>> = const { RefCell::new(None) };
}

fn property(operation: u8, left: Part, right: Part) -> TestResult {
    let (compound, play, law) = LAW.with(|law| law.borrow().expect("a law is set"));
    let operation = Operation::from_pack(operation % 5).unwrap();
    // Splitting under set-valued actions branches fast: keep those parts tiny.
    if operation.splits() && left.0.iter().chain(&right.0).sum::<u64>() > 14 {
        return TestResult::discard();
    }
    let rules = RuleSet::new(operation, compound, play);
    let whole: Vec<u64> = left.0.iter().chain(&right.0).copied().collect();
    TestResult::from_bool(law(oracle(&rules, &whole), oracle(&rules, &left.0), oracle(&rules, &right.0)))
}

/// Checks `law(whole, left, right)` for every operation on random pairs of parts.
fn holds(compound: Compound, play: Play, law: Law) {
    LAW.with(|current| *current.borrow_mut() = Some((compound, play, law)));
    QuickCheck::new().tests(150).quickcheck(property as fn(u8, Part, Part) -> TestResult);
}

fn number(solution: Solution) -> u64 {
    match solution.value {
        Some(Value::Grundy(n) | Value::Remoteness(n) | Value::Suspense(n)) => n,
        other => panic!("expected a number, got {other:?}"),
    }
}

fn first(solution: Solution) -> bool {
    solution.outcome == Outcome::First
}

#[test]
fn grundy_values_add_by_xor() {
    holds(Compound::Disjunctive, Play::Normal, |whole, a, b| number(whole) == number(a) ^ number(b));
}

#[test]
fn remoteness_of_a_conjunctive_compound_is_the_minimum() {
    for play in Play::ALL {
        holds(Compound::Conjunctive, play, |whole, a, b| number(whole) == number(a).min(number(b)));
    }
}

#[test]
fn suspense_of_a_continued_conjunctive_compound_is_the_maximum() {
    for play in Play::ALL {
        holds(Compound::Continued, play, |whole, a, b| number(whole) == number(a).max(number(b)));
    }
}

#[test]
fn foreclosed_values_combine_ended_then_imminent_then_xor() {
    fn combine(a: Foreclosed, b: Foreclosed) -> Foreclosed {
        use Foreclosed::*;
        match (a, b) {
            (Ended, _) | (_, Ended) => Ended,
            (Imminent, _) | (_, Imminent) => Imminent,
            (Grundy(x), Grundy(y)) => Grundy(x ^ y),
        }
    }
    fn foreclosed(solution: Solution) -> Foreclosed {
        match solution.value {
            Some(Value::Foreclosed(v)) => v,
            other => panic!("expected a foreclosed value, got {other:?}"),
        }
    }
    for play in Play::ALL {
        holds(Compound::Diminished, play, |whole, a, b| foreclosed(whole) == combine(foreclosed(a), foreclosed(b)));
    }
}

#[test]
fn selective_normal_play_is_won_iff_some_part_is() {
    holds(Compound::Selective, Play::Normal, |whole, a, b| first(whole) == (first(a) || first(b)));
}

#[test]
fn shortened_selective_misere_play_is_won_iff_some_part_is() {
    holds(Compound::Shortened, Play::Misere, |whole, a, b| first(whole) == (first(a) || first(b)));
}
