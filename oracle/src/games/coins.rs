//! SDOI2019 "Moving Coins", one placement: coins on distinct cells `1..n`; a move shifts one coin
//! left by one or more cells without passing or landing on another coin (or leaving the board);
//! whoever cannot move loses.

use std::ops::ControlFlow;

use grundy_rules::Play;

use crate::engine::{Game, OptionSink};

/// One placement: the occupied cells, ascending.
#[derive(Debug, Clone, Copy, Default)]
pub struct Coins;

impl Game for Coins {
    type Position = Vec<u64>;

    fn play(&self) -> Play {
        Play::Normal
    }

    fn options(&self, cells: &Vec<u64>, sink: &mut dyn OptionSink<Vec<u64>>) -> ControlFlow<()> {
        sink.expect(cells.last().map_or(0, |&c| u128::from(c)))?;
        for i in 0..cells.len() {
            let lowest = if i == 0 { 1 } else { cells[i - 1] + 1 };
            for to in lowest..cells[i] {
                let mut option = cells.clone();
                option[i] = to;
                sink.option(&option)?;
            }
        }
        ControlFlow::Continue(())
    }

    fn describe(&self, cells: &Vec<u64>) -> String {
        format!("coins on {cells:?}")
    }
}
