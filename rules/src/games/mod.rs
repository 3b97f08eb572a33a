//! The catalog games as data: one typed value per game, with the start position it is played
//! from.
//!
//! Each type has a validating constructor (an instance that breaks the game's rules, or lies
//! beyond the sizes `grundy` supports, cannot be built), a text syntax that prints and parses
//! back identically (`grundy check --case`), and nothing about solving. The oracle plays these
//! values by their rules; the fast side answers them by theorems.
//!
//! | type | text | game |
//! |---|---|---|
//! | [`Candy`] | `1 2 3` | Candy Piles: eat a largest pile, or one from every pile; who eats the last loses |
//! | [`Coins`] | `10 2` | Moving Coins: `n` cells, `m` coins; count placements the first player wins |
//! | [`Coloring`] | `2 @ 0 0 1 0 0` | colour a strip with `k` colours, no equal neighbours |
//! | [`Cutting`] | `3x5` | Cutting Game: whoever first cuts a 1×1 piece wins |
//! | [`Dig`] | `WWWWWWWW RRRRRRRR` | Down We Dig: who wins on each day |
//! | [`FibonacciNim`] | `13` | Fibonacci nim on one pile |
//! | [`Gems`] | `3 @ 0 1 1 / 1 0 1` | Gems Fight!: stones of `S` gems, bags as colour counts |
//! | [`Geography`] | `4 1 @ 1-2 2-3 3-4` | vertex geography: `n` vertices, start, edges |
//! | [`Lock`] | `06 @ 05 17` | Combination Lock: start, forbidden combinations |
//! | [`Nullify`] | `0 1 / 1 0` | Nullify the Matrix: rows separated by `/` |
//! | [`RemoveThePrime`] | `2 12 3` | Remove the Prime |
//! | [`Steins`] | `1 1 2` | Steins;Game: count colourings the second player wins |
//! | [`Stripes`] | `1,5,1 @ 6` | Stripes: strip lengths, then the row |
//! | [`Tokens`] | `3 @ 1>2 2>3 3>1 @ 1 2` | tokens on a directed graph (cycles allowed: draws) |
//! | [`Wythoff`] | `4 7` | Wythoff's game |
//! | [`PilePosition`] | `nim/selective/normal @ 3 4` | a pile game and a position |

/// `Display` and `FromStr` for a game written as its numbers separated by spaces (Candy Piles,
/// Steins;Game, Remove the Prime): `$what` names the game in parse errors, `$numbers` is the
/// method that lists them, and the type's `new` validates what is read.
macro_rules! spaced_numbers_text {
    ($game:ident, $what:literal, $numbers:ident) => {
        impl std::fmt::Display for $game {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                super::write_spaced(f, self.$numbers())
            }
        }

        impl std::str::FromStr for $game {
            type Err = crate::ParseError;

            fn from_str(text: &str) -> Result<$game, crate::ParseError> {
                $game::new(super::numbers($what, text, text)?).map_err(super::invalid($what, text))
            }
        }
    };
}

/// `Display` and `FromStr` for a game written as two numbers (Moving Coins' `cells coins`,
/// Wythoff's piles, a sheet's `WIDTHxHEIGHT`): its fields `$a` and `$b`, written by `$format`;
/// `$separators` are read as spaces; `$new` builds the game from the two numbers, and
/// `$expected` says, given how many numbers the text held, what it should have been.
macro_rules! two_numbers_text {
    ($game:ident, $what:literal, $format:literal, $separators:expr, $a:ident, $b:ident, $new:expr, $expected:expr) => {
        impl std::fmt::Display for $game {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, $format, self.$a, self.$b)
            }
        }

        impl std::str::FromStr for $game {
            type Err = crate::ParseError;

            fn from_str(text: &str) -> Result<$game, crate::ParseError> {
                match super::numbers($what, text, &text.replace($separators, " "))?[..] {
                    [$a, $b] => $new($a, $b).map_err(super::invalid($what, text)),
                    ref other => Err(super::parse_error($what, text, "the whole case", $expected(other.len()))),
                }
            }
        }
    };
}

mod candy;
mod coins;
mod coloring;
mod cutting;
mod dig;
mod fibonacci;
mod gems;
mod geography;
mod lock;
mod nullify;
mod pile;
mod prime;
mod steins;
mod stripes;
mod tokens;
mod wythoff;

