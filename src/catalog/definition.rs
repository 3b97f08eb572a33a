//! The fast side's heap tables against values by definition: one registry entry per game,
//! `definition:GAME`, and `definition:random` on random operations.
//!
//! The oracle stops at heap 45 of games that split heaps (a heap reaches every way of cutting it
//! up); the fast side's tables go to 10^9. Between the two stands the second ground truth,
//! [`grundy_definition`]: every single heap by mex over its options, a split position's value the
//! XOR of its parts. These entries put the fast side's table (plain, sparse-space or periodic) against
//! it, heap by heap, far past the game tree; a report names the level (`definition`) as the side
//! the fast side is judged by.

use std::collections::HashMap;
use std::sync::OnceLock;

use grundy_definition::{Definition, Stopped};
use grundy_fast::{HeapTable, Unsupported};
use grundy_oracle::{Budget, OracleError};
use grundy_rules::games::PilePosition;
use grundy_rules::{Compound, Operation, Play, RuleSet, Value};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use crate::catalog::pile::{Piles, parse_pile_case, pile_case, pile_case_text};
use crate::problem::{Data, Memo, Problem};
use crate::runner::Exhaustive;

/// Every heap up to this is checked in order.
const EXHAUSTIVE_HEAPS: u64 = 1500;
/// Random heaps of a fixed game go up to this (Kayles' table by definition: about 0.5 s).
const RANDOM_HEAPS: u64 = 50_000;
/// Random heaps of a random operation go up to this.
const RANDOM_OPERATION_HEAPS: u64 = 1500;
/// Tables by definition kept at most by one memo.
const MOST_TABLES: usize = 64;

/// Single heaps of one game (or of random operations, `game: None`), the fast side's table
/// against values by definition.
pub struct DefinitionProblem {
    game: Option<RuleSet>,
    table: OnceLock<Result<HeapTable, Unsupported>>,
}

impl DefinitionProblem {
    /// The entry of `operation` (normal play).
    pub fn new(operation: &str) -> DefinitionProblem {
        let operation: Operation = operation.parse().expect("a valid operation");
        let game = Some(RuleSet::new(operation, Compound::Disjunctive, Play::Normal));
        DefinitionProblem { game, table: OnceLock::new() }
    }

    /// The registry's entries: Kayles, Dawson's Kayles, Officers (no known period: the sparse
    /// space), 0.16 (a long period), Grundy's game, and random operations.
    pub fn entries() -> Vec<DefinitionProblem> {
        let mut entries: Vec<DefinitionProblem> =
            ["octal:0.77", "octal:0.07", "octal:0.6", "octal:0.16", "grundy"].into_iter().map(Self::new).collect();
        entries.push(DefinitionProblem { game: None, table: OnceLock::new() });
        entries
    }

    fn largest(&self) -> u64 {
        if self.game.is_some() { RANDOM_HEAPS } else { RANDOM_OPERATION_HEAPS }
    }

    fn case(rules: &RuleSet, x: u64) -> PilePosition {
        pile_case(rules, vec![x])
    }
}

/// Tables by definition, one per operation, grown as cases ask.
pub struct Tables {
    tables: HashMap<Operation, Definition>,
    budget: Budget,
}

impl Memo for Tables {
    fn fresh(budget: Budget) -> Self {
        Tables { tables: HashMap::new(), budget }
    }
}

impl Problem for DefinitionProblem {
    type Instance = PilePosition;
    type Answer = Value;
    type Memo = Tables;

    const DATA: Data = Data::without_contest(
        "definition",
        "the fast side's heap tables against values by definition (mex, XOR of parts)",
    );

    fn name(&self) -> String {
        match &self.game {
            Some(rules) => format!("definition:{}", rules.operation),
            None => "definition:random".to_string(),
        }
    }

    fn summary(&self) -> String {
        let game = self.game.as_ref().map_or("random operations".to_string(), |rules| rules.operation.to_string());
        format!("{game}: the fast side's heap table against values by definition (mex, XOR of parts)")
    }

