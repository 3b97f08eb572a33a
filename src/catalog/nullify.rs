//! Nullify the Matrix (Codeforces 1451F): the first player loses iff every anti-diagonal xors to 0.

use grundy_fast::games::nullify;
use grundy_rules::games::Nullify;

use super::prelude::*;

/// The contest's most rows and columns.
const LARGEST_SIDE: u64 = 100;
/// The contest's largest value.
const LARGEST_VALUE: u64 = 1_000_000;

/// Nullify the Matrix.
#[derive(Debug, Clone, Copy, Default)]
pub struct NullifyProblem;

impl Problem for NullifyProblem {
    type Instance = Nullify;
    type Answer = Outcome;
    engine_oracle!();

    const DATA: Data = Data {
        name: "nullify",
        summary: "Nullify the Matrix (CF 1451F): first player loses iff every anti-diagonal xors to 0",
        format: "CF 1451F: t, then per test `n m` and n rows of m values; Ashish or Jeel each",
        limits: "n, m to 10^4 (10^7 cells), values to 2^64 − 1, 10^6 tests",
        // The statement's t ≤ 10.
        most_cases: 10,
        at_limits: &["ten tests of 100×100, values 0..10^6 (the most tests, 10^5 cells)"],
    };

    fn exhaustive(&self) -> Exhaustive<Nullify> {
        let mut cases = Vec::new();
        for (rows, columns) in [(1usize, 1usize), (1, 2), (2, 1), (1, 3), (3, 1), (2, 2)] {
            let cells = (rows * columns) as u32;
            for code in 0..4u64.pow(cells) {
                let values = (0..cells).map(|i| (code >> (2 * i)) & 3).collect();
                cases.push(Nullify::new(rows, columns, values).expect("a matrix"));
            }
        }
        Exhaustive {
            cases,
            description: "every matrix of ≤ 4 cells (1×1 to 2×2, 1×3, 3×1) with values ≤ 3".to_string(),
        }
    }

    fn random(&self, rng: &mut ChaCha8Rng) -> Nullify {
        let (rows, columns) = [(1, 4), (4, 1), (2, 2), (2, 3), (3, 2), (1, 3)][rng.random_range(0..6)];
        let top = if rows * columns > 4 { 1 } else { 3 };
        Nullify::new(rows, columns, (0..rows * columns).map(|_| rng.random_range(0..=top)).collect()).expect("a matrix")
    }

    fn fast(&self, matrix: &Nullify) -> Result<Outcome, Unsupported> {
        Ok(nullify::outcome(matrix))
    }
}

impl Contest for NullifyProblem {
    const STATEMENT: &Statement = &statement::NULLIFY;

