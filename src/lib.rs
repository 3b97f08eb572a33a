//! # grundy: the harness
//!
//! Pairs the brute-force oracle ([`grundy_oracle`]) with the fast solvers ([`grundy_fast`]) over
//! the catalog of problems ([`catalog`]), and puts them to one another through one runner
//! ([`runner`]) and one shrinker ([`shrink`]):
//!
//! * [`check`]: every registry entry, oracle against fast, exhaustive and random cases;
//! * [`verify`]: a guessed formula against the oracle;
//! * [`duel`]: an external program against the expected answers of a contest problem.
//!
//! Around them: the contest formats ([`contest`], and Game Pack's bulk reader [`pack`]), solving
//! one position ([`solve`]), tables and their pictures ([`table`], [`plot`]), graph input
//! ([`graph_input`]) and saved failures ([`failures`]). The `grundy` binary (`src/cli/`) parses
//! arguments, calls one of these and prints.

pub mod bench;
pub mod bench_octal;
pub mod budget;
pub mod catalog;
pub mod certificate;
pub mod check;
pub mod contest;
pub mod duel;
pub mod error;
pub mod failures;
pub mod graph_input;
pub mod interrupt;
pub mod pack;
pub mod plot;
pub mod problem;
pub mod quotient;
pub mod runner;
pub mod script;
pub mod shape;
pub mod shrink;
pub mod solve;
pub mod stress;
pub mod table;
pub mod verify;

pub use error::Error;

/// `text` quoted for a POSIX shell: in single quotes, each single quote written `'\''`.
pub fn shell_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', "'\\''"))
}
