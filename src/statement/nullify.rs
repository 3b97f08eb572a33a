//! Codeforces 1451F "Nullify The Matrix": `t`, then per test `n m` and `n` rows of `m` values.

use super::{Invalid, Source, Statement, Validator};

/// Codeforces Round #685 (Div. 2), problem F.
pub const NULLIFY: Statement = Statement {
    source: Source::Statement { problem: "Codeforces 1451F", url: "https://codeforces.com/problemset/problem/1451/F" },
    constraints: "1 ≤ t ≤ 10; 1 ≤ n, m ≤ 100; 0 ≤ a(i,j) ≤ 10^6",
    time_ms: 2000,
    memory_kib: 256 * 1024,
    limits_from: None,
    validate,
};

fn validate(v: &mut Validator<'_>) -> Result<(), Invalid> {
    let tests = v.number("t", 1, 10)?;
    v.eoln()?;
    for _ in 0..tests {
        let rows = v.number("n", 1, 100)?;
        v.space()?;
        let columns = v.number("m", 1, 100)?;
        v.eoln()?;
        for _ in 0..rows {
            v.numbers_line(columns, "a value", 0, 1_000_000)?;
        }
    }
    Ok(())
}
