//! Wythoff's game: the second player wins exactly at `(⌊kφ⌋, ⌊kφ⌋ + k)`, `k ≥ 0`, φ the golden
//! ratio (Wythoff, 1907).
//!
//! In integers: for `a ≤ b` and `k = b − a`, `⌊kφ⌋ = ⌊(k + √(5k²))/2⌋ = ⌊(k + isqrt(5k²))/2⌋` —
//! `√(5k²)` is irrational for `k > 0`, so dropping its fractional part cannot cross an integer
//! after halving. `5k²` fits in `u128` for every `u64` `k`: exact for all of `u64`.

use grundy_rules::Outcome;
use grundy_rules::games::Wythoff;

/// `⌊kφ⌋`.
pub fn lower_wythoff(k: u64) -> u128 {
    let k = u128::from(k);
    (k + (5 * k * k).isqrt()) / 2
}

/// Who wins the piles.
pub fn outcome(game: &Wythoff) -> Outcome {
    let (a, b) = (game.a.min(game.b), game.a.max(game.b));
    Outcome::from_first_wins(u128::from(a) != lower_wythoff(b - a))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_p_positions() {
        let p: Vec<(u128, u128)> = (0..6).map(|k| (lower_wythoff(k), lower_wythoff(k) + u128::from(k))).collect();
        assert_eq!(p, vec![(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)]);
        assert_eq!(outcome(&Wythoff { a: u64::MAX, b: u64::MAX }), Outcome::First);
    }
}
