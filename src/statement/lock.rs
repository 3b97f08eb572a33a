//! "Combination Lock" (CCPC 2020 Changchun): `T`, then per test `m n s` and `n` forbidden
//! `m`-digit strings.

use super::{DEFAULT_MEMORY_KIB, DEFAULT_TIME_MS, Invalid, Source, Statement, Validator};

/// The statement was not found: the ranges are those the catalog was given, and the number of
/// tests grundy's own bound.
pub const LOCK: Statement = Statement {
    source: Source::NotFound {
        problem: "CCPC 2020 Changchun, Combination Lock",
        uses: "the ranges the catalog was given (problems.md), the tests bounded by grundy (T ≤ 10)",
    },
    constraints: "1 ≤ T ≤ 10; 1 ≤ m ≤ 5 dials; 0 ≤ n < 10^m distinct forbidden m-digit strings other than s",
    time_ms: DEFAULT_TIME_MS,
    memory_kib: DEFAULT_MEMORY_KIB,
    limits_from: Some("not found: grundy's defaults"),
    validate,
};

fn validate(v: &mut Validator<'_>) -> Result<(), Invalid> {
    const DIGITS: &str = "0123456789";
    let tests = v.number("T", 1, 10)?;
    v.eoln()?;
    for _ in 0..tests {
        let dials = v.number("m", 1, 5)?;
        v.space()?;
        let combinations = 10u64.pow(dials as u32);
        let forbidden = v.number("n", 0, combinations - 1)?;
        v.space()?;
        let start = v.word("s", dials as usize, DIGITS)?;
        v.eoln()?;
        let mut seen = std::collections::HashSet::new();
        for _ in 0..forbidden {
            let combination = v.word("a forbidden combination", dials as usize, DIGITS)?;
            if combination == start || !seen.insert(combination) {
                return Err(v.error(format!("forbidden `{combination}` repeats, or is the start")));
            }
            v.eoln()?;
        }
    }
    Ok(())
}
