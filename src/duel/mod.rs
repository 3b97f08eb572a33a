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

pub use judge::{first_difference, same_answer};
pub use process::{CUT_BY_TIME, Program, Run, output_limit, run};
pub use report::{AlsoMet, DuelFailure, DuelReport};
pub use subject::{DuelInput, SHRINK_SECONDS, shrink_deadline};

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
    let report = runner::replay(&mut subject, &DuelInput::of(cases));
    Ok(report::finish(subject, report))
}
