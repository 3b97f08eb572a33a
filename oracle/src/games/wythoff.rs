//! WythoffGame's game: two piles; a move takes one or more tokens from one pile, or the same number
//! from both; whoever takes the last token wins (normal play).

use std::ops::ControlFlow;

use grundy_rules::Play;

use grundy_rules::games::Wythoff;

use super::Playable;
use crate::engine::{Game, OptionSink, OracleError};

/// WythoffGame's game. A position is the two piles, smaller first.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct WythoffGame;

impl Game for WythoffGame {
    type Position = (u64, u64);

    fn play(&self) -> Play {
        Play::Normal
    }

    fn options(&self, &(a, b): &(u64, u64), sink: &mut dyn OptionSink<(u64, u64)>) -> ControlFlow<()> {
        sink.expect(u128::from(a) * 2 + u128::from(b))?;
        let sorted = |x: u64, y: u64| (x.min(y), x.max(y));
        for k in 1..=a {
            sink.option(&sorted(a - k, b))?;
            sink.option(&sorted(a - k, b - k))?;
        }
        for k in 1..=b {
            sink.option(&sorted(a, b - k))?;
        }
        ControlFlow::Continue(())
    }

    fn describe(&self, &(a, b): &(u64, u64)) -> String {
        format!("{a} {b}")
    }
}

impl Playable for Wythoff {
    type Game = WythoffGame;

    fn game(&self) -> Result<(WythoffGame, (u64, u64)), OracleError> {
        Ok((WythoffGame, (self.a.min(self.b), self.a.max(self.b))))
    }
}
