//! Colouring a strip (BZOJ 2410): Dawson's chess for one colour, closed forms for two, parity
//! for three or more.

use grundy_fast::games::coloring;
use grundy_rules::games::Coloring;

use super::prelude::*;

/// The contest's largest k.
const LARGEST_K: u64 = 100_000;

/// Colouring a strip.
#[derive(Debug, Clone, Copy, Default)]
pub struct ColoringProblem;

impl Problem for ColoringProblem {
    type Instance = Coloring;
    type Answer = Outcome;
    engine_oracle!();

    const DATA: Data = Data {
        name: "coloring",
        summary: "Coloring a strip (BZOJ 2410): Dawson's chess for 1 colour, closed forms for 2, parity for 3+",
        format: "BZOJ 2410: tests, then per test `n k` and n cells in 0..=k; y or n each",
        // k is not limited in the statement we have; 10^5, as the YbtOJ 986 statement of the same
        // game (1 ≤ n, k ≤ 10^5), is taken for it.
        limits: "n to 10^7, k to 2^64 − 1, 10^6 tests",
        // T ≤ 10: grundy's bound where the statement was not found.
        most_cases: 10,
        at_limits: &["three strips of 10^5 cells, 1, 2 and 3 colours", "ten strips of 10^5 cells (the most tests)"],
    };

    fn exhaustive(&self) -> Exhaustive<Coloring> {
        let mut cases = Vec::new();
        for colours in 1..=3u64 {
            for length in 1..=5u32 {
                for code in 0..(colours + 1).pow(length) {
                    let cells = (0..length).map(|i| code / (colours + 1).pow(i) % (colours + 1)).collect();
                    cases.extend(Coloring::new(colours, cells).ok());
                }
            }
        }
        Exhaustive { cases, description: "every valid strip of ≤ 5 cells with 1, 2 or 3 colours".to_string() }
    }

    fn random(&self, rng: &mut ChaCha8Rng) -> Coloring {
        let (colours, length) = (rng.random_range(1..=3), rng.random_range(1..=11));
        random_strip(rng, colours, length, false)
    }

    fn fast(&self, strip: &Coloring) -> Result<Outcome, Unsupported> {
        Ok(coloring::outcome(strip))
    }
}

/// A random valid strip: blank with probability 0.6, else a colour unlike its left neighbour
/// (with `ends`, colour 1 or k one time in 16 each).
fn random_strip(rng: &mut ChaCha8Rng, colours: u64, length: usize, ends: bool) -> Coloring {
    let mut cells: Vec<u64> = Vec::with_capacity(length);
    for _ in 0..length {
        let cell = match (rng.random_bool(0.6), ends) {
            (true, _) => 0,
            (false, true) => uniform_or_an_end(rng, 1, colours),
            (false, false) => rng.random_range(1..=colours),
        };
        cells.push(if cells.last() == Some(&cell) { 0 } else { cell });
    }
    Coloring::new(colours, cells).expect("no two equal neighbours")
}

impl Contest for ColoringProblem {
    const STATEMENT: &Statement = &statement::COLORING;

