//! "Remove the Prime": `n`, then `a1 … an`.

use super::{DEFAULT_MEMORY_KIB, DEFAULT_TIME_MS, Invalid, Source, Statement, Validator};

/// The contest was not identified: the ranges are those the catalog was given.
pub const PRIME: Statement = Statement {
    source: Source::NotFound {
        problem: "Remove the Prime (contest not identified)",
        uses: "the ranges the catalog was given (problems.md)",
    },
    constraints: "1 ≤ n ≤ 1000; 1 ≤ ai ≤ 10^18; one test",
    time_ms: DEFAULT_TIME_MS,
    memory_kib: DEFAULT_MEMORY_KIB,
    limits_from: Some("not found: grundy's defaults"),
    validate,
};

fn validate(v: &mut Validator<'_>) -> Result<(), Invalid> {
    let n = v.number("n", 1, 1000)?;
    v.eoln()?;
    v.numbers_line(n, "a", 1, 1_000_000_000_000_000_000)?;
    Ok(())
}
