//! Catalog games solved by their theorems.

pub mod candy;
pub mod coins;
pub mod cutting;
pub mod fibonacci;
pub mod geography;
pub mod lock;
pub mod nullify;
pub mod prime;
pub mod steins;
pub mod wythoff;
