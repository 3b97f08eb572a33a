//! Differential testing of an external program ("对拍"): random inputs in a problem's contest
//! format, the program's output compared with the expected one, a failing input shrunk while it
//! still fails.
//!
//! Expected answers come from the oracle on small inputs (each confirmed by the fast side too,
//! so that a wrong expectation is caught as grundy's own bug) and from the fast side — verified
//! by `grundy check` — on large ones. Every run of the program is bounded: it runs in its own
//! process group, which is killed whole at the time limit; its output is read up to a limit;
//! and the harness never waits for descendants that keep its pipes open.
//!
//! An input the problem cannot write never passes: it is counted as "cannot run", and the duel
//! fails.
//!
//! The rooms: [`process`] runs a program, bounded; [`judge`] compares answers as a judge does;
//! `subject` is a program against a contest problem, with `expected` (who answers each game),
//! `limits` (the inputs at the contest's maxima, built one at a time),
//! `space` (the small space, packed into inputs) and `shrinking` (candidates tried many to an
//! input); [`report`] says how a duel ended.

mod expected;
pub mod judge;
mod limits;
pub mod process;
pub mod report;
mod shrinking;
mod space;
mod subject;
pub mod usage;

pub use judge::{first_difference, same_answer};
pub use process::{CUT_BY_TIME, Program, Run, output_limit, run, run_measured, was_cut};
pub use report::{AlsoMet, DuelFailure, DuelReport, FlakyRun};
pub use subject::{DuelInput, SHRINK_SECONDS, shrink_deadline};
pub use usage::Usage;

use crate::error::Error;
use crate::problem::Contest;
use crate::runner::{self, Plan};
use subject::DuelSubject;

/// Duels `program` on `problem`: its small space whole, then random inputs.
/// `progress` is told of each input judged, `shrinking` of each run while a failure is shrunk.
pub fn duel<P: Contest>(
    problem: &P,
    program: &Program,
    plan: &Plan,
    progress: &dyn Fn(u64),
    shrinking: &dyn Fn(usize),
) -> DuelReport {
    let mut subject = DuelSubject::new(problem, program, plan.budget.until(plan.deadline));
    subject.seed = plan.seed;
    subject.beyond_statement = plan.beyond_statement;
    subject.keep_going = plan.keep_going;
    subject.shrinking = shrinking;
    let report = runner::run(&mut subject, plan, progress);
    report::finish(subject, report)
}

/// Judges `program` on one given input of `problem` (a saved failure), without shrinking.
pub fn duel_input<P: Contest>(
    problem: &P,
    program: &Program,
    input: &str,
    budget: crate::budget::Budget,
) -> Result<DuelReport, Error> {
    let cases = problem.read(input)?;
    let mut subject = DuelSubject::new(problem, program, budget);
    // The user chose this input: it is judged even beyond the statement, and the report says so.
    subject.beyond_statement = true;
    let report = runner::replay(&mut subject, &DuelInput::of(cases));
    Ok(report::finish(subject, report))
}

/// Shows `each` the text of every input a duel of `problem` under `seed` writes before any
/// failure: its small space, the extremes, the inputs at the maxima one at a time, then
/// `random` random inputs (the statement's test: each lies within [`Contest::STATEMENT`]).
pub fn for_each_input<P: Contest>(problem: &P, seed: u64, random: u64, mut each: impl FnMut(&str)) {
    use crate::runner::Subject;
    let program = Program::new("true", std::time::Duration::ZERO);
    let mut subject = DuelSubject::new(problem, &program, crate::budget::Budget::default());
    subject.seed = seed;
    let mut rng = runner::rng_for(seed, &subject.heading().name);
    let exhaustive = subject.exhaustive().cases;
    for input in exhaustive.into_iter().chain((0..random).map(|_| subject.random(&mut rng))) {
        let cases = match input.at_limit {
            Some(which) => subject.limit_cases(which),
            None => input.cases,
        };
        each(&problem.write(&cases).unwrap_or_default());
    }
}
