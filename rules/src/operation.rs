//! Operations: what a move does to one plate.

use std::fmt;
use std::str::FromStr;

use crate::error::{ParseError, parse_u64};
use crate::games::Invalid;

/// What one move may do to a single plate holding `x` tokens.
///
/// A plate is *operable* when the operation gives it at least one option. The rules, exactly:
///
/// | syntax | name | options from `x` |
/// |---|---|---|
/// | `nim` | Nim | remove `k` tokens, `1 ≤ k ≤ x` |
/// | `sub:S` | subtraction game | remove `k ∈ S`, `k ≤ x` (`S` a finite set of positive integers) |
/// | `upto:m` | bounded Nim | remove `k`, `1 ≤ k ≤ min(m, x)` |
/// | `half` | | remove `k`, `1 ≤ k ≤ ⌊x/2⌋` |
/// | `mod:m` | | if `m` divides `x`, remove exactly 1; otherwise remove 1 or 2; always `k ≤ x` (so 0 is inoperable) |
/// | `split` | | move `k` tokens, `1 ≤ k ≤ x − 1`, onto a new empty plate: `x` becomes the two plates `x − k` and `k` |
/// | `grundy` | Grundy's game | split the plate into two non-empty plates of different sizes: `x` becomes `a` and `x − a`, `1 ≤ a < x − a` |
/// | `octal:d0.d1d2…` | take-and-break | remove `k` tokens where digit `dk` allows it, leaving what `dk` allows: bit 1 nothing (only when `k = x`): the plate stays, holding 0 tokens and inoperable, bit 2 one plate, bit 4 two non-empty plates, bit 8 three (hexadecimal digits 8–F); `d0` may only be 0, 4, 8 or C (split without removing) |
/// | `stripes:a,b,c…` | | `octal:0.…` with 7 at the positions `a, b, c…`: take exactly `a`, `b` or `c` adjacent stones from a row |
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Operation {
    /// Remove any positive number of tokens.
    Nim,
    /// Remove a number of tokens from a finite set; the set is sorted, distinct and positive.
    Subtraction(Vec<u64>),
    /// Remove between 1 and `m` tokens.
    UpTo(u64),
    /// Remove between 1 and half of the tokens, rounded down.
    Half,
    /// Remove exactly 1 token when `m` divides `x`, else 1 or 2.
    Mod(u64),
    /// Move some tokens (not none, not all) onto a new plate.
    Split,
    /// Grundy's game: split a plate into two non-empty plates of different sizes.
    Grundy,
    /// A take-and-break game: `digits[k]` says what removing `k` tokens may leave (bit 1 nothing,
    /// 2 one heap, 4 two, 8 three non-empty heaps).
    ///
    /// A move that leaves nothing leaves an *empty plate* of 0 tokens, which stays in the position
    /// and is inoperable, exactly as when the last tokens of a Nim plate are removed (Game Pack
    /// keeps plates of 0; in Conway's compounds, ONAG ch. 14, a component played down to nothing
    /// is an ended game). Under the compounds that end when some plate is inoperable
    /// ([`crate::End::SomePlateInoperable`]) such a move therefore ends the game. `digits[0]` is 0, 4, 8 or 12; no trailing 0.
    Octal(Vec<u8>),
}

impl Operation {
    /// The operation numbered `a` in the Game Pack statement (`A = 0..=4`).
    pub fn from_pack(a: u8) -> Option<Operation> {
        Some(match a {
            0 => Operation::Nim,
            1 => Operation::Subtraction(vec![1, 2, 3]),
            2 => Operation::Half,
            3 => Operation::Mod(17),
            4 => Operation::Split,
            _ => return None,
        })
    }

    /// The Game Pack number of this operation, when it is one of the five there.
    pub fn pack_index(&self) -> Option<u8> {
        (0..=4).find(|&a| Operation::from_pack(a).as_ref() == Some(self))
    }

