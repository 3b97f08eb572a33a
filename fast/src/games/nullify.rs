//! Nullify the Matrix (Codeforces 1451F): the player to move loses iff the xor of every
//! anti-diagonal (cells with equal `row + column`) is zero. (From such a position every move
//! changes exactly one cell of the first anti-diagonal of its path; from any other, a move along
//! a path through the first unbalanced anti-diagonal and the later ones restores every xor.)

use grundy_rules::Outcome;
use grundy_rules::games::Nullify;

/// Who wins the matrix. Cell values (any `u64`) are only xored; `r + c < rows + columns` and
/// `r·columns + c < cells.len()` fit in `usize`.
pub fn outcome(matrix: &Nullify) -> Outcome {
    let (rows, columns, cells) = (matrix.rows(), matrix.columns(), matrix.cells());
    let mut diagonals = vec![0u64; rows + columns];
    for r in 0..rows {
        for c in 0..columns {
            diagonals[r + c] ^= cells[r * columns + c];
        }
    }
    Outcome::from_first_wins(diagonals.iter().any(|&x| x != 0))
}
