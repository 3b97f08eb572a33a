//! Octal games on small tables, and the Guy–Smith periodicity theorem as a proof of period.
//!
//! An octal code `0.d1d2…dk` says, for each `j`, what removing `j` tokens from a heap may leave:
//! bit 1 of `dj` nothing, bit 2 one heap, bit 4 two non-empty heaps.
//!
//! **Periodicity theorem** (Guy and Smith, 1956; Winning Ways, ch. 4): for an octal game whose
//! last non-zero digit is `dk`, if `G(n + p) = G(n)` for every `n` with `n0 ≤ n < 2·n0 + p + k`,
//! then `G(n + p) = G(n)` for every `n ≥ n0`. So an observed period becomes certain once the
//! table reaches `2·n0 + 2p + k` values.

/// Grundy values `G(0..=n)` of the octal game with digits `digits[j - 1] = dj`, by definition.
pub fn table(digits: &[u8], n: usize) -> Vec<u32> {
    let mut values = vec![0u32; n + 1];
    let mut seen = Vec::new();
    for heap in 1..=n {
        seen.clear();
        seen.resize(heap * 2 + 2, false);
        for (j, &digit) in digits.iter().enumerate() {
            let take = j + 1;
            if take > heap {
                break;
            }
            let rest = heap - take;
            let mut option = |value: u32| seen[value as usize] = true;
            if digit & 1 != 0 && rest == 0 {
                option(0);
            }
            if digit & 2 != 0 && rest > 0 {
                option(values[rest]);
            }
            if digit & 4 != 0 && rest >= 2 {
                for a in 1..=rest / 2 {
                    option(values[a] ^ values[rest - a]);
                }
            }
        }
        values[heap] = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32;
    }
    values
}

/// A period proven by the periodicity theorem.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProvenPeriod {
    /// Values before the periodic part (the periodic part starts at `preperiod`).
    pub preperiod: usize,
    /// The period.
    pub period: usize,
}

/// The shortest period, with its shortest pre-period, that the table proves by the periodicity
/// theorem for a code whose last non-zero digit is `dk`, `k = code_length`.
pub fn prove_period(values: &[u32], code_length: usize) -> Option<ProvenPeriod> {
    let len = values.len();
    (1..len).find_map(|period| {
        // The pre-period is one past the last n where G(n + p) != G(n).
        let preperiod = (0..len - period).rev().find(|&n| values[n + period] != values[n]).map_or(0, |n| n + 1);
        // Every n < 2·n0 + p + k must have been compared: n + p < len.
        (2 * preperiod + period + code_length + period <= len).then_some(ProvenPeriod { preperiod, period })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dawsons_kayles_has_proven_period_34() {
        let values = table(&[0, 7], 300);
        // Published values of 0.07 (OEIS A002187).
        assert_eq!(&values[..18], &[0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2]);
        let proof = prove_period(&values, 2).unwrap();
        assert_eq!(proof.period, 34);
        // The last exception is at n = 52 (51 for Dawson's chess, 0.137, whose values are shifted by one).
        assert_eq!(proof.preperiod, 53);
    }

    #[test]
    fn a_short_table_proves_nothing() {
        let values = table(&[0, 7], 100);
        assert_eq!(prove_period(&values, 2).map(|p| p.period), None);
    }

    #[test]
    fn kayles_has_proven_period_12() {
        let values = table(&[7, 7], 400);
        assert_eq!(&values[..12], &[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
        assert_eq!(prove_period(&values, 2).map(|p| p.period), Some(12));
    }
}
