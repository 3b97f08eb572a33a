//! Nullify the Matrix (Codeforces 1451F): the player to move loses iff the xor of every
//! anti-diagonal (cells with equal `row + column`) is zero. (From such a position every move
//! changes exactly one cell of the first anti-diagonal of its path; from any other, a move along
//! a path through the first unbalanced anti-diagonal and the later ones restores every xor.)

use grundy_rules::Outcome;

/// Who wins the matrix given row by row (`cells.len() = rows·columns`). Cell values (any `u64`)
/// are only xored; `r + c < rows + columns` and `r·columns + c < cells.len()` fit in `usize`.
pub fn outcome(rows: usize, columns: usize, cells: &[u64]) -> Outcome {
    let mut diagonals = vec![0u64; rows + columns];
    for r in 0..rows {
        for c in 0..columns {
            diagonals[r + c] ^= cells[r * columns + c];
        }
    }
    Outcome::from_first_wins(diagonals.iter().any(|&x| x != 0))
}
