//! Positions: multisets of plate sizes.

use std::fmt;
use std::str::FromStr;

use crate::error::{ParseError, parse_u64};

/// A position of a pile game: a non-empty multiset of plate sizes, kept sorted ascending.
///
/// Plates of size 0 are allowed (they are simply inoperable). Text: the sizes separated by
/// spaces or commas, in any order; printed sorted and separated by single spaces.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Position(Vec<u64>);

impl Position {
    /// A position from plate sizes in any order; `None` when there is no plate.
    pub fn new(mut plates: Vec<u64>) -> Option<Position> {
        if plates.is_empty() {
            return None;
        }
        plates.sort_unstable();
        Some(Position(plates))
    }

    /// The plate sizes, ascending.
    pub fn plates(&self) -> &[u64] {
        &self.0
    }

    /// The plate sizes, ascending, by value.
    pub fn into_plates(self) -> Vec<u64> {
        self.0
    }

    /// The largest plate.
    pub fn largest(&self) -> u64 {
        *self.0.last().expect("a position has at least one plate")
    }

    /// Total number of tokens, saturating at `u64::MAX`.
    pub fn tokens(&self) -> u64 {
        self.0.iter().fold(0u64, |sum, &x| sum.saturating_add(x))
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, x) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{x}")?;
        }
        Ok(())
    }
}

impl FromStr for Position {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Position, ParseError> {
        let mut plates = Vec::new();
        for (index, token) in text.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty()).enumerate()
        {
            let size = parse_u64(token).map_err(|crate::games::Invalid(message)| ParseError {
                what: "position",
                input: text.to_string(),
                place: format!("plate {}", index + 1),
                message,
            })?;
            plates.push(size);
        }
        Position::new(plates).ok_or_else(|| ParseError {
            what: "position",
            input: text.to_string(),
            place: "plate 1".to_string(),
            message: "a position needs at least one plate".to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_sorted_multisets() {
        let position: Position = "5,0 3  3".parse().unwrap();
        assert_eq!(position.plates(), &[0, 3, 3, 5]);
        assert_eq!(position.to_string(), "0 3 3 5");
        assert_eq!(position.to_string().parse::<Position>().unwrap(), position);
    }

    #[test]
    fn bad_plates_are_named() {
        let error = "1 2 x".parse::<Position>().unwrap_err();
        assert_eq!(error.place, "plate 3");
        assert_eq!(error.to_string(), "position `1 2 x`: plate 3: `x` is not a non-negative integer");
        assert!("-1".parse::<Position>().is_err());
        assert!("18446744073709551616".parse::<Position>().unwrap_err().message.contains("larger"));
        assert!("  ".parse::<Position>().unwrap_err().message.contains("at least one plate"));
    }
}
