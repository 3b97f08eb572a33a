//! Remove the Prime.

use super::{Invalid, require};

/// Remove the Prime: a sequence of positive integers; a move picks a segment `[l, r]` and a
/// prime `p` dividing every element of it, and divides `p` out of each of them completely;
/// whoever cannot move loses.
///
/// Text: the sequence, e.g. `2 12 3`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RemoveThePrime {
    sequence: Vec<u64>,
}

impl RemoveThePrime {
    /// The longest sequence supported.
    pub const LONGEST: usize = 100_000;

    /// A non-empty sequence of positive integers.
    pub fn new(sequence: Vec<u64>) -> Result<RemoveThePrime, Invalid> {
        require(!sequence.is_empty(), || "the sequence has at least one number".to_string())?;
        require(sequence.len() <= Self::LONGEST, || format!("at most {} numbers are supported", Self::LONGEST))?;
        require(!sequence.contains(&0), || "the numbers are at least 1".to_string())?;
        Ok(RemoveThePrime { sequence })
    }

    /// The sequence.
    pub fn sequence(&self) -> &[u64] {
        &self.sequence
    }
}

spaced_numbers_text!(RemoveThePrime, "prime", sequence);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sequences_keep_their_order() {
        assert_eq!("12 2 3".parse::<RemoveThePrime>().unwrap().to_string(), "12 2 3");
        assert!("2 0".parse::<RemoveThePrime>().unwrap_err().message.contains("at least 1"));
    }
}
