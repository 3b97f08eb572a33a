//! Moving Coins (SDOI2019).

use super::{Invalid, require};

/// Moving Coins: `coins` coins on distinct cells `1..=cells`; a move shifts one coin left by one
/// or more cells without passing or landing on another coin; whoever cannot move loses. The
/// question is how many of the placements the first player wins, modulo 1 000 000 009.
///
/// Text: `cells coins`, e.g. `10 2`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coins {
    cells: u64,
    coins: u64,
}

impl Coins {
    /// The most cells supported (the contest's limit).
    pub const MOST_CELLS: u64 = 150_000;
    /// The most coins supported.
    pub const MOST_COINS: u64 = 500;

    /// `coins` coins on `cells` cells, `1 ≤ coins ≤ cells`.
    pub fn new(cells: u64, coins: u64) -> Result<Coins, Invalid> {
        require(coins >= 1 && coins <= cells, || format!("the coins must number 1 to {cells}, found {coins}"))?;
        require(cells <= Self::MOST_CELLS, || {
            format!("at most {} cells are supported, found {cells}", Self::MOST_CELLS)
        })?;
        require(coins <= Self::MOST_COINS, || {
            format!("at most {} coins are supported, found {coins}", Self::MOST_COINS)
        })?;
        Ok(Coins { cells, coins })
    }

    /// The number of cells, `n`.
    pub fn cells(&self) -> u64 {
        self.cells
    }

    /// The number of coins, `m`.
    pub fn coins(&self) -> u64 {
        self.coins
    }
}

two_numbers_text!(Coins, "coins", "{} {}", ' ', cells, coins, Coins::new, |found| {
    format!("expected `cells coins`, found {found} numbers")
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coins_fit_on_the_board() {
        assert_eq!("10 2".parse::<Coins>().unwrap(), Coins::new(10, 2).unwrap());
        assert!("2 3".parse::<Coins>().is_err());
        assert!("2".parse::<Coins>().unwrap_err().message.contains("expected `cells coins`"));
    }
}
