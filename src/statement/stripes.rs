//! POI 2000 "Paski" (Stripes): `c z n`, then `m`, then `m` lines `p`.

use super::{DEFAULT_MEMORY_KIB, DEFAULT_TIME_MS, Invalid, Source, Statement, Validator};

/// The archived statement states no time or memory limit.
pub const STRIPES: Statement = Statement {
    source: Source::Statement {
        problem: "POI 2000 (VII OI) Paski",
        url: "https://oi.edu.pl/old/html/blue/oi7/pas.html",
    },
    constraints: "1 ≤ c, z, n ≤ 1000; 1 ≤ m ≤ 1000; 1 ≤ p ≤ 1000",
    time_ms: DEFAULT_TIME_MS,
    memory_kib: DEFAULT_MEMORY_KIB,
    limits_from: Some("the statement states none: grundy's defaults"),
    validate,
};

fn validate(v: &mut Validator<'_>) -> Result<(), Invalid> {
    v.numbers_line(3, "a strip length", 1, 1000)?;
    let games = v.number("m", 1, 1000)?;
    v.eoln()?;
    for _ in 0..games {
        v.number("p", 1, 1000)?;
        v.eoln()?;
    }
    Ok(())
}
