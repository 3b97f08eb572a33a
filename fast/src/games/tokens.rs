//! Tokens on a directed graph, cycles allowed: each token is a game on the graph and the
//! position is their disjunctive sum, so Smith's values ([`crate::loopy`]) of the vertices,
//! summed by Smith's rule, say who wins or that the game is a draw (normal play).

use grundy_rules::games::Tokens;
use grundy_rules::{LoopyOutcome, Play};

use crate::Unsupported;
use crate::loopy::{LoopyValue, LoopyValues};

/// Smith's value of the tokens' position.
pub fn value(position: &Tokens) -> LoopyValue {
    LoopyValues::new(position.graph()).sum(position.tokens())
}

/// Who wins the tokens' position under `play`: Smith's theory is of normal play; misère play on
/// a graph is unsupported.
pub fn outcome(position: &Tokens, play: Play) -> Result<LoopyOutcome, Unsupported> {
    match play {
        Play::Normal => Ok(value(position).outcome()),
        Play::Misere => Err(Unsupported::NoTheory(
            "Smith's values are of normal play; misère play of tokens on a graph has no such theory".to_string(),
        )),
    }
}
