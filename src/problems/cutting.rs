//! POJ 2311 "Cutting Game": lines `W H` (2 ≤ W, H) until the end; `WIN` or `LOSE` for the
//! first player.

use grundy_fast::games::cutting;
use grundy_rules::Outcome;

use super::{InputError, Tokens};

/// Largest side accepted (the table is quadratic in it, each entry a linear scan).
const LARGEST: u64 = 2000;

/// Solves a whole input.
pub fn solve(input: &str) -> Result<String, InputError> {
    let mut tokens = Tokens::new("cutting", input);
    let mut sheets = Vec::new();
    while !tokens.is_done() {
        let w = tokens.number("W, the sheet width", 2, LARGEST)?;
        let h = tokens.number("H, the sheet height", 2, LARGEST)?;
        sheets.push((w as usize, h as usize));
    }
    let n = sheets.iter().map(|&(w, h)| w.max(h)).max().unwrap_or(2);
    let table = cutting::table(n);
    Ok(sheets
        .into_iter()
        .map(|(w, h)| if cutting::outcome(&table, w, h) == Outcome::First { "WIN\n" } else { "LOSE\n" })
        .collect())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_sample() {
        assert_eq!(super::solve("2 2\n3 2\n4 2\n").unwrap(), "LOSE\nLOSE\nWIN\n");
        assert!(super::solve("1 2\n").unwrap_err().to_string().contains("between 2 and 2000"));
    }
}
