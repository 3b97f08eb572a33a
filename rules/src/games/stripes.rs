//! Stripes (POI 2000).

use std::fmt;
use std::str::FromStr;

use super::{Invalid, invalid, numbers, parse_error, require, split_at_sign};
use crate::ParseError;

/// Stripes: a row of free cells; strips of the given lengths in unlimited supply; a move lays
/// one strip on free, adjacent cells; whoever cannot move loses.
///
/// Text: `LENGTHS @ ROW`, e.g. `1,5,1 @ 6`. The lengths are kept sorted, each once.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Stripes {
    lengths: Vec<u64>,
    row: u64,
}

impl Stripes {
    /// The longest strip supported.
    pub const LONGEST_STRIP: u64 = 4096;
    /// The longest row supported.
    pub const LONGEST_ROW: u64 = 10_000_000;

    /// Strips of at least one length, each in `1..=LONGEST_STRIP`, on a row of `row` cells.
    pub fn new(mut lengths: Vec<u64>, row: u64) -> Result<Stripes, Invalid> {
        require(!lengths.is_empty(), || "there is at least one strip length".to_string())?;
        require(lengths.iter().all(|&l| (1..=Self::LONGEST_STRIP).contains(&l)), || {
            format!("strip lengths are 1 to {}", Self::LONGEST_STRIP)
        })?;
        require(row <= Self::LONGEST_ROW, || {
            format!("rows of at most {} cells are supported, found {row}", Self::LONGEST_ROW)
        })?;
        lengths.sort_unstable();
        lengths.dedup();
        Ok(Stripes { lengths, row })
    }

    /// The strip lengths, ascending, each once.
    pub fn lengths(&self) -> &[u64] {
        &self.lengths
    }

    /// The row's length.
    pub fn row(&self) -> u64 {
        self.row
    }

    /// The octal code of this game on one row: digit 7 at each strip length (take that many
    /// adjacent cells, leaving nothing, one row or two).
    pub fn octal_digits(&self) -> Vec<u8> {
        let longest = *self.lengths.last().expect("at least one length") as usize;
        let mut digits = vec![0u8; longest + 1];
        for &length in &self.lengths {
            digits[length as usize] = 7;
        }
        digits
    }
}

impl fmt::Display for Stripes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lengths: Vec<String> = self.lengths.iter().map(u64::to_string).collect();
        write!(f, "{} @ {}", lengths.join(","), self.row)
    }
}

impl FromStr for Stripes {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Stripes, ParseError> {
        let (lengths, row) = split_at_sign("stripes", text, "`LENGTHS @ ROW`, as in `1,5,1 @ 6`")?;
        let [row] = numbers("stripes", text, row)?[..] else {
            return Err(parse_error("stripes", text, "after `@`", "expected one row length"));
        };
        Stripes::new(numbers("stripes", text, lengths)?, row).map_err(invalid("stripes", text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_are_a_set() {
        let stripes: Stripes = "5,1,1 @ 6".parse().unwrap();
        assert_eq!(stripes.to_string(), "1,5 @ 6");
        assert_eq!(stripes.octal_digits(), vec![0, 7, 0, 0, 0, 7]);
        assert!("0 @ 3".parse::<Stripes>().is_err());
        assert!("1 @ 3 4".parse::<Stripes>().unwrap_err().message.contains("one row"));
    }
}
