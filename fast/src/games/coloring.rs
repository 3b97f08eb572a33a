//! Coloring a strip (BZOJ 2410), by the number of colours `k`:
//!
//! * `k ≥ 3`: a blank cell can always be coloured (two neighbours forbid at most two colours),
//!   so the game lasts exactly as many moves as there are blanks: parity.
//! * `k = 1`: a blank next to a coloured cell is dead; the others form runs in which colouring a
//!   cell kills it and its neighbours — Dawson's chess, the octal game 0.137, whose period 34
//!   is proven in [`crate::octal`]. Runs between coloured cells add up as a disjunctive sum.
//! * `k = 2`: a run of `x ≥ 1` blanks has value 1 between equal colours, 0 between different
//!   colours, `x` between a colour and the strip's edge, and `x mod 2` when the whole strip is
//!   blank (from the seed's tables; checked against the oracle).

use grundy_rules::Outcome;
use grundy_rules::games::Coloring;

use crate::octal;

/// Grundy values of Dawson's chess, from its proven period.
fn dawsons_chess(x: u64) -> u32 {
    static TABLE: std::sync::OnceLock<(Vec<u32>, octal::Period)> = std::sync::OnceLock::new();
    let (values, period) = TABLE.get_or_init(|| {
        let values = octal::table(&[0, 1, 3, 7], 400);
        let period = octal::prove_period(&values, 3).expect("0.137 has a proven period");
        (values, period)
    });
    period.value(values, x)
}

/// Who wins the strip. Exact for any `u64` colours and cells: they are only compared; every
/// number computed is a count at most the strip's length.
pub fn outcome(coloring: &Coloring) -> Outcome {
    Outcome::from_first_wins(first_wins(coloring.cells(), coloring.colours()))
}

fn first_wins(strip: &[u64], colours: u64) -> bool {
    let blanks = strip.iter().filter(|&&c| c == 0).count() as u64;
    if colours >= 3 {
        return blanks % 2 == 1;
    }
    let mut xor = 0u64;
    let mut i = 0;
    while i < strip.len() {
        if strip[i] != 0 {
            i += 1;
            continue;
        }
        let start = i;
        while i < strip.len() && strip[i] == 0 {
            i += 1;
        }
        let length = (i - start) as u64;
        let left = start.checked_sub(1).map(|j| strip[j]);
        let right = strip.get(i).copied();
        xor ^= if colours == 1 {
            let dead = u64::from(left.is_some()) + u64::from(right.is_some());
            u64::from(dawsons_chess(length.saturating_sub(dead)))
        } else {
            match (left, right) {
                (Some(a), Some(b)) if a == b => 1,
                (Some(_), Some(_)) => 0,
                (Some(_), None) | (None, Some(_)) => length,
                (None, None) => length % 2,
            }
        };
    }
    xor != 0
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_samples() {
        assert!(!super::first_wins(&[0, 0, 1, 0, 0], 2));
        assert!(super::first_wins(&[1, 0, 0, 0, 0], 1));
    }
}
