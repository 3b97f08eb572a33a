//! The compounds' rules, a plate at a time: each [`Combine`] adds one plate's column entry to a
//! running [`Sum`], and reads the outcome and value of the whole position off the sum — the
//! rows of the crate doc's table, which states each rule and its source.

use grundy_rules::{Foreclosed, Outcome, Solution, Value};

use crate::Unsupported;
use crate::tables::{ENDED, IMMINENT, MISERE_WINS, NORMAL_WINS, OPERABLE};

fn grundy_solution(g: u64) -> Solution {
    Solution { outcome: Outcome::from_first_wins(g != 0), value: Some(Value::Grundy(g)) }
}

pub(super) fn outcome_solution(first_wins: bool) -> Solution {
    Solution { outcome: Outcome::from_first_wins(first_wins), value: None }
}

/// How a plan adds one plate's column entry to a running [`Sum`] (the combination rules of
/// the crate doc's table; [`super::PileSolver::finish`] reads the sum).
pub(super) trait Combine: Copy + Sync {
    type Entry: Copy + Sync;
    fn combine(self, sum: &mut Sum, x: u64, entry: Self::Entry);
    /// The outcome and value of the plates combined into `sum`.
    fn solution(self, sum: &Sum, misere: bool) -> Result<Solution, Unsupported>;
}

/// Disjunctive, normal play: Grundy values by exclusive or.
#[derive(Clone, Copy)]
pub(super) struct Xor;

impl Combine for Xor {
    type Entry = u32;
    #[inline(always)]
    fn combine(self, sum: &mut Sum, _: u64, g: u32) {
        sum.xor ^= u64::from(g);
    }

    #[inline(always)]
    fn solution(self, sum: &Sum, _: bool) -> Result<Solution, Unsupported> {
        Ok(grundy_solution(sum.xor))
    }
}

/// Disjunctive, misère play: normal values by exclusive or, whether every plate swaps 0 and 1,
/// and whether some plate is not tame.
#[derive(Clone, Copy)]
pub(super) struct TamePairs {
    pub(super) first_untame: Option<u64>,
}

impl Combine for TamePairs {
    type Entry = [u32; 2];
    #[inline(always)]
    fn combine(self, sum: &mut Sum, x: u64, [g, m]: [u32; 2]) {
        sum.xor ^= u64::from(g);
        sum.misere = m.into();
        sum.all_swapped &= g != m;
        sum.largest = sum.largest.max(x);
        if self.first_untame.is_some_and(|untame| x >= untame) {
            sum.untame = true;
        }
    }

    #[inline(always)]
    fn solution(self, sum: &Sum, _: bool) -> Result<Solution, Unsupported> {
        if sum.plates == 1 {
            // One plate: its misère value is the table's, no theory needed.
            Ok(grundy_solution(sum.misere))
        } else if sum.untame {
            let untame = self.first_untame.unwrap_or_default();
            Err(Unsupported::NoTheory(format!(
                "the misère disjunctive rule needs tame plates, and heap {untame} is not tame \
                 (its normal and misère Grundy values differ and are not 0 and 1), while the \
                 largest plate is {}",
                sum.largest
            )))
        } else {
            Ok(grundy_solution(sum.xor ^ u64::from(sum.all_swapped)))
        }
    }
}

/// Diminished: a plate that cannot move ends the game; otherwise foreclosed values by
/// exclusive or.
#[derive(Clone, Copy)]
pub(super) struct ForeclosedXor;

impl Combine for ForeclosedXor {
    type Entry = u32;
    #[inline(always)]
    fn combine(self, sum: &mut Sum, _: u64, value: u32) {
        match value {
            ENDED => sum.ended = true,
            IMMINENT => sum.imminent = true,
            g => sum.xor ^= u64::from(g),
        }
    }

    #[inline(always)]
    fn solution(self, sum: &Sum, misere: bool) -> Result<Solution, Unsupported> {
        let (value, first) = if sum.ended {
            (Foreclosed::Ended, misere)
        } else if sum.imminent {
            (Foreclosed::Imminent, true)
        } else {
            (Foreclosed::Grundy(sum.xor), sum.xor != 0)
        };
        Ok(Solution { outcome: Outcome::from_first_wins(first), value: Some(Value::Foreclosed(value)) })
    }
}

/// Selective, normal play: some plate is won alone.
#[derive(Clone, Copy)]
pub(super) struct AnyNormalWin;

impl Combine for AnyNormalWin {
    type Entry = u8;
    #[inline(always)]
    fn combine(self, sum: &mut Sum, _: u64, bits: u8) {
        sum.any_first |= bits & NORMAL_WINS != 0;
    }

    #[inline(always)]
    fn solution(self, sum: &Sum, _: bool) -> Result<Solution, Unsupported> {
        Ok(outcome_solution(sum.any_first))
    }
}

