//! Fibonacci nim: one pile of `n ≥ 2`; the first move takes 1 to `n − 1` tokens, every later
//! move takes 1 to twice the previous take; whoever takes the last token wins.

use std::ops::ControlFlow;

use grundy_rules::Play;

use grundy_rules::games::FibonacciNim;

use super::Playable;
use crate::engine::{Game, OptionSink, OracleError};

/// Fibonacci nim. A position is (tokens left, most tokens the next move may take), the latter
/// capped at the tokens left so that equal games are equal positions.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct FibonacciGame;

impl FibonacciGame {
    /// The starting position of a pile of `n`.
    pub fn start(n: u64) -> (u64, u64) {
        (n, n.saturating_sub(1))
    }
}

impl Game for FibonacciGame {
    type Position = (u64, u64);

    fn play(&self) -> Play {
        Play::Normal
    }

    fn options(&self, &(left, most): &(u64, u64), sink: &mut dyn OptionSink<(u64, u64)>) -> ControlFlow<()> {
        let most = most.min(left);
        sink.expect(u128::from(most))?;
        for take in 1..=most {
            let rest = left - take;
            sink.option(&(rest, take.saturating_mul(2).min(rest)))?;
        }
        ControlFlow::Continue(())
    }

    fn describe(&self, &(left, most): &(u64, u64)) -> String {
        format!("{left} left, take at most {most}")
    }
}

impl Playable for FibonacciNim {
    type Game = FibonacciGame;

    fn game(&self) -> Result<(FibonacciGame, (u64, u64)), OracleError> {
        Ok((FibonacciGame, FibonacciGame::start(self.pile())))
    }
}
