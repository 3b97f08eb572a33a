//! Misère quotients checked by the oracle: one registry entry per octal game, `quotient:CODE`.
//!
//! The fast side answers a misère disjunctive sum of heaps through the game's misère quotient
//! ([`grundy_fast::quotient`]): one look-up per heap. The oracle plays the same position from the
//! rules (octal moves, disjunctive compound, misère play) by brute force on whole positions. The
//! exhaustive part compares them on every position of at most 4 heaps of at most 20 tokens each
//! and 36 in all (plates of 0 and heaps that cannot move included); the random part on up to 6
//! heaps, up to the largest heap of the entry and 40 tokens in all: what the oracle solves in
//! seconds.

use std::sync::{Arc, OnceLock};
use std::time::Instant;

use crate::error::Error;
use grundy_fast::Unsupported;
use grundy_fast::quotient::{Budget as QuotientBudget, Quotient};
use grundy_oracle::{Budget, Engine, OracleError, PileGame, Stats};
use grundy_rules::games::PilePosition;
use grundy_rules::{Compound, Operation, Outcome, Play, RuleSet, ValueKind};
use rand_chacha::ChaCha8Rng;

use crate::catalog::pile::{parse_pile_case, pile_case, pile_case_text, plates_within};
use crate::problem::{Data, Memo, Problem};
use crate::runner::{Exhaustive, sorted_sequences};

/// Most heaps in an exhaustive position.
const EXHAUSTIVE_HEAPS: usize = 4;
/// Largest heap in an exhaustive position.
const EXHAUSTIVE_SIZE: u64 = 20;
/// Most tokens in an exhaustive position.
const EXHAUSTIVE_TOKENS: u64 = 36;
/// Most tokens in a random position.
const RANDOM_TOKENS: u64 = 40;
/// Verification steps an entry's quotient may take.
const QUOTIENT_STEPS: u64 = 500_000_000;

/// The misère disjunctive sums of one octal game's heaps, answered through its quotient.
pub struct QuotientProblem {
    code: String,
    rules: RuleSet,
    digits: Vec<u8>,
    /// The quotient covers heaps up to this one (more, when it is needed to prove a period).
    upto: u64,
    /// Random positions use heaps up to this one.
    largest: u64,
    quotient: OnceLock<Result<Arc<Quotient>, Unsupported>>,
}

impl QuotientProblem {
    /// The entry of the octal game `code` (e.g. `0.77`), its quotient computed for heaps up to
    /// `upto`, its random positions using heaps up to `largest`.
    pub fn new(code: &str, upto: u64, largest: u64) -> QuotientProblem {
        QuotientProblem::try_new(code, upto, largest).expect("a valid octal code")
    }

    /// As [`QuotientProblem::new`], for a code given by a user.
    pub fn try_new(code: &str, upto: u64, largest: u64) -> Result<QuotientProblem, Error> {
        let operation: Operation = format!("octal:{code}").parse()?;
        let Operation::Octal(digits) = &operation else {
            return Err(Error::usage(format!("`{code}` is not an octal code")));
        };
        let digits = digits.clone();
        let rules = RuleSet::new(operation, Compound::Disjunctive, Play::Misere);
        Ok(QuotientProblem { code: code.to_string(), rules, digits, upto, largest, quotient: OnceLock::new() })
    }

    /// The same entry answering through `quotient` (a wrong one, in tests).
    pub fn with_quotient(self, quotient: Quotient) -> QuotientProblem {
        let planted = OnceLock::new();
        let _ = planted.set(Ok(Arc::new(quotient)));
        QuotientProblem { quotient: planted, ..self }
    }

    /// The quotient this entry answers with, computed on first use.
    pub fn quotient(&self) -> Result<Arc<Quotient>, Unsupported> {
        self.quotient_until(None)
    }

    /// The quotient, computed on first use unless `deadline` passes first
    /// ([`Unsupported::TimeRanOut`]; a quotient the deadline stopped is not kept). Enough
    /// verification steps for Kayles up to heap 170, where its period is proven (a few tenths of
    /// a second): a step budget, not the clock, bounds it, so every run checks the same quotient.
    fn quotient_until(&self, deadline: Option<Instant>) -> Result<Arc<Quotient>, Unsupported> {
        if let Some(computed) = self.quotient.get() {
            return computed.clone();
        }
        let budget = QuotientBudget { max_steps: QUOTIENT_STEPS, deadline, ..QuotientBudget::default() };
        let computed = Quotient::compute(&self.code, &self.digits, self.upto, budget).map(Arc::new);
        if let Ok(quotient) = &computed
            && quotient.ran_out_of_time()
        {
            return Err(Unsupported::TimeRanOut(format!(
                "with the misère quotient of octal:{} verified to heap {} (of {} asked)",
                self.code, quotient.verified_to, self.upto
            )));
        }
        self.quotient.get_or_init(|| computed).clone()
    }