    const WINNERS: [&'static str; 2] = ["Ashish", "Jeel"];
    const SMALL_INPUT_CASES: usize = 5;

    fn read(&self, input: &str) -> Result<Vec<Nullify>, InputError> {
        Tokens::new("nullify", input).tests("t, the number of tests", 1_000_000, |tokens| {
            let rows = tokens.number("n, the number of rows", 1, 10_000)? as usize;
            let columns = tokens.number("m, the number of columns", 1, 10_000)? as usize;
            if rows * columns > Nullify::MOST_CELLS {
                return Err(tokens.error(format!("a {rows}×{columns} matrix is larger than the 10^7 cells supported")));
            }
            let cells = (0..rows * columns)
                .map(|_| tokens.number("a cell value", 0, u64::MAX))
                .collect::<Result<Vec<_>, _>>()?;
            Nullify::new(rows, columns, cells).map_err(|e| tokens.error(e.0))
        })
    }

    fn write(&self, matrices: &[Nullify]) -> Result<String, Unwritable> {
        Ok(tests_text(matrices, |matrix| {
            let mut text = format!("{} {}\n", matrix.rows(), matrix.columns());
            for row in matrix.cells().chunks(matrix.columns()) {
                text.push_str(&row.iter().map(u64::to_string).collect::<Vec<_>>().join(" "));
                text.push('\n');
            }
            text
        }))
    }

    fn random_large_input(&self, rng: &mut ChaCha8Rng) -> Vec<Nullify> {
        let rows = uniform_or_an_end(rng, 1, LARGEST_SIDE) as usize;
        let columns = uniform_or_an_end(rng, 1, LARGEST_SIDE) as usize;
        let cells = (0..rows * columns).map(|_| uniform_or_an_end(rng, 0, LARGEST_VALUE)).collect();
        vec![Nullify::new(rows, columns, cells).expect("a matrix")]
    }

    fn largest_input(&self, rng: &mut ChaCha8Rng) -> Vec<Nullify> {
        vec![
            Nullify::new(100, 100, (0..10_000).map(|_| rng.random_range(0..=LARGEST_VALUE)).collect())
                .expect("a matrix"),
        ]
    }

    fn beyond_statement(&self) -> Vec<String> {
        vec![
            "10^6 tests of a 1×1 matrix (past t ≤ 10: grundy's most)".to_string(),
            "100 tests of 100×100, values 0..10^6 (past t ≤ 10; 10^6 cells, 7 MB)".to_string(),
        ]
    }

    fn at_limit(&self, which: usize, rng: &mut ChaCha8Rng) -> Vec<Nullify> {
        let tests = match which {
            0 => 10,
            1 => {
                return (0..1_000_000)
                    .map(|_| Nullify::new(1, 1, vec![rng.random_range(0..=LARGEST_VALUE)]).expect("a matrix"))
                    .collect();
            }
            _ => 100,
        };
        (0..tests)
            .map(|_| {
                Nullify::new(100, 100, (0..10_000).map(|_| rng.random_range(0..=LARGEST_VALUE)).collect())
                    .expect("a matrix")
            })
            .collect()
    }

    /// One test of a 1×1 zero; then a 1×1 of 10^6, a row and a column of 100 cells, and 100×100
    /// matrices all zero and of 0 and 10^6 in turn (71 KB in all).
    fn extremes(&self) -> Vec<Vec<Nullify>> {
        let matrix =
            |rows: usize, columns: usize, cells: Vec<u64>| Nullify::new(rows, columns, cells).expect("a matrix");
        let side = LARGEST_SIDE as usize;
        let checkered = |count: usize| in_turn(count, LARGEST_VALUE, 0);
        let several = vec![
            matrix(1, 1, vec![LARGEST_VALUE]),
            matrix(1, side, checkered(side)),
            matrix(side, 1, checkered(side)),
            matrix(side, side, vec![0; side * side]),
            matrix(side, side, checkered(side * side)),
        ];
        vec![vec![matrix(1, 1, vec![0])], several]
    }

    /// The oracle bounds values below `2^b` (b the widest value's bits, at least 1), and a move
    /// lowers a cell and changes only cells after it row by row, so every position, read row by
    /// row as a number in base `2^b`, is at most the start's: at most that number plus one.
    fn oracle_positions(&self, matrix: &Nullify) -> Option<u128> {
        let bits = matrix.cells().iter().map(|&v| 64 - v.leading_zeros()).max().unwrap_or(0).max(1);
        if bits >= 63 {
            return Some(u128::MAX); // the oracle refuses it
        }
        let below = matrix.cells().iter().try_fold(0u128, |number, &cell| {
            number.checked_mul(1 << bits).and_then(|shifted| shifted.checked_add(u128::from(cell)))
        });
        Some(below.map_or(u128::MAX, |number| number.saturating_add(1)))
    }
}

/// The matrix keeping the columns `kept` says to keep.
fn keep_columns(matrix: &Nullify, kept: impl Fn(usize) -> bool) -> Option<Nullify> {
    let columns = matrix.columns();
    let cells: Vec<u64> =
        matrix.cells().iter().enumerate().filter(|&(i, _)| kept(i % columns)).map(|(_, &v)| v).collect();
    Nullify::new(matrix.rows(), cells.len() / matrix.rows(), cells).ok()
}

/// Rows (each a list of its cells) that may go, and cells that may be lowered. A matrix also
/// loses whole columns, which no shape states: each column removed is a candidate, and the
/// smaller matrices are those of every set of kept columns.
impl Shrink for Nullify {
    fn shape(&self) -> Shape {
        let columns = self.columns();
        Shape::list(self.cells().chunks(columns).map(|row| Shape::numbers(row, 0, columns)), 1)
    }

    fn with_shape(&self, shape: &Shape) -> Option<Nullify> {
        let rows = shape.items()?.iter().map(|row| row.shape.values()).collect::<Option<Vec<_>>>()?;
        Nullify::new(rows.len(), self.columns(), rows.concat()).ok()
    }

    fn candidates(&self, longest: usize) -> crate::shrink::Cases<'_, Nullify> {
        let columns = (0..self.columns()).filter_map(move |c| keep_columns(self, |k| k != c));
        Box::new(columns.chain(crate::shrink::shaped_candidates(self, longest)))
    }

    fn below(&self, bound: u64, most: usize) -> Option<Vec<Nullify>> {
        if self.columns() > 20 {
            return None;
        }
        let mut all = Vec::new();
        for mask in 1..1u64 << self.columns() {
            let Some(kept) = keep_columns(self, |c| mask >> c & 1 == 1) else { continue };
            all.extend(kept.shape().below(bound, most)?.iter().filter_map(|shape| kept.with_shape(shape)));
            if kept.magnitude() <= bound && kept != *self {
                all.push(kept);
            }
            if all.len() > most {
                return None;
            }
        }
        Some(all)
    }
}
