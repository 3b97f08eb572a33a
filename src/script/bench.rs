//! `grundy bench --game FILE`: how fast each side plays a scripted game. The oracle solves the
//! whole positions `[0], [1], …` in turn (by the game tree, or by retrograde analysis of what is
//! reachable once a cycle is found) and the fast side values the components reachable from
//! `[0] … [x]`, each for as long as half the budget allows.

use std::time::{Duration, Instant};

use grundy_oracle::{Budget, Engine, OracleError};
use grundy_rules::{Play, ValueKind};
use serde::Serialize;

use super::values::{Limits, Values};
use super::{Script, ScriptGame};
use crate::error::Error;

/// What one side did within its half of the budget.
#[derive(Debug, Clone, Serialize)]
pub struct SideBench {
    /// The largest `x` whose position `[x]` it finished (`None`: not even `[0]`).
    pub largest: Option<u64>,
    /// Positions (oracle) or components (fast) it went through.
    pub positions: usize,
    /// Seconds spent.
    pub seconds: f64,
    /// How it worked: "game tree", "retrograde analysis", "Smith's loopy values", "mex and XOR".
    pub method: &'static str,
    /// Why it stopped before the budget, if it did.
    pub stopped: Option<String>,
}

impl SideBench {
    /// Positions a second.
    pub fn rate(&self) -> f64 {
        self.positions as f64 / self.seconds.max(1e-9)
    }
}

/// Both sides on a scripted game.
#[derive(Debug, Clone, Serialize)]
pub struct ScriptBench {
    /// The script.
    pub game: String,
    /// The oracle.
    pub oracle: SideBench,
    /// The fast side.
    pub fast: SideBench,
}

/// Times both sides of `script`, `time` in all (half each), within `budget`.
pub fn bench(script: &Script, time: Duration, budget: &crate::budget::Budget) -> Result<ScriptBench, Error> {
    let half = time / 2;
    Ok(ScriptBench {
        game: script.name().to_string(),
        oracle: oracle(script, half, budget),
        fast: fast(script, half, budget),
    })
}

fn oracle(script: &Script, half: Duration, run: &crate::budget::Budget) -> SideBench {
    let started = Instant::now();
    let deadline = started + half;
    let budget = run.until(Some(deadline)).oracle_alone();
    script.stop_at(budget.deadline);
    let mut tree = Engine::new(ScriptGame::new(script, Play::Normal), ValueKind::Grundy, budget);
    let mut side = SideBench { largest: None, positions: 0, seconds: 0.0, method: "game tree", stopped: None };
    let mut loopy_positions = 0;
    for x in 0u64.. {
        let result = if side.method == "game tree" {
            match tree.solve(&vec![x]) {
                Err(OracleError::Loopy { .. }) => {
                    side.method = "retrograde analysis";
                    continue_loopy(script, x, budget, &mut loopy_positions)
                }
                other => other.map(drop),
            }
        } else {
            continue_loopy(script, x, budget, &mut loopy_positions)
        };
        match result {
            Ok(()) => side.largest = Some(x),
            Err(OracleError::TimeExceeded) => break,
            Err(error) => {
                side.stopped = Some(error.to_string());
                break;
            }
        }
        if Instant::now() >= deadline {
            break;
        }
    }
    side.positions = tree.stats().positions + loopy_positions;
    side.seconds = started.elapsed().as_secs_f64();
    side
}

/// Retrograde analysis of what `[x]` reaches; counts the positions.
fn continue_loopy(script: &Script, x: u64, budget: Budget, positions: &mut usize) -> Result<(), OracleError> {
    let game = ScriptGame::new(script, Play::Normal);
    let graph = grundy_oracle::explore::reachable(&game, &vec![x], budget)?;
    *positions += grundy_oracle::retrograde::Numbered::len(&graph);
    grundy_oracle::retrograde::analyse(&graph, Play::Normal, budget.max_bytes, budget.deadline)?;
    Ok(())
}

fn fast(script: &Script, half: Duration, run: &crate::budget::Budget) -> SideBench {
    let started = Instant::now();
    let deadline = run.until(Some(started + half)).deadline;
    script.stop_at(deadline);
    let limits = Limits { components: 50_000_000, deadline, max_bytes: run.max_bytes };
    let mut side =
        SideBench { largest: None, positions: 0, seconds: 0.0, method: "Smith's loopy values", stopped: None };
    let mut upto = 1u64;
    loop {
        let positions: Vec<Vec<u64>> = (0..=upto).map(|x| vec![x]).collect();
        let round = Instant::now();
        match Values::new(script, &positions, limits) {
            Ok(values) => {
                side.largest = Some(upto);
                side.positions = values.len();
                side.seconds = round.elapsed().as_secs_f64();
                side.method = if values.splits { "mex and XOR" } else { "Smith's loopy values" };
            }
            Err(super::values::NoValue::Budget(_)) => break,
            Err(other) => {
                side.stopped = Some(other.to_string());
                break;
            }
        }
        // The next round, twice as large, would likely pass the deadline: stop here.
        if deadline.is_some_and(|deadline| Instant::now() + round.elapsed() * 2 >= deadline) || upto >= 1 << 40 {
            break;
        }
        upto *= 2;
    }
    side
}
