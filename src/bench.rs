//! `grundy bench`: the fast side against the oracle, timed — per query on each entry's own cases,
//! the oracle's positions per second and bytes per position, and, for the pile games, where each
//! side stops scaling: the largest box of positions the oracle solves, and the largest plate
//! the fast side answers, within a time budget.
//!
//! These are quick measurements for a table; the criterion benches in `benches/` are the precise
//! ones behind them.

use std::time::{Duration, Instant};

use grundy_fast::PileSolver;
use grundy_oracle::{PileBox, Stats};
use grundy_rules::RuleSet;
use rand::SeedableRng;
use serde::Serialize;

use crate::budget::Budget;
use crate::problem::Problem;

/// What `grundy bench` measured on one entry.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BenchRow {
    /// The entry.
    pub name: String,
    /// Cases timed (the exhaustive ones, at most a few thousand, and random ones).
    pub cases: usize,
    /// The fast side.
    pub fast: FastSide,
    /// The oracle.
    pub oracle: OracleSide,
    /// The scaling curves (pile games).
    pub scaling: Vec<ScalePoint>,
}

/// The fast side on an entry's cases.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FastSide {
    /// Microseconds per query (cases it declined included).
    pub micros_per_query: f64,
    /// Cases it declined.
    pub declined: usize,
}

/// The oracle on an entry's cases, from a fresh memo.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OracleSide {
    /// Microseconds per query.
    pub micros_per_query: f64,
    /// Cases it could not answer within its budget.
    pub failed: usize,
    /// Positions it kept, when it counts them.
    pub positions: Option<usize>,
    /// Bytes a position.
    pub bytes_per_position: Option<f64>,
    /// Positions per second.
    pub positions_per_second: Option<f64>,
    /// The largest box it solved within the budget (pile games).
    pub largest_box: Option<LargestBox>,
}

/// One point of a scaling curve: a size, and how long each side took at it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ScalePoint {
    /// The largest plate.
    pub size: u64,
    /// Positions the oracle solved (the whole box), when it ran at this size.
    pub oracle_positions: Option<u64>,
    /// Seconds the oracle took.
    pub oracle_seconds: Option<f64>,
    /// Seconds the fast side took to answer a plate of this size (tables included).
    pub fast_seconds: Option<f64>,
}

/// The largest box the oracle solved within the budget.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct LargestBox {
    /// Most plates.
    pub plates: usize,
    /// Largest plate.
    pub size: u64,
    /// Positions in it.
    pub positions: u64,
    /// Seconds it took.
    pub seconds: f64,
}

/// Most exhaustive cases timed per entry.
const MOST_CASES: usize = 4000;

/// Random cases timed per entry.
const RANDOM_CASES: usize = 200;

/// Measures `problem`: its cases on both sides, then its scaling, `time` for each side (and
/// each box within it), within `budget`.
pub fn bench<P: Problem>(problem: &P, time: Duration, budget: &Budget) -> BenchRow {
    let mut cases: Vec<P::Instance> = problem.exhaustive().cases.into_iter().take(MOST_CASES).collect();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(20261123);
    cases.extend((0..RANDOM_CASES).map(|_| problem.random(&mut rng)));
    let started = Instant::now();
    let fast_declined = cases.iter().filter(|case| problem.fast(case).is_err()).count();
    let fast = started.elapsed().as_secs_f64();
    let mut memo = problem.memo(budget.oracle());
    let started = Instant::now();
    let oracle_failed = cases.iter().filter(|case| problem.oracle(&mut memo, case).is_err()).count();
    let oracle = started.elapsed().as_secs_f64();
    let stats: Option<Stats> = problem.memo_stats(&memo);
    let per = |seconds: f64| seconds * 1e6 / cases.len().max(1) as f64;
    let (scaling, largest_box) = match problem.scaling_rules() {
        Some((rules, plates)) => {
            let scaling = scaling(rules, plates, time, budget);
            let largest_box = largest_box(plates, &scaling);
            (scaling, largest_box)
        }
        None => (Vec::new(), None),
    };
    BenchRow {
        name: problem.name(),
        cases: cases.len(),
        fast: FastSide { micros_per_query: per(fast), declined: fast_declined },
        oracle: OracleSide {
            micros_per_query: per(oracle),
            failed: oracle_failed,
            positions: stats.map(|s| s.positions),
            bytes_per_position: stats.map(|s| s.bytes_per_position()),
            positions_per_second: stats.map(|s| s.positions as f64 / oracle.max(1e-9)),
            largest_box,
        },
        scaling,
    }
}

