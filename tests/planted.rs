//! A check that cannot fail proves nothing: plant wrong fast solvers and show that the harness
//! finds each one, shrinks the disagreement to the true minimum (and says it is minimal), and
//! prints the command that replays it.

use std::sync::Arc;

use grundy::catalog::Entry;
use grundy::catalog::pile::{PileFast, Piles};
use grundy::catalog::tokens::TokensProblem;
use grundy::catalog::wythoff::WythoffProblem;
use grundy::check::{Plan, Report, Shard, Status};
use grundy::duel::Program;
use grundy::problem::{Contest, Data, Problem};
use grundy::shrink::Minimality;
use grundy_fast::loopy::LoopyValue;
use grundy_rules::games::Tokens;
use grundy_rules::{Outcome, RuleSet, Solution, Value};

fn nim_with(grundy: fn(u64) -> u64) -> PileFast {
    Arc::new(move |plates: &[u64]| {
        let value = plates.iter().fold(0, |xor, &x| xor ^ grundy(x));
        Ok(Solution { outcome: Outcome::from_first_wins(value != 0), value: Some(Value::Grundy(value)) })
    })
}

fn entry(fast: PileFast) -> Piles {
    Piles::fixed("planted", RuleSet::from_pack(0, 0, 0, 0).unwrap()).with_fast(fast)
}

fn random_only(seed: u64) -> Plan {
    Plan { exhaustive: false, ..Plan::new(seed, 500) }
}

fn check(problem: &impl Problem, plan: &Plan) -> Report {
    Entry::check(problem, plan, &|_| {})
}

#[test]
fn a_correct_solver_passes() {
    let report = check(&entry(nim_with(|x| x)), &random_only(1));
    assert_eq!(report.status, Status::Ok);
    assert_eq!(report.random, 500);
    assert_eq!(report.held, 500);
}

#[test]
fn a_wrong_value_at_seven_shrinks_to_the_single_plate_seven() {
    let report = check(&entry(nim_with(|x| if x == 7 { 6 } else { x })), &random_only(2));
    assert_eq!(report.status, Status::Mismatch);
    let counterexample = report.counterexample.unwrap();
    assert_eq!(counterexample.case, "7");
    assert_eq!(counterexample.expected, "first player wins (grundy 7)");
    assert_eq!(counterexample.actual, "first player wins (grundy 6)");
    assert_eq!(counterexample.replay, "grundy check --only 'planted' --case '7'");
    assert!(matches!(counterexample.minimality, Minimality::Proven { .. }));
}

#[test]
fn a_mismatch_is_a_junit_failure_with_its_replay_command() {
    let wrong = check(&entry(nim_with(|x| if x == 7 { 6 } else { x })), &random_only(2));
    let right = check(&entry(nim_with(|x| x)), &random_only(1));
    let xml = grundy::check::junit(&[right, wrong], 2, None, 0.5);
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
    let report = check(&entry(nim_with(|x| if x >= 51 { x + 1 } else { x })), &random_only(3));
    let counterexample = report.counterexample.expect("the wrong formula is caught");
    assert_eq!(counterexample.case, "51");
    assert_ne!(counterexample.found, "51", "the first failure was already minimal; the test shows nothing");
    assert!(counterexample.shrink_steps > 1);
    assert!(matches!(counterexample.minimality, Minimality::Proven { .. }));
}

/// A fast side for `mod:17` right everywhere but at plates that are multiples of 17.
fn mod17_wrong_at_multiples() -> PileFast {
    let rules = RuleSet::from_pack(3, 0, 0, 0).unwrap();
    let right = grundy_fast::PileSolver::new(&rules, 4000).unwrap();
    Arc::new(move |plates: &[u64]| {
        let mut solution = right.solve(plates)?;
        if plates.iter().any(|&x| x > 0 && x % 17 == 0) {
            solution.outcome = solution.outcome.flip();
        }
        Ok(solution)
    })
}

#[test]
fn a_bug_at_multiples_of_17_shrinks_to_the_plate_17() {
    let problem =
        Piles::fixed("planted-mod17", RuleSet::from_pack(3, 0, 0, 0).unwrap()).with_fast(mod17_wrong_at_multiples());
    let report = check(&problem, &random_only(4));
    let counterexample = report.counterexample.expect("caught");
    assert_eq!(counterexample.case, "17", "found as {}", counterexample.found);
    assert_eq!(counterexample.minimality, Minimality::Proven { tried: 17 });
}

