//! Wythoff's game: two piles; a move takes one or more tokens from one pile, or the same number
//! from both; whoever takes the last token wins (normal play).

use std::ops::ControlFlow;

use grundy_rules::Play;

use crate::engine::{Game, OptionSink};

/// Wythoff's game. A position is the two piles, smaller first.
#[derive(Debug, Clone, Copy, Default)]
pub struct Wythoff;

impl Game for Wythoff {
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
