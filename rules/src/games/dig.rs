//! Down We Dig (NERC 2020).

use std::fmt;
use std::str::FromStr;

use super::{Invalid, parse_error, require};
use crate::ParseError;

/// Down We Dig: steps `1..=n`, top to bottom, each a string of 8 characters `W`/`R`. On day `i`
/// the steps `1..=i` exist; a token starts on step 1; a move takes it from step `x` to a step
/// `y > x` with `y − x` at most the number of places where steps `x` and `y` have the same
/// character; whoever cannot move loses. The question is who wins on each day.
///
/// Text: the steps, e.g. `WWWWWWWW RRRRRRRR`. A step is kept as a byte, bit 7 its first character,
/// `W` = 1.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Dig {
    steps: Vec<u8>,
}

impl Dig {
    /// The most steps supported (the contest's limit).
    pub const MOST_STEPS: usize = 300_000;

    /// At least one step.
    pub fn new(steps: Vec<u8>) -> Result<Dig, Invalid> {
        require(!steps.is_empty(), || "there is at least one step".to_string())?;
        require(steps.len() <= Self::MOST_STEPS, || {
            format!("at most {} steps are supported, found {}", Self::MOST_STEPS, steps.len())
        })?;
        Ok(Dig { steps })
    }

    /// The steps, top first.
    pub fn steps(&self) -> &[u8] {
        &self.steps
    }

    /// A step from its 8 characters `W`/`R`.
    pub fn step(word: &str) -> Option<u8> {
        (word.len() == 8 && word.bytes().all(|b| b == b'W' || b == b'R'))
            .then(|| word.bytes().fold(0u8, |mask, b| mask << 1 | u8::from(b == b'W')))
    }

    /// The 8 characters of a step.
    pub fn word(step: u8) -> String {
        (0..8).rev().map(|bit| if step >> bit & 1 == 1 { 'W' } else { 'R' }).collect()
    }
}

impl fmt::Display for Dig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words: Vec<String> = self.steps.iter().map(|&step| Dig::word(step)).collect();
        f.write_str(&words.join(" "))
    }
}

impl FromStr for Dig {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Dig, ParseError> {
        let steps = text
            .split_whitespace()
            .enumerate()
            .map(|(i, word)| {
                Dig::step(word).ok_or_else(|| {
                    parse_error(
                        "dig",
                        text,
                        format!("step {}", i + 1),
                        format!("a step is 8 characters W or R, found `{word}`"),
                    )
                })
            })
            .collect::<Result<Vec<u8>, ParseError>>()?;
        Dig::new(steps).map_err(super::invalid("dig", text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_round_trip() {
        let dig: Dig = "WWWWWWWW RRRRWWWW".parse().unwrap();
        assert_eq!(dig.steps(), &[0xFF, 0x0F]);
        assert_eq!(dig.to_string(), "WWWWWWWW RRRRWWWW");
        assert_eq!("WWWW".parse::<Dig>().unwrap_err().place, "step 1");
        assert!("".parse::<Dig>().is_err());
    }
}
