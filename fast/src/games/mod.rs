//! Catalog games solved by their theorems.

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