#[test]
fn a_bug_with_exactly_five_plates_shrinks_to_five_empty_plates() {
    let rules = RuleSet::from_pack(2, 0, 0, 1).unwrap(); // half, disjunctive, misère play
    let right = grundy_fast::PileSolver::new(&rules, 4000).unwrap();
    let fast: PileFast = Arc::new(move |plates: &[u64]| {
        let mut solution = right.solve(plates)?;
        if plates.len() == 5 {
            solution.outcome = solution.outcome.flip();
        }
        Ok(solution)
    });
    let problem = Piles::fixed("planted-five", rules).with_fast(fast);
    let report = check(&problem, &random_only(5));
    let counterexample = report.counterexample.expect("caught");
    assert_eq!(counterexample.case, "0 0 0 0 0");
    assert!(matches!(counterexample.minimality, Minimality::Proven { .. }), "{:?}", counterexample.minimality);
}

#[test]
fn a_bug_above_1000_shrinks_to_1001() {
    let report = check(&entry(nim_with(|x| if x > 1000 { x ^ 1 } else { x })), &random_only(6));
    let counterexample = report.counterexample.expect("caught");
    assert_eq!(counterexample.case, "1001");
    assert_eq!(counterexample.minimality, Minimality::Proven { tried: 1001 });
}

#[test]
fn a_wrong_outcome_is_caught_in_the_exhaustive_part() {
    // Claims misère-like outcomes under normal play: wrong already on the single plate 0.
    let fast: PileFast = Arc::new(|plates: &[u64]| {
        let xor = plates.iter().fold(0, |xor, &x| xor ^ x);
        Ok(Solution { outcome: Outcome::from_first_wins(xor == 0), value: None })
    });
    let plan = Plan { cases: 0, ..Plan::new(4, 0) };
    let report = check(&entry(fast), &plan);
    assert_eq!(report.status, Status::Mismatch);
    assert_eq!(report.counterexample.unwrap().case, "0");
    assert_eq!(report.exhaustive, 1);
    assert_eq!(report.held, 0);
}

#[test]
fn a_solver_that_declines_everything_does_not_pass() {
    let fast: PileFast = Arc::new(|_: &[u64]| Err(grundy_fast::Unsupported::NoTheory("no theorem".to_string())));
    let report = check(&entry(fast), &random_only(5));
    assert_eq!(report.status, Status::Vacuous);
    assert_eq!(report.declined, 500);
    assert_eq!(report.held, 0);
    assert!(report.declined_example.unwrap().ends_with(": no theorem covers this position: no theorem"));
}

#[test]
fn shards_are_disjoint_and_cover_the_run() {
    let problem = entry(nim_with(|x| x));
    let whole = check(&problem, &Plan::new(9, 100));
    let mut exhaustive = 0;
    let mut random = 0;
    for index in 0..3 {
        let part = check(&problem, &Plan { shard: Shard { index, count: 3 }, ..Plan::new(9, 100) });
        exhaustive += part.exhaustive;
        random += part.random;
    }
    assert_eq!((exhaustive, random), (whole.exhaustive, whole.random));
}

/// Wythoff's game with a contest format that cannot write any input.
#[derive(Default)]
struct Unwritable;

impl Problem for Unwritable {
    type Instance = grundy_rules::games::Wythoff;
    type Answer = Outcome;
    type Memo = <WythoffProblem as Problem>::Memo;

    const DATA: Data = Data {
        name: "unwritable",
        summary: "Wythoff's game, planted with a writer that always fails",
        format: "none that can be written",
        limits: WythoffProblem::DATA.limits,
        most_cases: 1,
        at_limits: WythoffProblem::DATA.at_limits,
    };

    fn exhaustive(&self) -> grundy::runner::Exhaustive<Self::Instance> {
        WythoffProblem.exhaustive()
    }
    fn random(&self, rng: &mut rand_chacha::ChaCha8Rng) -> Self::Instance {
        WythoffProblem.random(rng)
    }
    fn oracle(&self, memo: &mut Self::Memo, game: &Self::Instance) -> Result<Outcome, grundy_oracle::OracleError> {
        WythoffProblem.oracle(memo, game)
    }
    fn fast(&self, game: &Self::Instance) -> Result<Outcome, grundy_fast::Unsupported> {
        WythoffProblem.fast(game)
    }
}

impl Contest for Unwritable {
    const STATEMENT: &'static grundy::statement::Statement = WythoffProblem::STATEMENT;

