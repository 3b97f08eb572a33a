//! Gems Fight! (HDU 4778).

use std::fmt;
use std::str::FromStr;

use super::{Invalid, invalid, numbers, parse_error, require, split_at_sign, write_spaced};
use crate::ParseError;

/// Gems Fight!: bags of gems of `colours` colours; players alternately pour a whole bag into a
/// shared pot; every `stone` gems of one colour in the pot become a stone worth a point to the
/// pourer, who then moves again. The question is the best first-minus-second score difference.
///
/// Text: `colours stone @ bag / bag / …`, each bag its count of each colour, e.g.
/// `3 3 @ 0 1 1 / 1 0 1`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Gems {
    colours: usize,
    stone: u32,
    bags: Vec<Vec<u32>>,
}

impl Gems {
    /// The most colours supported (the contest's limit).
    pub const MOST_COLOURS: usize = 8;
    /// The most bags supported (the contest's limit).
    pub const MOST_BAGS: usize = 21;
    /// The largest stone and bag counts supported.
    pub const MOST_GEMS: u32 = 1000;

    /// `bags[b][c]` gems of colour `c` in bag `b`; every bag lists `colours` counts.
    pub fn new(colours: usize, stone: u32, bags: Vec<Vec<u32>>) -> Result<Gems, Invalid> {
        require((1..=Self::MOST_COLOURS).contains(&colours), || {
            format!("the colours number 1 to {}, found {colours}", Self::MOST_COLOURS)
        })?;
        require((1..=Self::MOST_GEMS).contains(&stone), || {
            format!("a stone takes 1 to {} gems, found {stone}", Self::MOST_GEMS)
        })?;
        require(bags.len() <= Self::MOST_BAGS, || {
            format!("at most {} bags are supported, found {}", Self::MOST_BAGS, bags.len())
        })?;
        if let Some(b) = bags.iter().position(|bag| bag.len() != colours) {
            return Err(Invalid::new(format!("bag {} lists {} colours, not {colours}", b + 1, bags[b].len())));
        }
        require(bags.iter().flatten().all(|&count| count <= Self::MOST_GEMS), || {
            format!("a bag holds at most {} gems of a colour", Self::MOST_GEMS)
        })?;
        Ok(Gems { colours, stone, bags })
    }

    /// How many colours there are.
    pub fn colours(&self) -> usize {
        self.colours
    }

    /// Gems of one colour per stone.
    pub fn stone(&self) -> u32 {
        self.stone
    }

    /// The bags, as counts per colour.
    pub fn bags(&self) -> &[Vec<u32>] {
        &self.bags
    }
}

impl fmt::Display for Gems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} @", self.colours, self.stone)?;
        for (i, bag) in self.bags.iter().enumerate() {
            f.write_str(if i == 0 { " " } else { " / " })?;
            write_spaced(f, bag)?;
        }
        Ok(())
    }
}

impl FromStr for Gems {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Gems, ParseError> {
        let syntax = "`colours stone @ bag / bag…`, as in `3 3 @ 0 1 1 / 1 0 1`";
        let (head, bags) = split_at_sign("gems", text, syntax)?;
        let [colours, stone] = numbers("gems", text, head)?[..] else {
            return Err(parse_error("gems", text, "before `@`", format!("expected {syntax}")));
        };
        let bags = if bags.trim().is_empty() {
            Vec::new()
        } else {
            bags.split('/')
                .map(|bag| {
                    let counts = numbers("gems", text, bag)?;
                    Ok(counts.into_iter().map(|c| u32::try_from(c).unwrap_or(u32::MAX)).collect())
                })
                .collect::<Result<Vec<Vec<u32>>, ParseError>>()?
        };
        let colours = usize::try_from(colours).unwrap_or(usize::MAX);
        Gems::new(colours, u32::try_from(stone).unwrap_or(u32::MAX), bags).map_err(invalid("gems", text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bags_round_trip() {
        let gems: Gems = "3 3 @ 0 1 1 / 1 0 1".parse().unwrap();
        assert_eq!(gems.bags(), &[vec![0, 1, 1], vec![1, 0, 1]]);
        assert_eq!(gems.to_string(), "3 3 @ 0 1 1 / 1 0 1");
        assert_eq!("2 2 @".parse::<Gems>().unwrap().bags().len(), 0);
        assert!("2 2 @ 1".parse::<Gems>().unwrap_err().message.contains("lists 1 colours"));
        assert!("2 0 @ 1 1".parse::<Gems>().unwrap_err().message.contains("a stone takes"));
    }
}
