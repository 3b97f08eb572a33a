//! HDU 2516: lines `n` (2 ≤ n) until a line `0`; `First win` or `Second win` each.

use grundy_fast::games::fibonacci;
use grundy_rules::Outcome;

use super::{InputError, Tokens};

/// Solves a whole input.
pub fn solve(input: &str) -> Result<String, InputError> {
    let mut tokens = Tokens::new("fibonacci", input);
    let mut output = String::new();
    loop {
        let n = tokens.number("n", 0, u64::MAX)?;
        if n == 0 {
            break;
        }
        if n == 1 {
            return Err(tokens.error("n must be at least 2 (the first move takes 1 to n − 1)"));
        }
        output.push_str(if fibonacci::outcome(n) == Outcome::First { "First win\n" } else { "Second win\n" });
    }
    tokens.finish("the terminating 0")?;
    Ok(output)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_sample() {
        assert_eq!(super::solve("2\n13\n10000\n0\n").unwrap(), "Second win\nSecond win\nFirst win\n");
        assert!(super::solve("5\n").unwrap_err().to_string().contains("found the end of the input"));
        assert!(super::solve("1\n0\n").unwrap_err().to_string().contains("at least 2"));
        assert!(super::solve("3\n0\n7\n").unwrap_err().to_string().contains("line 3, token 1"));
    }
}
