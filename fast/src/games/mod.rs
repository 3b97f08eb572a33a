//! Catalog games solved by their theorems.

pub mod candy;
pub mod fibonacci;
pub mod nullify;
pub mod wythoff;
