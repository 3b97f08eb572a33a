//! Octal games: Grundy tables by definition, and the Guy–Smith periodicity theorem as a proof.
//!
//! A code `d0.d1d2…dt` says, for each `k`, what removing `k` tokens from a heap may leave: bit 1
//! of `dk` nothing, bit 2 one heap, bit 4 two non-empty heaps, bit 8 three (hexadecimal codes);
//! `d0` can only split (4 or 8).
//!
//! **Periodicity theorem** (Guy and Smith, 1956; Winning Ways, ch. 4, "Proving periodicity"):
//! for an octal game whose last non-zero digit is `dt`, if `G(n + p) = G(n)` for every `n` with
//! `n0 ≤ n < 2·n0 + p + t`, then `G(n + p) = G(n)` for every `n ≥ n0`. (For `n ≥ 2·n0 + p + t`, a
//! split of `n + p − k` into two heaps has a part of at least `n0 + p`, which can be shortened by
//! `p`.) So an observed period is certain once the table holds `2·n0 + 2p + t` values. The
//! argument needs a split into *two* heaps; codes with bit 8 get no proof here.

/// Extends `values` (Grundy values of heaps `0..values.len()`) up to heap `n`, by definition.
pub fn extend(digits: &[u8], values: &mut Vec<u32>, n: usize) {
    let mut seen: Vec<bool> = Vec::new();
    for heap in values.len()..=n {
        seen.clear();
        seen.resize(heap * 2 + 2, false);
        let mut option = |value: u32| {
            if let Some(slot) = seen.get_mut(value as usize) {
                *slot = true;
            }
        };
        for (take, &digit) in digits.iter().enumerate() {
            if take > heap {
                break;
            }
            let rest = heap - take;
            if digit & 1 != 0 && rest == 0 {
                option(0);
            }
            if digit & 2 != 0 && rest > 0 && take > 0 {
                option(values[rest]);
            }
            if digit & 4 != 0 && rest >= 2 {
                for a in 1..=rest / 2 {
                    option(values[a] ^ values[rest - a]);
                }
            }
            if digit & 8 != 0 && rest >= 3 {
                for a in 1..=rest / 3 {
                    for b in a..=(rest - a) / 2 {
                        option(values[a] ^ values[b] ^ values[rest - a - b]);
                    }
                }
            }
        }
        values.push(seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32);
    }
}

/// Grundy values `G(0..=n)` of the octal game with digits `d0, d1, …`, by definition.
pub fn table(digits: &[u8], n: usize) -> Vec<u32> {
    let mut values = Vec::with_capacity(n + 1);
    extend(digits, &mut values, n);
    values
}

/// The index of the last non-zero digit.
pub fn last_digit(digits: &[u8]) -> usize {
    digits.iter().rposition(|&d| d != 0).unwrap_or(0)
}

/// A period found in a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    /// Values before the periodic part (the periodic part starts at `preperiod`).
    pub preperiod: usize,
    /// The period.
    pub period: usize,
}

impl Period {
    /// The value at `x`, from a table holding at least `preperiod + period` values.
    pub fn value(&self, values: &[u32], x: u64) -> u32 {
        let start = self.preperiod as u64;
        let index = if x < values.len() as u64 { x } else { start + (x - start) % self.period as u64 };
        values[index as usize]
    }
}

/// The shortest period, with its shortest pre-period, for which `enough(preperiod, period)`
/// holds: the table then agrees with the period on `[preperiod, len)`.
pub fn find_period(values: &[u32], mut enough: impl FnMut(usize, usize) -> bool) -> Option<Period> {
    let len = values.len();
    (1..len).find_map(|period| {
        // The pre-period is one past the last n where G(n + p) != G(n).
        let preperiod = (0..len - period).rev().find(|&n| values[n + period] != values[n]).map_or(0, |n| n + 1);
        enough(preperiod, period).then_some(Period { preperiod, period })
    })
}

/// The period that the table proves by the periodicity theorem, for a code whose last non-zero
/// digit is `dt`.
pub fn prove_period(values: &[u32], t: usize) -> Option<Period> {
    // Every n < 2·n0 + p + t must have been compared: n + p < len.
    find_period(values, |preperiod, period| 2 * preperiod + period + t + period <= values.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dawsons_kayles_has_proven_period_34() {
        let values = table(&[0, 0, 7], 300);
        // Published values of 0.07 (OEIS A002187).
        assert_eq!(&values[..18], &[0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2]);
        let proof = prove_period(&values, 2).unwrap();
        assert_eq!(proof.period, 34);
        // The last exception is at n = 52 (51 for Dawson's chess, 0.137, whose values are shifted by one).
        assert_eq!(proof.preperiod, 53);
    }

    #[test]
    fn a_short_table_proves_nothing() {
        let values = table(&[0, 0, 7], 100);
        assert_eq!(prove_period(&values, 2).map(|p| p.period), None);
    }

    #[test]
    fn kayles_has_proven_period_12() {
        let values = table(&[0, 7, 7], 400);
        assert_eq!(&values[..12], &[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
        assert_eq!(prove_period(&values, 2).map(|p| p.period), Some(12));
    }

    #[test]
    fn dawsons_chess_has_proven_period_34() {
        let values = table(&[0, 1, 3, 7], 400);
        assert_eq!(prove_period(&values, 3).map(|p| p.period), Some(34));
    }

    #[test]
    fn splitting_without_removing_counts() {
        // 4.0: a heap splits into two non-empty heaps; the game lasts n − 1 moves.
        let values = table(&[4], 20);
        assert!(values.iter().enumerate().all(|(n, &g)| g == (n.saturating_sub(1) % 2) as u32));
    }
}
