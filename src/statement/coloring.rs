//! BZOJ 2410 (colouring a strip): `T`, then per test `n k` and a line of `n` cells in `0..=k`.

use super::validator::at_most;
use super::{DEFAULT_MEMORY_KIB, DEFAULT_TIME_MS, Invalid, Source, Statement, Validator};

/// The statement was not found; the ranges of n and k are YbtOJ 986's (the same game), and the
/// number of tests grundy's own bound.
pub const COLORING: Statement = Statement {
    source: Source::NotFound {
        problem: "BZOJ 2410",
        uses: "n and k as YbtOJ 986 (the same game) states them; the tests bounded by grundy (T ≤ 10, Σn ≤ 10^6)",
    },
    constraints: "1 ≤ T ≤ 10; 1 ≤ n ≤ 10^5, 1 ≤ k ≤ 10^5, cells 0 (blank) to k, no two equal adjacent colours; Σn ≤ 10^6",
    time_ms: DEFAULT_TIME_MS,
    memory_kib: DEFAULT_MEMORY_KIB,
    limits_from: Some("not found: grundy's defaults"),
    validate,
};

fn validate(v: &mut Validator<'_>) -> Result<(), Invalid> {
    let tests = v.number("T", 1, 10)?;
    v.eoln()?;
    let mut cells = 0;
    for _ in 0..tests {
        let n = v.number("n", 1, 100_000)?;
        v.space()?;
        let colours = v.number("k", 1, 100_000)?;
        v.eoln()?;
        cells += n;
        at_most(v, "Σn", cells, 1_000_000)?;
        let strip = v.numbers_line(n, "a cell", 0, colours)?;
        if strip.windows(2).any(|pair| pair[0] != 0 && pair[0] == pair[1]) {
            return Err(v.error("two adjacent cells share a colour"));
        }
    }
    Ok(())
}
