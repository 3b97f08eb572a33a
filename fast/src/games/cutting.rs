//! Cutting Game (POJ 2311): a Grundy table on sheets that never produce a 1-wide strip.
//!
//! Cutting off a strip of width 1 loses at once: the opponent cuts a 1×1 piece from it. So no
//! one does while another move exists, and a sheet all of whose cuts make a 1-wide strip (2×2,
//! 2×3, 3×2) is a terminal position of the remaining game, in which sheets add up as a
//! disjunctive sum: `g(w, h) = mex { g(k, h) ⊕ g(w − k, h), g(w, k) ⊕ g(w, h − k) }` over cuts
//! leaving both parts at least 2 wide. The first player wins a `w × h` sheet (`w, h ≥ 2`) iff
//! `g(w, h) ≠ 0`.

use grundy_rules::Outcome;
use grundy_rules::games::Cutting;

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

/// Who wins sheets up to a size, from one table.
#[derive(Debug, Clone)]
pub struct Table {
    grundy: Vec<Vec<u32>>,
}

impl Table {
    /// The table for sheets whose sides are at most `largest`.
    pub fn new(largest: u64) -> Table {
        Table { grundy: table(largest.max(2) as usize) }
    }

    /// Who wins the sheet; `None` when it is larger than the table.
    pub fn outcome(&self, sheet: &Cutting) -> Option<Outcome> {
        self.grundy(sheet).map(|g| Outcome::from_first_wins(g != 0))
    }

    /// The sheet's Grundy value in the game without 1-wide strips; `None` beyond the table.
    pub fn grundy(&self, sheet: &Cutting) -> Option<u32> {
        self.grundy.get(sheet.width() as usize)?.get(sheet.height() as usize).copied()
    }
}

/// Who wins the sheet.
pub fn outcome(sheet: &Cutting) -> Outcome {
    Table::new(sheet.width().max(sheet.height())).outcome(sheet).expect("the table covers the sheet")
}
