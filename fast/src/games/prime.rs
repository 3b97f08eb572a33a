//! Remove the Prime: a move picks a segment `[l, r]` and a prime `p` dividing every element of
//! it, and divides `p` out of each completely; whoever cannot move loses.
//!
//! Dividing out `p` changes nothing about other primes, so the game is a disjunctive sum over
//! primes. For one prime, the elements it divides form maximal runs, and a move removes a block
//! of a run, leaving up to two runs: each run of length `x` is a heap of "take any block", whose
//! Grundy value is `x` (from `x`, the options `(a, b)` with `a + b < x` reach every `y < x` as
//! `(y, 0)`, and never `x` itself: `a ⊕ b ≤ a + b < x`). The first player wins iff the xor of all
//! run lengths over all primes is not 0.

use std::collections::HashMap;

use grundy_rules::Outcome;
use grundy_rules::games::RemoveThePrime;

use crate::Unsupported;
use crate::factor::distinct_primes;

/// Who wins the sequence. Exact for all `u64` elements: factoring is (see [`crate::factor`]),
/// and the only other numbers are run lengths, at most the sequence's length.
pub fn outcome(game: &RemoveThePrime) -> Result<Outcome, Unsupported> {
    let sequence = game.sequence();
    // Where each prime's current run started.
    let mut open: HashMap<u64, usize> = HashMap::new();
    let mut xor = 0u64;
    for (i, &a) in sequence.iter().enumerate() {
        let primes = distinct_primes(a)
            .ok_or_else(|| Unsupported::NoTheory(format!("{a} could not be factored (Pollard's rho gave up)")))?;
        open.retain(|p, start| {
            if primes.contains(p) {
                true
            } else {
                xor ^= (i - *start) as u64;
                false
            }
        });
        for p in primes {
            open.entry(p).or_insert(i);
        }
    }
    for start in open.into_values() {
        xor ^= (sequence.len() - start) as u64;
    }
    Ok(Outcome::from_first_wins(xor != 0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_samples() {
        let outcome = |sequence: &[u64]| outcome(&RemoveThePrime::new(sequence.to_vec()).unwrap()).unwrap();
        assert_eq!(outcome(&[2, 8, 4]), Outcome::First);
        assert_eq!(outcome(&[2, 12, 3]), Outcome::Second);
    }
}
