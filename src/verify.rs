//! `grundy verify`: a guessed formula checked against the oracle.
//!
//! * `--value EXPR` guesses the per-plate value the compound combines, as a function of the
//!   plate `x` (and the operation's parameter `m`, for `upto:m` and `mod:m`): the Grundy value
//!   for disjunctive compounds (misère: the misère Grundy value), remoteness for conjunctive,
//!   suspense for continued conjunctive, the foreclosed value for diminished disjunctive (`-1`
//!   for ended, `-2` for imminent), and for the selective compounds `1` when the player to move
//!   wins the plate alone, else `0`. Every single plate is checked in increasing order up to a
//!   bound, then random larger plates; the oracle decides each, on the position of that plate.
//! * `--wins EXPR` guesses the outcome of a whole position `p` (an array of plates): true when
//!   the player to move wins. Every position of a few small plates is checked, then random ones;
//!   a failure is shrunk to a smallest position.
//!
//! Formulas are Rhai expressions: integers, `+ - * / % ^ & | << >>`, comparisons, `if … { } else
//! { }`, arrays (`[0, 1, 2][x % 3]`), `let`, loops — with an operation limit, so a looping
//! formula is stopped — and helpers `popcount(x)`, `xor_all(p)`, `sum(p)`, `min(a, b)`,
//! `max(a, b)`.

use std::time::Instant;

use grundy_oracle::{Budget, Engine, OracleError, PileGame};
use grundy_rules::{Foreclosed, Operation, Outcome, RuleSet, Solution, Value, ValueKind};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use rhai::{Array, Dynamic, Scope};
use serde::Serialize;

use crate::registry::{Family, PileEntry};

/// Largest heap checked exhaustively in games whose moves split heaps.
const SPLITTING_HEAPS: u64 = 45;

/// Most operations one evaluation of a formula may take.
const OPERATIONS: u64 = 1_000_000;

/// A compiled formula.
pub struct Formula {
    engine: rhai::Engine,
    ast: rhai::AST,
    text: String,
}

impl Formula {
    /// Compiles `text`; the error names the column.
    pub fn new(text: &str) -> Result<Formula, String> {
        let mut engine = rhai::Engine::new();
        engine.set_max_operations(OPERATIONS);
        engine.set_max_expr_depths(64, 64);
        engine.register_fn("popcount", |x: i64| i64::from(x.count_ones()));
        engine.register_fn("xor_all", |p: Array| p.iter().map(|v| v.as_int().unwrap_or(0)).fold(0, |a, b| a ^ b));
        engine.register_fn("sum", |p: Array| p.iter().map(|v| v.as_int().unwrap_or(0)).fold(0i64, i64::wrapping_add));
        engine.register_fn("min", |a: i64, b: i64| a.min(b));
        engine.register_fn("max", |a: i64, b: i64| a.max(b));
        let ast = engine.compile(text).map_err(|error| {
            let position = error.position();
            let place = match (position.line(), position.position()) {
                (Some(1) | None, Some(column)) => format!("column {column}"),
                (Some(line), Some(column)) => format!("line {line}, column {column}"),
                _ => "the end".to_string(),
            };
            format!("formula `{text}`: {place}: {}", error.err_type())
        })?;
        Ok(Formula { engine, ast, text: text.to_string() })
    }

    fn eval(&self, scope: &mut Scope<'_>) -> Result<Dynamic, String> {
        self.engine
            .eval_ast_with_scope::<Dynamic>(scope, &self.ast)
            .map_err(|error| format!("formula `{}`: {}", self.text, error.to_string().replace('\n', " ")))
    }

    /// The formula's integer at plate `x`.
    pub fn value_at(&self, x: u64, parameter: Option<u64>) -> Result<i64, String> {
        let mut scope = Scope::new();
        scope.push("x", i64::try_from(x).unwrap_or(i64::MAX));
        if let Some(m) = parameter {
            scope.push("m", i64::try_from(m).unwrap_or(i64::MAX));
        }
        let value = self.eval(&mut scope)?;
        if let Some(b) = value.clone().try_cast::<bool>() {
            return Ok(i64::from(b));
        }
        value.as_int().map_err(|kind| format!("formula `{}` gave a {kind}, not an integer", self.text))
    }

    /// The formula's verdict on the position `plates`.
    pub fn wins(&self, plates: &[u64], parameter: Option<u64>) -> Result<bool, String> {
        let mut scope = Scope::new();
        let array: Array = plates.iter().map(|&x| Dynamic::from(i64::try_from(x).unwrap_or(i64::MAX))).collect();
        scope.push("p", array);
        if let Some(m) = parameter {
            scope.push("m", i64::try_from(m).unwrap_or(i64::MAX));
        }
        let value = self.eval(&mut scope)?;
        value
            .clone()
            .try_cast::<bool>()
            .or_else(|| value.as_int().ok().map(|v| v != 0))
            .ok_or_else(|| format!("formula `{}` gave a {}, not true/false", self.text, value.type_name()))
    }
}

