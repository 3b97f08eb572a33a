//! # grundy-rules: the games as data
//!
//! This crate states *what the game is* and nothing about how to solve it. Both sides of every
//! check in `grundy` — the brute-force oracle and the fast solvers — depend on this crate and on
//! nothing of each other, so the rules written here are the single source of truth they share.
//!
//! A pile game ("Game Pack", Xmas Contest 2024; Conway, *On Numbers and Games*, ch. 14) has four
//! parts:
//!
//! * an [`Operation`] on one plate (pile) of `x` tokens: `nim`, `sub:S`, `upto:m`, `half`,
//!   `mod:m`, `split`;
//! * a [`Compound`]: which plates a turn operates on (one, any non-empty set, or every operable
//!   plate) and when the game ends (no plate operable, or some plate inoperable);
//! * a [`Play`] convention: under normal play the player to move at the end loses, under misère
//!   play that player wins;
//! * a [`Position`]: a multiset of plate sizes.
//!
//! The catalog's other games (Wythoff's game, Combination Lock, Gems Fight!…) are typed values in
//! [`games`], each holding a game and the position it starts from.
//!
//! Every type here has a text syntax that parses and prints back identically
//! (`parse(display(r)) == r`); parse errors are one line that say what is wrong and where.
//!
//! ```
//! use grundy_rules::{RuleSet, Compound, Play, Position};
//! let rules: RuleSet = "half/selective/misere".parse().unwrap();
//! assert_eq!(rules.compound, Compound::Selective);
//! assert_eq!(rules.play, Play::Misere);
//! assert_eq!(rules, "pack:2,1,0,1".parse().unwrap());
//! let position: Position = "3 0 2".parse().unwrap();
//! assert_eq!(position.to_string(), "0 2 3");
//! ```

#![warn(missing_docs)]

mod compound;
mod error;
pub mod games;
mod operation;
mod outcome;
mod position;
mod ruleset;

pub use compound::{Action, Compound, End, Play};
pub use error::ParseError;
pub use games::Invalid;
pub use operation::Operation;
pub use outcome::{Foreclosed, LoopyOutcome, Outcome, Solution, Value, ValueKind};
pub use position::Position;
pub use ruleset::RuleSet;
