//! `grundy table`: the Grundy values of single heaps, their period and its proof, and (misère
//! play) each heap's genus.

use grundy_fast::HeapTable;
use grundy_fast::genus::Genus;
use grundy_rules::{Operation, Play};

use crate::error::Error;

/// How many heaps a misère table computes the genus of.
pub const GENUS_HEAPS: u64 = 2000;

/// A table of single heaps `0..=upto`.
#[derive(Debug, Clone)]
pub struct Table {
    /// The operation.
    pub operation: Operation,
    /// The convention.
    pub play: Play,
    /// The largest heap asked for.
    pub upto: u64,
    /// The values, with the period and whether it is proven.
    pub values: HeapTable,
    /// Misère play: the genus of each of the first heaps.
    pub genera: Option<Vec<Genus>>,
    /// Why the values stop before the heap asked for (`upto` is then the last heap computed).
    pub stopped: Option<String>,
}

impl Table {
    /// The value of heap `x ≤ upto`.
    pub fn value(&self, x: u64) -> u32 {
        self.values.value(x).expect("values up to the table's end are computed or proven")
    }

    /// The first heap that is not tame, among those whose genus was computed.
    pub fn first_untame(&self) -> Option<usize> {
        self.genera.as_ref().and_then(|genera| genera.iter().position(|genus| !genus.is_tame()))
    }
}

/// The map of two-plate positions `(a, b)`, `a, b ≤ upto`, of a pile game: each position's
/// Grundy value where the compound combines Grundy values, else 0 for a second-player win and 1
/// for a first-player win (`None` where the fast side declines).
pub fn pile_pairs(
    rules: &grundy_rules::RuleSet,
    upto: u64,
    deadline: Option<std::time::Instant>,
) -> Result<crate::problem::PairMap, Error> {
    use grundy_rules::{Outcome, Value};
    let solver = grundy_fast::PileSolver::until(rules, upto, deadline)?;
    let value = |a: u64, b: u64| match solver.solve(&[a, b]) {
        Ok(solution) => Some(match solution.value {
            Some(Value::Grundy(g)) => g,
            _ => u64::from(solution.outcome == Outcome::First),
        }),
        Err(_) => None,
    };
    let values = (0..=upto).map(|a| (0..=upto).map(|b| value(a, b)).collect()).collect();
    Ok(crate::problem::PairMap { axes: ("plate a", "plate b"), low: 0, values })
}

/// What a table may spend: the run's deadline (a table growing toward a period stops there with
/// an error saying how far it got; a misère table of a game that splits heaps, which searches
/// whole positions, stops there and says where), and most positions memoised by the latter.
#[derive(Debug, Clone, Copy)]
pub struct TableBudget {
    /// Most positions memoised.
    pub max_positions: usize,
    /// When to stop; `None`: no limit.
    pub deadline: Option<std::time::Instant>,
}

impl Default for TableBudget {
    /// No deadline, the fast side's most positions.
    fn default() -> TableBudget {
        TableBudget { max_positions: grundy_fast::periodic::MISERE_POSITIONS, deadline: None }
    }
}

/// The table of `operation` under `play`, up to heap `upto`.
pub fn compute(operation: &Operation, play: Play, upto: u64) -> Result<Table, Error> {
    compute_within(operation, play, upto, TableBudget::default())
}

/// The table of `operation` under `play`, up to heap `upto`; misère tables of octal games that
/// split heaps are computed on whole positions by definition within `budget`, and may stop
/// early (the table then says where and why).
pub fn compute_within(operation: &Operation, play: Play, upto: u64, budget: TableBudget) -> Result<Table, Error> {
    if let (Operation::Octal(digits), true, Play::Misere) = (operation, operation.splits(), play) {
        let fast_budget =
            grundy_fast::misere::Budget { max_positions: budget.max_positions, deadline: budget.deadline };
        let heaps = grundy_fast::misere::single_heaps(digits, upto, fast_budget)?;
        if heaps.values.is_empty() {
            return Err(Error::usage(format!(
                "no misère value of {operation} was computed: {}",
                heaps.stopped.as_deref().unwrap_or("the budget is empty")
            )));
        }
        let computed = heaps.values.len() as u64 - 1;
        let values = HeapTable { values: heaps.values, period: None, proven: false };
        let stopped = heaps.stopped.map(|why| format!("{why} ({} positions searched)", heaps.positions));
        return Ok(Table { operation: operation.clone(), play, upto: computed, values, genera: None, stopped });
    }
    let values = grundy_fast::heap_table_until(operation, play, upto, budget.deadline)?;
    // Misère tables of games that keep one heap also get each heap's genus (for the first heaps).
    let genera = match play {
        Play::Misere => Some(grundy_fast::genus::genus_table(operation, upto.min(GENUS_HEAPS))?),
        Play::Normal => None,
    };
    Ok(Table { operation: operation.clone(), play, upto, values, genera, stopped: None })
}