/// How far a guess held, or where it broke.
#[derive(Debug, Clone, Serialize)]
pub struct VerifyReport {
    /// The game.
    pub game: String,
    /// The formula.
    pub formula: String,
    /// The seed of the random part.
    pub seed: u64,
    /// What was covered, in words.
    pub covered: Vec<String>,
    /// The failure, if any.
    pub counterexample: Option<VerifyFailure>,
}

/// The smallest case where the guess is wrong.
#[derive(Debug, Clone, Serialize)]
pub struct VerifyFailure {
    /// The plate or position.
    pub case: String,
    /// The oracle's answer.
    pub expected: String,
    /// The formula's answer.
    pub guessed: String,
}

/// What `--value` is compared with: the single plate's value of the compound's kind, as an
/// integer.
fn plate_truth(solution: Solution) -> i64 {
    match solution.value {
        Some(Value::Grundy(g) | Value::Remoteness(g) | Value::Suspense(g)) => g as i64,
        Some(Value::Foreclosed(Foreclosed::Grundy(g))) => g as i64,
        Some(Value::Foreclosed(Foreclosed::Ended)) => -1,
        Some(Value::Foreclosed(Foreclosed::Imminent)) => -2,
        None => i64::from(solution.outcome == Outcome::First),
    }
}

fn describe_kind(rules: &RuleSet) -> &'static str {
    match PileGame::value_kind(rules) {
        ValueKind::Grundy => "grundy",
        ValueKind::Foreclosed => "foreclosed",
        ValueKind::Remoteness => "remoteness",
        ValueKind::Suspense => "suspense",
        ValueKind::OutcomeOnly => "first-player-wins",
    }
}

/// The parameter `m` of `upto:m` and `mod:m`.
fn parameter(rules: &RuleSet) -> Option<u64> {
    match rules.operation {
        Operation::UpTo(m) | Operation::Mod(m) => Some(m),
        _ => None,
    }
}

/// Checks a per-plate value formula: plates `0..=exhaustive` in order, then `random` random
/// plates up to `largest`, until `deadline`.
pub fn verify_value(
    rules: &RuleSet,
    formula: &Formula,
    seed: u64,
    exhaustive: u64,
    random: u64,
    largest: u64,
    deadline: Option<Instant>,
) -> Result<VerifyReport, String> {
    let mut oracle = Engine::new(PileGame::new(rules.clone()), PileGame::value_kind(rules), Budget::default());
    let m = parameter(rules);
    let kind = describe_kind(rules);
    // A single heap that splits reaches every way of cutting it up: the oracle's work grows like
    // the partitions of the heap, so those games are checked on small heaps only.
    let (exhaustive, largest) = if rules.operation.splits() {
        (exhaustive.min(SPLITTING_HEAPS), largest.min(SPLITTING_HEAPS + 8))
    } else {
        (exhaustive, largest)
    };
    let mut report = VerifyReport {
        game: rules.to_string(),
        formula: formula.text.clone(),
        seed,
        covered: Vec::new(),
        counterexample: None,
    };
    let check = |x: u64, oracle: &mut Engine<PileGame>| -> Result<Option<VerifyFailure>, OracleError> {
        let truth = plate_truth(oracle.solve(&vec![x])?);
        Ok(match formula.value_at(x, m) {
            Ok(guess) if guess == truth => None,
            Ok(guess) => Some(VerifyFailure {
                case: format!("x = {x}"),
                expected: format!("{kind} {truth}"),
                guessed: guess.to_string(),
            }),
            Err(error) => {
                Some(VerifyFailure { case: format!("x = {x}"), expected: format!("{kind} {truth}"), guessed: error })
            }
        })
    };
    let mut checked_to = None;
    for x in 0..=exhaustive {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        match check(x, &mut oracle) {
            Ok(None) => checked_to = Some(x),
            Ok(Some(failure)) => {
                report.counterexample = Some(failure);
                break;
            }
            Err(error) => {
                report.covered.push(format!("single plates stopped at {x}: {error}"));
                break;
            }
        }
    }
    if let Some(top) = checked_to {
        report.covered.insert(0, format!("every single plate 0..={top} ({kind}, by the oracle)"));
    }
    if report.counterexample.is_some() || checked_to != Some(exhaustive) {
        return Ok(report);
    }
    let mut rng = crate::check::rng_for(seed, "verify");
    let mut tried = 0;
    for _ in 0..random {
        if deadline.is_some_and(|d| Instant::now() >= d) || largest <= exhaustive {
            break;
        }
        let x = rng.random_range(exhaustive + 1..=largest);
        match check(x, &mut oracle) {
            Ok(None) => tried += 1,
            Ok(Some(failure)) => {
                // The smallest failing plate: the first in increasing order from the exhaustive bound.
                let smallest =
                    (exhaustive + 1..x).find_map(|y| check(y, &mut oracle).ok().flatten()).unwrap_or(failure);
                report.counterexample = Some(smallest);
                break;
            }
            Err(error) => {
                report.covered.push(format!("random plates stopped: {error}"));
                break;
            }
        }
    }
    if tried > 0 {
        report.covered.push(format!("{tried} random plates in {}..={largest} (by the oracle)", exhaustive + 1));
    }
    Ok(report)
}

