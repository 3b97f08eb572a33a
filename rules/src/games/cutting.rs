//! The Cutting Game (POJ 2311).

use super::{Invalid, require};

/// The Cutting Game: one sheet of grid paper; a move cuts one sheet along a grid line into two;
/// whoever first produces a 1×1 piece wins.
///
/// Text: `WIDTHxHEIGHT`, e.g. `3x5` (or `3 5`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cutting {
    width: u64,
    height: u64,
}

impl Cutting {
    /// The largest side supported (the contest's limit is 200).
    pub const LARGEST: u64 = 2000;

    /// A sheet of `width × height`, both sides in `2..=LARGEST`.
    pub fn new(width: u64, height: u64) -> Result<Cutting, Invalid> {
        for side in [width, height] {
            require((2..=Self::LARGEST).contains(&side), || {
                format!("a sheet's sides are 2 to {}, found {width}x{height}", Self::LARGEST)
            })?;
        }
        Ok(Cutting { width, height })
    }

    /// The width.
    pub fn width(&self) -> u64 {
        self.width
    }

    /// The height.
    pub fn height(&self) -> u64 {
        self.height
    }
}

two_numbers_text!(Cutting, "cutting", "{}x{}", ['x', 'X', '×'], width, height, Cutting::new, |_| {
    "expected `WIDTHxHEIGHT`, as in `3x5`"
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sheets_round_trip() {
        assert_eq!("3x5".parse::<Cutting>().unwrap().to_string(), "3x5");
        assert_eq!("3 5".parse::<Cutting>().unwrap(), Cutting::new(3, 5).unwrap());
        assert!("1x5".parse::<Cutting>().unwrap_err().message.contains("2 to"));
    }
}