    fn truth(&self) -> &'static str {
        "definition"
    }

    fn exhaustive(&self) -> Exhaustive<PilePosition> {
        match &self.game {
            Some(rules) => Exhaustive {
                cases: (0..=EXHAUSTIVE_HEAPS).map(|x| Self::case(rules, x)).collect(),
                description: format!("every single heap 0..={EXHAUSTIVE_HEAPS}, {}", grundy_definition::LEVEL),
            },
            None => Exhaustive { cases: Vec::new(), description: "none (random operations only)".to_string() },
        }
    }

    fn random(&self, rng: &mut ChaCha8Rng) -> PilePosition {
        let rules = match &self.game {
            Some(rules) => rules.clone(),
            None => RuleSet::new(Piles::random_operation(rng), Compound::Disjunctive, Play::Normal),
        };
        let x = rng.random_range(0..=self.largest());
        Self::case(&rules, x)
    }

    fn oracle(&self, memo: &mut Tables, case: &PilePosition) -> Result<Value, OracleError> {
        if memo.tables.len() >= MOST_TABLES && !memo.tables.contains_key(&case.rules.operation) {
            memo.tables.clear();
        }
        let table = match memo.tables.entry(case.rules.operation.clone()) {
            std::collections::hash_map::Entry::Occupied(entry) => entry.into_mut(),
            std::collections::hash_map::Entry::Vacant(entry) => {
                let definition = Definition::new(&case.rules.operation, case.rules.play)
                    .map_err(|error| OracleError::Beyond(error.to_string()))?;
                entry.insert(definition)
            }
        };
        // A sum of heaps (a shrunk case may hold several): the XOR of their values.
        let mut value = 0;
        for &x in case.position.plates() {
            table.extend_to(x, memo.budget.deadline).map_err(|error| match error {
                Stopped::Deadline { .. } => OracleError::TimeExceeded,
                other => OracleError::Beyond(other.to_string()),
            })?;
            value ^= u64::from(table.value(x).expect("computed up to x"));
        }
        Ok(Value::Grundy(value))
    }

    fn fast(&self, case: &PilePosition) -> Result<Value, Unsupported> {
        self.fast_until(case, None)
    }

    /// The table stops at `deadline`; a table stopped so is not kept (a later run builds it again).
    fn fast_until(&self, case: &PilePosition, deadline: Option<std::time::Instant>) -> Result<Value, Unsupported> {
        let largest = case.position.largest();
        let computed;
        let table = match (&self.game, self.table.get()) {
            (Some(rules), _) if rules != &case.rules => {
                return Err(Unsupported::NoTheory(format!("this entry answers {} only", rules.operation)));
            }
            (Some(_), Some(table)) => table.as_ref().map_err(Unsupported::clone)?,
            (Some(rules), None) => {
                let most = RANDOM_HEAPS.max(EXHAUSTIVE_HEAPS);
                let built = grundy_fast::heap_table_until(&rules.operation, rules.play, most, deadline);
                if let Err(stopped @ Unsupported::OutOfTime { .. }) = built {
                    return Err(stopped);
                }
                self.table.get_or_init(|| built).as_ref().map_err(Unsupported::clone)?
            }
            (None, _) => {
                computed = grundy_fast::heap_table_until(&case.rules.operation, case.rules.play, largest, deadline)?;
                &computed
            }
        };
        let mut value = 0;
        for &x in case.position.plates() {
            let heap = table.value(x).ok_or_else(|| {
                Unsupported::NoTheory(format!(
                    "the table of {} stops at heap {}",
                    case.rules.operation,
                    table.computed_to()
                ))
            })?;
            value ^= u64::from(heap);
        }
        Ok(Value::Grundy(value))
    }

    fn case_text(&self, case: &PilePosition) -> String {
        pile_case_text(self.game.as_ref(), case)
    }

    fn parse_case(&self, text: &str) -> Result<PilePosition, grundy_rules::ParseError> {
        parse_pile_case(self.game.as_ref(), text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Entry;
    use crate::runner::{Plan, Status};

    #[test]
    fn a_wrong_table_is_caught_past_the_game_tree() {
        // Kayles' table agrees; a plant: the table of 0.77 judged against 0.07's definition.
        let kayles = DefinitionProblem::new("octal:0.77");
        let plan = Plan::new(1, 20);
        let report = Entry::check(&kayles, &plan, &|_| {});
        assert_eq!(report.status, Status::Ok, "{report:?}");
        assert_eq!(report.sides.0, "definition");
        // An entry the time budget left unstarted names the same sides (not the oracle).
        let expired = Plan { budget: crate::budget::Budget::default().for_seconds(Some(0.0)), ..Plan::new(1, 20) };
        let entries: Vec<Box<dyn Entry>> = vec![Box::new(DefinitionProblem::new("grundy"))];
        let reports = crate::check::run_entries(&entries, &expired, &|_| {}, &mut |_| {});
        assert_eq!((reports[0].status, reports[0].sides.0.as_str()), (Status::NotReached, "definition"));
        let mut memo = kayles.memo(Budget::default());
        let dawson = RuleSet::new("octal:0.07".parse().unwrap(), Compound::Disjunctive, Play::Normal);
        let at_100 = DefinitionProblem::case(&dawson, 100);
        let truth = kayles.oracle(&mut memo, &at_100).unwrap();
        assert_ne!(Some(truth), kayles.fast(&DefinitionProblem::case(kayles.game.as_ref().unwrap(), 100)).ok());
    }
}
