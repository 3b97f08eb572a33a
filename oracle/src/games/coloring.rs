//! Coloring a strip (BZOJ 2410): a 1×n strip, cells blank (0) or coloured 1..=k; a move colours
//! a blank cell so that no two adjacent cells share a colour; whoever cannot move loses.

use std::ops::ControlFlow;

use grundy_rules::Play;

use crate::engine::{Game, OptionSink};

/// The strip game with `colours` colours. A position is the strip, cell by cell.
#[derive(Debug, Clone, Copy)]
pub struct Coloring {
    /// How many colours there are.
    pub colours: u64,
}

impl Game for Coloring {
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
