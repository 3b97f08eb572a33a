//! The inputs at the contest's maxima ([`Contest::at_limits`]): each built from the run's seed
//! when it is judged, written, answered by `grundy problem`'s own path (the fast side, verified
//! by `grundy check`, reading the text as the program does) and dropped, so that only one such
//! input is held at a time. The program runs on each under its time limit (or three times the
//! reference's own time, where that is longer): a solution quadratic at the top is a time-limit
//! verdict, a fixed-size array a runtime error.

use super::subject::{Attempt, DuelSubject};
use crate::problem::Contest;
use crate::runner::Verdict;

/// At the maxima, the program may take this many times the reference's own time (`grundy
/// problem`'s path, run here) where that is longer than its time limit.
pub const REFERENCE_MARGIN: f64 = 3.0;

impl<P: Contest> DuelSubject<'_, P> {
    /// The cases of input `which` at the maxima, drawn from the run's seed.
    pub(super) fn limit_cases(&self, which: usize) -> Vec<P::Instance> {
        let mut rng = crate::runner::rng_for(self.seed, &format!("duel/{}/at the limits/{which}", self.problem.name()));
        self.problem.at_limit(which, &mut rng)
    }

    /// What input `which` at the maxima is, in words.
    fn limit_words(&self, which: usize) -> String {
        self.problem.at_limits().get(which).cloned().unwrap_or_default()
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
        let started = std::time::Instant::now();
        let expected = match self.problem.solve_text(text.as_bytes(), &self.budget) {
            Ok(expected) => expected,
            Err(error) => {
                return Verdict::Failed(format!("no expected answer for the input at the maxima ({words}): {error}"));
            }
        };
        // The time limit, or a judge's margin over the reference where that is longer: a
        // correct solution passes, one a power of n slower does not.
        let reference = started.elapsed().mul_f64(REFERENCE_MARGIN);
        match self.judge_text(&text, expected, reference) {
            Attempt::Pass => {
                self.by_fast += 1;
                Verdict::Agree
            }
            Attempt::Fail { expected, verdict, kind, .. } => {
                self.kind = Some(kind);
                Verdict::Disagree { expected, actual: verdict }
            }
            Attempt::Broken(verdict) => verdict,
        }
    }
}
