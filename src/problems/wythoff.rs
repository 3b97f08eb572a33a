//! POJ 1067: lines `a b` until the end of the input; `1` when the first player wins, else `0`.

use grundy_fast::games::wythoff;
use grundy_rules::Outcome;

use super::{InputError, Tokens};

/// Solves a whole input.
pub fn solve(input: &str) -> Result<String, InputError> {
    let mut tokens = Tokens::new("wythoff", input);
    let mut output = String::new();
    while !tokens.is_done() {
        let a = tokens.number("a pile size a", 0, u64::MAX)?;
        let b = tokens.number("the second pile size b", 0, u64::MAX)?;
        output.push_str(if wythoff::outcome(a, b) == Outcome::First { "1\n" } else { "0\n" });
    }
    Ok(output)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_sample() {
        assert_eq!(super::solve("2 1\n8 4\n4 7\n").unwrap(), "0\n1\n0\n");
        assert_eq!(
            super::solve("2 1\n8\n").unwrap_err().to_string(),
            "wythoff input line 3, token 1: expected the second pile size b, found the end of the input"
        );
        assert!(super::solve("2 x\n").unwrap_err().to_string().contains("line 1, token 2"));
    }
}
