//! Steins;Game (CCPC Weihai 2020).

use super::{Invalid, require};

/// Steins;Game: piles of stones; before play the second player colours each pile white or
/// black; a move takes one or more stones from any white pile, or from a smallest black pile;
/// whoever cannot move loses. The question is in how many of the `2^n` colourings the second
/// player wins, modulo 1 000 000 007.
///
/// Text: the piles, e.g. `1 1 2`. Kept sorted ascending.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Steins {
    piles: Vec<u64>,
}

impl Steins {
    /// The most piles supported.
    pub const MOST_PILES: usize = 1_000_000;

    /// At least one pile, each of at least one stone.
    pub fn new(mut piles: Vec<u64>) -> Result<Steins, Invalid> {
        require(!piles.is_empty(), || "there is at least one pile".to_string())?;
        require(piles.len() <= Self::MOST_PILES, || format!("at most {} piles are supported", Self::MOST_PILES))?;
        require(!piles.contains(&0), || "every pile holds at least one stone".to_string())?;
        piles.sort_unstable();
        Ok(Steins { piles })
    }

    /// The piles, ascending.
    pub fn piles(&self) -> &[u64] {
        &self.piles
    }
}

spaced_numbers_text!(Steins, "steins", piles);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piles_are_sorted() {
        assert_eq!("2 1".parse::<Steins>().unwrap().to_string(), "1 2");
        assert!("0".parse::<Steins>().is_err());
    }
}
