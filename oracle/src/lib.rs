//! # grundy-oracle: ground truth by exhaustive search
//!
//! The oracle knows the rules and no theory. It plays a game out on the explicit graph of *whole*
//! positions — every plate together, never one component at a time — and reads off who wins and
//! the values by their definitions (mex, remoteness, suspense, foreclosed Grundy value). Whatever
//! a fast solver claims about components and how a compound combines them is checked against these
//! whole-position numbers.
//!
//! * [`engine`]: one generic engine over any [`Game`] given as "position → options" with a play
//!   convention. Positions are interned (hashed, canonical as the game defines them), each solved
//!   once; the search is an explicit-stack depth-first search, so a chain of 10^6 moves needs no
//!   call stack; a [`Budget`] stops it cleanly; a cycle is reported as a loopy game.
//! * [`explore`]: whole positions of any game that may loop, found by search and decided by
//!   retrograde analysis ([`retrograde`]): won, lost or drawn.
//! * [`pile`]: the pile games of `grundy-rules` (operation × compound × play) as a [`Game`],
//!   with moves generated straight from the rule text.
//!
//! ```
//! use grundy_oracle::{Engine, PileGame, Budget};
//! use grundy_rules::{RuleSet, Outcome, Value};
//! let rules: RuleSet = "nim".parse().unwrap();
//! let mut oracle = Engine::new(PileGame::new(rules.clone()), rules.value_kind(), Budget::default());
//! let solution = oracle.solve(&vec![1, 2, 3]).unwrap();
//! assert_eq!(solution.outcome, Outcome::Second);
//! assert_eq!(solution.value, Some(Value::Grundy(0)));
//! ```

#![warn(missing_docs)]

pub mod boxed;
pub mod engine;
pub mod explore;
pub mod games;
pub mod key;
pub mod odometer;
pub mod pile;
pub mod retrograde;
mod value;

pub use boxed::PileBox;
pub use engine::{Budget, Engine, Game, OptionSink, OracleError, Stats, default_memory};
pub use grundy_rules::Solution;
pub use pile::PileGame;
