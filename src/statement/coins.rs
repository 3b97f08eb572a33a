//! SDOI2019 "移动金币" (Moving Coins; Luogu P5363): `n m`.

use super::{DEFAULT_MEMORY_KIB, DEFAULT_TIME_MS, Invalid, Source, Statement, Validator};

/// The statement was not found: the ranges are those the catalog was given.
pub const COINS: Statement = Statement {
    source: Source::NotFound {
        problem: "SDOI2019 移动金币 (Luogu P5363)",
        uses: "the ranges the catalog was given (problems.md)",
    },
    constraints: "1 ≤ m ≤ n ≤ 150000, m ≤ 50",
    time_ms: DEFAULT_TIME_MS,
    memory_kib: DEFAULT_MEMORY_KIB,
    limits_from: Some("not found: grundy's defaults"),
    validate,
};

fn validate(v: &mut Validator<'_>) -> Result<(), Invalid> {
    let n = v.number("n", 1, 150_000)?;
    v.space()?;
    v.number("m", 1, n.min(50))?;
    v.eoln()
}
