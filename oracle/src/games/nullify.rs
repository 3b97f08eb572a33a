//! NullifyGame the Matrix (Codeforces 1451F): a move picks a non-zero cell `(r1, c1)` and a cell
//! `(r2, c2)` with `r1 ≤ r2`, `c1 ≤ c2`, decreases `(r1, c1)` by at least one, and sets every
//! other cell of one monotone shortest path from `(r1, c1)` to `(r2, c2)` to any non-negative
//! values; whoever cannot move (the matrix is all zero) loses.
//!
//! The oracle bounds every value to `[0, 2^b − 1]`, which leaves every outcome unchanged for
//! matrices whose values are already in that range. Why: call a position *balanced* when the xor
//! of each anti-diagonal (cells with equal `r + c`) is zero. From a balanced position every move
//! unbalances it — the first anti-diagonal of the path has exactly one cell, `(r1, c1)`,
//! changed, and it changed. From an unbalanced position there is a move to a balanced one whose
//! new values are xors of old values — all below `2^b`. So balanced positions are exactly the
//! losing ones in the bounded game too, by induction on the (finite, acyclic) bounded graph: the
//! winner never needs a value outside the range and the loser has no move that escapes the
//! pattern. (The graph is acyclic: each move lowers `(r1, c1)` and touches only cells after it in
//! row-major order, so the matrix read in that order decreases.)

use std::ops::ControlFlow;

use grundy_rules::Play;

use grundy_rules::games::Nullify;

use super::Playable;
use crate::engine::{Game, OptionSink, OracleError};

/// NullifyGame with values bounded below `2^bits`. A position is the matrix, row-major.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct NullifyGame {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub columns: usize,
    /// Values are kept below `2^bits`.
    pub bits: u32,
}

impl NullifyGame {
    /// Every monotone shortest path from `(r1, c1)` to `(r2, c2)`, as cell indices after the first.
    fn paths(&self, (r1, c1): (usize, usize), (r2, c2): (usize, usize)) -> Vec<Vec<usize>> {
        let mut paths = Vec::new();
        let mut stack = vec![(r1, c1, Vec::new())];
        while let Some((r, c, path)) = stack.pop() {
            if (r, c) == (r2, c2) {
                paths.push(path);
                continue;
            }
            if r < r2 {
                let mut next = path.clone();
                next.push((r + 1) * self.columns + c);
                stack.push((r + 1, c, next));
            }
            if c < c2 {
                let mut next = path;
                next.push(r * self.columns + c + 1);
                stack.push((r, c + 1, next));
            }
        }
        paths
    }
}

impl Game for NullifyGame {
    type Position = Vec<u64>;

    fn play(&self) -> Play {
        Play::Normal
    }

    fn options(&self, cells: &Vec<u64>, sink: &mut dyn OptionSink<Vec<u64>>) -> ControlFlow<()> {
        let top = (1u64 << self.bits) - 1;
        let mut option = cells.clone();
        for r1 in 0..self.rows {
            for c1 in 0..self.columns {
                let start = r1 * self.columns + c1;
                if cells[start] == 0 {
                    continue;
                }
                for r2 in r1..self.rows {
                    for c2 in c1..self.columns {
                        for path in self.paths((r1, c1), (r2, c2)) {
                            let assignments = (top + 1).checked_pow(path.len() as u32).unwrap_or(u64::MAX);
                            sink.expect(u128::from(assignments) * u128::from(cells[start]))?;
                            for lowered in 0..cells[start] {
                                for assignment in 0..assignments {
                                    option.copy_from_slice(cells);
                                    option[start] = lowered;
                                    let mut code = assignment;
                                    for &cell in &path {
                                        option[cell] = code % (top + 1);
                                        code /= top + 1;
                                    }
                                    sink.option(&option)?;
                                }
                            }
                        }
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn describe(&self, cells: &Vec<u64>) -> String {
        let rows: Vec<String> = cells
            .chunks(self.columns)
            .map(|row| row.iter().map(u64::to_string).collect::<Vec<_>>().join(" "))
            .collect();
        rows.join(" / ")
    }
}

impl Playable for Nullify {
    type Game = NullifyGame;

    /// Values are bounded by the matrix's widest value (at least one bit), which keeps the
    /// outcome (see the module doc).
    fn game(&self) -> Result<(NullifyGame, Vec<u64>), OracleError> {
        let bits = self.cells().iter().map(|&v| 64 - v.leading_zeros()).max().unwrap_or(0).max(1);
        if bits >= 63 {
            return Err(OracleError::Beyond("the nullify oracle bounds values below 2^62".to_string()));
        }
        Ok((NullifyGame { rows: self.rows(), columns: self.columns(), bits }, self.cells().to_vec()))
    }
}
