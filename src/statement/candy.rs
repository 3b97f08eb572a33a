//! AtCoder AGC002 E "Candy Piles": `N`, then `a1 … aN`.

use super::{Invalid, Source, Statement, Validator};

/// The ranges are the statement's; its time and memory limits were not read.
pub const CANDY: Statement = Statement {
    source: Source::Statement { problem: "AtCoder AGC002 E", url: "https://atcoder.jp/contests/agc002/tasks/agc002_e" },
    constraints: "1 ≤ N ≤ 10^5; 1 ≤ ai ≤ 10^9; one test",
    time_ms: 2000,
    memory_kib: 256 * 1024,
    limits_from: Some("AtCoder's usual 2 s and 256 MB: the task page's own were not read"),
    validate,
};

fn validate(v: &mut Validator<'_>) -> Result<(), Invalid> {
    let n = v.number("N", 1, 100_000)?;
    v.eoln()?;
    v.numbers_line(n, "a", 1, 1_000_000_000)?;
    Ok(())
}
