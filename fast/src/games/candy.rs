//! Candy Piles (AGC002 E): the diagonal rule on the Young diagram.
//!
//! Draw the piles sorted in decreasing order as columns of a Young diagram. Eating a largest pile
//! removes the first column; eating one from each pile removes the bottom row: a token walks from
//! the corner, one step right or up, and whoever pushes it out of the diagram loses. Along the
//! diagonal the outcome repeats, so only the last diagonal cell `(i, i)` inside the diagram
//! matters: from there, the player to move wins iff the distance to the edge going up or the
//! distance going right is odd.

use grundy_rules::Outcome;
use grundy_rules::games::Candy;

/// Who wins the piles. No overflow for any `u64` piles: the only arithmetic on sizes is
/// `sorted[i − 1] − i` with `sorted[i − 1] ≥ i`; counts are at most the number of piles.
pub fn outcome(candy: &Candy) -> Outcome {
    let mut sorted = candy.piles().to_vec();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    // The last i (1-based) with sorted[i-1] ≥ i: the diagonal cell (i, i).
    let i = (1..=sorted.len()).take_while(|&i| sorted[i - 1] >= i as u64).last().unwrap_or(0);
    if i == 0 {
        return Outcome::First; // no candy: the other player ate the last one
    }
    let up = sorted[i - 1] - i as u64;
    let right = sorted.iter().filter(|&&p| p >= i as u64).count() - i;
    Outcome::from_first_wins(up % 2 == 1 || right % 2 == 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_samples() {
        let outcome = |piles: &[u64]| outcome(&Candy::new(piles.to_vec()).unwrap());
        assert_eq!(outcome(&[1, 3]), Outcome::First);
        assert_eq!(outcome(&[1, 2, 1]), Outcome::First);
        assert_eq!(outcome(&[1, 2, 3]), Outcome::Second);
    }

    /// One pile of `a`: a move eats one candy or the whole pile, and whoever eats the last one
    /// loses, so the player to move wins exactly when `a` is even. So for every `u64`, with no
    /// overflow on the way.
    #[test]
    fn one_pile_is_won_exactly_when_even() {
        for a in [1, 2, 3, 4, 1_000_000_000, u64::MAX - 1, u64::MAX] {
            let expected = if a % 2 == 0 { Outcome::First } else { Outcome::Second };
            assert_eq!(outcome(&Candy::new(vec![a]).unwrap()), expected, "{a}");
        }
    }
}
