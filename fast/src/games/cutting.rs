//! Cutting Game (POJ 2311): a Grundy table on sheets that never produce a 1-wide strip.
//!
//! Cutting off a strip of width 1 loses at once: the opponent cuts a 1×1 piece from it. So no
//! one does while another move exists, and a sheet all of whose cuts make a 1-wide strip (2×2,
//! 2×3, 3×2) is a terminal position of the remaining game, in which sheets add up as a
//! disjunctive sum: `g(w, h) = mex { g(k, h) ⊕ g(w − k, h), g(w, k) ⊕ g(w, h − k) }` over cuts
//! leaving both parts at least 2 wide. The first player wins a `w × h` sheet (`w, h ≥ 2`) iff
//! `g(w, h) ≠ 0`.
//!
//! A sheet turned a quarter is the same game, so `g(w, h) = g(h, w)`, and the cut at `k` leaves
//! the same two pieces as the cut at `w − k`. The table fills the cells `h ≤ w` in rows of growing
//! `w`, mirrors each one, and so reads both kinds of cut along one row: `g(k, h) = g(h, k)`.

use std::time::Instant;

use grundy_rules::Outcome;
use grundy_rules::games::Cutting;

use crate::Unsupported;

/// Grundy values `g(w, h)` for sheets whose sides are at most a bound (both sides from 2 up).
#[derive(Debug, Clone)]
pub struct Table {
    /// The bound: the largest side.
    side: usize,
    /// `g(w, h)` at `w · (side + 1) + h`; indices below 2 unused.
    grundy: Vec<u16>,
}

impl Table {
    /// The table for sheets whose sides are at most `largest`.
    pub fn new(largest: u64) -> Table {
        match Table::until(largest, None) {
            Ok(table) => table,
            Err(_) => unreachable!("a table with no deadline always ends"),
        }
    }

    /// The table for sheets whose sides are at most `largest` (at most [`Cutting::LARGEST`]),
    /// stopping with [`Unsupported::TimeRanOut`] when `deadline` passes before it is done.
    pub fn until(largest: u64, deadline: Option<Instant>) -> Result<Table, Unsupported> {
        let side = largest.clamp(2, Cutting::LARGEST) as usize;
        let width = side + 1;
        let mut grundy = vec![0u16; width * width];
        // seen[v] == stamp: some option of the current cell has value v. A cell has fewer than
        // w / 2 + h / 2 options, so its mex is below side and fits the table's u16, and the xor of
        // two values is below the power of two above side.
        let mut seen = vec![0u32; (side + 1).next_power_of_two()];
        let mut stamp = 0u32;
        for w in 2..=side {
            if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
                return Err(Unsupported::TimeRanOut(format!(
                    "with the table of Cutting Game sheets computed to side {} (of {side} asked)",
                    w - 1
                )));
            }
            for h in 2..=w {
                stamp += 1;
                // Cuts across the width: pieces k × h and (w − k) × h, read in row h.
                let row_h = &grundy[h * width..(h + 1) * width];
                for k in 2..=w / 2 {
                    seen[usize::from(row_h[k] ^ row_h[w - k])] = stamp;
                }
                // Cuts across the height: pieces w × k and w × (h − k), read in row w.
                let row_w = &grundy[w * width..(w + 1) * width];
                for k in 2..=h / 2 {
                    seen[usize::from(row_w[k] ^ row_w[h - k])] = stamp;
                }
                let mex = seen.iter().position(|&s| s != stamp).unwrap_or(seen.len()) as u16;
                grundy[w * width + h] = mex;
                grundy[h * width + w] = mex;
            }
        }
        Ok(Table { side, grundy })
    }

    /// Who wins the sheet; `None` when it is larger than the table.
    pub fn outcome(&self, sheet: &Cutting) -> Option<Outcome> {
        self.grundy(sheet).map(|g| Outcome::from_first_wins(g != 0))
    }

    /// The sheet's Grundy value in the game without 1-wide strips; `None` beyond the table.
    pub fn grundy(&self, sheet: &Cutting) -> Option<u32> {
        let (w, h) = (usize::try_from(sheet.width()).ok()?, usize::try_from(sheet.height()).ok()?);
        (w <= self.side && h <= self.side).then(|| u32::from(self.grundy[w * (self.side + 1) + h]))
    }
}

/// Who wins the sheet.
pub fn outcome(sheet: &Cutting) -> Outcome {
    Table::new(sheet.width().max(sheet.height())).outcome(sheet).expect("the table covers the sheet")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The recurrence as the module states it, on a square table, every cut both ways.
    fn by_definition(n: usize) -> Vec<Vec<u32>> {
        let mut g = vec![vec![0u32; n + 1]; n + 1];
        for w in 2..=n {
            for h in 2..=n {
                let across = (2..=w.saturating_sub(2)).map(|k| g[k][h] ^ g[w - k][h]);
                let along = (2..=h.saturating_sub(2)).map(|k| g[w][k] ^ g[w][h - k]);
                let options: Vec<u32> = across.chain(along).collect();
                g[w][h] = (0..).find(|v| !options.contains(v)).expect("a mex");
            }
        }
        g
    }

    #[test]
    fn the_table_is_the_recurrence() {
        let n = 70;
        let expected = by_definition(n);
        let table = Table::new(n as u64);
        for (w, row) in expected.iter().enumerate().skip(2) {
            for (h, &value) in row.iter().enumerate().skip(2) {
                let sheet = Cutting::new(w as u64, h as u64).expect("a sheet");
                assert_eq!(table.grundy(&sheet), Some(value), "{w} × {h}");
            }
        }
        assert_eq!(table.grundy(&Cutting::new(71, 2).expect("a sheet")), None);
        assert_eq!(table.grundy(&Cutting::new(2, 71).expect("a sheet")), None);
        // Known first values: 2×2 and 2×3 lose, 2×4 (cut into two 2×2) wins.
        assert_eq!(outcome(&Cutting::new(2, 3).expect("a sheet")), Outcome::Second);
        assert_eq!(outcome(&Cutting::new(2, 4).expect("a sheet")), Outcome::First);
    }

    #[test]
    fn a_passed_deadline_stops_the_table_saying_how_far_it_got() {
        let stopped = Table::until(500, Some(Instant::now())).map(|table| table.side);
        assert_eq!(
            stopped.map_err(|stopped| stopped.to_string()),
            Err("the time budget ran out with the table of Cutting Game sheets computed to side 1 (of 500 asked); \
             give it more time with --time"
                .to_string())
        );
        let later = Instant::now() + std::time::Duration::from_secs(3600);
        assert_eq!(Table::until(9, Some(later)).map(|table| table.side), Ok(9));
    }
}
