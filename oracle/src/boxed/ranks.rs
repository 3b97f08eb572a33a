//! Ranks in the box, kept as the positions are generated ([`crate::key`]: sorted plates
//! `x₀ ≤ … ≤ x_{k−1}` have rank `Σ C(xₜ + t, t + 1)`).
//!
//! For one-plate moves, the rank of an option is found from the position's rank in constant
//! time: replacing the plate at sorted index `i` by `y` (inserted at index `j ≤ i`) changes only
//! the terms `j..=i`, whose sums from each index on are kept as the positions are generated
//! ([`Sums`]).
//!
//! A wave (the positions of equal total) is cut by its two largest plates into parts that the
//! cores take in turn; each position is written straight to its rank (no two share one).

use std::ops::ControlFlow;

use crate::key::binomial;
use crate::pile::{PileGame, PlateOption};

/// Sums of the rank terms `T(t, v) = C(v + t, t + 1)` of sorted plates `s₀ ≤ … ≤ s_{k−1}`,
/// from each index on: `rank[t] = Σ_{u≥t} T(u, s_u)` (so `rank[0]` is the rank);
/// `lowered[t] = Σ_{u≥t, u≥1} T(u − 1, s_u)` (the terms of the plates after an index, one index
/// lower, as in the rank of a context); `shifted[t] = Σ_{u≥t} T(u + 1, s_u)` (one index higher,
/// as when a smaller plate goes in before them). Each is `0` at `t = k`.
///
/// Kept from the largest plate down as positions are generated, so that a position's rank, its
/// contexts' ranks and its options' ranks each take a few subtractions.
pub(super) struct Sums {
    pub(super) rank: Vec<u64>,
    lowered: Vec<u64>,
    shifted: Vec<u64>,
}

impl Sums {
    pub(super) fn new(k: usize) -> Sums {
        Sums { rank: vec![0; k + 1], lowered: vec![0; k + 1], shifted: vec![0; k + 1] }
    }

    /// The rank of the plates without the one at index `i`, among the positions of one plate
    /// fewer: the terms before `i` as they are, those after it one index lower.
    #[inline(always)]
    pub(super) fn context(&self, i: usize) -> u64 {
        self.rank[0] - self.rank[i] + self.lowered[i + 1]
    }

    /// Sets the plate at index `t` to `v`, the plates after it set.
    #[inline(always)]
    fn set(&mut self, terms: &[Vec<u64>], t: usize, v: u64) {
        let v = v as usize;
        self.rank[t] = self.rank[t + 1] + terms[t][v];
        self.lowered[t] = self.lowered[t + 1] + if t > 0 { terms[t - 1][v] } else { 0 };
        self.shifted[t] = self.shifted[t + 1] + terms[t + 1][v];
    }
}

/// `T(t, v) = C(v + t, t + 1)`, the rank term of a plate of `v` at sorted index `t`, for every
/// `t ≤ k` and `v ≤ size`: `terms[t][v]`.
pub(super) fn rank_terms(k: usize, size: u64) -> Vec<Vec<u64>> {
    (0..=k).map(|t| (0..=size).map(|v| binomial(v + t as u64, t + 1)).collect()).collect()
}

/// The parts of the wave of the positions of `k` plates of at most `size` tokens that hold
/// `total` tokens in all, each given by its largest plates, sorted: the wave is cut by the two
/// largest (`[second, top]`; `[top]` for one plate, `[]` for none), so that the cores share
/// evenly even a wave most of whose positions have the same largest plate.
pub(super) fn wave_parts(k: usize, size: u64, total: u64) -> Vec<Vec<u64>> {
    match k {
        0 => vec![vec![]],
        1 => (total <= size).then(|| vec![total]).into_iter().collect(),
        // The largest of k plates summing to `total` is at least total / k; the second largest,
        // at least what is left over the k − 1 others.
        _ => (total.div_ceil(k as u64)..=size.min(total))
            .flat_map(|top| {
                let left = total - top;
                (left.div_ceil(k as u64 - 1)..=top.min(left)).map(move |second| vec![second, top])
            })
            .collect(),
    }
}

