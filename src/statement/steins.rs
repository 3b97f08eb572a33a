//! CCPC 2020 Weihai J "Steins;Game" (Codeforces Gym 102798 J): `n`, then `a1 … an`.

use super::{Invalid, Source, Statement, Validator};

/// The original's time and memory limits were not found; Baekjoon's copy gives 1 s, 256 MB.
pub const STEINS: Statement = Statement {
    source: Source::Mirror { problem: "CCPC 2020 Weihai J (Codeforces Gym 102798 J)", mirror: "Baekjoon" },
    constraints: "1 ≤ n ≤ 10^5; 1 ≤ ai ≤ 10^18; one test",
    time_ms: 1000,
    memory_kib: 256 * 1024,
    limits_from: Some("Baekjoon's copy"),
    validate,
};

fn validate(v: &mut Validator<'_>) -> Result<(), Invalid> {
    let n = v.number("n", 1, 100_000)?;
    v.eoln()?;
    v.numbers_line(n, "a", 1, 1_000_000_000_000_000_000)?;
    Ok(())
}
