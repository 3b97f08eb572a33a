//! HDU 2516 "取石子游戏" (Fibonacci nim): lines `n` until a line `0`.

use super::{Invalid, Source, Statement, Validator};

/// 2000/1000 MS (Java/Others), 32768 K; several groups, no bound stated.
pub const FIBONACCI: Statement = Statement {
    source: Source::Statement { problem: "HDU 2516", url: "https://acm.hdu.edu.cn/showproblem.php?pid=2516" },
    constraints: "2 ≤ n < 2^31, one a line, until a line 0 (no bound on the lines stated)",
    time_ms: 1000,
    memory_kib: 32768,
    limits_from: None,
    validate,
};

fn validate(v: &mut Validator<'_>) -> Result<(), Invalid> {
    loop {
        let n = v.number("n", 0, (1 << 31) - 1)?;
        v.eoln()?;
        match n {
            0 => return Ok(()),
            1 => return Err(v.error("n = 1 is below 2")),
            _ => {}
        }
    }
}
