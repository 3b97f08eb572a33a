//! A check that cannot fail proves nothing: plant wrong fast solvers and show that the harness
//! finds each one, shrinks the disagreement to the smallest position, and prints the command that
//! replays it.

use std::sync::Arc;

use grundy::check::{Plan, Status, run_family};
use grundy::registry::{PileEntry, PileFast};
use grundy_rules::{Outcome, RuleSet, Solution, Value};

fn nim_with(grundy: fn(u64) -> u64) -> PileFast {
    Arc::new(move |plates: &[u64]| {
        let value = plates.iter().fold(0, |xor, &x| xor ^ grundy(x));
        Ok(Solution { outcome: Outcome::from_first_wins(value != 0), value: Some(Value::Grundy(value)) })
    })
}

fn entry(fast: PileFast) -> PileEntry {
    PileEntry::new("planted", RuleSet::from_pack(0, 0, 0, 0).unwrap()).with_fast(fast)
}

fn random_only(seed: u64) -> Plan {
    Plan { seed, cases: 500, deadline: None, exhaustive: false }
}

#[test]
fn a_correct_solver_passes() {
    let report = run_family(&entry(nim_with(|x| x)), &random_only(1), &|_| {});
    assert_eq!(report.status, Status::Ok);
    assert_eq!(report.random, 500);
}

#[test]
fn a_wrong_value_at_seven_shrinks_to_the_single_plate_seven() {
    let report = run_family(&entry(nim_with(|x| if x == 7 { 6 } else { x })), &random_only(2), &|_| {});
    assert_eq!(report.status, Status::Mismatch);
    let counterexample = report.counterexample.unwrap();
    assert_eq!(counterexample.instance, "7");
    assert_eq!(counterexample.oracle, "first player wins (grundy 7)");
    assert_eq!(counterexample.fast, "first player wins (grundy 6)");
    assert_eq!(counterexample.replay, "grundy check --only 'planted' --case '7'");
}

#[test]
fn a_mismatch_is_a_junit_failure_with_its_replay_command() {
    let wrong = run_family(&entry(nim_with(|x| if x == 7 { 6 } else { x })), &random_only(2), &|_| {});
    let right = run_family(&entry(nim_with(|x| x)), &random_only(1), &|_| {});
    let xml = grundy::check::junit(&[right, wrong], 2, 0.5);
    assert!(xml.contains(r#"tests="2" failures="1" errors="0""#), "{xml}");
    assert_eq!(xml.matches("<testcase ").count(), 2);
    assert_eq!(xml.matches("<failure ").count(), 1);
    let failure = &xml[xml.find("<failure ").unwrap()..xml.find("</failure>").unwrap()];
    assert!(failure.contains("message=\"on 7: the oracle says"), "{failure}");
    assert!(failure.contains("replay: grundy check --only"), "{failure}");
    assert!(failure.contains("--case &apos;7&apos;"), "{failure}");
}

#[test]
fn a_formula_wrong_from_51_on_shrinks_to_exactly_51() {
    // Random cases find some large failing position; shrinking must walk down to 51 itself.
    let report = run_family(&entry(nim_with(|x| if x >= 51 { x + 1 } else { x })), &random_only(3), &|_| {});
    let counterexample = report.counterexample.expect("the wrong formula is caught");
    assert_eq!(counterexample.instance, "51");
    assert_ne!(counterexample.found, "51", "the first failure was already minimal; the test shows nothing");
    assert!(counterexample.shrink_steps > 1);
}

#[test]
fn a_wrong_outcome_is_caught_in_the_exhaustive_part() {
    // Claims misère-like outcomes under normal play: wrong already on the single plate 0.
    let fast: PileFast = Arc::new(|plates: &[u64]| {
        let xor = plates.iter().fold(0, |xor, &x| xor ^ x);
        Ok(Solution { outcome: Outcome::from_first_wins(xor == 0), value: None })
    });
    let plan = Plan { seed: 4, cases: 0, deadline: None, exhaustive: true };
    let report = run_family(&entry(fast), &plan, &|_| {});
    assert_eq!(report.status, Status::Mismatch);
    assert_eq!(report.counterexample.unwrap().instance, "0");
    assert_eq!(report.exhaustive, 0);
}

#[test]
fn a_declining_solver_is_not_a_failure() {
    let fast: PileFast = Arc::new(|_: &[u64]| Err("no theorem".to_string()));
    let report = run_family(&entry(fast), &random_only(5), &|_| {});
    assert_eq!(report.status, Status::Ok);
    assert_eq!(report.unsupported, 500);
    assert!(report.unsupported_example.unwrap().ends_with(": no theorem"));
}
