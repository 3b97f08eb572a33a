//! Closed forms for `split` (a plate of `x` becomes two non-empty plates), one per compound and
//! convention. From the Game Pack editorial; each is a short induction on `x`, sketched here, and
//! each is checked against the oracle on whole positions.
//!
//! A plate of `x ≤ 1` cannot move. Every move raises the number of plates by one and no plate is
//! ever emptied, so a plate of `x ≥ 1` allows exactly `x − 1` moves in all, whatever is chosen.
//!
//! * Disjunctive: the game lasts `x − 1` moves, so `g⁺(x) = (x − 1) mod 2` and
//!   `g⁻(x) = 1 − g⁺(x)` — every position is tame (values 0 and 1 swapped).
//! * Diminished, normal play: a plate of `x ≥ 2` can split off a 1 and end the game at once
//!   (`Imminent`); 0 and 1 are `Ended`.
//! * Diminished, misère play: a split that leaves a 1 loses, so plates only split into two parts
//!   of size ≥ 2. Writing `f(x) = H(x − 2)`, `H` satisfies `H(m) = mex{ H(a) ⊕ H(b) : a + b = m − 2 }`:
//!   Dawson's Kayles, the octal game 0.07, whose period 34 is proven by [`crate::octal`].
//! * Selective, normal play: `x` is a first-player win iff `x` is even (`x ≥ 2`): from even,
//!   split into two odd plates (e.g. `x − 1` and 1); the opponent must split odd plates into
//!   one odd and one even part, which can be answered; odd sizes only ever reach an even one.
//! * Selective, misère play (one plate alone): wins for 0, 1, 3, 5 and every even `x ≥ 6`.
//! * Shortened selective: normal play wins iff `x ≥ 2` (split off a 1); misère play wins iff
//!   `x mod 5 ∈ {0, 1, 4}` (0 and 1 are over, which the player to move wins).
//! * Conjunctive: remoteness `R⁺(x) = 0` for `x ≤ 1`, else 1 (split off a 1);
//!   `R⁻(x) = 0` for `x ≤ 1`, 1 for `x ∈ {2, 3}`, else 2 (split off a 2).
//! * Continued conjunctive: suspense `S⁺(x) = 2k` for `x = 2^(k+1) − 1`, `2k + 1` for
//!   `2^(k+1) ≤ x ≤ 2^(k+2) − 2`; `S⁻(x) = 0` for `x ≤ 1`, `2k + 1` for `x = 3·2^k − 1`,
//!   `2k + 2` for `3·2^k ≤ x ≤ 3·2^(k+1) − 2`.
//!
//! Each form is exact for every `u64` `x`: the only arithmetic is `x − 1`, `x − 2` after `x ≥ 2`
//! (or saturating), `x mod p`, `x / 3`, and `x + 1`, which is checked (normal suspense).

use crate::octal;
use crate::tables::{ENDED, IMMINENT};

/// Where a closed form starts to repeat, and its period, as `(start, period)`:
/// `f(x) = f(start + (x − start) mod period)` for every `x ≥ start`. Read off the forms above
/// (checked in the tests): `g±` alternate from 1 on; the foreclosed normal value, shortened
/// normal play and the remotenesses are constant from 2 (4, for misère remoteness) on;
/// selective play alternates from 6 on (2, in normal play); shortened misère play repeats
/// with 5 from 2 on.
pub(crate) const GRUNDY_PERIODIC: (u64, u64) = (1, 2);
pub(crate) const FORECLOSED_NORMAL_PERIODIC: (u64, u64) = (2, 1);
pub(crate) const SELECTIVE_PERIODIC: (u64, u64) = (6, 2);
pub(crate) const SHORTENED_PERIODIC: (u64, u64) = (2, 5);
pub(crate) const REMOTENESS_PERIODIC: (u64, u64) = (4, 1);

/// `g⁺(x)`.
pub(crate) fn grundy_normal(x: u64) -> u32 {
    (x.saturating_sub(1) % 2) as u32
}

/// `g⁻(x)`.
pub(crate) fn grundy_misere(x: u64) -> u32 {
    1 - grundy_normal(x)
}

/// Foreclosed value, normal play.
pub(crate) fn foreclosed_normal(x: u64) -> u32 {
    if x <= 1 { ENDED } else { IMMINENT }
}

/// Foreclosed value, misère play: Dawson's Kayles shifted by two, from its proven period.
pub(crate) struct ForeclosedMisere {
    dawson: Vec<u32>,
    preperiod: usize,
    period: usize,
}

impl ForeclosedMisere {
    /// Tabulates 0.07 far enough for the periodicity theorem to prove its period; `None` if it
    /// does not (it does: period 34 after 53 values).
    pub(crate) fn new() -> Option<ForeclosedMisere> {
        let dawson = octal::table(&[0, 0, 7], 400);
        let proof = octal::prove_period(&dawson, 2)?;
        Some(ForeclosedMisere { dawson, preperiod: proof.preperiod, period: proof.period })
    }

    /// Where the values start to repeat, and the period, as for the other closed forms.
    pub(crate) fn periodic(&self) -> (u64, u64) {
        (2 + self.preperiod as u64, self.period as u64)
    }

    pub(crate) fn value(&self, x: u64) -> u32 {
        if x <= 1 {
            return ENDED;
        }
        let m = x - 2;
        let index = if m < self.preperiod as u64 {
            m as usize
        } else {
            self.preperiod + ((m - self.preperiod as u64) % self.period as u64) as usize
        };
        self.dawson[index]
    }
}

