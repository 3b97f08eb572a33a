//! Combination Lock (CCPC Changchun 2020).

use std::fmt;
use std::str::FromStr;

use super::{Invalid, invalid, parse_error, require};
use crate::ParseError;

/// Combination Lock: an `m`-dial lock (each dial 0–9) showing a start combination; some
/// combinations are forbidden; a move turns one dial by ±1 (mod 10) to a combination neither
/// forbidden nor seen before (the start is seen); whoever cannot move loses.
///
/// Text: `START @ FORBIDDEN…` as `m`-digit strings, e.g. `06 @ 05 17` (the start's length gives
/// `m`; `@` may be left out when nothing is forbidden).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Lock {
    dials: u32,
    start: u32,
    forbidden: Vec<u32>,
}

impl Lock {
    /// The most dials supported (the contest's limit).
    pub const MOST_DIALS: u32 = 5;

    /// A lock of `dials` dials; combinations are numbers below `10^dials`; the start is not
    /// forbidden. The forbidden list is kept sorted, each once.
    pub fn new(dials: u32, start: u32, mut forbidden: Vec<u32>) -> Result<Lock, Invalid> {
        require((1..=Self::MOST_DIALS).contains(&dials), || {
            format!("a lock has 1 to {} dials, found {dials}", Self::MOST_DIALS)
        })?;
        let size = 10u32.pow(dials);
        require(start < size, || format!("the start {start} has more than {dials} digits"))?;
        if let Some(f) = forbidden.iter().find(|&&f| f >= size) {
            return Err(Invalid::new(format!("the forbidden combination {f} has more than {dials} digits")));
        }
        forbidden.sort_unstable();
        forbidden.dedup();
        require(forbidden.binary_search(&start).is_err(), || "the start combination is forbidden".to_string())?;
        Ok(Lock { dials, start, forbidden })
    }

    /// How many dials.
    pub fn dials(&self) -> u32 {
        self.dials
    }

    /// The start combination.
    pub fn start(&self) -> u32 {
        self.start
    }

    /// The forbidden combinations, ascending.
    pub fn forbidden(&self) -> &[u32] {
        &self.forbidden
    }

    /// A combination as its `m` digits.
    pub fn digits(&self, combination: u32) -> String {
        format!("{combination:0width$}", width = self.dials as usize)
    }
}

impl fmt::Display for Lock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} @", self.digits(self.start))?;
        for &combination in &self.forbidden {
            write!(f, " {}", self.digits(combination))?;
        }
        Ok(())
    }
}

impl FromStr for Lock {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Lock, ParseError> {
        let (start, forbidden) = text.split_once('@').unwrap_or((text, ""));
        let start = start.trim();
        let dials = start.len();
        let combination = |word: &str, place: String| -> Result<u32, ParseError> {
            if word.len() != dials || !word.bytes().all(|b| b.is_ascii_digit()) || dials > Lock::MOST_DIALS as usize {
                let message =
                    format!("a combination is {} digits (as many as the start), found `{word}`", dials.min(5));
                return Err(parse_error("lock", text, place, message));
            }
            Ok(word.parse().unwrap_or(0))
        };
        if dials == 0 || dials > Lock::MOST_DIALS as usize || !start.bytes().all(|b| b.is_ascii_digit()) {
            return Err(parse_error(
                "lock",
                text,
                "the start",
                "expected the start as 1 to 5 digits, as in `06 @ 05 17`",
            ));
        }
        let start = combination(start, "the start".to_string())?;
        let forbidden = forbidden
            .split_whitespace()
            .enumerate()
            .map(|(i, word)| combination(word, format!("forbidden combination {}", i + 1)))
            .collect::<Result<Vec<u32>, ParseError>>()?;
        Lock::new(dials as u32, start, forbidden).map_err(invalid("lock", text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locks_round_trip_with_leading_zeros() {
        let lock: Lock = "06 @ 17 05".parse().unwrap();
        assert_eq!((lock.dials(), lock.start(), lock.forbidden()), (2, 6, &[5, 17][..]));
        assert_eq!(lock.to_string(), "06 @ 05 17");
        assert_eq!("3".parse::<Lock>().unwrap().to_string(), "3 @");
        assert!("06 @ 06".parse::<Lock>().unwrap_err().message.contains("start combination is forbidden"));
        assert_eq!("06 @ 5".parse::<Lock>().unwrap_err().place, "forbidden combination 1");
        assert!("123456".parse::<Lock>().is_err());
    }
}
