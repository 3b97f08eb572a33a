//! HDU 4778 "Gems Fight!": cases `G B S` and `B` lines `n c1 … cn`, until `0 0 0`.

use super::{Invalid, Source, Statement, Validator};

/// "There are several cases (<=20)"; 20000/10000 MS (Java/Others), 327680 K.
pub const GEMS: Statement = Statement {
    source: Source::Statement { problem: "HDU 4778", url: "https://acm.hdu.edu.cn/showproblem.php?pid=4778" },
    constraints: "at most 20 cases, then `0 0 0`; 0 ≤ G ≤ 8, 0 ≤ B ≤ 21, S < 20 (S ≥ 1: a stone has gems); \
                  bags of 0 < n ≤ 10 gems of colours 1..G",
    time_ms: 10_000,
    memory_kib: 327_680,
    limits_from: None,
    validate,
};

fn validate(v: &mut Validator<'_>) -> Result<(), Invalid> {
    for case in 0.. {
        let colours = v.number("G", 0, 8)?;
        v.space()?;
        let bags = v.number("B", 0, 21)?;
        v.space()?;
        let stone = v.number("S", 0, 19)?;
        v.eoln()?;
        if (colours, bags, stone) == (0, 0, 0) {
            return Ok(());
        }
        if case == 20 {
            return Err(v.error("more than 20 cases"));
        }
        if stone == 0 {
            return Err(v.error("S = 0 outside the end line"));
        }
        for _ in 0..bags {
            let gems = v.number("n", 1, 10)?;
            v.space()?;
            v.numbers_line(gems, "a colour", 1, colours)?;
        }
    }
    unreachable!("the cases end at `0 0 0` or at 21")
}