    /// A subtraction game `sub:S`; the set is sorted and must hold distinct positive numbers.
    pub fn subtraction(mut set: Vec<u64>) -> Result<Operation, Invalid> {
        if set.is_empty() {
            return Err(Invalid::new("a subtraction set needs at least one number"));
        }
        set.sort_unstable();
        if set[0] == 0 {
            return Err(Invalid::new("a subtraction set holds positive numbers, not 0"));
        }
        if let Some(pair) = set.windows(2).find(|pair| pair[0] == pair[1]) {
            return Err(Invalid(format!("{} appears twice in the subtraction set", pair[0])));
        }
        Ok(Operation::Subtraction(set))
    }

    /// An octal (take-and-break) operation from its digits `d0, d1, …`.
    pub fn octal(mut digits: Vec<u8>) -> Result<Operation, Invalid> {
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        match digits.first() {
            None => Err(Invalid::new("an octal code needs at least one digit")),
            Some(&d0) if d0 & 3 != 0 => Err(Invalid(format!(
                "the digit before the point is {d0:X}, but removing no token can only split a heap (0, 4, 8 or C)"
            ))),
            Some(_) if digits.iter().any(|&d| d > 15) => Err(Invalid::new("octal digits go from 0 to F")),
            Some(_) => Ok(Operation::Octal(digits)),
        }
    }

    /// Whether a move on a plate may leave more than one plate.
    pub fn splits(&self) -> bool {
        match self {
            Operation::Split | Operation::Grundy => true,
            Operation::Octal(digits) => digits.iter().any(|&d| d & 12 != 0),
            _ => false,
        }
    }

    /// The accepted syntax, for help texts and error messages.
    pub const SYNTAX: &'static str = "nim, sub:S (e.g. sub:1,3,4), upto:M, half, mod:M, split, grundy, octal:D.DDD (e.g. octal:0.07, octal:4.07), stripes:A,B,C";
}

impl fmt::Display for Operation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Operation::Nim => f.write_str("nim"),
            Operation::Subtraction(set) => {
                f.write_str("sub:")?;
                for (i, k) in set.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{k}")?;
                }
                Ok(())
            }
            Operation::UpTo(m) => write!(f, "upto:{m}"),
            Operation::Half => f.write_str("half"),
            Operation::Mod(m) => write!(f, "mod:{m}"),
            Operation::Split => f.write_str("split"),
            Operation::Grundy => f.write_str("grundy"),
            Operation::Octal(digits) => {
                write!(f, "octal:{:X}.", digits[0])?;
                if digits.len() == 1 {
                    f.write_str("0")?;
                }
                digits[1..].iter().try_for_each(|d| write!(f, "{d:X}"))
            }
        }
    }
}

