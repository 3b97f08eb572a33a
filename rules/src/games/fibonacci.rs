//! Fibonacci nim (HDU 2516).

use std::fmt;
use std::str::FromStr;

use super::{Invalid, invalid, numbers, parse_error, require};
use crate::ParseError;

/// Fibonacci nim: one pile of `n ≥ 2`; the first move takes 1 to `n − 1` tokens, every later move
/// takes 1 to twice the previous take; whoever takes the last token wins.
///
/// Text: the pile, e.g. `13`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FibonacciNim {
    pile: u64,
}

impl FibonacciNim {
    /// A pile of at least 2.
    pub fn new(pile: u64) -> Result<FibonacciNim, Invalid> {
        require(pile >= 2, || {
            format!("the pile needs at least 2 tokens (the first move takes 1 to n − 1), found {pile}")
        })?;
        Ok(FibonacciNim { pile })
    }

    /// The pile.
    pub fn pile(&self) -> u64 {
        self.pile
    }
}

impl fmt::Display for FibonacciNim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.pile)
    }
}

impl FromStr for FibonacciNim {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<FibonacciNim, ParseError> {
        match numbers("fibonacci", text, text)?[..] {
            [pile] => FibonacciNim::new(pile).map_err(invalid("fibonacci", text)),
            _ => Err(parse_error("fibonacci", text, "the whole case", "expected one pile")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piles_of_two_or_more() {
        assert_eq!("13".parse::<FibonacciNim>().unwrap().pile(), 13);
        assert!("1".parse::<FibonacciNim>().unwrap_err().message.contains("at least 2"));
    }
}
