//! Steins;Game (CCPC Weihai 2020): colourings the second player wins; the black piles' value in
//! closed form, counted with a xor linear basis.

use grundy_fast::games::steins;
use grundy_oracle::Engine;
use grundy_oracle::games::steins::{SteinsGame, colourings};
use grundy_rules::games::Steins;

use super::prelude::*;
use crate::problem::scrambled;

/// The count is reported modulo this.
const MODULUS: u64 = 1_000_000_007;

/// The contest's largest pile.
const LARGEST_PILE: u64 = 1_000_000_000_000_000_000;

/// Steins;Game.
#[derive(Debug, Clone, Copy, Default)]
pub struct SteinsProblem;

impl Problem for SteinsProblem {
    type Instance = Steins;
    type Answer = Count;
    type Memo = Engine<SteinsGame>;

    const DATA: Data = Data {
        name: "steins",
        summary: "Steins;Game: colourings the second player wins; black value in closed form, xor basis",
        format: "CCPC 2020: n, then a1 … an; colourings the second player wins, mod 1e9+7",
        limits: "n to 10^6, ai to 2^64 − 1",
        most_cases: 1,
        at_limits: &["n = 10^5 piles, each 1..10^18", "n = 10^5 equal piles"],
    };

    fn exhaustive(&self) -> Exhaustive<Steins> {
        let cases = sorted_sequences(3, 1, 5).into_iter().map(|piles| Steins::new(piles).expect("piles")).collect();
        Exhaustive { cases, description: "every ≤ 3 piles of 1..=5".to_string() }
    }

    fn random(&self, rng: &mut ChaCha8Rng) -> Steins {
        Steins::new((0..rng.random_range(1..=5)).map(|_| rng.random_range(1..=6)).collect()).expect("piles")
    }

    fn oracle(&self, engine: &mut Engine<SteinsGame>, game: &Steins) -> Result<Count, OracleError> {
        count_wins(engine, colourings(game)?, Outcome::Second, MODULUS)
    }

    fn fast(&self, game: &Steins) -> Result<Count, Unsupported> {
        Ok(Count(steins::second_player_colourings(game)))
    }
}

impl Contest for SteinsProblem {
    const STATEMENT: &Statement = &statement::STEINS;

    fn read(&self, input: &str) -> Result<Vec<Steins>, InputError> {
        let mut tokens = Tokens::new("steins", input);
        let piles =
            tokens.counted_numbers("n, the number of piles", Steins::MOST_PILES as u64, "a pile size", "piles")?;
        Ok(vec![Steins::new(piles).map_err(|e| tokens.error(e.0))?])
    }

    fn write(&self, cases: &[Steins]) -> Result<String, Unwritable> {
        // Scrambled: the format gives the piles in any order.
        Ok(counted_line(&scrambled(single(cases, "Steins;Game")?.piles())))
    }

    fn random_large_input(&self, rng: &mut ChaCha8Rng) -> Vec<Steins> {
        let piles = (0..rng.random_range(50..=2000)).map(|_| uniform_or_an_end(rng, 1, LARGEST_PILE)).collect();
        vec![Steins::new(piles).expect("piles")]
    }

    fn largest_input(&self, rng: &mut ChaCha8Rng) -> Vec<Steins> {
        vec![Steins::new((0..100_000).map(|_| rng.random_range(1..=LARGEST_PILE)).collect()).expect("piles")]
    }

    fn at_limit(&self, which: usize, rng: &mut ChaCha8Rng) -> Vec<Steins> {
        match which {
            0 => self.largest_input(rng),
            _ => vec![Steins::new(vec![rng.random_range(1..=LARGEST_PILE); 100_000]).expect("piles")],
        }
    }

    /// One pile of 10^18; 5000 piles of 1 and 10^18 in turn. Not reached: n = 10^5, whose piles
    /// of 10^18 take 2 MB.
    fn extremes(&self) -> Vec<Vec<Steins>> {
        let mixed = in_turn(5000, 1, LARGEST_PILE);
        vec![vec![Steins::new(vec![LARGEST_PILE]).expect("piles")], vec![Steins::new(mixed).expect("piles")]]
    }

    /// The oracle solves every colouring on one memo; a position is the white and the black piles
    /// left, each pile (white or black) no larger than at the start, or gone.
    fn oracle_positions(&self, game: &Steins) -> Option<u128> {
        Some(product(game.piles().iter().map(|&pile| 2 * u128::from(pile) + 1)))
    }
}

shrink_as_numbers!(Steins, piles, multiset);
