//! POJ 1067 "取石子游戏" (Wythoff's game): lines `a b` until the end of the input.

use super::{Invalid, Source, Statement, Validator};

/// 1000 MS, 10000 K; "several lines", no bound stated.
pub const WYTHOFF: Statement = Statement {
    source: Source::Statement { problem: "POJ 1067", url: "http://poj.org/problem?id=1067" },
    constraints: "0 ≤ a, b ≤ 10^9, one pair a line, to the end of the input (no bound on the lines stated)",
    time_ms: 1000,
    memory_kib: 10_000,
    limits_from: None,
    validate,
};

fn validate(v: &mut Validator<'_>) -> Result<(), Invalid> {
    loop {
        v.numbers_line(2, "a or b", 0, 1_000_000_000)?;
        if v.at_end() {
            return Ok(());
        }
    }
}