/// Checks a whole-position outcome formula: every position of the registry's exhaustive shape,
/// then `random` random positions, shrinking a failure to a smallest position.
pub fn verify_wins(
    rules: &RuleSet,
    formula: &Formula,
    seed: u64,
    random: u64,
    deadline: Option<Instant>,
) -> Result<VerifyReport, String> {
    let entry = PileEntry::new("verify", rules.clone());
    let mut oracle = Engine::new(PileGame::new(rules.clone()), ValueKind::OutcomeOnly, Budget::default());
    let m = parameter(rules);
    let mut report = VerifyReport {
        game: rules.to_string(),
        formula: formula.text.clone(),
        seed,
        covered: Vec::new(),
        counterexample: None,
    };
    let failure = |plates: &[u64], oracle: &mut Engine<PileGame>| -> Result<Option<VerifyFailure>, OracleError> {
        let first = oracle.solve(&plates.to_vec())?.outcome == Outcome::First;
        let position = plates.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
        Ok(match formula.wins(plates, m) {
            Ok(guess) if guess == first => None,
            Ok(guess) => Some(VerifyFailure {
                case: format!("p = [{position}]"),
                expected: first.to_string(),
                guessed: guess.to_string(),
            }),
            Err(error) => {
                Some(VerifyFailure { case: format!("p = [{position}]"), expected: first.to_string(), guessed: error })
            }
        })
    };
    let mut shrink_from = None;
    let positions = entry.exhaustive();
    let mut exhaustive_done = 0;
    for position in &positions {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        match failure(position.plates(), &mut oracle) {
            Ok(None) => exhaustive_done += 1,
            Ok(Some(found)) => {
                shrink_from = Some((position.clone(), found));
                break;
            }
            Err(error) => return Err(error.to_string()),
        }
    }
    let shape = entry.exhaustive_description().replacen("all positions", "positions", 1);
    report.covered.push(if exhaustive_done == positions.len() {
        format!("all {exhaustive_done} {shape} (by the oracle)")
    } else {
        format!("{exhaustive_done} of the {} {shape} (by the oracle)", positions.len())
    });
    if shrink_from.is_none() && exhaustive_done == positions.len() {
        let mut rng: ChaCha8Rng = crate::check::rng_for(seed, "verify");
        let mut tried = 0;
        for _ in 0..random {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            let position = entry.random(&mut rng);
            match failure(position.plates(), &mut oracle) {
                Ok(None) => tried += 1,
                Ok(Some(found)) => {
                    shrink_from = Some((position, found));
                    break;
                }
                Err(error) => {
                    report.covered.push(format!("random positions stopped: {error}"));
                    break;
                }
            }
        }
        report.covered.push(format!("{tried} random positions (by the oracle)"));
    }
    if let Some((mut position, mut found)) = shrink_from {
        'smaller: loop {
            for candidate in entry.shrink(&position) {
                if let Ok(Some(smaller)) = failure(candidate.plates(), &mut oracle) {
                    (position, found) = (candidate, smaller);
                    continue 'smaller;
                }
            }
            break;
        }
        report.counterexample = Some(found);
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_evaluate_and_errors_name_the_column() {
        let f = Formula::new("if x % 2 == 0 { popcount(x) } else { max(x, 3) }").unwrap();
        assert_eq!(f.value_at(6, None).unwrap(), 2);
        assert_eq!(f.value_at(1, None).unwrap(), 3);
        let w = Formula::new("xor_all(p) != 0").unwrap();
        assert!(w.wins(&[1, 2], None).unwrap());
        assert!(!w.wins(&[3, 1, 2], None).unwrap());
        let error = Formula::new("x % (m + ").err().unwrap();
        assert!(error.contains("column"), "{error}");
        let looping = Formula::new("loop { }").unwrap();
        assert!(looping.value_at(1, None).unwrap_err().contains("formula"));
    }
}
