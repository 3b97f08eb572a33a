//! Remove the Prime: a move picks `l ≤ r` and a prime `p` dividing every element of the
//! segment, and divides `p` out of each of them completely; whoever cannot move loses.

use std::ops::ControlFlow;

use grundy_rules::Play;

use grundy_rules::games::RemoveThePrime;

use super::Playable;
use crate::engine::{Game, OptionSink, OracleError};

/// Remove the Prime. A position is the sequence; primes are found by trial division.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct PrimeGame;

fn prime_divisors(mut n: u64) -> Vec<u64> {
    let mut primes = Vec::new();
    let mut d = 2;
    while d * d <= n {
        if n.is_multiple_of(d) {
            primes.push(d);
            while n.is_multiple_of(d) {
                n /= d;
            }
        }
        d += 1;
    }
    if n > 1 {
        primes.push(n);
    }
    primes
}

impl Game for PrimeGame {
    type Position = Vec<u64>;

    fn play(&self) -> Play {
        Play::Normal
    }

    fn options(&self, sequence: &Vec<u64>, sink: &mut dyn OptionSink<Vec<u64>>) -> ControlFlow<()> {
        let n = sequence.len();
        sink.expect((n * n * 16) as u128)?;
        for l in 0..n {
            for r in l..n {
                for p in prime_divisors(sequence[l]) {
                    if sequence[l..=r].iter().all(|&a| a % p == 0) {
                        let mut option = sequence.clone();
                        for a in &mut option[l..=r] {
                            while *a % p == 0 {
                                *a /= p;
                            }
                        }
                        sink.option(&option)?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn describe(&self, sequence: &Vec<u64>) -> String {
        format!("{sequence:?}")
    }
}

impl Playable for RemoveThePrime {
    type Game = PrimeGame;

    fn game(&self) -> Result<(PrimeGame, Vec<u64>), OracleError> {
        Ok((PrimeGame, self.sequence().to_vec()))
    }
}
