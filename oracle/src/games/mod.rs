//! Catalog games, each played straight from its rules as a [`crate::Game`].

pub mod candy;
pub mod coins;
pub mod cutting;
pub mod fibonacci;
pub mod geography;
pub mod lock;
pub mod nullify;
pub mod prime;
pub mod steins;
pub mod stripes;
pub mod wythoff;