/// Selective compound, normal play: 1 iff the player to move wins on this plate alone.
pub(crate) fn selective_normal(x: u64) -> u32 {
    u32::from(x >= 2 && x.is_multiple_of(2))
}

/// Selective compound, misère play, on this plate alone.
pub(crate) fn selective_misere(x: u64) -> u32 {
    u32::from(matches!(x, 0 | 1 | 3 | 5) || (x >= 6 && x.is_multiple_of(2)))
}

/// Shortened selective compound, normal play.
pub(crate) fn shortened_normal(x: u64) -> u32 {
    u32::from(x >= 2)
}

/// Shortened selective compound, misère play.
pub(crate) fn shortened_misere(x: u64) -> u32 {
    u32::from(x <= 1 || matches!(x % 5, 0 | 1 | 4))
}

/// Remoteness, normal play.
pub(crate) fn remoteness_normal(x: u64) -> u32 {
    u32::from(x >= 2)
}

/// Remoteness, misère play.
pub(crate) fn remoteness_misere(x: u64) -> u32 {
    match x {
        0 | 1 => 0,
        2 | 3 => 1,
        _ => 2,
    }
}

/// Suspense, normal play.
pub(crate) fn suspense_normal(x: u64) -> u32 {
    if x <= 1 {
        return 0;
    }
    // 2^j ≤ x + 1 < 2^(j+1); x + 1 = 2^64 only for the largest x.
    let Some(y) = x.checked_add(1) else { return 2 * (64 - 1) };
    let j = y.ilog2();
    if y.is_power_of_two() { 2 * (j - 1) } else { 2 * j - 1 }
}

/// Suspense, misère play.
pub(crate) fn suspense_misere(x: u64) -> u32 {
    if x <= 1 {
        return 0;
    }
    // 3·2^k − 1 ≤ x ≤ 3·2^(k+1) − 2  ⇔  2^k ≤ ⌊(x + 1)/3⌋ < 2^(k+1); ⌊(x + 1)/3⌋ is taken
    // without forming x + 1, which may not fit.
    let third = x / 3 + u64::from(x % 3 == 2);
    let k = third.ilog2();
    if x % 3 == 2 && third.is_power_of_two() { 2 * k + 1 } else { 2 * k + 2 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suspense_closed_forms_match_the_ranges() {
        let normal: Vec<u32> = (1..=15).map(suspense_normal).collect();
        assert_eq!(normal, vec![0, 1, 2, 3, 3, 3, 4, 5, 5, 5, 5, 5, 5, 5, 6]);
        let misere: Vec<u32> = (1..=12).map(suspense_misere).collect();
        assert_eq!(misere, vec![0, 1, 2, 2, 3, 4, 4, 4, 4, 4, 5, 6]);
        // Far values never overflow.
        assert_eq!(suspense_normal(u64::MAX - 1), 2 * 63 - 1);
        assert_eq!(suspense_normal(u64::MAX), 2 * 63);
        assert_eq!(suspense_misere(u64::MAX), 2 * 62 + 2);
        // The ranges, by their definition, around every power of two.
        for k in 0..62u32 {
            let first = 3u64 << k;
            assert_eq!(suspense_misere(first - 1), 2 * k + 1, "x = 3·2^{k} − 1");
            assert_eq!(suspense_misere(first), 2 * k + 2, "x = 3·2^{k}");
            assert_eq!(suspense_misere(2 * first - 2), 2 * k + 2, "x = 3·2^{} − 2", k + 1);
        }
    }

    /// Each periodic closed form repeats as claimed, far and near.
    #[test]
    fn closed_forms_repeat_as_claimed() {
        let dawson = ForeclosedMisere::new().unwrap();
        type Form<'a> = (&'a str, &'a dyn Fn(u64) -> u32, (u64, u64));
        let forms: [Form; 10] = [
            ("g+", &grundy_normal, GRUNDY_PERIODIC),
            ("g-", &grundy_misere, GRUNDY_PERIODIC),
            ("foreclosed+", &foreclosed_normal, FORECLOSED_NORMAL_PERIODIC),
            ("foreclosed-", &|x| dawson.value(x), dawson.periodic()),
            ("selective+", &selective_normal, SELECTIVE_PERIODIC),
            ("selective-", &selective_misere, SELECTIVE_PERIODIC),
            ("shortened+", &shortened_normal, SHORTENED_PERIODIC),
            ("shortened-", &shortened_misere, SHORTENED_PERIODIC),
            ("remoteness+", &remoteness_normal, REMOTENESS_PERIODIC),
            ("remoteness-", &remoteness_misere, REMOTENESS_PERIODIC),
        ];
        let far = [1 << 32, (1 << 32) + 1, u64::MAX - 1, u64::MAX, 10_000_000_019];
        for (name, f, (start, period)) in forms {
            for x in (start..start + 5000).chain(far) {
                assert_eq!(f(x), f(start + (x - start) % period), "{name} at {x}");
            }
        }
    }

    #[test]
    fn foreclosed_misere_is_shifted_dawson() {
        let values = ForeclosedMisere::new().unwrap();
        assert_eq!(values.value(1), ENDED);
        assert_eq!((2..8).map(|x| values.value(x)).collect::<Vec<_>>(), vec![0, 0, 1, 1, 2, 0]);
        assert_eq!(values.value(10_000_000_002), values.value(10_000_000_002 - 34));
    }
}
