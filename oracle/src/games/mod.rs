//! Catalog games, each played straight from its rules as a [`crate::Game`].
//!
//! Every typed game of [`grundy_rules::games`] that asks who wins is [`Playable`]: it becomes an
//! engine game and the position it starts from. The counting games (Steins;Game, Moving Coins)
//! list the positions they count over; Gems Fight!, a score game, is plain minimax.

use std::hash::Hash;

use crate::engine::{Game, OracleError};

/// A typed catalog game as the engine plays it.
pub trait Playable {
    /// The game without its start: instances whose games are equal share an engine's memo.
    type Game: Game + Clone + Eq + Hash;

    /// The game and the start position; an error when this oracle cannot play it at all.
    fn game(&self) -> Result<(Self::Game, <Self::Game as Game>::Position), OracleError>;
}

pub mod candy;
pub mod coins;
pub mod coloring;
pub mod cutting;
pub mod dig;
pub mod fibonacci;
pub mod gems;
pub mod geography;
pub mod lock;
pub mod nullify;
pub mod prime;
pub mod steins;
pub mod stripes;
pub mod tokens;
pub mod wythoff;
