//! The inputs at the contest's maxima ([`Contest::at_limits`]): each built from the run's seed
//! when it is judged, written, answered by `grundy problem`'s own path (the fast side, verified
//! by `grundy check`, reading the text as the program does) and dropped, so that only one such
//! input is held at a time. The program runs on each under its time limit (or three times the
//! reference's own CPU time, where that is longer): a solution quadratic at the top is a
//! time-limit verdict, a fixed-size array a runtime error.

use super::subject::{Attempt, DuelSubject};
use crate::problem::Contest;
use crate::runner::Verdict;

/// At the maxima, the program may take this many times the reference's own CPU time (`grundy
/// problem`'s path, run here) where that is longer than its time limit: a limit this machine's
/// reference cannot keep (a debug build of grundy) is not held against the program.
pub const REFERENCE_MARGIN: f64 = 3.0;

/// The CPU time this process has used, all its threads (`getrusage`).
pub(super) fn own_cpu_time() -> std::time::Duration {
    // SAFETY: an all-zero rusage is a valid value for getrusage to overwrite.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: getrusage writes into the value owned here.
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) } != 0 {
        return std::time::Duration::ZERO;
    }
    super::usage::cpu_of(&usage)
}

impl<P: Contest> DuelSubject<'_, P> {
    /// The cases of input `which` at the maxima, drawn from the run's seed.
    pub(super) fn limit_cases(&self, which: usize) -> Vec<P::Instance> {
        let mut rng = crate::runner::rng_for(self.seed, &format!("duel/{}/at the limits/{which}", self.problem.name()));
        self.problem.at_limit(which, &mut rng)
    }

    /// What input `which` at the maxima (then beyond the statement) is, in words.
    fn limit_words(&self, which: usize) -> String {
        let mut all = self.problem.at_limits();
        all.extend(self.problem.beyond_statement());
        all.get(which).cloned().unwrap_or_default()
    }

    /// The text of input `which` at the maxima once a failure is being reported (the whole
    /// input); before, a line naming it (the runner takes a digest of every case's text).
    pub(super) fn limit_text(&self, which: usize) -> String {
        if self.kind.is_none() {
            return format!("(input {} at the contest's maxima: {})", which + 1, self.limit_words(which));
        }
        self.problem
            .write(&self.limit_cases(which))
            .unwrap_or_else(|reason| format!("(an input that cannot be written: {reason})"))
    }

    /// Judges the program on input `which` at the maxima.
    pub(super) fn judge_at_limit(&mut self, which: usize) -> Verdict {
        let words = self.limit_words(which);
        let text = match self.problem.write(&self.limit_cases(which)) {
            Ok(text) => text,
            Err(reason) => {
                return Verdict::CannotRun(format!("the input at the maxima ({words}) cannot be written: {reason}"));
            }
        };
        if let Some(verdict) = self.outside_statement(&text) {
            return verdict;
        }
        let started = own_cpu_time();
        let expected = match self.problem.solve_text(text.as_bytes(), &self.budget) {
            Ok(expected) => expected,
            Err(error) => {
                return Verdict::Failed(format!("no expected answer for the input at the maxima ({words}): {error}"));
            }
        };
        // The time limit, or a judge's margin over the reference where that is longer: a
        // correct solution passes, one a power of n slower does not.
        let reference = own_cpu_time().saturating_sub(started).mul_f64(REFERENCE_MARGIN);
        let attempt = self.judge_text(&text, expected, reference, false);
        match self.confirmed(&text, attempt, reference) {
            Attempt::Pass => {
                self.by_fast += 1;
                Verdict::Agree
            }
            Attempt::Fail { expected, verdict, kind, .. } => {
                self.keep(kind, &verdict);
                Verdict::Disagree { expected, actual: verdict }
            }
            Attempt::Broken(verdict) => verdict,
        }
    }
}
