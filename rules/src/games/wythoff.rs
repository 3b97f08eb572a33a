//! Wythoff's game (POJ 1067).

/// Wythoff's game: two piles; a move takes one or more tokens from one pile, or the same number
/// from both; whoever takes the last token wins.
///
/// Text: the two piles, e.g. `4 7`. Every pair of `u64` is a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Wythoff {
    /// One pile.
    pub a: u64,
    /// The other.
    pub b: u64,
}

two_numbers_text!(Wythoff, "wythoff", "{} {}", ' ', a, b, |a, b| Ok(Wythoff { a, b }), |_| "expected two piles");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_round_trip() {
        assert_eq!("4 7".parse::<Wythoff>().unwrap(), Wythoff { a: 4, b: 7 });
        assert!("4".parse::<Wythoff>().is_err());
    }
}
