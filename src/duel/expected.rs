//! Who answers each game of an input: the oracle where it reaches (confirmed by the fast side,
//! so that a wrong expectation is grundy's own bug), else the fast side, verified by
//! `grundy check`.

use super::subject::{Answerer, DUEL_STATES, DuelInput, DuelSubject};
use crate::problem::Contest;
use crate::runner::Verdict;
use crate::shrink::Shrink;

impl<P: Contest> DuelSubject<'_, P> {
    /// The oracle's answer on one game, if it lies within the oracle's reach.
    pub(super) fn by_oracle(&mut self, instance: &P::Instance) -> Option<P::Answer> {
        let (items, largest) = (instance.weight().0, instance.magnitude());
        if self.beyond.iter().any(|&(n, most)| items >= n && largest >= most) {
            return None;
        }
        loop {
            let fresh = !self.memo_used;
            match self.problem.oracle(&mut self.memo, instance) {
                Ok(answer) => {
                    self.memo_used = true;
                    return Some(answer);
                }
                Err(grundy_oracle::OracleError::TimeExceeded) => return None,
                Err(_) => {
                    // The memo, spent, starts afresh. Past the reach of a fresh one, the game is
                    // beyond; else the memo may have filled with earlier games: one more try.
                    self.memo = self.problem.memo(Self::oracle_budget(&self.budget));
                    self.memo_used = false;
                    if fresh {
                        self.beyond.push((items, largest));
                        return None;
                    }
                }
            }
        }
    }

    /// The expected output of `input`, and who gave it: the oracle where it reaches, else the
    /// fast side; an error when neither can, or when they disagree (a bug of grundy's).
    pub(super) fn expected(&mut self, input: &DuelInput<P::Instance>) -> Result<(String, Answerer), Verdict> {
        let problem = self.problem;
        // A problem whose cases share a table builds it once; one the fast side declines is
        // answered case by case.
        // (A declined case is asked again alone only where the oracle does not answer it: a
        // fast side that declines may have spent its whole budget on each try.)
        let all = problem.fast_all(&input.cases, self.budget.deadline).ok();
        let mut text = String::new();
        let (mut oracle, mut fast_only) = (0usize, 0usize);
        for (i, instance) in input.cases.iter().enumerate() {
            // The oracle answers where it reaches: a game whose positions are bounded within
            // its budget is tried (a game with no known bound too: past the budget it is given
            // up, and as large ones after it), one bounded past it goes to the fast side at once.
            let truth = match problem.oracle_positions(instance) {
                Some(bound) if bound > DUEL_STATES as u128 => None,
                _ => self.by_oracle(instance),
            };
            let line = match (truth, all.as_ref().map(|answers| &answers[i])) {
                (Some(truth), Some(fast)) if !problem.agrees(&truth, fast) => {
                    return Err(Verdict::Failed(format!(
                        "grundy's fast side says {fast} where the oracle says {truth} on `{}`: run {}",
                        problem.case_text(instance),
                        crate::problem::replay_command(&problem.name(), &problem.case_text(instance))
                    )));
                }
                (Some(truth), _) => {
                    oracle += 1;
                    problem.answer_line(&truth)
                }
                (None, Some(fast)) => {
                    fast_only += 1;
                    problem.answer_line(fast)
                }
                (None, None) => match problem.fast(instance) {
                    Ok(fast) => {
                        fast_only += 1;
                        problem.answer_line(&fast)
                    }
                    Err(reason) => {
                        return Err(Verdict::Failed(format!(
                            "no expected answer for `{}`: beyond the oracle's reach, and the fast side: {reason}",
                            problem.case_text(instance)
                        )));
                    }
                },
            };
            text.push_str(&line);
        }
        let answerer = match (oracle, fast_only) {
            (_, 0) => Answerer::Oracle,
            (0, _) => Answerer::Fast,
            _ => Answerer::Both,
        };
        Ok((text, answerer))
    }
}
