//! SDOI2019 "Moving Coins": `n m`; the number of placements the first player wins, mod
//! 1 000 000 009.

use grundy_fast::games::coins;

use super::{InputError, Tokens};

/// Largest board and coin count accepted (the counting DP grows with `n · m`).
const LARGEST_BOARD: u64 = 150_000;
const MOST_COINS: u64 = 500;

/// Solves a whole input.
pub fn solve(input: &str) -> Result<String, InputError> {
    let mut tokens = Tokens::new("coins", input);
    let n = tokens.number("n, the number of cells", 1, LARGEST_BOARD)?;
    let m = tokens.number("m, the number of coins", 1, n.min(MOST_COINS))?;
    tokens.finish("`n m`")?;
    Ok(format!("{}\n", coins::first_player_placements(n as usize, m as usize)))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_samples() {
        assert_eq!(super::solve("10 2\n").unwrap(), "36\n");
        assert_eq!(super::solve("6 3\n").unwrap(), "14\n");
        assert_eq!(super::solve("5 1\n").unwrap(), "4\n");
        assert!(super::solve("5 6\n").unwrap_err().to_string().contains("between 1 and 5"));
    }
}
