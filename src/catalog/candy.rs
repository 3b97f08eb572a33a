//! Candy Piles (AtCoder AGC002 E): the diagonal rule on the Young diagram.

use grundy_fast::games::candy;
use grundy_rules::games::Candy;

use super::prelude::*;
use crate::problem::scrambled;

/// The contest's largest pile.
const LARGEST_PILE: u64 = 1_000_000_000;

/// Candy Piles.
#[derive(Debug, Clone, Copy, Default)]
pub struct CandyProblem;

impl Problem for CandyProblem {
    type Instance = Candy;
    type Answer = Outcome;
    engine_oracle!();

    const DATA: Data = Data {
        name: "candy",
        summary: "Candy Piles (AGC002 E): the diagonal rule on the Young diagram",
        format: "AGC002 E: N, then a1 … aN; First or Second",
        limits: "N to 10^7, ai to 2^64 − 1",
        most_cases: 1,
        at_limits: &[
            "N = 10^5 piles, each 1..10^9",
            "N = 10^5 equal piles of 10^9",
            "N = 10^5 piles of 1",
            "N = 10^5 piles 1, 2, …, 10^5",
        ],
    };

    fn exhaustive(&self) -> Exhaustive<Candy> {
        let cases = sorted_sequences(4, 1, 8).into_iter().map(|piles| Candy::new(piles).expect("piles")).collect();
        Exhaustive { cases, description: "all ≤ 4 piles of 1..=8".to_string() }
    }

    fn random(&self, rng: &mut ChaCha8Rng) -> Candy {
        Candy::new((0..rng.random_range(1..=7)).map(|_| rng.random_range(1..=14)).collect()).expect("piles")
    }

    fn fast(&self, piles: &Candy) -> Result<Outcome, Unsupported> {
        Ok(candy::outcome(piles))
    }
}

impl Contest for CandyProblem {
    const STATEMENT: &Statement = &statement::CANDY;

    fn read(&self, input: &str) -> Result<Vec<Candy>, InputError> {
        let mut tokens = Tokens::new("candy", input);
        let piles = tokens.counted_numbers("N, the number of piles", 10_000_000, "a pile size", "piles")?;
        Ok(vec![Candy::new(piles).map_err(|e| tokens.error(e.0))?])
    }

    fn write(&self, cases: &[Candy]) -> Result<String, Unwritable> {
        // Scrambled: the format gives no order, and a solution that assumes its input sorted
        // either way is caught.
        Ok(counted_line(&scrambled(single(cases, "Candy Piles")?.piles())))
    }

    fn random_large_input(&self, rng: &mut ChaCha8Rng) -> Vec<Candy> {
        let piles = (0..rng.random_range(50..=2000)).map(|_| uniform_or_an_end(rng, 1, LARGEST_PILE)).collect();
        vec![Candy::new(piles).expect("piles")]
    }

    fn largest_input(&self, rng: &mut ChaCha8Rng) -> Vec<Candy> {
        vec![Candy::new((0..100_000).map(|_| rng.random_range(1..=LARGEST_PILE)).collect()).expect("piles")]
    }

    fn at_limit(&self, which: usize, rng: &mut ChaCha8Rng) -> Vec<Candy> {
        let piles: Vec<u64> = match which {
            0 => return self.largest_input(rng),
            1 => vec![LARGEST_PILE; 100_000],
            2 => vec![1; 100_000],
            _ => (1..=100_000).collect(),
        };
        vec![Candy::new(piles).expect("piles")]
    }

    /// One pile of 10^9; 9000 piles of 1 and 10^9 in turn. Not reached: N = 10^5, whose piles
    /// take 200 KB even all of 1.
    fn extremes(&self) -> Vec<Vec<Candy>> {
        let mixed = in_turn(9000, 1, LARGEST_PILE);
        vec![vec![Candy::new(vec![LARGEST_PILE]).expect("piles")], vec![Candy::new(mixed).expect("piles")]]
    }

    /// A move eats the largest pile or one candy from each: a position is the smallest j piles
    /// less t candies each, empty ones gone; with the piles sorted, at most 1 + Σ ai of them.
    fn oracle_positions(&self, piles: &Candy) -> Option<u128> {
        Some(piles.piles().iter().fold(1u128, |total, &pile| total.saturating_add(u128::from(pile))))
    }
}

shrink_as_numbers!(Candy, piles, multiset);
