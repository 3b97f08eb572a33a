//! Tokens on a directed graph, grundy's own format: `n m`, `m` lines `u v`, `q`, then `q` lines
//! `k t1 … tk`.

use super::validator::at_most;
use super::{DEFAULT_TIME_MS, Invalid, Source, Statement, Validator};

/// No contest: grundy's own limits.
pub const TOKENS: Statement = Statement {
    source: Source::Own,
    constraints: "1 ≤ n ≤ 10^5, 0 ≤ m ≤ 2·10^5 edges (loops and repeats allowed), 1 ≤ q ≤ 10^5, k ≥ 1, Σk ≤ 10^6",
    time_ms: DEFAULT_TIME_MS,
    // grundy's own reference holds 258 MiB on the largest geography input.
    memory_kib: 1024 * 1024,
    limits_from: None,
    validate,
};

fn validate(v: &mut Validator<'_>) -> Result<(), Invalid> {
    let vertices = v.number("n", 1, 100_000)?;
    v.space()?;
    let edges = v.number("m", 0, 200_000)?;
    v.eoln()?;
    for _ in 0..edges {
        v.numbers_line(2, "an edge's end", 1, vertices)?;
    }
    let queries = v.number("q", 1, 100_000)?;
    v.eoln()?;
    let mut tokens = 0;
    for _ in 0..queries {
        let k = v.number("k", 1, 1_000_000)?;
        tokens += k;
        at_most(v, "Σk", tokens, 1_000_000)?;
        v.space()?;
        v.numbers_line(k, "a token's vertex", 1, vertices)?;
    }
    Ok(())
}
