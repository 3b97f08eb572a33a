//! "Down We Dig" (NERC 2020), one day: steps `1..=day`, each 8 characters `W`/`R`; a token on
//! step 1; a move takes it from step `x` to a step `y > x` with `y − x` at most the number of
//! places where steps `x` and `y` have the same character; whoever cannot move loses.

use std::ops::ControlFlow;

use grundy_rules::Play;

use grundy_rules::games::Dig;

use crate::engine::{Game, OptionSink};

/// One day of the game. A step is its 8 characters as bits (`W` = 1); a position is the
/// token's step, 1-based.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DigDay {
    /// Steps `1..=day`.
    pub steps: Vec<u8>,
}

impl Game for DigDay {
    type Position = usize;

    fn play(&self) -> Play {
        Play::Normal
    }

    fn options(&self, &x: &usize, sink: &mut dyn OptionSink<usize>) -> ControlFlow<()> {
        for y in x + 1..=self.steps.len() {
            let same = 8 - (self.steps[x - 1] ^ self.steps[y - 1]).count_ones() as usize;
            if y - x <= same {
                sink.option(&y)?;
            }
        }
        ControlFlow::Continue(())
    }

    fn describe(&self, x: &usize) -> String {
        format!("token on step {x} of {}", self.steps.len())
    }
}

impl DigDay {
    /// The game of each day of `dig`, in order (day `i` has the steps `1..=i`); each starts with
    /// the token on step 1.
    pub fn days(dig: &Dig) -> impl Iterator<Item = DigDay> + '_ {
        (1..=dig.steps().len()).map(|day| DigDay { steps: dig.steps()[..day].to_vec() })
    }
}
