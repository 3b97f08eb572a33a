//! Down We Dig (Northern Eurasia Finals Online 2020): who wins on each day, by composing 256-entry window maps.

use std::fmt;

use grundy_fast::games::dig;
use grundy_oracle::Engine;
use grundy_oracle::games::dig::DigDay;
use grundy_rules::ValueKind;
use grundy_rules::games::Dig;

use super::prelude::*;

/// Who wins on each day, written as the contest does: `1` the first player, `2` the second.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Days(pub Vec<Outcome>);

impl fmt::Display for Days {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|&o| f.write_str(if o == Outcome::First { "1" } else { "2" }))
    }
}

impl AnswerLine for Days {
    fn line(&self, _: [&str; 2]) -> String {
        format!("{self}\n")
    }
}

/// The oracle's budget, and the positions its engines stored so far (one engine a day, each
/// dropped when its day is solved).
pub struct DigMemo {
    budget: Budget,
    positions: usize,
}

impl Memo for DigMemo {
    fn fresh(budget: Budget) -> Self {
        DigMemo { budget, positions: 0 }
    }

    fn stats(&self) -> Option<grundy_oracle::Stats> {
        Some(grundy_oracle::Stats { positions: self.positions, generated: 0, bytes: 0 })
    }
}

/// Down We Dig.
#[derive(Debug, Clone, Copy, Default)]
pub struct DigProblem;

impl Problem for DigProblem {
    type Instance = Dig;
    type Answer = Days;
    type Memo = DigMemo;

    const DATA: Data = Data {
        name: "dig",
        summary: "Down We Dig: every day's game; the fast side composes 256-entry window maps",
        format: "NERC Online 2020: n, then n steps of 8 characters W/R; one line of n digits (1 first wins, 2 not)",
        limits: "as much as the statement allows",
        most_cases: 1,
        // n = 300000: random steps; every step alike (the most moves from each).
        at_limits: &["n = 300000 random steps", "n = 300000 equal steps"],
    };

    fn exhaustive(&self) -> Exhaustive<Dig> {
        // Steps drawn from a few masks, so that moves exist.
        let masks = [0u8, 1, 3, 0xFF];
        let mut cases = Vec::new();
        for length in 1..=5u32 {
            for code in 0..4u64.pow(length) {
                let steps = (0..length).map(|i| masks[(code >> (2 * i) & 3) as usize]).collect();
                cases.push(Dig::new(steps).expect("steps"));
            }
        }
        Exhaustive { cases, description: "every ≤ 5 steps from the masks 0, 1, 3, 255, every day".to_string() }
    }

    fn random(&self, rng: &mut ChaCha8Rng) -> Dig {
        let n = rng.random_range(1..=40);
        random_steps(rng, n)
    }

    fn oracle(&self, memo: &mut DigMemo, game: &Dig) -> Result<Days, OracleError> {
        DigDay::days(game)
            .map(|day| {
                let mut engine = Engine::new(day, ValueKind::OutcomeOnly, memo.budget);
                let outcome = engine.solve(&1).map(|s| s.outcome);
                memo.positions += engine.stats().positions;
                outcome
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Days)
    }

    fn fast(&self, game: &Dig) -> Result<Days, Unsupported> {
        Ok(Days(dig::outcomes_by_day(game)))
    }
}

/// Steps close to one another (few characters flipped), so that long moves occur.
fn random_steps(rng: &mut ChaCha8Rng, n: usize) -> Dig {
    let base: u8 = rng.random_range(0..=255);
    Dig::new((0..n).map(|_| base ^ ((1u8 << rng.random_range(0..8)) * u8::from(rng.random_bool(0.5)))).collect())
        .expect("steps")
}

impl Contest for DigProblem {
    const STATEMENT: &Statement = &statement::DIG;

    fn read(&self, input: &str) -> Result<Vec<Dig>, InputError> {
        let mut tokens = Tokens::new("dig", input);
        let n = tokens.number("n, the number of steps", 1, Dig::MOST_STEPS as u64)?;
        let mut steps = Vec::with_capacity(n as usize);
        for _ in 0..n {
            let word = tokens.word("a step")?;
            steps.push(
                Dig::step(word)
                    .ok_or_else(|| tokens.error(format!("a step is 8 characters W or R, found `{word}`")))?,
            );
        }
        tokens.finish(&format!("the {n} steps"))?;
        Ok(vec![Dig::new(steps).map_err(|e| tokens.error(e.0))?])
    }

    fn write(&self, cases: &[Dig]) -> Result<String, Unwritable> {
        let steps = single(cases, "Down We Dig")?.steps();
        let mut text = format!("{}\n", steps.len());
        steps.iter().for_each(|&step| text.push_str(&format!("{}\n", Dig::word(step))));
        Ok(text)
    }

    fn random_input(&self, rng: &mut ChaCha8Rng, large: bool) -> Vec<Dig> {
        let n = if large { rng.random_range(50..=2000) } else { rng.random_range(1..=40) };
        vec![random_steps(rng, n)]
    }

    fn largest_input(&self, rng: &mut ChaCha8Rng) -> Vec<Dig> {
        vec![Dig::new((0..Dig::MOST_STEPS).map(|_| rng.random_range(0..=255)).collect()).expect("steps")]
    }

    fn at_limit(&self, which: usize, rng: &mut ChaCha8Rng) -> Vec<Dig> {
        match which {
            0 => self.largest_input(rng),
            _ => vec![Dig::new(vec![rng.random_range(0..=255); Dig::MOST_STEPS]).expect("steps")],
        }
    }

    /// One step, `RRRRRRRR`; 10 000 steps, all `W` or all `R`, in runs of one to three. Not
    /// reached: n = 300 000, whose steps take 2.7 MB.
    fn extremes(&self) -> Vec<Vec<Dig>> {
        let runs = [0xFF, 0, 0, 0xFF, 0xFF, 0xFF, 0, 0, 0];
        let steps = (0..10_000).map(|i| runs[i % runs.len()]).collect();
        vec![vec![Dig::new(vec![0]).expect("steps")], vec![Dig::new(steps).expect("steps")]]
    }

    /// Day i's engine stores at most its i steps.
    fn oracle_positions(&self, game: &Dig) -> Option<u128> {
        let n = game.steps().len() as u128;
        Some(n * (n + 1) / 2)
    }
}

impl Shrink for Dig {
    fn shape(&self) -> Shape {
        Shape::list(self.steps().iter().map(|&step| Shape::number(u64::from(step), 0)), 1)
    }

    fn with_shape(&self, shape: &Shape) -> Option<Dig> {
        let steps = shape.values()?.into_iter().map(|step| u8::try_from(step).ok()).collect::<Option<_>>()?;
        Dig::new(steps).ok()
    }
}
