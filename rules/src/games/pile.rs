//! A pile game with a position.

use std::fmt;
use std::str::FromStr;

use super::{parse_error, split_at_sign};
use crate::{ParseError, Position, RuleSet};

/// A position of a pile game: the rule set and the plates.
///
/// Text: `RULES @ PLATES`, e.g. `nim/selective/normal @ 3 4`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PilePosition {
    /// The game.
    pub rules: RuleSet,
    /// The plates.
    pub position: Position,
}

impl fmt::Display for PilePosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} @ {}", self.rules, self.position)
    }
}

impl FromStr for PilePosition {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<PilePosition, ParseError> {
        let (rules, position) = split_at_sign("pile position", text, "`RULES @ PLATES`, as in `nim @ 3 4`")?;
        let relocate = |error: ParseError| parse_error("pile position", text, error.place, error.message);
        Ok(PilePosition {
            rules: rules.trim().parse().map_err(relocate)?,
            position: position.parse().map_err(relocate)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pile_positions_round_trip() {
        let case: PilePosition = "nim/selective @ 4 3".parse().unwrap();
        assert_eq!(case.to_string(), "nim/selective/normal @ 3 4");
        assert_eq!("nim @ 3 x".parse::<PilePosition>().unwrap_err().place, "plate 2");
    }
}
