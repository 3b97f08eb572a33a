//! "Down We Dig": who wins on each day, for all days in `O(256 n)`.
//!
//! A move goes at most 8 steps down (two steps agree in at most 8 places). So whether a step is
//! won depends only on the 8 steps below it: write `window(x)` for the 8 bits "step `x + j` is
//! won or does not exist yet" (`j = 0..8`). Going one step up is a fixed map `T_x` on the 256
//! windows (it reads the characters of steps `x..x+8`, known in advance). On day `i`, step `i`
//! is lost (no move) and nothing exists below it: `window(i) = 0b1111_1110`; the answer is bit 0
//! of `T_1 ∘ T_2 ∘ … ∘ T_(i−1)` applied to it. The composition grows by one map a day, as a
//! 256-entry table.

use grundy_rules::Outcome;
use grundy_rules::games::Dig;

/// Who wins on each day: `outcomes[i]` is day `i + 1`.
pub fn outcomes_by_day(dig: &Dig) -> Vec<Outcome> {
    first_wins_by_day(dig.steps()).into_iter().map(Outcome::from_first_wins).collect()
}

/// Steps as bits (`W` = 1): `answers[i]` is whether the first player wins on day `i + 1`.
fn first_wins_by_day(steps: &[u8]) -> Vec<bool> {
    let n = steps.len();
    // composed[s] = (T_1 ∘ … ∘ T_(i−1))(s); starts as the identity (day 1).
    let mut composed: Vec<u8> = (0..=255u8).collect();
    let mut answers = Vec::with_capacity(n);
    for day in 1..=n {
        answers.push(composed[0b1111_1110] & 1 == 1);
        if day == n {
            break;
        }
        // T_day: window(day + 1) → window(day).
        let x = day - 1; // 0-based index of step `day`
        // Bit d − 1: a move d steps down is allowed by the characters.
        let legal = (1..=8usize)
            .filter(|&d| x + d < n && d <= 8 - (steps[x] ^ steps[x + d]).count_ones() as usize)
            .fold(0u8, |mask, d| mask | 1 << (d - 1));
        // Step `day` is won iff some legal move reaches a lost step.
        let up = |s: u8| (s << 1) | u8::from(legal & !s != 0);
        composed = (0..=255u8).map(|s| composed[up(s) as usize]).collect();
    }
    answers
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_single_step_is_lost_and_two_equal_steps_won() {
        assert_eq!(super::first_wins_by_day(&[0b1010_1010]), vec![false]);
        assert_eq!(super::first_wins_by_day(&[0, 0]), vec![false, true]);
        // Steps that disagree everywhere allow no move.
        assert_eq!(super::first_wins_by_day(&[0, 0xFF]), vec![false, false]);
    }
}
