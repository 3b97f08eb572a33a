//! Steins;Game (CCPC Weihai 2020): `n`, then `a1 … an`; the number of colourings in which the
//! second player wins, mod 1 000 000 007.

use grundy_fast::games::steins;

use super::{InputError, Tokens};

/// Solves a whole input.
pub fn solve(input: &str) -> Result<String, InputError> {
    let mut tokens = Tokens::new("steins", input);
    let count = tokens.number("n, the number of piles", 1, 10_000_000)?;
    let piles = (0..count).map(|_| tokens.number("a pile size", 1, u64::MAX)).collect::<Result<Vec<u64>, _>>()?;
    tokens.finish(&format!("the {count} piles"))?;
    Ok(format!("{}\n", steins::second_player_colourings(&piles)))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_samples() {
        assert_eq!(super::solve("2\n1 1\n").unwrap(), "4\n");
        assert_eq!(super::solve("2\n1 2\n").unwrap(), "1\n");
        assert_eq!(super::solve("1\n5\n").unwrap(), "0\n");
    }
}
