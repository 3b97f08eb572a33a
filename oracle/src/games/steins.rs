//! SteinsGame;Game (CCPC Weihai 2020), one colouring: piles are white or black; a move takes one or
//! more tokens from any white pile, or from a smallest black pile; whoever cannot move loses.
//! A pile with no token left is gone (it is no longer "a smallest black pile").

use std::ops::ControlFlow;

use grundy_rules::Play;

use grundy_rules::games::Steins;

use crate::engine::{Game, OptionSink, OracleError};

/// One coloured position: (white piles, black piles), each sorted, without empty piles.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct SteinsGame;

impl Game for SteinsGame {
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

/// The most piles whose `2^n` colourings the oracle lists.
pub const MOST_PILES: usize = 20;

/// One colouring: the white piles and the black piles, each sorted.
pub type Colouring = (Vec<u64>, Vec<u64>);

/// Every colouring of the piles, as a position.
pub fn colourings(steins: &Steins) -> Result<Vec<Colouring>, OracleError> {
    let piles = steins.piles();
    if piles.len() > MOST_PILES {
        return Err(OracleError::Beyond(format!(
            "the steins oracle lists the 2^n colourings of at most {MOST_PILES} piles; this case has {}",
            piles.len()
        )));
    }
    Ok((0..1u32 << piles.len())
        .map(|colouring| {
            let (mut white, mut black): (Vec<u64>, Vec<u64>) = (Vec::new(), Vec::new());
            for (i, &p) in piles.iter().enumerate() {
                if colouring >> i & 1 == 1 { black.push(p) } else { white.push(p) }
            }
            white.sort_unstable();
            black.sort_unstable();
            (white, black)
        })
        .collect())
}
