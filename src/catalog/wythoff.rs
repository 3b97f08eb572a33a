//! Wythoff's game (POJ 1067): P-positions (⌊kφ⌋, ⌊kφ⌋ + k) in integer arithmetic.

use grundy_fast::games::wythoff;
use grundy_rules::games::Wythoff;

use super::prelude::*;
use crate::problem::PairMap;

/// The contest's largest pile.
const LARGEST_PILE: u64 = 1_000_000_000;

/// Wythoff's game.
#[derive(Debug, Clone, Copy, Default)]
pub struct WythoffProblem;

impl Problem for WythoffProblem {
    type Instance = Wythoff;
    type Answer = Outcome;
    engine_oracle!();

    const DATA: Data = Data {
        name: "wythoff",
        summary: "Wythoff's game: P-positions (⌊kφ⌋, ⌊kφ⌋ + k) in integer arithmetic",
        format: "POJ 1067: lines `a b` until the end; 1 if the first player wins, else 0",
        limits: "a, b to 2^64 − 1",
        // Lines until the end of the input.
        most_cases: 100_000,
        at_limits: Data::LARGEST_INPUT,
    };

    fn exhaustive(&self) -> Exhaustive<Wythoff> {
        let cases = (0..=40).flat_map(|a| (a..=40).map(move |b| Wythoff { a, b })).collect();
        Exhaustive { cases, description: "every pair of piles ≤ 40".to_string() }
    }

    fn random(&self, rng: &mut ChaCha8Rng) -> Wythoff {
        Wythoff { a: rng.random_range(0..=150), b: rng.random_range(0..=150) }
    }

    fn fast(&self, game: &Wythoff) -> Result<Outcome, Unsupported> {
        Ok(wythoff::outcome(game))
    }
}

impl Contest for WythoffProblem {
    const STATEMENT: &Statement = &statement::WYTHOFF;

    const WINNERS: [&'static str; 2] = ["1", "0"];

    fn read(&self, input: &str) -> Result<Vec<Wythoff>, InputError> {
        let mut tokens = Tokens::new("wythoff", input);
        let mut all = Vec::new();
        while !tokens.is_done() {
            let a = tokens.number("a, the first pile", 0, u64::MAX)?;
            let b = tokens.number("b, the second pile", 0, u64::MAX)?;
            all.push(Wythoff { a, b });
        }
        Ok(all)
    }

    fn write(&self, games: &[Wythoff]) -> Result<String, Unwritable> {
        Ok(games.iter().map(|game| format!("{} {}\n", game.a, game.b)).collect())
    }

    /// Half the games uniform (each pile 0 or 10^9 one time in 16), half aimed where answers
    /// change: a P-position `(⌊kφ⌋, ⌊kφ⌋ + k)` at a scale drawn evenly over the orders of
    /// magnitude up to the format's 10^9 (k below 3.8·10^8), or a neighbour of one (each pile
    /// moved by at most 2), in either order. Uniform pairs up to 10^9 almost never meet the
    /// P-positions.
    fn random_input(&self, rng: &mut ChaCha8Rng, large: bool) -> Vec<Wythoff> {
        let (games, largest_k) = if large { (rng.random_range(50..=2000), 380_000_000u64) } else { (5, 30) };
        (0..rng.random_range(1..=games))
            .map(|_| match rng.random_ratio(1, 2) {
                true => aimed(rng, largest_k),
                false if large => {
                    Wythoff { a: uniform_or_an_end(rng, 0, LARGEST_PILE), b: uniform_or_an_end(rng, 0, LARGEST_PILE) }
                }
                false => self.random(rng),
            })
            .collect()
    }

    fn pair_map(&self, upto: u64) -> Option<PairMap> {
        let values = (0..=upto)
            .map(|a| {
                (0..=upto).map(|b| Some(u64::from(wythoff::outcome(&Wythoff { a, b }) == Outcome::First))).collect()
            })
            .collect();
        Some(PairMap { axes: ("pile a", "pile b"), low: 0, values })
    }

    /// Every pair of ends in one input.
    fn extremes(&self) -> Vec<Vec<Wythoff>> {
        let ends = [0, LARGEST_PILE];
        vec![ends.iter().flat_map(|&a| ends.iter().map(move |&b| Wythoff { a, b })).collect()]
    }

    /// The oracle's positions are the piles sorted, each pile no larger than at the start.
    fn oracle_positions(&self, game: &Wythoff) -> Option<u128> {
        Some((u128::from(game.a) + 1).saturating_mul(u128::from(game.b) + 1))
    }

    fn largest_input(&self, rng: &mut ChaCha8Rng) -> Vec<Wythoff> {
        (0..10_000)
            .map(|_| Wythoff { a: rng.random_range(0..=LARGEST_PILE), b: rng.random_range(0..=LARGEST_PILE) })
            .collect()
    }
}

impl Shrink for Wythoff {
    fn shape(&self) -> Shape {
        Shape::tuple(vec![Shape::number(self.a, 0), Shape::number(self.b, 0)])
    }

    fn with_shape(&self, shape: &Shape) -> Option<Wythoff> {
        let [a, b] = shape.parts()?;
        Some(Wythoff { a: a.value()?, b: b.value()? })
    }
}

/// A P-position of Wythoff's game, or a neighbour: `k` log-uniform in `1..=largest_k`.
fn aimed(rng: &mut ChaCha8Rng, largest_k: u64) -> Wythoff {
    let bits = rng.random_range(0..=largest_k.ilog2());
    let k = rng.random_range(1u64 << bits..=(2u64 << bits).min(largest_k + 1) - 1);
    let a = u64::try_from(wythoff::lower_wythoff(k)).expect("⌊kφ⌋ fits for k < 3.8·10^8");
    let (mut a, mut b) = (a, a + k);
    if rng.random_ratio(1, 2) {
        let nudge = |x: u64, rng: &mut ChaCha8Rng| x.saturating_add_signed(rng.random_range(-2..=2));
        (a, b) = (nudge(a, rng), nudge(b, rng));
    }
    if rng.random_ratio(1, 2) {
        (a, b) = (b, a);
    }
    Wythoff { a, b }
}
