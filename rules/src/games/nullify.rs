//! Nullify the Matrix (Codeforces 1451F).

use std::fmt;
use std::str::FromStr;

use super::{Invalid, invalid, numbers, require, write_spaced};
use crate::ParseError;

/// Nullify the Matrix: a matrix of non-negative integers; a move picks a non-zero cell
/// `(r1, c1)` and a cell `(r2, c2)` with `r1 ≤ r2`, `c1 ≤ c2`, decreases `(r1, c1)` by at least
/// one, and sets every other cell of one monotone shortest path from `(r1, c1)` to `(r2, c2)` to
/// any non-negative values; whoever cannot move (all zero) loses.
///
/// Text: the rows separated by `/`, e.g. `0 1 / 1 0`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Nullify {
    rows: usize,
    columns: usize,
    cells: Vec<u64>,
}

impl Nullify {
    /// The most cells supported.
    pub const MOST_CELLS: usize = 10_000_000;

    /// A `rows × columns` matrix given row by row.
    pub fn new(rows: usize, columns: usize, cells: Vec<u64>) -> Result<Nullify, Invalid> {
        require(rows >= 1 && columns >= 1, || "a matrix has at least one row and one column".to_string())?;
        require(rows.checked_mul(columns).is_some_and(|n| n <= Self::MOST_CELLS), || {
            format!("a {rows}×{columns} matrix is larger than the {} cells supported", Self::MOST_CELLS)
        })?;
        require(cells.len() == rows * columns, || {
            format!("a {rows}×{columns} matrix has {} cells, found {}", rows * columns, cells.len())
        })?;
        Ok(Nullify { rows, columns, cells })
    }

    /// Rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns.
    pub fn columns(&self) -> usize {
        self.columns
    }

    /// The cells, row by row.
    pub fn cells(&self) -> &[u64] {
        &self.cells
    }
}

impl fmt::Display for Nullify {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, row) in self.cells.chunks(self.columns).enumerate() {
            if i > 0 {
                f.write_str(" / ")?;
            }
            write_spaced(f, row)?;
        }
        Ok(())
    }
}

impl FromStr for Nullify {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Nullify, ParseError> {
        let rows = text.split('/').map(|row| numbers("nullify", text, row)).collect::<Result<Vec<_>, _>>()?;
        let columns = rows[0].len();
        if let Some(r) = rows.iter().position(|row| row.len() != columns) {
            let message = format!("row {} has {} cells, row 1 has {columns}", r + 1, rows[r].len());
            return Err(super::parse_error("nullify", text, format!("row {}", r + 1), message));
        }
        Nullify::new(rows.len(), columns, rows.concat()).map_err(invalid("nullify", text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matrices_round_trip() {
        let matrix: Nullify = "0 1 / 1 0".parse().unwrap();
        assert_eq!((matrix.rows(), matrix.columns()), (2, 2));
        assert_eq!(matrix.to_string(), "0 1 / 1 0");
        assert_eq!("0 1 / 1".parse::<Nullify>().unwrap_err().place, "row 2");
        assert!("".parse::<Nullify>().is_err());
    }
}
