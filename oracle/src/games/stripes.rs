//! StripesGame (POI 2000): a row of free cells; a move lays one strip of an allowed length on free,
//! whole, adjacent cells; whoever cannot move loses.

use std::ops::ControlFlow;

use grundy_rules::Play;

use grundy_rules::games::Stripes;

use super::Playable;
use crate::engine::{Game, OptionSink, OracleError};

/// StripesGame with strips of the given lengths. A position is the sorted lengths of the runs of
/// free cells (runs of 0 are dropped: a filled board has none).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct StripesGame {
    lengths: Vec<u64>,
}

impl StripesGame {
    /// Strips of these lengths (in any order, repeats allowed).
    pub fn new(mut lengths: Vec<u64>) -> StripesGame {
        lengths.sort_unstable();
        lengths.dedup();
        StripesGame { lengths }
    }
}

impl Game for StripesGame {
    type Position = Vec<u64>;

    fn play(&self) -> Play {
        Play::Normal
    }

    fn options(&self, runs: &Vec<u64>, sink: &mut dyn OptionSink<Vec<u64>>) -> ControlFlow<()> {
        let count: u128 = runs.iter().map(|&run| u128::from(run) * self.lengths.len() as u128).sum();
        sink.expect(count)?;
        let mut option = Vec::with_capacity(runs.len() + 1);
        for (i, &run) in runs.iter().enumerate() {
            for &length in self.lengths.iter().filter(|&&length| length <= run) {
                // The strip starts `left` cells into the run.
                for left in 0..=run - length {
                    option.clear();
                    option.extend(runs.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &r)| r));
                    option.extend([left, run - length - left].into_iter().filter(|&r| r > 0));
                    option.sort_unstable();
                    sink.option(&option)?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn describe(&self, runs: &Vec<u64>) -> String {
        format!("free runs {runs:?}")
    }
}

impl Playable for Stripes {
    type Game = StripesGame;

    fn game(&self) -> Result<(StripesGame, Vec<u64>), OracleError> {
        let runs = if self.row() > 0 { vec![self.row()] } else { Vec::new() };
        Ok((StripesGame::new(self.lengths().to_vec()), runs))
    }
}
