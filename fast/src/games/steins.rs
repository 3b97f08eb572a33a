//! Steins;Game: how many of the `2^n` colourings the second player wins, mod 1 000 000 007.
//!
//! White piles are Nim heaps. The black piles are one game whose Grundy value, for black piles
//! with smallest size `m` occurring `c` times and `d = 1` when some black pile is larger (else
//! 0), is `m − ((c + d + 1) mod 2)` (by induction on the piles; checked against the oracle). The
//! second player wins iff the xor of the white piles equals that value. Counting: fix the black
//! minimum `m` (all smaller piles white, `c ≥ 1` of the `k` piles equal to `m` black, in
//! `2^(k−1)` ways for odd `c` and `2^(k−1) − 1` for even `c`), then any subset `S` of the larger
//! piles is black; the condition fixes `xor(S)`, and a xor linear basis of the larger piles
//! counts the subsets with a given xor: `2^(size − rank)` if it is in their span, else none.

use grundy_rules::games::Steins;

const MOD: u64 = 1_000_000_007;

/// A xor linear basis over 64-bit words.
#[derive(Debug, Clone)]
struct Basis {
    rows: [u64; 64],
    rank: u32,
    size: u64,
}

impl Default for Basis {
    fn default() -> Self {
        Basis { rows: [0; 64], rank: 0, size: 0 }
    }
}

impl Basis {
    fn insert(&mut self, mut x: u64) {
        self.size += 1;
        for bit in (0..64).rev() {
            if x >> bit & 1 == 0 {
                continue;
            }
            if self.rows[bit] == 0 {
                self.rows[bit] = x;
                self.rank += 1;
                return;
            }
            x ^= self.rows[bit];
        }
    }

    fn spans(&self, mut x: u64) -> bool {
        for bit in (0..64).rev() {
            if x >> bit & 1 == 1 && self.rows[bit] != 0 {
                x ^= self.rows[bit];
            }
        }
        x == 0
    }

    /// Subsets of the inserted numbers whose xor is `x`, mod `MOD`.
    fn subsets_with_xor(&self, x: u64, powers: &[u64]) -> u64 {
        if self.spans(x) { powers[(self.size - u64::from(self.rank)) as usize] } else { 0 }
    }
}

/// The Grundy value of the black piles: smallest `m ≥ 1`, `c` of them, `larger` whether any is
/// larger. Only `c`'s parity enters, so no sum can overflow for any `u64` `c`; the result is
/// `m` or `m − 1 ≥ 0`.
pub fn black_value(m: u64, c: u64, larger: bool) -> u64 {
    m - (c % 2 + u64::from(larger) + 1) % 2
}

/// Colourings (of `2^n`) in which the second player wins, mod 1 000 000 007. Any `u64` piles
/// (at least 1): they are only compared and xored; every product is of two residues, below `2^60`.
pub fn second_player_colourings(steins: &Steins) -> u64 {
    let mut sorted = steins.piles().to_vec();
    sorted.sort_unstable();
    let n = sorted.len();
    let mut powers = vec![1u64; n + 1];
    for i in 1..=n {
        powers[i] = powers[i - 1] * 2 % MOD;
    }
    let total = sorted.iter().fold(0, |x, &p| x ^ p);
    let mut count = u64::from(total == 0); // every pile white
    let mut basis = Basis::default();
    let mut end = n;
    while end > 0 {
        let m = sorted[end - 1];
        let start = sorted[..end].partition_point(|&x| x < m);
        let k = (end - start) as u64;
        for c_odd in [true, false] {
            let ways = if c_odd { powers[k as usize - 1] } else { (powers[k as usize - 1] + MOD - 1) % MOD };
            if ways == 0 {
                continue;
            }
            let parity = u64::from(!c_odd); // any c of this parity: c mod 2 = 1 − parity
            let c = 1 + parity; // a representative count with the same parity
            let black_xor = if c_odd { m } else { 0 };
            // No larger black pile.
            if total ^ black_xor == black_value(m, c, false) {
                count = (count + ways) % MOD;
            }
            // Some larger black piles S: xor(S) = total ⊕ black_xor ⊕ value.
            let wanted = total ^ black_xor ^ black_value(m, c, true);
            let subsets = (basis.subsets_with_xor(wanted, &powers) + MOD - u64::from(wanted == 0)) % MOD;
            count = (count + ways * subsets) % MOD;
        }
        for &x in &sorted[start..end] {
            basis.insert(x);
        }
        end = start;
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_samples() {
        let count = |piles: &[u64]| second_player_colourings(&Steins::new(piles.to_vec()).unwrap());
        assert_eq!(count(&[1, 1]), 4);
        assert_eq!(count(&[1, 2]), 1);
        assert_eq!(count(&[5]), 0);
    }

    #[test]
    fn huge_counts_and_piles() {
        // c + 2 would not fit; its parity does.
        assert_eq!(black_value(5, u64::MAX, true), black_value(5, 1, true));
        assert_eq!(black_value(5, u64::MAX - 1, false), black_value(5, 2, false));
        let count = |piles: &[u64]| second_player_colourings(&Steins::new(piles.to_vec()).unwrap());
        assert_eq!(count(&[u64::MAX, u64::MAX]), count(&[7, 7]));
    }
}
