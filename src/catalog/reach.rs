//! The ends of a contest's ranges and the reach of the oracle: draws that land on a range's ends
//! (a uniform draw up to 10^9 never does), and the counts that bound the positions an oracle
//! stores ([`crate::problem::Contest::oracle_positions`]), each saturating at `u128::MAX`.

use std::sync::OnceLock;

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// A generator's number in `low..=high`: `low` one time in 16, `high` one time in 16, else the
/// number `draw` makes (uniform, aimed …), so that both ends of the contest's range are met.
pub fn or_an_end(rng: &mut ChaCha8Rng, low: u64, high: u64, draw: impl FnOnce(&mut ChaCha8Rng) -> u64) -> u64 {
    match rng.random_range(0..16) {
        0 => low,
        1 => high,
        _ => draw(rng),
    }
}

/// `count` items, `first` and `second` in turn (`first` at even places): a whole range's ends
/// in one input.
pub fn in_turn<T: Copy>(count: usize, first: T, second: T) -> Vec<T> {
    (0..count).map(|i| if i % 2 == 0 { first } else { second }).collect()
}

/// A number in `low..=high`, uniform but for each end, drawn one time in 16.
pub fn uniform_or_an_end(rng: &mut ChaCha8Rng, low: u64, high: u64) -> u64 {
    or_an_end(rng, low, high, |rng| rng.random_range(low..=high))
}

/// Sums past which the partition counts are not kept: `p(1500)` already exceeds `u128::MAX`.
pub const PARTITIONS_KEPT: u64 = 1500;

/// `p(s)`, the partitions of `s` (multisets of positive parts summing to `s`), for
/// `s ≤ PARTITIONS_KEPT`, saturating; computed once, by Euler's coin-change recurrence.
fn partition_table() -> &'static [u128] {
    static TABLE: OnceLock<Vec<u128>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let size = PARTITIONS_KEPT as usize;
        let mut counts = vec![0u128; size + 1];
        counts[0] = 1;
        for part in 1..=size {
            for sum in part..=size {
                counts[sum] = counts[sum].saturating_add(counts[sum - part]);
            }
        }
        counts
    })
}

/// `p(s)`, the partitions of `s`, saturating.
pub fn partitions(s: u64) -> u128 {
    partition_table().get(s as usize).filter(|_| s <= PARTITIONS_KEPT).copied().unwrap_or(u128::MAX)
}

/// `Σ_{s ≤ most} p(s)`: the multisets of positive parts whose sum is at most `most`, saturating.
pub fn partitions_up_to(most: u64) -> u128 {
    if most > PARTITIONS_KEPT {
        return u128::MAX;
    }
    partition_table()[..=most as usize].iter().fold(0u128, |total, &p| total.saturating_add(p))
}

/// `C(n, k)`, saturating.
pub fn binomial(n: u128, k: u128) -> u128 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut result: u128 = 1;
    for i in 0..k {
        // result · (n − i) / (i + 1) stays an integer: result is C(n, i) before.
        result = match result.checked_mul(n - i) {
            Some(product) => product / (i + 1),
            None => return u128::MAX,
        };
    }
    result
}

/// The product of `factors`, saturating.
pub fn product(factors: impl IntoIterator<Item = u128>) -> u128 {
    factors.into_iter().fold(1u128, u128::saturating_mul)
}

/// `2^exponent`, saturating.
pub fn power_of_two(exponent: u64) -> u128 {
    if exponent >= 128 { u128::MAX } else { 1 << exponent }
}

/// `size · 2^(size − 1)`: the pairs (a set of `size` things holding a fixed one, a member of the
/// set), the positions of a walk that may not return (the visited set, where the walk is),
/// saturating.
pub fn walks_within(size: u64) -> u128 {
    if size == 0 {
        return 0;
    }
    u128::from(size).saturating_mul(power_of_two(size - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partition_counts_are_the_published_ones() {
        // OEIS A000041.
        let published: [u128; 11] = [1, 1, 2, 3, 5, 7, 11, 15, 22, 30, 42];
        assert_eq!((0..=10).map(partitions).collect::<Vec<_>>(), published);
        assert_eq!(partitions(100), 190_569_292);
        assert_eq!(partitions_up_to(4), 1 + 1 + 2 + 3 + 5);
        assert_eq!(partitions(PARTITIONS_KEPT), u128::MAX);
        assert_eq!(partitions_up_to(PARTITIONS_KEPT + 1), u128::MAX);
    }

    #[test]
    fn binomials_saturate() {
        assert_eq!(binomial(5, 2), 10);
        assert_eq!(binomial(150_000, 1), 150_000);
        assert_eq!(binomial(3, 5), 0);
        assert_eq!(binomial(1000, 500), u128::MAX);
        assert_eq!(walks_within(3), 12);
        assert_eq!(power_of_two(200), u128::MAX);
    }

    #[test]
    fn draws_meet_both_ends() {
        use rand::SeedableRng;
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let draws: Vec<u64> = (0..200).map(|_| uniform_or_an_end(&mut rng, 5, 1_000_000_000)).collect();
        assert!(draws.contains(&5) && draws.contains(&1_000_000_000));
        assert!(draws.iter().all(|&d| (5..=1_000_000_000).contains(&d)));
    }
}
