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

/// **Sparse space** (Winning Ways, ch. 4, "Sparse space spells speed"): fix a bit mask `m` and
/// call a value *rare* when `popcount(v & m)` is even, *common* when it is odd. The xor of two
/// values is common exactly when one is rare and the other common. So every common option value
/// of a heap comes from a split with a rare part, and those are few when rare values are; the
/// common values are enumerated in O(#rare heaps). A rare value below the smallest missing
/// common one is looked for among the remaining splits, stopping at the first hit; only when it
/// is not found does the search cover every split. The result is exact for any mask; the mask
/// only decides the speed.
#[derive(Debug, Clone)]
pub struct Sparse {
    mask: u32,
    rare_heaps: Vec<usize>,
    seen: Vec<u32>,
    stamp: u32,
    /// `[v · WITNESS_RESIDUES + heap mod WITNESS_RESIDUES]`: the (take, part) split that last
    /// reached the rare value `v`.
    witness: Vec<(usize, usize)>,
    /// The table length when the mask was last chosen.
    chosen_at: usize,
    /// Rare values still looked for, by value.
    pending: Vec<bool>,
}

/// Heaps are grouped by their residue modulo this for remembering witnesses.
const WITNESS_RESIDUES: usize = 12;

impl Sparse {
    /// The mask (over the bits the values use, at most 12) that makes the fewest of `values`
    /// rare, with that count; ties go to the mask with more bits, which tells more values apart.
    pub fn best_mask(values: &[u32]) -> (u32, usize) {
        let largest = values.iter().copied().max().unwrap_or(0);
        let masks = (largest + 1).next_power_of_two().clamp(2, 1 << 12);
        let mut frequency = vec![0usize; largest as usize + 1];
        for &v in values {
            frequency[v as usize] += 1;
        }
        let present: Vec<(u32, usize)> =
            frequency.iter().enumerate().filter(|&(_, &f)| f > 0).map(|(v, &f)| (v as u32, f)).collect();
        (1..masks)
            .map(|mask| (mask, present.iter().filter(|&&(v, _)| is_rare(v, mask)).map(|&(_, f)| f).sum()))
            .min_by_key(|&(mask, rare): &(u32, usize)| {
                (rare, std::cmp::Reverse(mask.count_ones()), std::cmp::Reverse(mask))
            })
            .expect("masks to try")
    }

    /// Prepares the method for a table computed so far.
    pub fn new(values: &[u32], mask: u32) -> Sparse {
        let rare_heaps = (1..values.len()).filter(|&n| is_rare(values[n], mask)).collect();
        Sparse {
            mask,
            rare_heaps,
            seen: Vec::new(),
            stamp: 0,
            witness: Vec::new(),
            chosen_at: values.len(),
            pending: Vec::new(),
        }
    }

    /// Extends `values` up to heap `n`.
    pub fn extend(&mut self, digits: &[u8], values: &mut Vec<u32>, n: usize) {
        let splits: Vec<usize> = (0..digits.len()).filter(|&k| digits[k] & 4 != 0).collect();
        let mut bound = values.iter().copied().max().unwrap_or(0);
        for heap in values.len()..=n {
            // A mask that looked best on a short table may not stay so: look again as it grows.
            if heap >= 2 * self.chosen_at {
                let (mask, rare) = Sparse::best_mask(values);
                if rare < self.rare_heaps.len() {
                    *self = Sparse::new(values, mask);
                }
                self.chosen_at = heap;
            }
            // Every xor of two values, and every mex, is below this power of two.
            let limit = (bound as usize + 2).next_power_of_two() * 2;
            if self.seen.len() < limit {
                self.seen.resize(limit, 0);
                self.pending.resize(limit, false);
            }
            self.stamp += 1;
            let stamp = self.stamp;
            let seen = &mut self.seen;
            for (take, &digit) in digits.iter().enumerate().take_while(|&(take, _)| take <= heap) {
                let rest = heap - take;
                if digit & 1 != 0 && rest == 0 {
                    seen[0] = stamp;
                }
                if digit & 2 != 0 && rest > 0 && take > 0 {
                    seen[values[rest] as usize] = stamp;
                }
            }
            // Every split with a rare part.
            for &take in &splits {
                let Some(rest) = heap.checked_sub(take) else { continue };
                for &a in self.rare_heaps.iter().take_while(|&&a| a < rest) {
                    seen[(values[a] ^ values[rest - a]) as usize] = stamp;
                }
            }
            let mask = self.mask;
            let common = (0..).find(|&v| !is_rare(v, mask) && seen[v as usize] != stamp).expect("a missing value");
            // Rare values below it that no split with a rare part reached: the smallest one that
            // no other split reaches either is the mex instead. Each is first tried with the split
            // that last reached it for a heap of the same residue (values are nearly periodic);
            // then one scan of all splits looks for every remaining one at once.
            let pending = &mut self.pending;
            let mut remaining = 0usize;
            for v in (0..common).filter(|&v| is_rare(v, mask) && seen[v as usize] != stamp) {
                let slot = v as usize * WITNESS_RESIDUES + heap % WITNESS_RESIDUES;
                if slot >= self.witness.len() {
                    self.witness.resize(slot + 1, (0, 0));
                }
                let (take, a) = self.witness[slot];
                let reached = heap
                    .checked_sub(take)
                    .is_some_and(|rest| a >= 1 && a <= rest / 2 && values[a] ^ values[rest - a] == v);
                if !reached {
                    pending[v as usize] = true;
                    remaining += 1;
                }
            }
            'scan: for &take in &splits {
                let Some(rest) = heap.checked_sub(take) else { continue };
                for a in 1..=rest / 2 {
                    if remaining == 0 {
                        break 'scan;
                    }
                    let v = (values[a] ^ values[rest - a]) as usize;
                    if pending[v] {
                        pending[v] = false;
                        remaining -= 1;
                        self.witness[v * WITNESS_RESIDUES + heap % WITNESS_RESIDUES] = (take, a);
                    }
                }
            }
            let mut value = common;
            if remaining > 0 {
                value = (0..common).find(|&v| pending[v as usize]).expect("a pending value");
                pending[..common as usize].fill(false);
            }
            if is_rare(value, mask) {
                self.rare_heaps.push(heap);
            }
            bound = bound.max(value);
            values.push(value);
        }
    }

    /// How many heaps so far have rare values.
    pub fn rare_count(&self) -> usize {
        self.rare_heaps.len()
    }
}

fn is_rare(value: u32, mask: u32) -> bool {
    (value & mask).count_ones() % 2 == 0
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
    fn the_sparse_space_method_gives_the_same_values() {
        for digits in [&[0u8, 1, 6][..], &[0, 6], &[0, 7, 7], &[0, 0, 7], &[0, 4, 5, 6], &[4, 1, 2]] {
            let plain = table(digits, 3000);
            let mut values = table(digits, 200);
            let (mask, _) = Sparse::best_mask(&values);
            Sparse::new(&values, mask).extend(digits, &mut values, 3000);
            assert_eq!(values, plain, "{digits:?}");
        }
    }

    #[test]
    fn splitting_without_removing_counts() {
        // 4.0: a heap splits into two non-empty heaps; the game lasts n − 1 moves.
        let values = table(&[4], 20);
        assert!(values.iter().enumerate().all(|(n, &g)| g == (n.saturating_sub(1) % 2) as u32));
    }
}
