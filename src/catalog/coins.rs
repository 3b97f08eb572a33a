//! Moving Coins (SDOI2019): placements the first player wins; staircase Nim on the gaps and a
//! digit DP.

use grundy_fast::games::coins;
use grundy_oracle::Engine;
use grundy_oracle::games::coins::{CoinsGame, placements};
use grundy_rules::games::Coins;

use super::prelude::*;

/// The count is reported modulo this.
const MODULUS: u64 = 1_000_000_009;

/// The contest's most coins (`grundy` reads up to [`Coins::MOST_COINS`]).
const MOST_COINS: u64 = 50;

/// Moving Coins.
#[derive(Debug, Clone, Copy, Default)]
pub struct CoinsProblem;

impl Problem for CoinsProblem {
    type Instance = Coins;
    type Answer = Count;
    type Memo = Engine<CoinsGame>;

    const DATA: Data = Data {
        name: "coins",
        summary: "Moving Coins (SDOI2019): placements the first player wins; staircase Nim and a digit DP",
        format: "SDOI2019: `n m`; placements the first player wins, mod 1e9+9",
        limits: "m to 500",
        most_cases: 1,
        at_limits: Data::LARGEST_INPUT,
    };

    fn exhaustive(&self) -> Exhaustive<Coins> {
        let cases = (1..=9).flat_map(|n| (1..=n).map(move |m| Coins::new(n, m).expect("a board"))).collect();
        Exhaustive { cases, description: "every board n ≤ 9 with 1 ≤ m ≤ n coins".to_string() }
    }

    fn random(&self, rng: &mut ChaCha8Rng) -> Coins {
        let n = rng.random_range(1..=13);
        Coins::new(n, rng.random_range(1..=n.min(5))).expect("a board")
    }

    fn oracle(&self, engine: &mut Engine<CoinsGame>, game: &Coins) -> Result<Count, OracleError> {
        count_wins(engine, placements(game)?, Outcome::First, MODULUS)
    }

    fn fast(&self, game: &Coins) -> Result<Count, Unsupported> {
        Ok(Count(coins::first_player_placements(game)))
    }
}

impl Contest for CoinsProblem {
    const STATEMENT: &Statement = &statement::COINS;

    fn read(&self, input: &str) -> Result<Vec<Coins>, InputError> {
        let mut tokens = Tokens::new("coins", input);
        let n = tokens.number("n, the number of cells", 1, Coins::MOST_CELLS)?;
        let m = tokens.number("m, the number of coins", 1, n.min(Coins::MOST_COINS))?;
        tokens.finish("`n m`")?;
        Ok(vec![Coins::new(n, m).map_err(|e| tokens.error(e.0))?])
    }

    fn write(&self, cases: &[Coins]) -> Result<String, Unwritable> {
        let game = single(cases, "Moving Coins")?;
        Ok(format!("{} {}\n", game.cells(), game.coins()))
    }

    fn random_large_input(&self, rng: &mut ChaCha8Rng) -> Vec<Coins> {
        let n = uniform_or_an_end(rng, 1, Coins::MOST_CELLS);
        let most = n.min(MOST_COINS);
        vec![Coins::new(n, uniform_or_an_end(rng, 1, most)).expect("a board")]
    }

    fn largest_input(&self, _: &mut ChaCha8Rng) -> Vec<Coins> {
        vec![Coins::new(Coins::MOST_CELLS, MOST_COINS).expect("a board")]
    }

    /// Both ends, a board each: `1 1` and `150000 50`.
    fn extremes(&self) -> Vec<Vec<Coins>> {
        vec![
            vec![Coins::new(1, 1).expect("a board")],
            vec![Coins::new(Coins::MOST_CELLS, MOST_COINS).expect("a board")],
        ]
    }

    /// The oracle solves every placement on one memo, and every position is a placement.
    fn oracle_positions(&self, game: &Coins) -> Option<u128> {
        Some(binomial(u128::from(game.cells()), u128::from(game.coins())))
    }
}

impl Shrink for Coins {
    fn shape(&self) -> Shape {
        Shape::tuple(vec![Shape::number(self.cells(), 1), Shape::number(self.coins(), 1)])
    }

    fn with_shape(&self, shape: &Shape) -> Option<Coins> {
        let [cells, coins] = shape.parts()?;
        Coins::new(cells.value()?, coins.value()?).ok()
    }
}
