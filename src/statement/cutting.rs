//! POJ 2311 "Cutting Game": lines `W H` until the end of the input.

use super::{Invalid, Source, Statement, Validator};

/// "The input contains multiple test cases": at least one, no bound stated.
pub const CUTTING: Statement = Statement {
    source: Source::Statement { problem: "POJ 2311", url: "http://poj.org/problem?id=2311" },
    constraints: "2 ≤ W, H ≤ 200; multiple test cases to the end of the input (no bound stated)",
    time_ms: 1000,
    memory_kib: 65536,
    limits_from: None,
    validate,
};

fn validate(v: &mut Validator<'_>) -> Result<(), Invalid> {
    loop {
        v.numbers_line(2, "W or H", 2, 200)?;
        if v.at_end() {
            return Ok(());
        }
    }
}