/// How each side of a pile game scales: the oracle on boxes of `plates` plates, and the fast side
/// on one plate, for growing sizes, until one takes a quarter of `time`; a box not solved within
/// `time` is not a point (no limit on positions: the memory budget holds it).
fn scaling(rules: &RuleSet, plates: usize, time: Duration, budget: &Budget) -> Vec<ScalePoint> {
    let quarter = time.as_secs_f64() / 4.0;
    let mut points: Vec<ScalePoint> = Vec::new();
    let kind = rules.value_kind();
    // The oracle: boxes of growing size.
    let mut size = 2u64;
    while PileBox::applies(rules) {
        let started = Instant::now();
        let within = budget.until(started.checked_add(time)).oracle();
        let Ok(solved) =
            PileBox::solve(rules, kind, plates, size, grundy_oracle::Budget { max_states: usize::MAX, ..within })
        else {
            break;
        };
        let seconds = started.elapsed().as_secs_f64();
        points.push(ScalePoint {
            size,
            oracle_positions: Some(solved.stats().positions as u64),
            oracle_seconds: Some(seconds),
            fast_seconds: None,
        });
        if seconds > quarter || size >= 1 << 20 {
            break;
        }
        size *= 2;
    }
    // The fast side: one plate of growing size, tables included.
    let mut size = 2u64;
    loop {
        let started = Instant::now();
        let answered = PileSolver::new(rules, size).and_then(|solver| solver.solve(&[size])).is_ok();
        let seconds = started.elapsed().as_secs_f64();
        if !answered {
            break;
        }
        match points.iter_mut().find(|point| point.size == size) {
            Some(point) => point.fast_seconds = Some(seconds),
            None => points.push(ScalePoint {
                size,
                oracle_positions: None,
                oracle_seconds: None,
                fast_seconds: Some(seconds),
            }),
        }
        if seconds > quarter || size >= 1 << 62 {
            break;
        }
        size *= 4;
    }
    points.sort_by_key(|point| point.size);
    points
}

/// The largest box of `plates` plates the oracle solved among the scaling points.
fn largest_box(plates: usize, scaling: &[ScalePoint]) -> Option<LargestBox> {
    scaling.iter().rev().find_map(|point| {
        Some(LargestBox {
            plates,
            size: point.size,
            positions: point.oracle_positions?,
            seconds: point.oracle_seconds?,
        })
    })
}

/// The text table of a bench run.
pub fn table(rows: &[BenchRow]) -> String {
    let mut text = format!(
        "{:<26} {:>6} {:>10} {:>10} {:>10} {:>8} {:>12}  {}\n",
        "entry", "cases", "fast µs", "oracle µs", "positions", "B/pos", "positions/s", "largest box in budget"
    );
    for row in rows {
        let number = |value: Option<f64>, digits: usize| value.map_or("-".to_string(), |v| format!("{v:.digits$}"));
        let largest = match row.oracle.largest_box {
            Some(b) => format!("{} plates ≤ {} ({} positions, {:.2}s)", b.plates, b.size, b.positions, b.seconds),
            None => "-".to_string(),
        };
        let mut notes = String::new();
        if row.fast.declined > 0 {
            notes.push_str(&format!(" fast declined {}", row.fast.declined));
        }
        if row.oracle.failed > 0 {
            notes.push_str(&format!(" oracle failed {}", row.oracle.failed));
        }
        text.push_str(&format!(
            "{:<26} {:>6} {:>10.2} {:>10.2} {:>10} {:>8} {:>12}  {largest}{notes}\n",
            row.name,
            row.cases,
            row.fast.micros_per_query,
            row.oracle.micros_per_query,
            row.oracle.positions.map_or("-".to_string(), |p| p.to_string()),
            number(row.oracle.bytes_per_position, 1),
            number(row.oracle.positions_per_second, 0),
        ));
    }
    text
}
