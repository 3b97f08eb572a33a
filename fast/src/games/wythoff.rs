//! Wythoff's game: the second player wins exactly at `(⌊kφ⌋, ⌊kφ⌋ + k)`, `k ≥ 0`, φ the golden
//! ratio (Wythoff, 1907).
//!
//! In integers: `⌊kφ⌋ = ⌊(k + k√5)/2⌋ = ⌊(k + ⌊k√5⌋)/2⌋` (for an integer `k` and a real `x`,
//! `⌊(k + x)/2⌋ = ⌊⌊k + x⌋/2⌋`), and `⌊k√5⌋ = ⌊√(5k²)⌋` is an integer square root. `5k²` itself
//! does not fit in `u128` once `k > 2^64/√5 ≈ 8.25·10^18`, so [`floor_k_sqrt5`] never forms it:
//! every intermediate has a stated bound below `2^128`, and the result is exact for all of `u64`
//! (no floating point).

use grundy_rules::Outcome;
use grundy_rules::games::Wythoff;

/// `⌊kφ⌋`, exact for every `u64` `k`. It can exceed `u64` (`⌊(2^64 − 1)φ⌋ ≈ 2.98·10^19`), and
/// is below `2^65`: `kφ < 1.62·2^64`.
pub fn lower_wythoff(k: u64) -> u128 {
    // k + ⌊k√5⌋ < 2^64 + 2.24·2^64 < 2^66.
    (u128::from(k) + floor_k_sqrt5(k)) / 2
}

/// `⌊k√5⌋ = ⌊√N⌋` with `N = 5k²`, for every `u64` `k`, without forming `N` (up to `5·2^128`).
///
/// Bounds, with `k < 2^64`: `k² < 2^128` fits. Writing `k² = 16q + r` (`r < 16`),
/// `M = ⌊N/16⌋ = 5q + ⌊5r/16⌋` (as `16 | 80q`), and `5q < 5·2^124 < 2^127` fits. With
/// `s = ⌊√M⌋`: `16s² ≤ 16M ≤ N` and `N < 16(M + 1) ≤ 16(s + 1)²`, so `4s ≤ √N < 4s + 4`:
/// `⌊√N⌋` is one of `4s, …, 4s + 3` (all below `2^67`), the largest `c` with `c² ≤ N`, which
/// [`square_at_most_5k2`] decides without squaring `c`.
fn floor_k_sqrt5(k: u64) -> u128 {
    let k2 = u128::from(k) * u128::from(k);
    let m = 5 * (k2 >> 4) + ((5 * (k2 & 15)) >> 4);
    let low = 4 * m.isqrt();
    // c ↦ c² ≤ N is monotone: count the candidates above `low` that still qualify.
    low + (1..=3).take_while(|&j| square_at_most_5k2(low + j, k)).count() as u128
}

/// Whether `c² ≤ 5k²`, for `c < 2^67`, without forming either side: if `c ≤ 2k`, yes (`c² ≤ 4k²`);
/// else with `t = c − 2k > 0`, `c² ≤ 5k² ⟺ 4k² + 4kt + t² ≤ 5k² ⟺ t(4k + t) ≤ k²`, where
/// `4k + t < 2^66 + 2^67` fits, `k² < 2^128` fits, and a product that overflows `u128` exceeds `k²`.
fn square_at_most_5k2(c: u128, k: u64) -> bool {
    let k = u128::from(k);
    match c.checked_sub(2 * k) {
        None | Some(0) => true,
        Some(t) => t.checked_mul(4 * k + t).is_some_and(|product| product <= k * k),
    }
}

/// Who wins the piles: exact for every pair of `u64`.
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

    /// `⌊k√5⌋` by definition where `5k²` fits in `u128` (`k < 2^64/√5`), including just below
    /// that edge, where the old single square root was still right.
    #[test]
    fn floor_k_sqrt5_matches_the_plain_square_root_where_it_fits() {
        let edge = 8_249_634_742_471_189_717u64; // ⌊2^64/√5⌋: 5·edge² < 2^128 ≤ 5·(edge + 1)²
        assert!(u128::from(edge).checked_mul(u128::from(edge)).and_then(|x| x.checked_mul(5)).is_some());
        assert!(u128::from(edge + 1).checked_mul(u128::from(edge + 1)).and_then(|x| x.checked_mul(5)).is_none());
        let small = 0..100_000u64;
        let near_edge = edge - 100_000..=edge;
        let powers = (0..63).flat_map(|i| [(1u64 << i) - 1, 1 << i, (1 << i) + 1]);
        for k in small.chain(near_edge).chain(powers) {
            let plain = (5 * u128::from(k) * u128::from(k)).isqrt();
            assert_eq!(floor_k_sqrt5(k), plain, "k = {k}");
        }
    }

    #[test]
    fn lower_wythoff_at_the_top_of_u64() {
        // ⌊(2^64 − 1)φ⌋ (checked by 256-bit squares in the root crate's tests/wythoff.rs).
        assert_eq!(lower_wythoff(u64::MAX), 29_847_458_893_032_750_100);
        // The P-position of the largest k that fits: b is u64::MAX itself.
        let outcome = |a, b| outcome(&Wythoff { a, b });
        assert_eq!(outcome(11_400_714_819_323_198_485, u64::MAX), Outcome::Second);
        assert_eq!(outcome(11_400_714_819_323_198_484, u64::MAX), Outcome::First);
        // The input: k = 8 249 634 742 471 189 718, just past the edge above.
        assert_eq!(outcome(4_124_817_374_176_484_132, 12_374_452_116_647_673_850), Outcome::First);
    }
}