/// Calls `each` with every sorted `plates` (their number, `k`, is `plates.len()`) whose sum is
/// `total` and whose largest are `largest` (sorted, at most `total` in all), and their rank
/// terms' sums (`terms` from [`rank_terms`]).
pub(super) fn multisets_with_largest(
    terms: &[Vec<u64>],
    largest: &[u64],
    total: u64,
    plates: &mut [u64],
    sums: &mut Sums,
    each: &mut impl FnMut(&[u64], &Sums),
) {
    fn fill(
        terms: &[Vec<u64>],
        i: usize,
        most: u64,
        left: u64,
        plates: &mut [u64],
        sums: &mut Sums,
        each: &mut impl FnMut(&[u64], &Sums),
    ) {
        if i == 0 {
            if left == 0 {
                each(plates, sums);
            }
            return;
        }
        // plates[i − 1] is the largest of the first i: at least left / i, at most `most`.
        let low = left.div_ceil(i as u64);
        for v in low..=most.min(left) {
            plates[i - 1] = v;
            sums.set(terms, i - 1, v);
            fill(terms, i - 1, v, left - v, plates, sums, each);
        }
    }
    let rest = plates.len() - largest.len();
    for (t, &v) in largest.iter().enumerate().rev() {
        plates[rest + t] = v;
        sums.set(terms, rest + t, v);
    }
    let most = largest.first().copied().unwrap_or(0);
    fill(terms, rest, most, total - largest.iter().sum::<u64>(), plates, sums, each);
}

#[cfg(test)]
/// The successor of sorted `plates` in colex order among the multisets of `0..=size`; `false`
/// after the last.
pub(super) fn next_multiset(plates: &mut [u64], size: u64) -> bool {
    let k = plates.len();
    for i in 0..k {
        let limit = if i + 1 < k { plates[i + 1] } else { size };
        if plates[i] < limit {
            plates[i] += 1;
            plates[..i].fill(0);
            return true;
        }
    }
    false
}

/// Appends the ranks of the options through the plate at sorted index `i` of `plates` (whose
/// rank terms' sums are `sums`) to `ranks`.
#[inline]
pub(super) fn one_by_one(
    game: &PileGame,
    terms: &[Vec<u64>],
    plates: &[u64],
    i: usize,
    sums: &Sums,
    ranks: &mut Vec<usize>,
) {
    let Sums { rank: at, shifted, .. } = sums;
    let _ = game.plate_options(plates[i], |result| {
        match result {
            PlateOption::One(y) => {
                // y goes in at index j: the terms of indices j..=i are replaced by y's at j and
                // those of the plates j..i one index higher.
                let j = if i == 0 || plates[i - 1] <= y { i } else { plates[..i].partition_point(|&s| s < y) };
                let option = at[0] - (at[j] - at[i + 1]) + terms[j][y as usize] + (shifted[j] - shifted[i]);
                ranks.push(option as usize);
            }
            _ => unreachable!("box mode is for moves that never split"),
        }
        ControlFlow::Continue(())
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boxed::box_size;
    use crate::key::multiset_rank;
    #[test]
    fn waves_generate_every_position_once_with_its_ranks() {
        let nim = PileGame::new("nim".parse().unwrap());
        for k in 0..=4 {
            for size in 0..=5 {
                let terms = rank_terms(k, size);
                let mut seen = vec![false; binomial(size + k as u64, k) as usize];
                for total in 0..=(k as u64 * size) {
                    for largest in wave_parts(k, size, total) {
                        let (mut plates, mut sums) = (vec![0; k], Sums::new(k));
                        multisets_with_largest(&terms, &largest, total, &mut plates, &mut sums, &mut |plates, sums| {
                            assert!(plates.is_sorted() && plates.iter().all(|&x| x <= size));
                            assert_eq!(plates.iter().sum::<u64>(), total);
                            let rank = multiset_rank(plates).unwrap();
                            assert_eq!(sums.rank[0], rank, "{plates:?}");
                            assert!(!std::mem::replace(&mut seen[rank as usize], true), "{plates:?} twice");
                            for i in 0..k {
                                let mut context = plates.to_vec();
                                context.remove(i);
                                let context = multiset_rank(&context).unwrap();
                                assert_eq!(sums.context(i), context);
                                // Nim's options through plate i, ranked from the sums: any smaller
                                // plate in its place.
                                let mut ranks = Vec::new();
                                one_by_one(&nim, &terms, plates, i, sums, &mut ranks);
                                ranks.sort_unstable();
                                let mut expected: Vec<usize> = (0..plates[i])
                                    .map(|y| {
                                        let mut option = plates.to_vec();
                                        option[i] = y;
                                        option.sort_unstable();
                                        multiset_rank(&option).unwrap() as usize
                                    })
                                    .collect();
                                expected.sort_unstable();
                                assert_eq!(ranks, expected, "{plates:?}, plate {i}");
                            }
                        });
                    }
                }
                assert!(seen.iter().all(|&s| s), "{k} plates of at most {size}: every position");
            }
        }
    }

    #[test]
    fn ranks_count_the_box() {
        assert_eq!(box_size(2, 3), Some(1 + 4 + 10));
        let mut plates = vec![0, 0];
        let mut seen = 1;
        while next_multiset(&mut plates, 3) {
            seen += 1;
        }
        assert_eq!(seen, 10);
    }
}
