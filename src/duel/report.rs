//! How a duel ended: what held, the minimal failing input and what the program did on it.

use std::path::PathBuf;

use serde::Serialize;

use super::process::{Run, output_limit, run_measured};
use super::subject::{DuelInput, DuelSubject};
use super::usage::Usage;
use crate::problem::Contest;
use crate::runner::{Report, Status};

/// How a duel ended.
#[derive(Debug, Clone, Serialize)]
pub struct DuelReport {
    /// The run: inputs tried, what held, the minimal failing input.
    #[serde(flatten)]
    pub report: Report,
    /// Inputs (before a failure) whose expected answers all came from the oracle.
    pub by_oracle: u64,
    /// Inputs whose expected answers all came from the fast side (games past the oracle's reach).
    pub by_fast_side: u64,
    /// Inputs answered in part by each.
    pub by_both: u64,
    /// The program's run on the minimal failing input.
    pub failure: Option<DuelFailure>,
    /// With `--keep-going`: every other distinct failure, each shrunk, in the order found.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub more_failures: Vec<DuelFailure>,
    /// Failures that did not repeat when the program was run again on the same input.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub flaky: Vec<FlakyRun>,
    /// Another kind of failure met while shrinking (shrinking keeps the kind it started from):
    /// its verdict and input.
    pub also_met: Option<AlsoMet>,
    /// Whether shrinking tried one-game candidates packed, many to an input (each game's answer
    /// judged on its own line).
    pub shrink_packed: bool,
    /// What stopped shrinking before it was done, if anything did (`--time`, `--max-memory`,
    /// Ctrl-C): the input reported is the smallest failing one found so far.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shrink_stopped_by: Option<String>,
}

/// A failure of another kind than the one shrunk, met on the way.
#[derive(Debug, Clone, Serialize)]
pub struct AlsoMet {
    /// The verdict.
    pub verdict: String,
    /// The input.
    pub input: String,
}

/// A failure that did not repeat: the program failed once on an input, and did otherwise when
/// run again on it.
#[derive(Debug, Clone, Serialize)]
pub struct FlakyRun {
    /// The verdict of the first run.
    pub verdict: String,
    /// What the second run did ("accepted", or another verdict).
    pub then: String,
    /// The input.
    pub input: String,
    /// Whether it fails the duel: the first failure was the program's own doing whatever the
    /// machine ([`Run::is_the_programs_own`]): a wrong answer, or a crash it caused. A time,
    /// memory or idleness limit that did not repeat is only reported.
    pub fails_the_duel: bool,
}

/// The minimal failing input, as the program saw it.
#[derive(Debug, Clone, Serialize)]
pub struct DuelFailure {
    /// The input.
    pub input: String,
    /// The input first found failing, before shrinking.
    pub found: String,
    /// The command line of the user's generator that wrote `found` (a generic duel), to run
    /// it again.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub generated_by: Option<String>,
    /// The expected output.
    pub expected: String,
    /// Who gave it: "oracle", "fast side", or "oracle and fast side".
    pub expected_by: String,
    /// What the program did.
    pub run: Run,
    /// The verdict, with the first differing line.
    pub verdict: String,
    /// What the run used (CPU time of the whole process tree, wall time, peak memory).
    pub usage: Usage,
    /// Whether the input lies beyond the problem's statement (only with `--beyond-statement`):
    /// why, in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub beyond_statement: Option<String>,
    /// Where the input was saved.
    pub saved: Option<PathBuf>,
}

/// Runs the program once more on each minimal failing input, to report what it did there.
pub(super) fn finish<P: Contest>(mut subject: DuelSubject<'_, P>, report: Report) -> DuelReport {
    let mut flaky = std::mem::take(&mut subject.flaky);
    let (failure, more_failures) =
        confirmed_failures(&report, &mut flaky, |input, verdict| failure_on(&mut subject, input, verdict));
    let also_met = subject.also.take().map(|(verdict, input)| AlsoMet { verdict, input });
    DuelReport {
        by_oracle: subject.by_oracle,
        by_fast_side: subject.by_fast,
        by_both: subject.by_both,
        report,
        failure,
        more_failures,
        flaky,
        also_met,
        shrink_packed: subject.packed,
        shrink_stopped_by: subject.stopped.get().map(str::to_string),
    }
}

/// The failures of a report as the program shows them again: each counterexample's shrunk
/// input run by `failure_on` (which runs the program, and gives the failure when it fails as
/// the verdict says). A shrunk input on which the failure does not repeat gives way to the
/// input it was found on, whose failure was confirmed when it was found; one that repeats on
/// neither is flaky. The first failure, and the others of `--keep-going`.
pub fn confirmed_failures(
    report: &Report,
    flaky: &mut Vec<FlakyRun>,
    mut failure_on: impl FnMut(&str, &str) -> Option<DuelFailure>,
) -> (Option<DuelFailure>, Vec<DuelFailure>) {
    let mut failures = Vec::new();
    for counterexample in report.counterexample.iter().chain(&report.more) {
        let confirmed = [&counterexample.case, &counterexample.found]
            .into_iter()
            .find_map(|input| failure_on(input, &counterexample.actual));
        match confirmed {
            Some(mut failure) => {
                failure.found.clone_from(&counterexample.found);
                failures.push(failure);
            }
            None => flaky.push(FlakyRun {
                verdict: counterexample.actual.clone(),
                then: "another verdict, or none, on two more runs of each of the inputs shrunk and found".to_string(),
                input: counterexample.found.clone(),
                fails_the_duel: counterexample.actual.starts_with("wrong answer"),
            }),
        }
    }
    let mut failures = failures.into_iter();
    (failures.next(), failures.collect())
}

/// The program's failure on `input` as the report shows it, if it fails there as `verdict` says
/// (by its kind) on one of two runs; or, past the deadline, the failure the shrink last saw.
fn failure_on<P: Contest>(subject: &mut DuelSubject<'_, P>, input: &str, verdict: &str) -> Option<DuelFailure> {
    let cases = subject.problem.read(input).ok()?;
    let (expected, answerer) = subject.expected(&DuelInput::of(cases)).ok()?;
    let program = subject.program_for(std::time::Duration::ZERO, true);
    for _ in 0..2 {
        let (run, usage) = match run_measured(&program, input, output_limit(&expected)).ok()? {
            (Run::Cut, _) => {
                let last = subject.last_failure.borrow().clone();
                last.filter(|(text, ..)| text == input).map(|(_, run, usage)| (run, usage))?
            }
            ran => ran,
        };
        let Some(said) = run.verdict(&expected) else { continue };
        if !verdict.starts_with(run.kind()) {
            continue;
        }
        return Some(DuelFailure {
            input: input.to_string(),
            found: String::new(),
            generated_by: None,
            verdict: said,
            expected,
            expected_by: answerer.words().to_string(),
            beyond_statement: subject.beyond_statement(input),
            run,
            usage,
            saved: None,
        });
    }
    None
}

impl DuelReport {
    /// Whether the program passed: no failure was confirmed, and none that did not repeat was
    /// the program's own doing.
    pub fn passed(&self) -> bool {
        let unconfirmed = self.report.status == Status::Mismatch && self.failure.is_none();
        (self.report.status == Status::Ok || unconfirmed) && !self.flaky.iter().any(|flaky| flaky.fails_the_duel)
    }
}
