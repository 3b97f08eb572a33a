//! The values as both engines compute and keep them: the mex and the parity rule of remoteness
//! and suspense (their definitions are stated in [`crate::engine`]), and the raw `u32` a value is
//! kept as — the number itself, but for foreclosed values, kept as the Grundy value + 2 with
//! 0 for `Ended` and 1 for `Imminent`. [`solution`] reads a raw value back, for the generic
//! engine and for box mode alike.

use grundy_rules::{Foreclosed, Outcome, Solution, Value, ValueKind};

// Foreclosed values are stored as the Grundy value + 2; these two mark the others.
pub(crate) const ENDED: u32 = 0;
pub(crate) const IMMINENT: u32 = 1;

/// The solution of a position whose player to move wins when `first_wins` and whose value of
/// kind `kind` is kept as `raw` (no value when only the outcome is asked for).
pub(crate) fn solution(kind: ValueKind, first_wins: bool, raw: u32) -> Solution {
    let value = match kind {
        ValueKind::Grundy => Some(Value::Grundy(raw.into())),
        ValueKind::Remoteness => Some(Value::Remoteness(raw.into())),
        ValueKind::Suspense => Some(Value::Suspense(raw.into())),
        ValueKind::Foreclosed => Some(Value::Foreclosed(match raw {
            ENDED => Foreclosed::Ended,
            IMMINENT => Foreclosed::Imminent,
            g => Foreclosed::Grundy((g - 2).into()),
        })),
        ValueKind::OutcomeOnly => None,
    };
    Solution { outcome: Outcome::from_first_wins(first_wins), value }
}

/// Smallest non-negative integer not among `values`.
pub(crate) fn mex(values: impl Iterator<Item = u32> + Clone, seen: &mut Vec<bool>) -> u32 {
    // Small values, the common case: a bit each in one word.
    let mut small = 0u64;
    let mut large = false;
    for v in values.clone() {
        if v < 64 {
            small |= 1 << v;
        } else {
            large = true;
        }
    }
    let below_64 = (!small).trailing_zeros();
    if below_64 < 64 || !large {
        return below_64;
    }
    let bound = values.clone().count() + 1;
    seen.clear();
    seen.resize(bound, false);
    for v in values {
        if (v as usize) < bound {
            seen[v as usize] = true;
        }
    }
    seen.iter().position(|&present| !present).unwrap_or(bound) as u32
}

/// `1 + ` the best option of parity `wanted` by `prefer_wanted`, else `1 + ` the best of the
/// other parity by `prefer_other`; 0 when there is no option.
pub(crate) fn parity_extremes(
    values: impl Iterator<Item = u32>,
    wanted: u32,
    prefer_wanted: impl Fn(u32, u32) -> bool,
    prefer_other: impl Fn(u32, u32) -> bool,
) -> u32 {
    let mut best_wanted: Option<u32> = None;
    let mut best_other: Option<u32> = None;
    for v in values {
        let (best, prefer): (&mut Option<u32>, &dyn Fn(u32, u32) -> bool) =
            if v % 2 == wanted { (&mut best_wanted, &prefer_wanted) } else { (&mut best_other, &prefer_other) };
        if best.is_none_or(|b| prefer(b, v)) {
            *best = Some(v);
        }
    }
    match best_wanted.or(best_other) {
        Some(v) => v + 1,
        None => 0,
    }
}
