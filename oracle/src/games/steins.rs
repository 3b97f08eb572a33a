//! Steins;Game (CCPC Weihai 2020), one colouring: piles are white or black; a move takes one or
//! more tokens from any white pile, or from a smallest black pile; whoever cannot move loses.
//! A pile with no token left is gone (it is no longer "a smallest black pile").

use std::ops::ControlFlow;

use grundy_rules::Play;

use crate::engine::{Game, OptionSink};

/// One coloured position: (white piles, black piles), each sorted, without empty piles.
#[derive(Debug, Clone, Copy, Default)]
pub struct Steins;

impl Game for Steins {
    type Position = (Vec<u64>, Vec<u64>);

    fn play(&self) -> Play {
        Play::Normal
    }

    fn options(
        &self,
        (white, black): &(Vec<u64>, Vec<u64>),
        sink: &mut dyn OptionSink<(Vec<u64>, Vec<u64>)>,
    ) -> ControlFlow<()> {
        let count: u128 = white.iter().chain(black.first()).map(|&x| u128::from(x)).sum();
        sink.expect(count)?;
        let take = |piles: &[u64], i: usize, k: u64| {
            let mut after = piles.to_vec();
            after[i] -= k;
            after.retain(|&x| x > 0);
            after.sort_unstable();
            after
        };
        for i in 0..white.len() {
            for k in 1..=white[i] {
                sink.option(&(take(white, i, k), black.clone()))?;
            }
        }
        if let Some(&smallest) = black.first() {
            for k in 1..=smallest {
                sink.option(&(white.clone(), take(black, 0, k)))?;
            }
        }
        ControlFlow::Continue(())
    }

    fn describe(&self, (white, black): &(Vec<u64>, Vec<u64>)) -> String {
        format!("white {white:?}, black {black:?}")
    }
}
