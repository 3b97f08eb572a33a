//! Combination LockGame: an `m`-dial lock; a move turns one dial by ±1 (mod 10) to a combination
//! that is neither forbidden nor seen before (the start is seen); whoever cannot move loses.

use std::ops::ControlFlow;

use grundy_rules::Play;

use grundy_rules::games::Lock;

use super::Playable;
use crate::engine::{Game, OptionSink, OracleError};

/// The lock game. A position is (the combination, the combinations seen, sorted).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct LockGame {
    dials: u32,
    forbidden: Vec<u32>,
}

impl LockGame {
    /// A lock with `dials` dials and these forbidden combinations.
    pub fn new(dials: u32, mut forbidden: Vec<u32>) -> LockGame {
        forbidden.sort_unstable();
        LockGame { dials, forbidden }
    }
}

impl Game for LockGame {
    type Position = (u32, Vec<u32>);

    fn play(&self) -> Play {
        Play::Normal
    }

    fn options(&self, (at, seen): &(u32, Vec<u32>), sink: &mut dyn OptionSink<(u32, Vec<u32>)>) -> ControlFlow<()> {
        let mut place = 1;
        for _ in 0..self.dials {
            let digit = (at / place) % 10;
            for turned in [(digit + 1) % 10, (digit + 9) % 10] {
                let next = at - digit * place + turned * place;
                if self.forbidden.binary_search(&next).is_err() && seen.binary_search(&next).is_err() {
                    let mut after = seen.clone();
                    let at = after.partition_point(|&s| s < next);
                    after.insert(at, next);
                    sink.option(&(next, after))?;
                }
            }
            place *= 10;
        }
        ControlFlow::Continue(())
    }

    fn describe(&self, (at, seen): &(u32, Vec<u32>)) -> String {
        format!("at {at:0width$}, seen {seen:?}", width = self.dials as usize)
    }
}

impl Playable for Lock {
    type Game = LockGame;

    fn game(&self) -> Result<(LockGame, (u32, Vec<u32>)), OracleError> {
        Ok((LockGame::new(self.dials(), self.forbidden().to_vec()), (self.start(), vec![self.start()])))
    }
}
