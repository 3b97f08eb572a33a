//! Combination Lock (CCPC Changchun 2020): vertex geography on the graph of allowed
//! combinations, an edge where one dial turns by ±1 (mod 10). Turning a dial changes the digit
//! sum's parity (±1, or ∓9 across 9↔0), so the graph is bipartite by that parity and
//! Hopcroft–Karp applies. The first player wins iff the start is in every maximum matching.

use grundy_rules::Outcome;
use grundy_rules::games::Lock;

use crate::matching::{Graph, in_every_maximum_matching};

/// Who wins the lock.
pub fn outcome(lock: &Lock) -> Outcome {
    Outcome::from_first_wins(first_wins(lock.dials(), lock.forbidden(), lock.start()))
}

fn first_wins(dials: u32, forbidden: &[u32], start: u32) -> bool {
    let size = 10usize.pow(dials);
    let mut allowed = vec![true; size];
    for &f in forbidden {
        allowed[f as usize] = false;
    }
    allowed[start as usize] = true;
    let mut edges = Vec::new();
    for u in (0..size).filter(|&u| allowed[u]) {
        let mut place = 1;
        for _ in 0..dials {
            let digit = (u / place) % 10;
            // Only the +1 turn: the −1 turn is the same edge seen from the other end.
            let v = u - digit * place + ((digit + 1) % 10) * place;
            if allowed[v] {
                edges.push((u, v));
            }
            place *= 10;
        }
    }
    let sides: Vec<bool> = (0..size).map(|u| digit_sum(u) % 2 == 1).collect();
    let graph = Graph { vertices: size, edges };
    in_every_maximum_matching(&graph, &sides, start as usize)
}

fn digit_sum(mut u: usize) -> usize {
    let mut sum = 0;
    while u > 0 {
        sum += u % 10;
        u /= 10;
    }
    sum
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_samples() {
        assert!(!super::first_wins(1, &[7, 5], 6));
        assert!(super::first_wins(1, &[1, 8], 9));
    }

    /// The digit sum is the sum of the decimal digits, and turning one dial by one (9 to 0
    /// included) changes its parity: the two sides of the graph.
    #[test]
    fn a_turn_changes_the_digit_sums_parity() {
        for u in 0..10_000usize {
            assert_eq!(super::digit_sum(u), u.to_string().bytes().map(|b| usize::from(b - b'0')).sum(), "{u}");
            let mut place = 1;
            for _ in 0..4 {
                let digit = (u / place) % 10;
                let v = u - digit * place + ((digit + 1) % 10) * place;
                assert_ne!(super::digit_sum(u) % 2, super::digit_sum(v) % 2, "{u} and {v}");
                place *= 10;
            }
        }
    }
}
