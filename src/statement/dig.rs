//! "Down We Dig" (Northern Eurasia Finals Online 2020, Codeforces Gym 102896 D): `n`, then `n`
//! lines of 8 characters `W` or `R`.

use super::{Invalid, Source, Statement, Validator};

/// The original's time and memory limits were not found; Baekjoon's copy gives 5 s, 512 MB.
pub const DIG: Statement = Statement {
    source: Source::Mirror {
        problem: "Northern Eurasia Finals Online 2020 D (Codeforces Gym 102896 D)",
        mirror: "Baekjoon",
    },
    constraints: "1 ≤ n ≤ 300000 steps, each 8 characters W or R; one test",
    time_ms: 5000,
    memory_kib: 512 * 1024,
    limits_from: Some("Baekjoon's copy"),
    validate,
};

fn validate(v: &mut Validator<'_>) -> Result<(), Invalid> {
    let steps = v.number("n", 1, 300_000)?;
    v.eoln()?;
    for _ in 0..steps {
        v.word("a step", 8, "WR")?;
        v.eoln()?;
    }
    Ok(())
}
