//! Cutting Game (POJ 2311): a Grundy table on sheets that never produce a 1-wide strip.
//!
//! Cutting off a strip of width 1 loses at once: the opponent cuts a 1×1 piece from it. So no
//! one does while another move exists, and a sheet all of whose cuts make a 1-wide strip (2×2,
//! 2×3, 3×2) is a terminal position of the remaining game, in which sheets add up as a
//! disjunctive sum: `g(w, h) = mex { g(k, h) ⊕ g(w − k, h), g(w, k) ⊕ g(w, h − k) }` over cuts
//! leaving both parts at least 2 wide. The first player wins a `w × h` sheet (`w, h ≥ 2`) iff
//! `g(w, h) ≠ 0`.

use grundy_rules::Outcome;

/// Grundy values `g(w, h)` for `2 ≤ w, h ≤ n` (indices below 2 unused).
pub fn table(n: usize) -> Vec<Vec<u32>> {
    let mut g = vec![vec![0u32; n + 1]; n + 1];
    let mut seen = Vec::new();
    for w in 2..=n {
        for h in 2..=n {
            seen.clear();
            seen.resize(w + h + 2, false);
            let mut option = |v: u32| {
                if let Some(slot) = seen.get_mut(v as usize) {
                    *slot = true;
                }
            };
            for k in 2..=w.saturating_sub(2) {
                option(g[k][h] ^ g[w - k][h]);
            }
            for k in 2..=h.saturating_sub(2) {
                option(g[w][k] ^ g[w][h - k]);
            }
            g[w][h] = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32;
        }
    }
    g
}

/// Who wins a `w × h` sheet, from a table built up to at least `max(w, h)`.
pub fn outcome(table: &[Vec<u32>], w: usize, h: usize) -> Outcome {
    Outcome::from_first_wins(table[w][h] != 0)
}
