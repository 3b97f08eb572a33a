//! Colouring a strip (BZOJ 2410).

use std::fmt;
use std::str::FromStr;

use super::{Invalid, invalid, numbers, parse_error, require, split_at_sign, write_spaced};
use crate::ParseError;

/// A 1×n strip, each cell blank (0) or coloured `1..=colours`; a move colours a blank cell so
/// that no two adjacent cells share a colour; whoever cannot move loses.
///
/// Text: `colours @ cells`, e.g. `2 @ 0 0 1 0 0`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coloring {
    colours: u64,
    cells: Vec<u64>,
}

impl Coloring {
    /// A strip of at least one cell, each in `0..=colours`, with no two equal adjacent colours.
    pub fn new(colours: u64, cells: Vec<u64>) -> Result<Coloring, Invalid> {
        require(colours >= 1, || "there is at least one colour".to_string())?;
        require(!cells.is_empty(), || "the strip has at least one cell".to_string())?;
        if let Some(i) = cells.iter().position(|&c| c > colours) {
            return Err(Invalid::new(format!("cell {} has colour {}, beyond the {colours} colours", i + 1, cells[i])));
        }
        if let Some(i) = cells.windows(2).position(|pair| pair[0] != 0 && pair[0] == pair[1]) {
            return Err(Invalid::new(format!("cells {} and {} share colour {}", i + 1, i + 2, cells[i])));
        }
        Ok(Coloring { colours, cells })
    }

    /// How many colours there are.
    pub fn colours(&self) -> u64 {
        self.colours
    }

    /// The cells, left to right (0 is blank).
    pub fn cells(&self) -> &[u64] {
        &self.cells
    }
}

impl fmt::Display for Coloring {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} @ ", self.colours)?;
        write_spaced(f, &self.cells)
    }
}

impl FromStr for Coloring {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Coloring, ParseError> {
        let (colours, cells) = split_at_sign("coloring", text, "`colours @ cells`, as in `2 @ 0 0 1 0 0`")?;
        let [colours] = numbers("coloring", text, colours)?[..] else {
            return Err(parse_error("coloring", text, "before `@`", "expected the number of colours"));
        };
        Coloring::new(colours, numbers("coloring", text, cells)?).map_err(invalid("coloring", text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strips_round_trip_and_equal_neighbours_are_refused() {
        let strip: Coloring = "2 @ 0 0 1 0 0".parse().unwrap();
        assert_eq!(strip.to_string(), "2 @ 0 0 1 0 0");
        assert!("2 @ 1 1".parse::<Coloring>().unwrap_err().message.contains("share colour 1"));
        assert!("1 @ 2".parse::<Coloring>().unwrap_err().message.contains("beyond"));
        assert!("0 0 1".parse::<Coloring>().unwrap_err().message.contains("expected"));
    }
}
