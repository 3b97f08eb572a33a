//! How a duel ended: what held, the minimal failing input and what the program did on it.

use std::path::PathBuf;

use serde::Serialize;

use super::process::{Run, output_limit, run};
use super::subject::{DuelInput, DuelSubject};
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
    /// Where the input was saved.
    pub saved: Option<PathBuf>,
}

/// Runs the program once more on the minimal failing input, to report what it did there.
pub(super) fn finish<P: Contest>(mut subject: DuelSubject<'_, P>, report: Report) -> DuelReport {
    let failure = report.counterexample.as_ref().and_then(|counterexample| {
        let cases = subject.problem.read(&counterexample.case).ok()?;
        let input = DuelInput::of(cases);
        let (expected, answerer) = subject.expected(&input).ok()?;
        let run = run(subject.program, &counterexample.case, output_limit(&expected)).ok()?;
        Some(DuelFailure {
            input: counterexample.case.clone(),
            found: counterexample.found.clone(),
            generated_by: None,
            verdict: run
                .verdict(&expected)
                .unwrap_or_else(|| "accepted on a second run (a flaky program?)".to_string()),
            expected,
            expected_by: answerer.words().to_string(),
            run,
            saved: None,
        })
    });
    let also_met = subject.also.take().map(|(verdict, input)| AlsoMet { verdict, input });
    DuelReport {
        by_oracle: subject.by_oracle,
        by_fast_side: subject.by_fast,
        by_both: subject.by_both,
        report,
        failure,
        also_met,
        shrink_packed: subject.packed,
        shrink_stopped_by: subject.stopped.get().map(str::to_string),
    }
}

impl DuelReport {
    /// Whether the program passed.
    pub fn passed(&self) -> bool {
        self.report.status == Status::Ok
    }
}
