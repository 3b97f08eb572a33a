//! CandyGame Piles (AGC002 E): a move eats a whole largest pile, or one candy from every pile;
//! whoever eats the last candy loses.

use std::ops::ControlFlow;

use grundy_rules::Play;

use grundy_rules::games::Candy;

use super::Playable;
use crate::engine::{Game, OptionSink, OracleError};

/// CandyGame Piles. A position is the sorted non-empty piles. With no candy left, the player to move
/// has won (the other ate the last one): misère play on "no move".
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CandyGame;

impl Game for CandyGame {
    type Position = Vec<u64>;

    fn play(&self) -> Play {
        Play::Misere
    }

    fn options(&self, piles: &Vec<u64>, sink: &mut dyn OptionSink<Vec<u64>>) -> ControlFlow<()> {
        if piles.is_empty() {
            return ControlFlow::Continue(());
        }
        // Eat a whole largest pile.
        sink.option(&piles[..piles.len() - 1].to_vec())?;
        // Eat one from every pile.
        let eaten: Vec<u64> = piles.iter().map(|&p| p - 1).filter(|&p| p > 0).collect();
        sink.option(&eaten)
    }

    fn describe(&self, piles: &Vec<u64>) -> String {
        format!("{piles:?}")
    }
}

impl Playable for Candy {
    type Game = CandyGame;

    fn game(&self) -> Result<(CandyGame, Vec<u64>), OracleError> {
        Ok((CandyGame, self.piles().to_vec()))
    }
}
