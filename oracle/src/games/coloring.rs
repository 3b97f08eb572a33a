//! ColoringGame a strip (BZOJ 2410): a 1×n strip, cells blank (0) or coloured 1..=k; a move colours
//! a blank cell so that no two adjacent cells share a colour; whoever cannot move loses.

use std::ops::ControlFlow;

use grundy_rules::Play;

use grundy_rules::games::Coloring;

use super::Playable;
use crate::engine::{Game, OptionSink, OracleError};

/// The strip game with `colours` colours. A position is the strip, cell by cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ColoringGame {
    /// How many colours there are.
    pub colours: u64,
}

impl Game for ColoringGame {
    type Position = Vec<u64>;

    fn play(&self) -> Play {
        Play::Normal
    }

    fn options(&self, strip: &Vec<u64>, sink: &mut dyn OptionSink<Vec<u64>>) -> ControlFlow<()> {
        for i in (0..strip.len()).filter(|&i| strip[i] == 0) {
            for colour in 1..=self.colours {
                let left_differs = i == 0 || strip[i - 1] != colour;
                let right_differs = i + 1 == strip.len() || strip[i + 1] != colour;
                if left_differs && right_differs {
                    let mut option = strip.clone();
                    option[i] = colour;
                    sink.option(&option)?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn describe(&self, strip: &Vec<u64>) -> String {
        format!("{strip:?}")
    }
}

impl Playable for Coloring {
    type Game = ColoringGame;

    fn game(&self) -> Result<(ColoringGame, Vec<u64>), OracleError> {
        Ok((ColoringGame { colours: self.colours() }, self.cells().to_vec()))
    }
}
