//! The Cutting Game (POJ 2311): a Grundy table on sheets that never make a 1-wide strip.

use grundy_fast::games::cutting::{self, Table};
use grundy_rules::games::Cutting;

use super::prelude::*;
use crate::problem::PairMap;

/// The contest's largest side.
const LARGEST_SIDE: u64 = 200;

/// The Cutting Game.
#[derive(Debug, Clone, Copy, Default)]
pub struct CuttingProblem;

impl Problem for CuttingProblem {
    type Instance = Cutting;
    type Answer = Outcome;
    engine_oracle!();

    const DATA: Data = Data {
        name: "cutting",
        summary: "Cutting Game (POJ 2311): whoever first cuts a 1×1 piece wins; Grundy table avoiding 1-wide strips",
        format: "POJ 2311: lines `W H` until the end; WIN or LOSE each",
        limits: "W, H to 2000",
        // Lines until the end of the input.
        most_cases: 100_000,
        at_limits: &["every sheet 2..200 × 2..200, one a line (39601 lines)"],
    };

    fn exhaustive(&self) -> Exhaustive<Cutting> {
        let cases = (2..=6).flat_map(|w| (w..=6).map(move |h| Cutting::new(w, h).expect("a sheet"))).collect();
        Exhaustive { cases, description: "every sheet from 2×2 to 6×6".to_string() }
    }

    fn random(&self, rng: &mut ChaCha8Rng) -> Cutting {
        Cutting::new(rng.random_range(2..=7), rng.random_range(2..=6)).expect("a sheet")
    }

    fn fast(&self, sheet: &Cutting) -> Result<Outcome, Unsupported> {
        Ok(cutting::outcome(sheet))
    }

    fn fast_until(&self, sheet: &Cutting, deadline: Option<std::time::Instant>) -> Result<Outcome, Unsupported> {
        self.fast_all(std::slice::from_ref(sheet), deadline).map(|answers| answers[0])
    }
}

impl Contest for CuttingProblem {
    const STATEMENT: &Statement = &statement::CUTTING;

    const WINNERS: [&'static str; 2] = ["WIN", "LOSE"];
    const SMALL_INPUT_CASES: usize = 5;

    fn read(&self, input: &str) -> Result<Vec<Cutting>, InputError> {
        let mut tokens = Tokens::new("cutting", input);
        let mut sheets = Vec::new();
        while !tokens.is_done() {
            let w = tokens.number("W, the sheet width", 2, Cutting::LARGEST)?;
            let h = tokens.number("H, the sheet height", 2, Cutting::LARGEST)?;
            sheets.push(Cutting::new(w, h).map_err(|e| tokens.error(e.0))?);
        }
        Ok(sheets)
    }

    fn write(&self, sheets: &[Cutting]) -> Result<String, Unwritable> {
        Ok(sheets.iter().map(|sheet| format!("{} {}\n", sheet.width(), sheet.height())).collect())
    }

    fn random_large_input(&self, rng: &mut ChaCha8Rng) -> Vec<Cutting> {
        (0..rng.random_range(50..=2000))
            .map(|_| Cutting::new(rng.random_range(2..=200), rng.random_range(2..=200)).expect("a sheet"))
            .collect()
    }

    fn fast_all(&self, sheets: &[Cutting], deadline: Option<std::time::Instant>) -> Result<Vec<Outcome>, Unsupported> {
        let largest = sheets.iter().map(|sheet| sheet.width().max(sheet.height())).max().unwrap_or(2);
        let table = Table::until(largest, deadline)?;
        Ok(sheets.iter().map(|sheet| table.outcome(sheet).expect("the table covers every sheet")).collect())
    }

    fn pair_map(&self, upto: u64) -> Option<PairMap> {
        let upto = upto.clamp(2, Cutting::LARGEST);
        let table = Table::new(upto);
        let values = (2..=upto)
            .map(|w| {
                (2..=upto).map(|h| Cutting::new(w, h).ok().and_then(|s| table.grundy(&s)).map(u64::from)).collect()
            })
            .collect();
        Some(PairMap { axes: ("width", "height"), low: 2, values })
    }

    fn at_limit(&self, _: usize, _: &mut ChaCha8Rng) -> Vec<Cutting> {
        (2..=LARGEST_SIDE).flat_map(|w| (2..=LARGEST_SIDE).map(move |h| Cutting::new(w, h).expect("a sheet"))).collect()
    }

    /// Every pair of ends in one input.
    fn extremes(&self) -> Vec<Vec<Cutting>> {
        let ends = [2, LARGEST_SIDE];
        vec![ends.iter().flat_map(|&w| ends.iter().map(move |&h| Cutting::new(w, h).expect("a sheet"))).collect()]
    }

    /// A position is a multiset of pieces, each `w ≤ h` within the sheet's sides and never 1×1,
    /// whose areas add up to the sheet's (or the one position after a 1×1 piece was cut): at most
    /// the multisets of such pieces of that total area, counted like partitions, plus one.
    /// Counted for sheets of at most 256 cells; larger ones are far past any reach (already 8×8
    /// allows 950 044 multisets), `u128::MAX`.
    fn oracle_positions(&self, sheet: &Cutting) -> Option<u128> {
        let (narrow, wide) = (sheet.width().min(sheet.height()), sheet.width().max(sheet.height()));
        let area = narrow * wide;
        if area > 256 {
            return Some(u128::MAX);
        }
        let area = area as usize;
        let mut multisets = vec![0u128; area + 1];
        multisets[0] = 1;
        for w in 1..=narrow {
            for h in w.max(2)..=wide {
                let piece = (w * h) as usize;
                for total in piece..=area {
                    multisets[total] = multisets[total].saturating_add(multisets[total - piece]);
                }
            }
        }
        Some(multisets[area].saturating_add(1))
    }

    fn largest_input(&self, rng: &mut ChaCha8Rng) -> Vec<Cutting> {
        (0..1000)
            .map(|_| Cutting::new(rng.random_range(2..=200), rng.random_range(2..=200)).expect("a sheet"))
            .collect()
    }
}

impl Shrink for Cutting {
    fn shape(&self) -> Shape {
        Shape::tuple(vec![Shape::number(self.width(), 2), Shape::number(self.height(), 2)])
    }

    fn with_shape(&self, shape: &Shape) -> Option<Cutting> {
        let [width, height] = shape.parts()?;
        Cutting::new(width.value()?, height.value()?).ok()
    }

    /// Smaller sheets first.
    fn weight(&self) -> (u64, u128) {
        (1, u128::from(self.width()) * u128::from(self.height()))
    }
}