/// Selective, misère play: as normal play, and the operable plates counted (with the misère
/// outcome of the last one).
#[derive(Clone, Copy)]
pub(super) struct SelectiveMisere;

impl Combine for SelectiveMisere {
    type Entry = u8;
    #[inline(always)]
    fn combine(self, sum: &mut Sum, _: u64, bits: u8) {
        sum.any_first |= bits & NORMAL_WINS != 0;
        if bits & OPERABLE != 0 {
            sum.operable = sum.operable.saturating_add(1);
            sum.misere = u64::from(bits & MISERE_WINS != 0);
        }
    }

    #[inline(always)]
    fn solution(self, sum: &Sum, _: bool) -> Result<Solution, Unsupported> {
        Ok(outcome_solution(match sum.operable {
            0 => true,
            1 => sum.misere != 0,
            _ => sum.any_first,
        }))
    }
}

/// Shortened selective, normal play: some plate is won alone, and whether some plate cannot
/// move.
#[derive(Clone, Copy)]
pub(super) struct ShortenedNormal;

impl Combine for ShortenedNormal {
    type Entry = u8;
    #[inline(always)]
    fn combine(self, sum: &mut Sum, _: u64, bits: u8) {
        sum.any_first |= bits & NORMAL_WINS != 0;
        sum.ended |= bits & OPERABLE == 0;
    }

    #[inline(always)]
    fn solution(self, sum: &Sum, _: bool) -> Result<Solution, Unsupported> {
        Ok(outcome_solution(!sum.ended && sum.any_first))
    }
}

/// Shortened selective, misère play: some plate is won alone in misère play.
#[derive(Clone, Copy)]
pub(super) struct AnyMisereWin;

impl Combine for AnyMisereWin {
    type Entry = u8;
    #[inline(always)]
    fn combine(self, sum: &mut Sum, _: u64, bits: u8) {
        sum.any_first |= bits & MISERE_WINS != 0;
    }

    #[inline(always)]
    fn solution(self, sum: &Sum, _: bool) -> Result<Solution, Unsupported> {
        Ok(outcome_solution(sum.any_first))
    }
}

/// Conjunctive: the smallest remoteness.
#[derive(Clone, Copy)]
pub(super) struct Smallest;

impl Combine for Smallest {
    type Entry = u32;
    #[inline(always)]
    fn combine(self, sum: &mut Sum, _: u64, r: u32) {
        sum.min = sum.min.min(r);
    }

    #[inline(always)]
    fn solution(self, sum: &Sum, misere: bool) -> Result<Solution, Unsupported> {
        let r = if sum.plates == 0 { 0 } else { sum.min };
        Ok(Solution {
            outcome: Outcome::from_first_wins((r % 2 == 1) != misere),
            value: Some(Value::Remoteness(r.into())),
        })
    }
}

/// Continued conjunctive: the largest suspense number.
#[derive(Clone, Copy)]
pub(super) struct Largest;

impl Combine for Largest {
    type Entry = u32;
    #[inline(always)]
    fn combine(self, sum: &mut Sum, _: u64, s: u32) {
        sum.max = sum.max.max(s);
    }

    #[inline(always)]
    fn solution(self, sum: &Sum, misere: bool) -> Result<Solution, Unsupported> {
        Ok(Solution {
            outcome: Outcome::from_first_wins((sum.max % 2 == 1) != misere),
            value: Some(Value::Suspense(sum.max.into())),
        })
    }
}

/// Running combination of the plates seen so far.
#[derive(Debug, Clone, Copy)]
pub(super) struct Sum {
    pub(super) plates: usize,
    pub(super) xor: u64,
    pub(super) all_swapped: bool,
    pub(super) misere: u64,
    pub(super) untame: bool,
    pub(super) largest: u64,
    pub(super) ended: bool,
    pub(super) imminent: bool,
    pub(super) any_first: bool,
    /// Operable plates, counted only up to 255 (the rule tells 0, 1 and more apart); kept
    /// small so that the whole sum is 48 bytes, copied in whole 16-byte moves.
    pub(super) operable: u8,
    pub(super) min: u32,
    pub(super) max: u32,
    /// Misère quotient: the product of the plates' elements.
    pub(super) element: u32,
    /// Misère quotient: some plate is beyond it.
    pub(super) beyond_quotient: bool,
}

impl Default for Sum {
    fn default() -> Self {
        Sum {
            plates: 0,
            xor: 0,
            all_swapped: true,
            misere: 0,
            untame: false,
            largest: 0,
            ended: false,
            imminent: false,
            any_first: false,
            operable: 0,
            min: u32::MAX,
            max: 0,
            element: 0,
            beyond_quotient: false,
        }
    }
}
