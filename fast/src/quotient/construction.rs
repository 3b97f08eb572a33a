//! The construction of a misère quotient, a heap at a time ([`add_heap`]). The definitions are in
//! [`super`]; the verification every candidate kept has passed, in [`super::recognition`].
//!
//! **Construction** (the idea of Siegel's MisereSolver, written anew): add heaps one at a time.
//! First try to send the new heap to an existing element (the quotient does not grow); else
//! adjoin a free cyclic generator `⟨g | g⁴ = g²⟩`, label every element from its lightest sum's
//! options (correct if the candidate is), reduce, and verify; when verification fails at a sum
//! `w`, unfold some of the heaps of `w` into longer cyclic generators and try again. The
//! construction is a heuristic that may not end (the quotient may be infinite); a budget stops
//! it, and only verified candidates are ever kept.

use super::monoid::{Monoid, product};
use super::recognition::{correct_label, mark_and_reduce, verify};
use super::{Stop, Work};

/// Repairs a candidate that fails at `failure` (whose true label is `target`): unfolds subsets
/// of the failure's heaps into fresh cyclic generators, smallest subsets first, until the failure
/// is labelled right.
fn recalibrate(c: &Monoid, failure: &[u16], target: bool, work: &mut Work) -> Result<Monoid, Stop> {
    let mut support: Vec<u16> = failure.to_vec();
    support.dedup();
    support.reverse();
    let exponent = |h: u16| multiplicity(failure, h);
    let max = work.budget.max_elements;
    for size in 1..=support.len().min(3) {
        let mut chosen: Vec<usize> = (0..size).collect();
        loop {
            let unfold: Vec<(u16, u32, u32)> =
                chosen.iter().map(|&i| (support[i], (exponent(support[i]) + 1).max(2), 2)).collect();
            if let Ok(candidate) = product(c, &unfold, max) {
                let repaired = mark_and_reduce(&candidate, work)?;
                if repaired.p[repaired.apply(0, failure) as usize] == target {
                    return Ok(repaired);
                }
            }
            if !next_combination(&mut chosen, support.len()) {
                break;
            }
        }
    }
    let unfold: Vec<(u16, u32, u32)> = support.iter().map(|&h| (h, exponent(h) + 2, 2)).collect();
    mark_and_reduce(&product(c, &unfold, max)?, work)
}

/// How many heaps of `h` the sum `word` holds.
fn multiplicity(word: &[u16], h: u16) -> u32 {
    word.iter().filter(|&&g| g == h).count() as u32
}

/// Steps `chosen` (increasing indices below `n`) to the next combination of as many indices in
/// lexicographic order; `false` after the last.
fn next_combination(chosen: &mut [usize], n: usize) -> bool {
    let size = chosen.len();
    let Some(i) = (0..size).rev().find(|&i| chosen[i] + size < n + i) else { return false };
    chosen[i] += 1;
    for j in i + 1..size {
        chosen[j] = chosen[j - 1] + 1;
    }
    true
}

/// Adjoins heap `h` to the verified quotient `q`; returns the verified quotient of its heaps and
/// `h`, and whether `h` needed a new generator.
pub(super) fn add_heap(q: &Monoid, h: u16, work: &mut Work) -> Result<(Monoid, bool), Stop> {
    let images: Vec<u32> = work.options.options(u64::from(h)).iter().map(|o| q.apply(0, o)).collect();
    let need_p = !images.is_empty() && images.iter().all(|&t| !q.p[t as usize]);
    let (_, words, _) = q.lightest();
    for (word, _) in words.iter().zip(&q.p).filter(|&(_, &p)| p == need_p) {
        let mut candidate = q.clone();
        candidate.set_column(h, (0..q.size as u32).map(|y| q.apply(y, word)).collect());
        if verify(&candidate, work)?.is_none() {
            return Ok((candidate, false));
        }
    }
    let mut base = q.clone();
    base.set_column(h, (0..q.size as u32).collect());
    let mut candidate = mark_and_reduce(&product(&base, &[(h, 2, 2)], work.budget.max_elements)?, work)?;
    while let Some(failure) = verify(&candidate, work)? {
        let target = correct_label(&candidate, work.options, &failure);
        candidate = recalibrate(&candidate, &failure, target, work)?;
    }
    Ok((candidate, true))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::misere::SplitOptions;
    use crate::quotient::Budget;
    /// A heap needs a new generator exactly when the quotient grows with it: a heap equivalent to
    /// an element already there is given that element's column, whatever the element's outcome.
    #[test]
    fn a_heap_adds_a_generator_exactly_when_the_quotient_grows() {
        for (code, digits) in [("0.31", vec![0, 3, 1]), ("0.75", vec![0, 7, 5]), ("0.123", vec![0, 1, 2, 3])] {
            let upto = 16;
            let options = SplitOptions::new(&digits, upto).unwrap();
            let mut work = Work { options: &options, budget: Budget::default(), steps: 0 };
            let mut q = Monoid::trivial();
            let mut reused = 0;
            for h in (1..=upto as u16).filter(|&h| !options.is_zero(u64::from(h))) {
                let Ok((next, generator)) = add_heap(&q, h, &mut work) else { panic!("{code}: heap {h} stopped") };
                assert_eq!(generator, next.size > q.size, "{code}: heap {h}");
                reused += usize::from(!generator);
                q = next;
            }
            assert!(reused > 0, "{code}: some heap is an element already there");
        }
    }

    #[test]
    fn combinations_come_in_lexicographic_order_each_once() {
        for n in 0..7 {
            for size in 1..=n.min(4) {
                let mut chosen: Vec<usize> = (0..size).collect();
                let mut seen = vec![chosen.clone()];
                while next_combination(&mut chosen, n) {
                    seen.push(chosen.clone());
                }
                let mut expected = Vec::new();
                for mask in 0u32..1 << n {
                    if mask.count_ones() as usize == size {
                        expected.push((0..n).filter(|&i| mask >> i & 1 == 1).collect::<Vec<_>>());
                    }
                }
                expected.sort();
                assert_eq!(seen, expected, "{size} of {n}");
            }
        }
    }

    #[test]
    fn multiplicity_counts_one_heap_size() {
        let word = [1u16, 2, 2, 5, 5, 5];
        for h in 0..7 {
            assert_eq!(multiplicity(&word, h) as usize, word.iter().filter(|&&g| g == h).count(), "{h}");
        }
        assert_eq!(multiplicity(&word, 5), 3);
    }
}
