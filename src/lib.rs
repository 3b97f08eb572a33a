//! # grundy: the harness
//!
//! Pairs the brute-force oracle ([`grundy_oracle`]) with the fast solvers ([`grundy_fast`]) over a
//! registry of game families ([`registry`]), cross-checks them on exhaustive and random cases
//! ([`check`]), shrinks any disagreement to a minimal case, and runs the contest formats
//! ([`pack`]). The `grundy` binary ([`cli`]) is a thin layer over these.

pub mod check;
pub mod cli;
pub mod duel;
pub mod graph_input;
pub mod pack;
pub mod problems;
pub mod registry;
pub mod verify;