    /// The registry's quotient entries: Kayles (0.77, proven periodic), Dawson's Kayles (0.07),
    /// Dawson's chess (0.137), and four codes drawn at random (seed 13, two or three digits with
    /// a split) whose quotients at heap 12 are finite and quickly found.
    pub fn entries() -> Vec<QuotientProblem> {
        vec![
            QuotientProblem::new("0.77", 170, 40),
            QuotientProblem::new("0.07", 30, 30),
            QuotientProblem::new("0.137", 29, 29),
            QuotientProblem::new("0.724", 12, 12),
            QuotientProblem::new("0.062", 12, 12),
            QuotientProblem::new("0.76", 10, 10),
            QuotientProblem::new("0.472", 12, 12),
        ]
    }

    fn case(&self, plates: Vec<u64>) -> PilePosition {
        pile_case(&self.rules, plates)
    }
}

/// The oracle of one entry: a single engine, whose memo every case shares.
pub struct QuotientMemo {
    engine: Option<Engine<PileGame>>,
    budget: Budget,
}

impl Memo for QuotientMemo {
    fn fresh(budget: Budget) -> Self {
        QuotientMemo { engine: None, budget }
    }

    fn stats(&self) -> Option<Stats> {
        self.engine.as_ref().map(Engine::stats)
    }
}

impl Problem for QuotientProblem {
    type Instance = PilePosition;
    type Answer = Outcome;
    type Memo = QuotientMemo;

    const DATA: Data =
        Data::without_contest("quotient", "misère disjunctive sums of octal heaps through their misère quotient");

    fn name(&self) -> String {
        format!("quotient:{}", self.code)
    }

    fn summary(&self) -> String {
        format!(
            "misère disjunctive sums of octal:{} heaps through its misère quotient of heaps ≤ {}",
            self.code, self.upto
        )
    }

    fn exhaustive(&self) -> Exhaustive<PilePosition> {
        let size = EXHAUSTIVE_SIZE.min(self.largest);
        Exhaustive {
            cases: sorted_sequences(EXHAUSTIVE_HEAPS, 0, size)
                .into_iter()
                .filter(|plates| plates.iter().sum::<u64>() <= EXHAUSTIVE_TOKENS)
                .map(|p| self.case(p))
                .collect(),
            description: format!("all positions of ≤ {EXHAUSTIVE_HEAPS} heaps ≤ {size}, ≤ {EXHAUSTIVE_TOKENS} tokens"),
        }
    }

    fn random(&self, rng: &mut ChaCha8Rng) -> PilePosition {
        self.case(plates_within(rng, 6, RANDOM_TOKENS, self.largest))
    }

    fn oracle(&self, memo: &mut QuotientMemo, case: &PilePosition) -> Result<Outcome, OracleError> {
        let budget = memo.budget;
        let engine = memo
            .engine
            .get_or_insert_with(|| Engine::new(PileGame::new(self.rules.clone()), ValueKind::OutcomeOnly, budget));
        Ok(engine.solve(&case.position.plates().to_vec())?.outcome)
    }

    fn fast(&self, case: &PilePosition) -> Result<Outcome, Unsupported> {
        self.fast_until(case, None)
    }

    fn fast_until(&self, case: &PilePosition, deadline: Option<Instant>) -> Result<Outcome, Unsupported> {
        if case.rules != self.rules {
            return Err(Unsupported::NoTheory(format!("this entry answers {} only", self.rules)));
        }
        self.quotient_until(deadline)?.outcome(case.position.plates())
    }

    fn case_text(&self, case: &PilePosition) -> String {
        pile_case_text(Some(&self.rules), case)
    }

    fn parse_case(&self, text: &str) -> Result<PilePosition, grundy_rules::ParseError> {
        parse_pile_case(Some(&self.rules), text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kayles_entry_answers_every_heap_through_a_proven_period() {
        let kayles = QuotientProblem::entries().into_iter().find(|entry| entry.code == "0.77").unwrap();
        let quotient = kayles.quotient().unwrap();
        assert_eq!(quotient.stopped, None);
        assert_eq!(quotient.order(), 40);
        let period = quotient.proven.expect("proven");
        assert_eq!((period.start, period.period), (71, 12));
        assert!(quotient.outcome(&[1_000_000, 5]).is_ok());
    }

    #[test]
    fn a_quotient_the_deadline_stops_is_out_of_time_and_not_kept() {
        let dawson = QuotientProblem::new("0.07", 30, 30);
        let case = dawson.case(vec![5, 9]);
        let stopped = dawson.fast_until(&case, Some(Instant::now())).map_err(|error| error.to_string());
        let Err(text) = stopped else { panic!("a past deadline answered: {stopped:?}") };
        assert!(
            text.starts_with("the time budget ran out with the misère quotient of octal:0.07 verified to heap ")
                && text.ends_with(" (of 30 asked); give it more time with --time"),
            "{text}"
        );
        assert!(dawson.quotient.get().is_none(), "a quotient cut short by the clock was kept");
        let later = Instant::now() + std::time::Duration::from_secs(3600);
        let truth = dawson.oracle(&mut QuotientMemo::fresh(Budget::default()), &case).expect("the oracle's answer");
        assert_eq!(dawson.fast_until(&case, Some(later)), Ok(truth));
        assert_eq!(dawson.quotient().map(|quotient| quotient.stopped.clone()), Ok(None));
    }
}
