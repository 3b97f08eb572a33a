//! AtCoder AGC002 E "Candy Piles": `N`, then `a1 … aN`; `First` or `Second`, the winner.

use grundy_fast::games::candy;

use super::{InputError, Tokens};

/// Solves a whole input.
pub fn solve(input: &str) -> Result<String, InputError> {
    let mut tokens = Tokens::new("candy", input);
    let count = tokens.number("N, the number of piles", 1, 10_000_000)?;
    let piles = (0..count).map(|_| tokens.number("a pile size", 1, u64::MAX)).collect::<Result<Vec<u64>, _>>()?;
    tokens.finish(&format!("the {count} piles"))?;
    Ok(super::winner_line(candy::outcome(&piles)))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_samples() {
        assert_eq!(super::solve("2\n1 3\n").unwrap(), "First\n");
        assert_eq!(super::solve("3\n1 2 1\n").unwrap(), "First\n");
        assert_eq!(super::solve("3\n1 2 3\n").unwrap(), "Second\n");
        assert!(super::solve("2\n1 0\n").unwrap_err().to_string().contains("line 2, token 2"));
    }
}