pub use candy::Candy;
pub use coins::Coins;
pub use coloring::Coloring;
pub use cutting::Cutting;
pub use dig::Dig;
pub use fibonacci::FibonacciNim;
pub use gems::Gems;
pub use geography::Geography;
pub use lock::Lock;
pub use nullify::Nullify;
pub use pile::PilePosition;
pub use prime::RemoveThePrime;
pub use steins::Steins;
pub use stripes::Stripes;
pub use tokens::{Digraph, Tokens};
pub use wythoff::Wythoff;

use crate::error::{ParseError, parse_u64};

/// A value that breaks a game's rules, or lies beyond the sizes `grundy` supports: what is wrong,
/// in words.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Invalid(pub String);

impl Invalid {
    pub(crate) fn new(message: impl Into<String>) -> Invalid {
        Invalid(message.into())
    }
}

/// Returns `Err(Invalid)` with the message when `condition` fails.
pub(crate) fn require(condition: bool, message: impl FnOnce() -> String) -> Result<(), Invalid> {
    if condition { Ok(()) } else { Err(Invalid(message())) }
}

/// A parse error of a game's text: `what` is the game's name ("lock", "gems"…).
pub(crate) fn parse_error(
    what: &'static str,
    text: &str,
    place: impl Into<String>,
    message: impl Into<String>,
) -> ParseError {
    ParseError { what, input: text.to_string(), place: place.into(), message: message.into() }
}

/// An [`Invalid`] value as a parse error of the whole text.
pub(crate) fn invalid<'a>(what: &'static str, text: &'a str) -> impl FnOnce(Invalid) -> ParseError + 'a {
    move |error| parse_error(what, text, "the whole case", error.0)
}

/// The numbers of `text`, separated by white space or commas; errors name the number.
pub(crate) fn numbers(what: &'static str, whole: &str, text: &str) -> Result<Vec<u64>, ParseError> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|token| !token.is_empty())
        .enumerate()
        .map(|(index, token)| {
            parse_u64(token).map_err(|crate::games::Invalid(message)| {
                parse_error(what, whole, format!("number {}", index + 1), message)
            })
        })
        .collect()
}

/// A vertex of `text` numbered from 1, as an index from 0; errors name `place`.
pub(crate) fn vertex(what: &'static str, text: &str, token: &str, place: &str) -> Result<usize, ParseError> {
    let v = parse_u64(token).map_err(|Invalid(message)| parse_error(what, text, place, message))?;
    match usize::try_from(v) {
        Ok(v) if v >= 1 => Ok(v - 1),
        _ => Err(parse_error(what, text, place, format!("vertices are numbered from 1, found {v}"))),
    }
}

/// The edges `U{arrow}V …` of `text` (`edges` is the part that lists them), vertices numbered
/// from 1, as pairs of indices from 0; errors name the edge.
pub(crate) fn edges(
    what: &'static str,
    text: &str,
    edges: &str,
    arrow: char,
) -> Result<Vec<(usize, usize)>, ParseError> {
    edges
        .split_whitespace()
        .enumerate()
        .map(|(i, pair)| {
            let place = format!("edge {}", i + 1);
            let (u, v) = pair
                .split_once(arrow)
                .ok_or_else(|| parse_error(what, text, place.clone(), format!("expected U{arrow}V, found `{pair}`")))?;
            Ok((vertex(what, text, u, &place)?, vertex(what, text, v, &place)?))
        })
        .collect()
}

/// `text` cut at its one `@`: the game's parameters, then its position.
pub(crate) fn split_at_sign<'a>(
    what: &'static str,
    text: &'a str,
    syntax: &str,
) -> Result<(&'a str, &'a str), ParseError> {
    text.split_once('@').ok_or_else(|| parse_error(what, text, "the whole case", format!("expected {syntax}")))
}

/// Writes `values` separated by single spaces.
pub(crate) fn write_spaced<T: std::fmt::Display>(f: &mut std::fmt::Formatter<'_>, values: &[T]) -> std::fmt::Result {
    for (i, value) in values.iter().enumerate() {
        if i > 0 {
            f.write_str(" ")?;
        }
        write!(f, "{value}")?;
    }
    Ok(())
}