    const WINNERS: [&'static str; 2] = ["y", "n"];
    const SMALL_INPUT_CASES: usize = 5;

    fn read(&self, input: &str) -> Result<Vec<Coloring>, InputError> {
        Tokens::new("coloring", input).tests("the number of tests", 1_000_000, |tokens| {
            let n = tokens.number("n, the strip length", 1, 10_000_000)?;
            let colours = tokens.number("k, the number of colours", 1, u64::MAX)?;
            let mut cells = Vec::with_capacity(n as usize);
            for _ in 0..n {
                let cell = tokens.number("a cell colour", 0, colours)?;
                if cell != 0 && cells.last() == Some(&cell) {
                    return Err(tokens.error(format!("two adjacent cells share colour {cell}")));
                }
                cells.push(cell);
            }
            Coloring::new(colours, cells).map_err(|e| tokens.error(e.0))
        })
    }

    fn write(&self, strips: &[Coloring]) -> Result<String, Unwritable> {
        Ok(tests_text(strips, |strip| {
            let cells: Vec<String> = strip.cells().iter().map(u64::to_string).collect();
            format!("{} {}\n{}\n", cells.len(), strip.colours(), cells.join(" "))
        }))
    }

    fn random_large_input(&self, rng: &mut ChaCha8Rng) -> Vec<Coloring> {
        let colours = or_an_end(rng, 1, LARGEST_K, |rng| rng.random_range(1..=4));
        let length = rng.random_range(50..=2000);
        vec![random_strip(rng, colours, length, true)]
    }

    fn largest_input(&self, rng: &mut ChaCha8Rng) -> Vec<Coloring> {
        (1..=3).map(|colours| random_strip(rng, colours, 100_000, false)).collect()
    }

    fn beyond_statement(&self) -> Vec<String> {
        vec!["10^6 tests of one cell (past T ≤ 10: grundy's most)".to_string()]
    }

    fn at_limit(&self, which: usize, rng: &mut ChaCha8Rng) -> Vec<Coloring> {
        match which {
            0 => self.largest_input(rng),
            1 => (0..10).flat_map(|_| self.largest_input(rng).into_iter().take(1)).collect(),
            _ => (0..1_000_000).map(|_| Coloring::new(1, vec![rng.random_range(0..=1)]).expect("a cell")).collect(),
        }
    }

    /// One test of one blank cell; then, k = 1 and k = 10^5, single cells of colour k, short
    /// strips with 0 and k side by side, and one long strip each. Not reached: n = 10^5, whose
    /// strip takes 200 KB (the long strips take 30 000 and 4000 cells, 60 and 18 KB).
    fn extremes(&self) -> Vec<Vec<Coloring>> {
        let strip = |colours: u64, cells: Vec<u64>| Coloring::new(colours, cells).expect("a valid strip");
        let alternating = |colour: u64, length: usize| in_turn(length, colour, 0);
        let mut several = Vec::new();
        for colours in [1, LARGEST_K] {
            several.push(strip(colours, vec![colours]));
            several.push(strip(colours, vec![0, colours, 0, 1, 0, colours]));
            several.push(strip(colours, vec![colours, 0, 0, colours]));
            several.push(strip(colours, alternating(colours, if colours == 1 { 30_000 } else { 4000 })));
        }
        vec![vec![strip(1, vec![0])], several]
    }

    /// A position is the strip with some of its blank cells coloured, no two equal neighbours:
    /// at most, for each run of blank cells, the sequences of its length over 0..=k with no two
    /// equal colours side by side (its neighbours' colours aside).
    fn oracle_positions(&self, strip: &Coloring) -> Option<u128> {
        let k = u128::from(strip.colours());
        let fillings = |length: usize| {
            // Sequences ending blank, and ending in a colour.
            let (mut blank, mut coloured) = (1u128, 0u128);
            for _ in 0..length {
                let next = blank.saturating_mul(k).saturating_add(coloured.saturating_mul(k - 1));
                blank = blank.saturating_add(coloured);
                coloured = next;
                if blank == u128::MAX {
                    break;
                }
            }
            blank.saturating_add(coloured)
        };
        let runs = strip.cells().split(|&cell| cell != 0).map(<[u64]>::len);
        Some(product(runs.map(fillings)))
    }
}

impl Shrink for Coloring {
    fn shape(&self) -> Shape {
        Shape::tuple(vec![Shape::numbers(self.cells(), 0, 1), Shape::number(self.colours(), 1)])
    }

    fn with_shape(&self, shape: &Shape) -> Option<Coloring> {
        let [cells, colours] = shape.parts()?;
        Coloring::new(colours.value()?, cells.values()?).ok()
    }
}
