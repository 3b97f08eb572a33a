//! Candy Piles (AtCoder AGC002 E).

use super::{Invalid, require};

/// Candy Piles: piles of candy; a move eats a whole largest pile, or one candy from every pile;
/// whoever eats the last candy loses.
///
/// Text: the pile sizes, e.g. `1 2 3`. Kept sorted ascending (the order of piles is no part of
/// the game).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Candy {
    piles: Vec<u64>,
}

impl Candy {
    /// Piles of at least one candy each; at least one pile.
    pub fn new(mut piles: Vec<u64>) -> Result<Candy, Invalid> {
        require(!piles.is_empty(), || "Candy Piles needs at least one pile".to_string())?;
        require(!piles.contains(&0), || "every pile holds at least one candy".to_string())?;
        piles.sort_unstable();
        Ok(Candy { piles })
    }

    /// The piles, ascending.
    pub fn piles(&self) -> &[u64] {
        &self.piles
    }
}

spaced_numbers_text!(Candy, "candy", piles);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piles_are_sorted_and_positive() {
        let candy: Candy = "3 1 2".parse().unwrap();
        assert_eq!(candy.to_string(), "1 2 3");
        assert!("1 0".parse::<Candy>().unwrap_err().message.contains("at least one candy"));
        assert!("".parse::<Candy>().is_err());
    }
}