impl FromStr for Operation {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Operation, ParseError> {
        let error = |column: usize, message: String| ParseError::at_column("operation", text, column, message);
        let (name, argument) = match text.split_once(':') {
            Some((name, argument)) => (name, Some(argument)),
            None => (text, None),
        };
        let argument_column = name.len() + 2;
        let positive = |argument: &str, column: usize| -> Result<u64, ParseError> {
            match parse_u64(argument) {
                Ok(0) => Err(error(column, "expected a positive integer, found 0".to_string())),
                Ok(m) => Ok(m),
                Err(Invalid(message)) => Err(error(column, message)),
            }
        };
        match (name, argument) {
            ("nim", None) => Ok(Operation::Nim),
            ("half", None) => Ok(Operation::Half),
            ("split", None) => Ok(Operation::Split),
            ("grundy", None) => Ok(Operation::Grundy),
            ("nim" | "half" | "split" | "grundy", Some(_)) => {
                Err(error(name.len() + 1, format!("`{name}` takes no argument")))
            }
            ("upto", Some(argument)) => Ok(Operation::UpTo(positive(argument, argument_column)?)),
            ("mod", Some(argument)) => Ok(Operation::Mod(positive(argument, argument_column)?)),
            ("octal", Some(code)) => {
                let Some((before, after)) = code.split_once('.') else {
                    return Err(error(argument_column, format!("expected D.DDD, as in octal:0.07; found `{code}`")));
                };
                let mut digits = Vec::with_capacity(after.len() + 1);
                for (offset, c) in before.chars().chain(after.chars()).enumerate() {
                    let column = argument_column + offset + usize::from(offset >= before.len());
                    match c.to_digit(16) {
                        Some(d) if offset > 0 || before.len() == 1 => digits.push(d as u8),
                        _ => return Err(error(column, format!("`{c}` is not a digit 0-F here"))),
                    }
                }
                if before.len() != 1 {
                    return Err(error(argument_column, "expected one digit before the point".to_string()));
                }
                Operation::octal(digits).map_err(|invalid| error(argument_column, invalid.0))
            }
            ("stripes", Some(argument)) => {
                let mut digits = vec![0u8];
                let mut column = argument_column;
                for token in argument.split(',') {
                    let length = positive(token, column)?;
                    if length > 4096 {
                        return Err(error(column, format!("a stripe of {length} is longer than the 4096 supported")));
                    }
                    if digits.len() <= length as usize {
                        digits.resize(length as usize + 1, 0);
                    }
                    digits[length as usize] = 7;
                    column += token.len() + 1;
                }
                Operation::octal(digits).map_err(|invalid| error(argument_column, invalid.0))
            }
            ("sub", Some(argument)) => {
                let mut set = Vec::new();
                let mut column = argument_column;
                for token in argument.split(',') {
                    set.push(positive(token, column)?);
                    column += token.len() + 1;
                }
                Operation::subtraction(set).map_err(|invalid| error(argument_column, invalid.0))
            }
            ("upto" | "mod" | "sub", None) => {
                Err(error(name.len() + 1, format!("`{name}` needs an argument, as in `{name}:3`")))
            }
            _ => Err(error(1, format!("unknown operation `{name}`; expected one of {}", Operation::SYNTAX))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_texts_print_back_identically() {
        for text in [
            "nim",
            "sub:1,2,3",
            "sub:2,5,7",
            "upto:4",
            "half",
            "mod:17",
            "split",
            "grundy",
            "octal:0.07",
            "octal:4.07",
            "octal:0.F",
            "octal:0.0",
        ] {
            assert_eq!(text.parse::<Operation>().unwrap().to_string(), text);
        }
    }

    #[test]
    fn subtraction_sets_are_sorted() {
        assert_eq!("sub:3,1".parse::<Operation>().unwrap().to_string(), "sub:1,3");
    }

    #[test]
    fn errors_name_the_column() {
        let error = "sub:1,x,3".parse::<Operation>().unwrap_err();
        assert_eq!(error.place, "column 7");
        assert!(error.to_string().contains("`x` is not a non-negative integer"));
        assert_eq!("mod:0".parse::<Operation>().unwrap_err().place, "column 5");
        assert!("sub:1,1".parse::<Operation>().unwrap_err().message.contains("twice"));
        assert!("upto".parse::<Operation>().unwrap_err().message.contains("argument"));
        assert!("kayles".parse::<Operation>().unwrap_err().message.contains("unknown operation"));
        assert!("upto:99999999999999999999".parse::<Operation>().unwrap_err().message.contains("larger"));
    }

    #[test]
    fn octal_codes() {
        assert_eq!("octal:0.070".parse::<Operation>().unwrap().to_string(), "octal:0.07");
        assert_eq!("stripes:1,5,2".parse::<Operation>().unwrap(), "octal:0.77007".parse().unwrap());
        assert_eq!("octal:0.137".parse::<Operation>().unwrap(), Operation::Octal(vec![0, 1, 3, 7]));
        let error = "octal:0.0G".parse::<Operation>().unwrap_err();
        assert_eq!(error.place, "column 10");
        assert!("octal:2.07".parse::<Operation>().unwrap_err().message.contains("can only split"));
        assert!("octal:07".parse::<Operation>().unwrap_err().message.contains("D.DDD"));
        assert!("octal:4.07".parse::<Operation>().unwrap().splits());
        assert!(!"octal:0.33".parse::<Operation>().unwrap().splits());
    }

    #[test]
    fn pack_numbering_round_trips() {
        for a in 0..=4 {
            assert_eq!(Operation::from_pack(a).unwrap().pack_index(), Some(a));
        }
        assert_eq!(Operation::from_pack(5), None);
    }
}
