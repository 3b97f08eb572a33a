//! Xmas Contest 2024 "Game Pack" (AtCoder `xmascon24_g`): the rule set `A B C D` and `T`, then
//! `T` lines `n x1 … xn`.

use super::validator::at_most;
use super::{Invalid, Source, Statement, Validator};

/// The statement's ranges of N, x and T were not found: the catalog's plan stands in.
pub const PACK: Statement = Statement {
    source: Source::NotFound {
        problem: "AtCoder Xmas Contest 2024 G",
        uses: "its ranges of T, n and x were not found: grundy's plan (problems.md) stands in",
    },
    constraints: "0 ≤ A ≤ 4, 0 ≤ B ≤ 2, 0 ≤ C ≤ 1, 0 ≤ D ≤ 1; 1 ≤ T; each game 1 ≤ n plates of 1 ≤ x ≤ 5·10^5; \
                  Σn ≤ 10^6",
    time_ms: 2000,
    memory_kib: 2048 * 1024,
    limits_from: Some("the contest's problem A, on its task print page; G's own were not found"),
    validate,
};

fn validate(v: &mut Validator<'_>) -> Result<(), Invalid> {
    v.number("A", 0, 4)?;
    v.space()?;
    v.number("B", 0, 2)?;
    v.space()?;
    v.number("C", 0, 1)?;
    v.space()?;
    v.number("D", 0, 1)?;
    v.space()?;
    let games = v.number("T", 1, 1_000_000)?;
    v.eoln()?;
    let mut plates = 0;
    for _ in 0..games {
        let n = v.number("n", 1, 1_000_000)?;
        plates += n;
        at_most(v, "Σn", plates, 1_000_000)?;
        v.space()?;
        v.numbers_line(n, "x", 1, 500_000)?;
    }
    Ok(())
}
