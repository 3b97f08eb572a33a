//! Stripes (POI 2000): strips laid on a row; the octal game with 7 at each strip length.

use grundy_fast::games::stripes::{self, Table};
use grundy_rules::games::Stripes;

use super::prelude::*;

/// The contest's largest strip, row and number of games.
const LARGEST: u64 = 1000;

/// Stripes.
#[derive(Debug, Clone, Copy, Default)]
pub struct StripesProblem;

impl Problem for StripesProblem {
    type Instance = Stripes;
    type Answer = Outcome;
    engine_oracle!();

    const DATA: Data = Data {
        name: "stripes",
        summary: "Stripes (POI 2000): lay strips of lengths a, b, c on a row of p cells; octal table",
        format: "POI 2000: `c z n`, then m, then m lines p; 1 if the first player wins, else 2",
        limits: "strips to 4096, m from 0 to 10^6, p from 0 to 10^7",
        // M ≤ 1000.
        most_cases: 1000,
        at_limits: Data::LARGEST_INPUT,
    };

    fn exhaustive(&self) -> Exhaustive<Stripes> {
        let mut cases = Vec::new();
        for a in 1..=3 {
            for b in a..=4 {
                for c in b..=5 {
                    cases.extend((0..=24).map(|p| Stripes::new(vec![a, b, c], p).expect("valid strips")));
                }
            }
        }
        let mut seen = std::collections::HashSet::new();
        cases.retain(|case| seen.insert(case.clone()));
        Exhaustive {
            cases, description: "strips 1 ≤ a ≤ b ≤ c ≤ 5 (a ≤ 3, b ≤ 4), rows ≤ 24".to_string()
        }
    }

    fn random(&self, rng: &mut ChaCha8Rng) -> Stripes {
        let lengths = (0..3).map(|_| rng.random_range(1..=7)).collect();
        Stripes::new(lengths, rng.random_range(0..=36)).expect("valid strips")
    }

    fn fast(&self, game: &Stripes) -> Result<Outcome, Unsupported> {
        stripes::outcome(game)
    }
}

impl Contest for StripesProblem {
    const STATEMENT: &Statement = &statement::STRIPES;

    const WINNERS: [&'static str; 2] = ["1", "2"];

    fn read(&self, input: &str) -> Result<Vec<Stripes>, InputError> {
        let mut tokens = Tokens::new("stripes", input);
        let mut lengths = Vec::new();
        for name in ["c, the first strip length", "z, the second strip length", "n, the third strip length"] {
            lengths.push(tokens.number(name, 1, Stripes::LONGEST_STRIP)?);
        }
        let games = tokens.number("m, the number of games", 0, 1_000_000)?;
        let mut all = Vec::with_capacity(games as usize);
        for _ in 0..games {
            let row = tokens.number("p, a board length", 0, Stripes::LONGEST_ROW)?;
            all.push(Stripes::new(lengths.clone(), row).map_err(|e| tokens.error(e.0))?);
        }
        tokens.finish(&format!("the last of the {games} games"))?;
        Ok(all)
    }

    fn write(&self, games: &[Stripes]) -> Result<String, Unwritable> {
        let lengths = games.first().map_or(&[1u64][..], Stripes::lengths);
        if games.iter().any(|game| game.lengths() != lengths) {
            return Err("one Stripes input has one set of strip lengths".into());
        }
        if lengths.len() > 3 {
            return Err(format!("a Stripes input names three strip lengths, not {}", lengths.len()).into());
        }
        // Largest first, as the contest's own sample (`1 5 1`) is not sorted either: a solution
        // that assumes sorted strips is caught on every input.
        let padded: Vec<String> =
            (0..3).map(|i| lengths[lengths.len() - 1 - i.min(lengths.len() - 1)].to_string()).collect();
        let mut text = format!("{}\n{}\n", padded.join(" "), games.len());
        games.iter().for_each(|game| text.push_str(&format!("{}\n", game.row())));
        Ok(text)
    }

    /// Within the contest's limits: small inputs of strips ≤ 7 on rows ≤ 36; large ones of strips
    /// ≤ 40 on rows ≤ 1000, each strip 1 or 1000 and each row 1 or 1000 one time in 16.
    fn random_input(&self, rng: &mut ChaCha8Rng, large: bool) -> Vec<Stripes> {
        let (lengths, count): (Vec<u64>, u64) = if large {
            let lengths = (0..3).map(|_| or_an_end(rng, 1, LARGEST, |rng| rng.random_range(1..=40))).collect();
            (lengths, rng.random_range(50..=LARGEST))
        } else {
            ((0..3).map(|_| rng.random_range(1..=7)).collect(), rng.random_range(1..=5))
        };
        let row =
            |rng: &mut ChaCha8Rng| if large { uniform_or_an_end(rng, 1, LARGEST) } else { rng.random_range(1..=36) };
        (0..count).map(|_| Stripes::new(lengths.clone(), row(rng)).expect("valid strips")).collect()
    }

    /// The exhaustive cases on rows of at least one cell, as the contest's are.
    fn small_space(&self) -> Exhaustive<Stripes> {
        let Exhaustive { mut cases, description } = self.exhaustive();
        cases.retain(|game| game.row() >= 1);
        Exhaustive { cases, description: description.replace("rows ≤", "rows 1 to") }
    }

    /// Strips of 1 on every row 1 to 1000 (m = 1000), and strips of 1000 on one row of 1000
    /// (m = 1). The lengths are kept sorted and once each, so `c z n` are all 1 or all 1000.
    fn extremes(&self) -> Vec<Vec<Stripes>> {
        let rows = (1..=LARGEST).map(|row| Stripes::new(vec![1], row).expect("valid strips")).collect();
        vec![rows, vec![Stripes::new(vec![LARGEST], LARGEST).expect("valid strips")]]
    }

    /// A position is the sorted runs of free cells, whose lengths add up to at most the row.
    fn oracle_positions(&self, game: &Stripes) -> Option<u128> {
        Some(partitions_up_to(game.row()))
    }

    fn fast_all(&self, games: &[Stripes], deadline: Option<std::time::Instant>) -> Result<Vec<Outcome>, Unsupported> {
        let Some(first) = games.first() else { return Ok(Vec::new()) };
        let longest = games.iter().map(Stripes::row).max().unwrap_or(0);
        let table = Table::until(first, longest, deadline)?;
        games
            .iter()
            .map(|game| table.outcome(game).map_or_else(|| stripes::outcome_until(game, deadline), Ok))
            .collect()
    }

    fn largest_input(&self, rng: &mut ChaCha8Rng) -> Vec<Stripes> {
        (0..LARGEST)
            .map(|_| Stripes::new(vec![1, 5, 7], rng.random_range(1..=LARGEST)).expect("valid strips"))
            .collect()
    }
}

impl Shrink for Stripes {
    fn shape(&self) -> Shape {
        Shape::tuple(vec![Shape::number(self.row(), 0), Shape::numbers(self.lengths(), 1, 1).multiset()])
    }

    fn with_shape(&self, shape: &Shape) -> Option<Stripes> {
        let [row, lengths] = shape.parts()?;
        Stripes::new(lengths.values()?, row.value()?).ok()
    }
}
