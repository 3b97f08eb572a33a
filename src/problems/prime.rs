//! "Remove the Prime": `n`, then `a1 … an` (1 ≤ ai); `First` or `Second`, the winner.

use grundy_fast::games::prime;

use super::{InputError, Tokens};

/// Solves a whole input.
pub fn solve(input: &str) -> Result<String, InputError> {
    let mut tokens = Tokens::new("prime", input);
    let count = tokens.number("n, the length of the sequence", 1, 1_000_000)?;
    let sequence = (0..count).map(|_| tokens.number("a number", 1, u64::MAX)).collect::<Result<Vec<u64>, _>>()?;
    tokens.finish(&format!("the {count} numbers"))?;
    Ok(super::winner_line(prime::outcome(&sequence)))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_samples() {
        assert_eq!(super::solve("3\n2 8 4\n").unwrap(), "First\n");
        assert_eq!(super::solve("3\n2 12 3\n").unwrap(), "Second\n");
        assert!(super::solve("2\n4 0\n").unwrap_err().to_string().contains("line 2, token 2"));
    }
}
