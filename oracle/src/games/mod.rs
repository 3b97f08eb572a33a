//! Catalog games, each played straight from its rules as a [`crate::Game`].

pub mod fibonacci;
pub mod wythoff;