    fn read(&self, input: &str) -> Result<Vec<Self::Instance>, grundy::contest::InputError> {
        WythoffProblem.read(input)
    }
    fn write(&self, _: &[Self::Instance]) -> Result<String, grundy::contest::Unwritable> {
        Err(grundy::contest::Unwritable("this planted problem writes no input".to_string()))
    }
    fn answer_line(&self, answer: &Outcome) -> String {
        WythoffProblem.answer_line(answer)
    }
    fn random_input(&self, rng: &mut rand_chacha::ChaCha8Rng, large: bool) -> Vec<Self::Instance> {
        WythoffProblem.random_input(rng, large)
    }
    fn largest_input(&self, rng: &mut rand_chacha::ChaCha8Rng) -> Vec<Self::Instance> {
        WythoffProblem.largest_input(rng)
    }
    fn extremes(&self) -> Vec<Vec<Self::Instance>> {
        WythoffProblem.extremes()
    }
}

#[test]
fn a_problem_whose_input_cannot_be_written_never_passes_a_duel() {
    let program = Program::new("cat", std::time::Duration::from_secs(2));
    let duel = grundy::duel::duel(&Unwritable, &program, &Plan::new(1, 20), &|_| {}, &|_| {});
    assert!(!duel.passed());
    assert_eq!(duel.report.status, Status::CannotRun);
    // The 20 random inputs and the one at the contest's maxima (#37).
    assert_eq!(duel.report.cannot_run, 21);
    assert_eq!(duel.report.held, 0);
    assert!(duel.report.cannot_run_example.unwrap().contains("this planted problem writes no input"));
}

/// A misère quotient with one wrong label (the class of `2 + 2`, a P-position of Kayles, marked
/// N) is caught by the oracle and shrunk to the lightest position of that class.
#[test]
fn a_wrong_misere_quotient_is_caught_and_shrunk() {
    use grundy::catalog::quotient::QuotientProblem;
    let right = QuotientProblem::new("0.77", 30, 30);
    let quotient = right.quotient().unwrap();
    let words = quotient.words();
    let class = words.iter().position(|word| word.as_slice() == [2, 2]).unwrap() as u32;
    assert!(quotient.is_p(class), "2 + 2 is a P-position of misère Kayles");
    let wrong = QuotientProblem::new("0.77", 30, 30).with_quotient(quotient.with_flipped_label(class));
    let report = check(&wrong, &random_only(4));
    assert_eq!(report.status, Status::Mismatch);
    let counterexample = report.counterexample.unwrap();
    assert_eq!(counterexample.case, "2 2", "{:?}", counterexample.minimality);
    assert_ne!(counterexample.found, "2 2", "the first failure was already minimal; the test shows nothing");
    assert_eq!(counterexample.expected, "second player wins");
    assert_eq!(counterexample.replay, "grundy check --only 'quotient:0.77' --case '2 2'");
    assert!(matches!(counterexample.minimality, Minimality::Proven { .. }));
    // The right quotient passes the same cases.
    assert_eq!(check(&right, &random_only(4)).status, Status::Ok);
}

/// Smith's sum rule with one case wrong: two infinite values keep the first one's finite
/// options, where the sum of two infinite values is `∞(∅)`, a draw.
fn infinite_sums_keep_the_first(a: &LoopyValue, b: &LoopyValue) -> LoopyValue {
    match (a, b) {
        (LoopyValue::Infinite(finite), LoopyValue::Infinite(_)) => LoopyValue::Infinite(finite.clone()),
        _ => a.plus(b),
    }
}

#[test]
fn a_wrong_loopy_sum_rule_is_caught_and_shrunk_to_a_minimal_graph() {
    let problem = TokensProblem::with_rule("planted-tokens", infinite_sums_keep_the_first);
    let report = check(&problem, &Plan { exhaustive: false, ..Plan::new(5, 3000) });
    assert_eq!(report.status, Status::Mismatch);
    let counterexample = report.counterexample.unwrap();
    // The smallest: a vertex with a loop and a move to a dead end, holding two tokens. Each
    // token alone wins (∞ with the option 0); together neither player can win.
    let case: Tokens = counterexample.case.parse().unwrap();
    assert_eq!((case.graph().vertices(), case.graph().edges().len(), case.tokens().len()), (2, 2, 2), "{case}");
    assert_eq!(counterexample.expected, "draw");
    assert_eq!(counterexample.actual, "first player wins");
    assert_ne!(
        counterexample.found, counterexample.case,
        "the first failure was already minimal; the test shows nothing"
    );
    assert!(matches!(counterexample.minimality, Minimality::Proven { .. }), "{:?}", counterexample.minimality);
    assert!(counterexample.replay.starts_with("grundy check --only 'planted-tokens' --case '2 @ "));
}

#[test]
fn smiths_sum_rule_holds_on_every_small_digraph_and_thousands_of_random_ones() {
    let report = check(&TokensProblem::default(), &Plan::new(6, 3000));
    assert_eq!(report.status, Status::Ok, "{:?}", report.counterexample);
    assert!(report.exhaustive > 9000 && report.random == 3000);
}
