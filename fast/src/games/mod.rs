//! Catalog games solved by their theorems.

pub mod fibonacci;
pub mod wythoff;
