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
//!   the player to move wins. Every position of a few small plates is checked, then random ones.
//!
//! Both run through the one runner ([`crate::runner`]): the formula is the side under test, and a
//! counterexample is shrunk by the one shrinker to a minimal one.
//!
//! Formulas are Rhai expressions: integers, `+ - * / % ^ & | << >>`, comparisons, `if … { } else
//! { }`, arrays (`[0, 1, 2][x % 3]`), `let`, loops — with limits on operations, string and array
//! sizes and call depth, so a runaway formula is stopped — and helpers `popcount(x)`,
//! `xor_all(p)`, `sum(p)`, `min(a, b)`, `max(a, b)`. An unknown variable or a syntax error is
//! found before anything runs.

use std::time::Instant;

use grundy_definition::Definition;
use grundy_oracle::{Engine, PileGame};
use grundy_rules::{
    Compound, Foreclosed, LoopyOutcome, Operation, Outcome, Position, RuleSet, Solution, Value, ValueKind,
};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use rhai::{Array, Dynamic, Scope};
use serde::Serialize;

use crate::budget::Budget;
use crate::catalog::pile::Piles;
use crate::error::Error;
use crate::runner::{self, Exhaustive, Heading, Plan, Report, Status, Subject, Verdict, sorted_sequences};
use crate::shrink::Minimality;

/// Largest heap checked exhaustively in games whose moves split heaps: a single heap reaches
/// every way of cutting it up, so the oracle's work grows like the partitions of the heap.
pub const SPLITTING_HEAPS: u64 = 45;

/// Largest heap `verify` takes values by definition to ([`grundy_definition`]): their work
/// grows like n² (Kayles to 10^5 in about 2 s).
pub const DEFINITION_HEAPS: u64 = 100_000;

/// Most operations one evaluation of a formula may take.
const OPERATIONS: u64 = 1_000_000;

/// A compiled formula.
pub struct Formula {
    engine: rhai::Engine,
    ast: rhai::AST,
    text: String,
}

/// Which variables a formula sees.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variables {
    /// `x`, the plate (and `m`).
    Plate,
    /// `p`, the position (and `m`).
    Position,
}

/// Why a formula gave no answer on one case.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FormulaError {
    /// Evaluating it failed (a function it calls with the wrong arguments, a loop past its
    /// operations, a string or array past its size).
    #[error("formula `{formula}`: {message}")]
    Evaluation {
        /// The formula.
        formula: String,
        /// What Rhai said, on one line.
        message: String,
    },
    /// It gave a value of another kind than asked for.
    #[error("formula `{formula}` gave {gave}, not {wanted}")]
    WrongType {
        /// The formula.
        formula: String,
        /// What it gave ("a string", "\"maybe\"").
        gave: String,
        /// What was wanted.
        wanted: &'static str,
    },
}

impl FormulaError {
    /// Whether the formula fails this way on every input: a value of the wrong kind, or a call
    /// that can never work.
    fn on_every_input(&self) -> bool {
        match self {
            FormulaError::WrongType { .. } => true,
            FormulaError::Evaluation { message, .. } => {
                message.contains("Function not found") || message.contains("mismatch")
            }
        }
    }
}

impl Formula {
    /// Compiles `text` for the given variables; an error names the column (unknown variables
    /// included).
    pub fn new(text: &str, variables: Variables) -> Result<Formula, Error> {
        let mut engine = rhai::Engine::new();
        engine.set_max_operations(OPERATIONS);
        engine.set_max_expr_depths(64, 64);
        engine.set_max_call_levels(32);
        engine.set_max_string_size(1 << 16);
        engine.set_max_array_size(1 << 20);
        engine.set_max_map_size(1 << 16);
        // No maps: Rhai does not bound a map that `m[k] = v` grows (see `script::Script::compile`).
        engine.disable_symbol("#{");
        engine.set_strict_variables(true);
        engine.register_fn("popcount", |x: i64| i64::from(x.count_ones()));
        engine.register_fn("xor_all", |p: Array| p.iter().map(|v| v.as_int().unwrap_or(0)).fold(0, |a, b| a ^ b));
        engine.register_fn("sum", |p: Array| p.iter().map(|v| v.as_int().unwrap_or(0)).fold(0i64, i64::wrapping_add));
        engine.register_fn("min", |a: i64, b: i64| a.min(b));
        engine.register_fn("max", |a: i64, b: i64| a.max(b));
        let ast = engine.compile_with_scope(&Formula::scope(variables, 0, &[0], Some(0)), text).map_err(|error| {
            let position = error.position();
            let place = match (position.line(), position.position()) {
                (Some(1) | None, Some(column)) => format!("column {column}"),
                (Some(line), Some(column)) => format!("line {line}, column {column}"),
                _ => "the end".to_string(),
            };
            let known = match variables {
                Variables::Plate => "x (the plate) and m",
                Variables::Position => "p (the plates) and m",
            };
            let mut message = crate::script::parse_error(error.err_type());
            if message.contains("Undefined variable") || message.contains("Variable not found") {
                message = format!("{message} (the formula may use {known})");
            }
            Error::usage(format!("formula `{text}`: {place}: {message}"))
        })?;
        let formula = Formula { engine, ast, text: text.to_string() };
        // A formula of the wrong type fails on every input: say so now, not as a counterexample.
        let sample = match variables {
            Variables::Plate => formula.value_at(1, Some(1)).map(drop),
            Variables::Position => formula.outcome(&[1]).map(drop),
        };
        if let Err(error) = sample
            && error.on_every_input()
        {
            return Err(Error::usage(error.to_string()));
        }
        Ok(formula)
    }

    fn scope(variables: Variables, x: u64, plates: &[u64], parameter: Option<u64>) -> Scope<'static> {
        let mut scope = Scope::new();
        match variables {
            Variables::Plate => {
                scope.push("x", i64::try_from(x).unwrap_or(i64::MAX));
            }
            Variables::Position => {
                let array: Array =
                    plates.iter().map(|&x| Dynamic::from(i64::try_from(x).unwrap_or(i64::MAX))).collect();
                scope.push("p", array);
            }
        }
        scope.push("m", parameter.and_then(|m| i64::try_from(m).ok()).unwrap_or(0));
        scope
    }

    /// The formula's text.
    pub fn text(&self) -> &str {
        &self.text
    }

    fn eval(&self, scope: &mut Scope<'_>) -> Result<Dynamic, FormulaError> {
        self.engine.eval_ast_with_scope::<Dynamic>(scope, &self.ast).map_err(|error| FormulaError::Evaluation {
            formula: self.text.clone(),
            message: error.to_string().replace('\n', " "),
        })
    }

    fn wrong_type(&self, gave: String, wanted: &'static str) -> FormulaError {
        FormulaError::WrongType { formula: self.text.clone(), gave, wanted }
    }

    /// The formula's integer at plate `x`.
    pub fn value_at(&self, x: u64, parameter: Option<u64>) -> Result<i64, FormulaError> {
        let value = self.eval(&mut Formula::scope(Variables::Plate, x, &[], parameter))?;
        if let Some(b) = value.clone().try_cast::<bool>() {
            return Ok(i64::from(b));
        }
        value.as_int().map_err(|kind| self.wrong_type(format!("a {kind}"), "an integer"))
    }

    /// The formula's verdict on the position `plates`: true when the player to move wins.
    pub fn wins(&self, plates: &[u64], parameter: Option<u64>) -> Result<bool, FormulaError> {
        let value = self.eval(&mut Formula::scope(Variables::Position, 0, plates, parameter))?;
        value
            .clone()
            .try_cast::<bool>()
            .or_else(|| value.as_int().ok().map(|v| v != 0))
            .ok_or_else(|| self.wrong_type(format!("a {}", value.type_name()), "true/false"))
    }

    /// The formula's verdict on the position `plates` of a game that may be drawn: `true` or
    /// `"first"` (the player to move wins), `false` or `"second"`, or `"draw"`.
    pub fn outcome(&self, plates: &[u64]) -> Result<LoopyOutcome, FormulaError> {
        let value = self.eval(&mut Formula::scope(Variables::Position, 0, plates, None))?;
        if let Some(word) = value.clone().try_cast::<rhai::ImmutableString>() {
            return match word.as_str() {
                "first" => Ok(LoopyOutcome::First),
                "second" => Ok(LoopyOutcome::Second),
                "draw" => Ok(LoopyOutcome::Draw),
                other => Err(self.wrong_type(format!("\"{other}\""), "\"first\", \"second\" or \"draw\"")),
            };
        }
        let first =
            value.clone().try_cast::<bool>().or_else(|| value.as_int().ok().map(|v| v != 0)).ok_or_else(|| {
                self.wrong_type(format!("a {}", value.type_name()), "true/false or \"first\"/\"second\"/\"draw\"")
            })?;
        Ok(if first { LoopyOutcome::First } else { LoopyOutcome::Second })
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
    /// What was covered, in words: exactly the cases that held.
    pub covered: Vec<String>,
    /// What was asked for and could not be checked, and why (said before the run).
    pub notes: Vec<String>,
    /// The failure, if any.
    pub counterexample: Option<VerifyFailure>,
    /// Why the check stopped, when the oracle could not go on.
    pub stopped: Option<String>,
    /// The run behind it.
    #[serde(skip)]
    pub report: Report,
}

/// The smallest case where the guess is wrong.
#[derive(Debug, Clone, Serialize)]
pub struct VerifyFailure {
    /// The plate or position, as `x = 51` or `p = [1 2]`.
    pub case: String,
    /// The ground truth that decided the case: `oracle` (the game tree) or `definition` (values
    /// by definition, [`grundy_definition`]).
    pub truth: &'static str,
    /// The case as `--case` takes it.
    pub case_text: String,
    /// The oracle's answer.
    pub expected: String,
    /// The formula's answer.
    pub guessed: String,
    /// How far the case is known to be minimal.
    pub minimality: Minimality,
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
    match rules.value_kind() {
        ValueKind::OutcomeOnly => "first-player-wins",
        kind => kind.name(),
    }
}

/// The formula's value at `x` (its `m` given by `parameter`) against the `truth`, a value of
/// `kind`.
pub(crate) fn judged(formula: &Formula, x: u64, parameter: Option<u64>, kind: &str, truth: i64) -> Verdict {
    let expected = format!("{kind} {truth}");
    match formula.value_at(x, parameter) {
        Ok(guess) if guess == truth => Verdict::Agree,
        Ok(guess) => Verdict::Disagree { expected, actual: guess.to_string() },
        Err(error) => Verdict::Disagree { expected, actual: error.to_string() },
    }
}

/// The parameter `m` of `upto:m` and `mod:m`.
fn parameter(rules: &RuleSet) -> Option<u64> {
    match rules.operation {
        Operation::UpTo(m) | Operation::Mod(m) => Some(m),
        _ => None,
    }
}

/// A per-plate formula against the ground truth, plate by plate: the oracle up to `tree_upto`,
/// values by definition above.
struct ValueSubject<'a> {
    rules: &'a RuleSet,
    formula: &'a Formula,
    oracle: Engine<PileGame>,
    /// Values by definition, where plates go past `tree_upto`.
    definition: Option<Definition>,
    tree_upto: u64,
    deadline: Option<Instant>,
    upto: u64,
    largest: u64,
}

/// Which plates of `low..=high` each level decides, in words.
pub(crate) fn levels(low: u64, high: u64, tree_upto: u64) -> String {
    if high <= tree_upto {
        "by the oracle".to_string()
    } else if low > tree_upto {
        grundy_definition::LEVEL.to_string()
    } else {
        format!("{low}..={tree_upto} by the oracle, {}..={high} {}", tree_upto + 1, grundy_definition::LEVEL)
    }
}

impl Subject for ValueSubject<'_> {
    type Case = u64;

    fn heading(&self) -> Heading {
        Heading::VERIFY
    }

    fn exhaustive(&self) -> Exhaustive<u64> {
        Exhaustive {
            cases: (0..=self.upto).collect(),
            description: format!(
                "every single plate 0..={} ({}, {})",
                self.upto,
                describe_kind(self.rules),
                levels(0, self.upto, self.tree_upto)
            ),
        }
    }

    fn random(&self, rng: &mut ChaCha8Rng) -> u64 {
        rng.random_range(self.upto + 1..=self.largest)
    }

    fn judge(&mut self, &x: &u64) -> Verdict {
        let truth = match &mut self.definition {
            Some(definition) if x > self.tree_upto => match definition.extend_to(x, self.deadline) {
                Ok(()) => i64::from(definition.value(x).expect("computed up to x")),
                Err(error) => return Verdict::Failed(format!("values {}: {error}", grundy_definition::LEVEL)),
            },
            _ => match self.oracle.solve(&vec![x]) {
                Ok(solution) => plate_truth(solution),
                Err(error) => return Verdict::Failed(error.to_string()),
            },
        };
        judged(self.formula, x, parameter(self.rules), describe_kind(self.rules), truth)
    }

    fn case_text(&self, x: &u64) -> String {
        x.to_string()
    }

    fn replay(&self, case: &str) -> String {
        format!("grundy verify {} --value {} --case {case}", self.rules, crate::shell_quote(&self.formula.text))
    }
}

/// A whole-position outcome formula against the oracle.
struct WinsSubject<'a> {
    rules: &'a RuleSet,
    formula: &'a Formula,
    oracle: Engine<PileGame>,
    shape: (usize, u64),
}

impl Subject for WinsSubject<'_> {
    type Case = Position;

    fn heading(&self) -> Heading {
        Heading::VERIFY
    }

    fn exhaustive(&self) -> Exhaustive<Position> {
        let (plates, size) = self.shape;
        Exhaustive {
            cases: sorted_sequences(plates, 0, size).into_iter().filter_map(Position::new).collect(),
            description: format!("every position of ≤ {plates} plates ≤ {size} (by the oracle)"),
        }
    }

    fn random(&self, rng: &mut ChaCha8Rng) -> Position {
        Piles::random_position(self.rules, rng)
    }

    fn judge(&mut self, position: &Position) -> Verdict {
        let first = match self.oracle.solve(&position.plates().to_vec()) {
            Ok(solution) => solution.outcome == Outcome::First,
            Err(error) => return Verdict::Failed(error.to_string()),
        };
        match self.formula.wins(position.plates(), parameter(self.rules)) {
            Ok(guess) if guess == first => Verdict::Agree,
            Ok(guess) => Verdict::Disagree { expected: first.to_string(), actual: guess.to_string() },
            Err(error) => Verdict::Disagree { expected: first.to_string(), actual: error.to_string() },
        }
    }

    fn case_text(&self, position: &Position) -> String {
        position.to_string()
    }

    fn replay(&self, case: &str) -> String {
        format!(
            "grundy verify {} --wins {} --case {}",
            self.rules,
            crate::shell_quote(&self.formula.text),
            crate::shell_quote(case)
        )
    }
}

/// Turns a run into what held and what broke.
pub(crate) fn conclude(
    game: &str,
    formula: &Formula,
    seed: u64,
    notes: Vec<String>,
    report: Report,
    describe_case: impl Fn(&str) -> String,
    random_words: String,
) -> VerifyReport {
    let mut covered = Vec::new();
    let failed_in_exhaustive = report.counterexample.is_some() && report.random == 0;
    let stopped_in_exhaustive = report.status == Status::Error && report.random == 0;
    // A run cut short counts only the cases it judged, each of which held.
    let cut_in_exhaustive = report.status == Status::CutShort && report.exhaustive < report.exhaustive_asked;
    if report.exhaustive > 0 {
        let held = report.exhaustive - u64::from(failed_in_exhaustive || stopped_in_exhaustive);
        if !failed_in_exhaustive && !stopped_in_exhaustive && !cut_in_exhaustive {
            covered.push(report.exhaustive_cover.clone());
        } else if held > 0 {
            covered.push(format!("the first {held} of {}", report.exhaustive_cover));
        }
    }
    let last_failed = matches!(report.status, Status::Mismatch | Status::Error);
    let random_held = report.random - u64::from(!failed_in_exhaustive && !stopped_in_exhaustive && last_failed);
    if random_held > 0 {
        covered.push(format!("{random_held} {random_words}"));
    }
    let counterexample = report.counterexample.as_ref().map(|c| VerifyFailure {
        case: describe_case(&c.case),
        truth: "oracle",
        case_text: c.case.clone(),
        expected: c.expected.clone(),
        guessed: c.actual.clone(),
        minimality: c.minimality,
    });
    VerifyReport {
        game: game.to_string(),
        formula: formula.text.clone(),
        seed,
        covered,
        notes,
        counterexample,
        stopped: match report.status {
            Status::CutShort => Some("the time budget (--time) ran out".to_string()),
            _ => report.error.clone(),
        },
        report,
    }
}

/// The plates a `--value` check covers: every plate `0..=upto`, then random plates up to
/// `largest`, the oracle deciding those up to `tree_upto` and values by definition the others;
/// with what was asked for and cannot be checked, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValueRange {
    /// Every plate up to this is checked.
    pub upto: u64,
    /// Random plates go up to this.
    pub largest: u64,
    /// The oracle (the game tree) decides plates up to this; values by definition decide the
    /// rest.
    pub tree_upto: u64,
    /// What was asked for and cannot be checked, and why.
    pub notes: Vec<String>,
}

/// The plates a `--value` check of `rules` can cover, of those asked for.
pub fn value_range(rules: &RuleSet, upto: u64, largest: u64) -> ValueRange {
    let largest = largest.max(upto);
    if !rules.operation.splits() || largest <= SPLITTING_HEAPS {
        return ValueRange { upto, largest, tree_upto: largest, notes: Vec::new() };
    }
    if definition_applies(rules) {
        let mut notes = Vec::new();
        if largest > DEFINITION_HEAPS {
            notes.push(format!(
                "values by definition take work like n² (every way of cutting each heap in two): single plates \
                 are checked up to {DEFINITION_HEAPS} only, not {largest}"
            ));
        }
        let (upto, largest) = (upto.min(DEFINITION_HEAPS), largest.min(DEFINITION_HEAPS));
        return ValueRange { upto, largest, tree_upto: SPLITTING_HEAPS, notes };
    }
    let why = if rules.compound != Compound::Disjunctive {
        format!("values by definition are Grundy values of disjunctive sums, not the {} compound's", rules.compound)
    } else {
        "in misère play the value of several heaps is not a function of theirs, so there are no values by definition"
            .to_string()
    };
    let note = format!(
        "{} splits heaps: the oracle solves whole positions, and a heap of n reaches every way of cutting n up \
         (their number grows like the partitions of n), so single plates are checked up to {SPLITTING_HEAPS} \
         only, not {largest} ({why})",
        rules.operation
    );
    ValueRange {
        upto: upto.min(SPLITTING_HEAPS),
        largest: SPLITTING_HEAPS,
        tree_upto: SPLITTING_HEAPS,
        notes: vec![note],
    }
}

/// Whether values by definition decide the single plates of `rules`: Grundy values of the
/// disjunctive compound (normal play, or misère play of a game that never splits a heap).
fn definition_applies(rules: &RuleSet) -> bool {
    rules.compound == Compound::Disjunctive && Definition::new(&rules.operation, rules.play).is_ok()
}

/// Checks a per-plate value formula: plates `0..=range.upto` in order, then `random` random
/// plates up to `range.largest`, within `budget`.
pub fn verify_value(
    rules: &RuleSet,
    formula: &Formula,
    seed: u64,
    range: &ValueRange,
    random: u64,
    budget: &Budget,
) -> Result<VerifyReport, Error> {
    let (upto, largest) = (range.upto, range.largest);
    let mut subject = value_subject(rules, formula, range.tree_upto, budget);
    (subject.upto, subject.largest) = (upto, largest);
    let cases = if largest > upto { random } else { 0 };
    let plan = Plan::within(seed, cases, *budget);
    let report = runner::run(&mut subject, &plan, &|_| {});
    let words = format!("random plates in {}..={largest} ({})", upto + 1, levels(upto + 1, largest, range.tree_upto));
    let mut verified =
        conclude(&rules.to_string(), formula, seed, range.notes.clone(), report, |case| format!("x = {case}"), words);
    name_the_truth(&mut verified, range.tree_upto);
    Ok(verified)
}

/// The subject of a `--value` check: the oracle up to `tree_upto`, values by definition above.
fn value_subject<'a>(rules: &'a RuleSet, formula: &'a Formula, tree_upto: u64, budget: &Budget) -> ValueSubject<'a> {
    let definition = match definition_applies(rules) {
        true => Definition::new(&rules.operation, rules.play).ok(),
        false => None,
    };
    ValueSubject {
        rules,
        formula,
        oracle: Engine::new(PileGame::new(rules.clone()), rules.value_kind(), budget.oracle()),
        definition,
        tree_upto,
        deadline: budget.deadline,
        upto: 0,
        largest: 0,
    }
}

/// Says which ground truth decided the counterexample of a `--value` check.
pub(crate) fn name_the_truth(verified: &mut VerifyReport, tree_upto: u64) {
    if let Some(failure) = &mut verified.counterexample
        && failure.case_text.parse::<u64>().is_ok_and(|x| x > tree_upto)
    {
        failure.truth = "definition";
    }
}

/// Checks a whole-position outcome formula: every position of a small shape, then `random`
/// random positions; a failure is shrunk to a minimal position.
pub fn verify_wins(
    rules: &RuleSet,
    formula: &Formula,
    seed: u64,
    random: u64,
    budget: &Budget,
) -> Result<VerifyReport, Error> {
    let shape = Piles::fixed("verify", rules.clone());
    let mut subject = WinsSubject {
        rules,
        formula,
        oracle: Engine::new(PileGame::new(rules.clone()), ValueKind::OutcomeOnly, budget.oracle()),
        shape: shape.exhaustive_shape(),
    };
    let plan = Plan::within(seed, random, *budget);
    let report = runner::run(&mut subject, &plan, &|_| {});
    let words = "random positions (by the oracle)".to_string();
    Ok(conclude(&rules.to_string(), formula, seed, Vec::new(), report, |case| format!("p = [{case}]"), words))
}

/// Checks a formula on one given case (`--case`): a plate for `--value`, a position for `--wins`.
pub fn verify_case(
    rules: &RuleSet,
    formula: &Formula,
    variables: Variables,
    case: &str,
    budget: &Budget,
) -> Result<VerifyReport, Error> {
    let report = match variables {
        Variables::Plate => {
            let x: u64 = case.trim().parse().map_err(|_| Error::usage(format!("--case: `{case}` is not a plate")))?;
            let tree_upto = value_range(rules, x, x).tree_upto;
            if x > tree_upto.max(DEFINITION_HEAPS) {
                return Err(Error::usage(format!(
                    "--case: plate {x} of {rules} is beyond the oracle (heaps ≤ {SPLITTING_HEAPS}) and values by \
                     definition (heaps ≤ {DEFINITION_HEAPS})"
                )));
            }
            let mut subject = value_subject(rules, formula, tree_upto, budget);
            (subject.upto, subject.largest) = (x, x);
            runner::replay(&mut subject, &x)
        }
        Variables::Position => {
            let position: Position = case.parse()?;
            let mut subject = WinsSubject {
                rules,
                formula,
                oracle: Engine::new(PileGame::new(rules.clone()), ValueKind::OutcomeOnly, budget.oracle()),
                shape: (0, 0),
            };
            runner::replay(&mut subject, &position)
        }
    };
    let describe = |case: &str| match variables {
        Variables::Plate => format!("x = {case}"),
        Variables::Position => format!("p = [{case}]"),
    };
    let mut verified = conclude(&rules.to_string(), formula, 0, Vec::new(), report, describe, String::new());
    let tree_upto = match variables {
        Variables::Plate => case.trim().parse().map_or(u64::MAX, |x| value_range(rules, x, x).tree_upto),
        Variables::Position => u64::MAX,
    };
    name_the_truth(&mut verified, tree_upto);
    if verified.counterexample.is_none() && verified.stopped.is_none() {
        let level = match variables {
            Variables::Plate => {
                case.trim().parse().map_or_else(|_| "by the oracle".to_string(), |x| levels(x, x, tree_upto))
            }
            Variables::Position => "by the oracle".to_string(),
        };
        verified.covered = vec![format!("{} ({level})", describe(case.trim()))];
    }
    Ok(verified)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_evaluate_and_errors_name_the_column() {
        let f = Formula::new("if x % 2 == 0 { popcount(x) } else { max(x, 3) }", Variables::Plate).unwrap();
        assert_eq!(f.value_at(6, None).unwrap(), 2);
        assert_eq!(f.value_at(1, None).unwrap(), 3);
        let w = Formula::new("xor_all(p) != 0", Variables::Position).unwrap();
        assert!(w.wins(&[1, 2], None).unwrap());
        assert!(!w.wins(&[3, 1, 2], None).unwrap());
        let error = Formula::new("x % (m + ", Variables::Plate).err().unwrap().to_string();
        assert!(error.contains("column"), "{error}");
        let looping = Formula::new("loop { }", Variables::Plate).unwrap();
        assert!(looping.value_at(1, None).unwrap_err().to_string().contains("formula"));
    }

    #[test]
    fn unknown_variables_and_wrong_types_are_usage_errors() {
        let error = Formula::new("y + 1", Variables::Plate).err().unwrap().to_string();
        assert!(error.contains("column 1") && error.contains("y"), "{error}");
        let error = Formula::new("x + 1", Variables::Position).err().unwrap().to_string();
        assert!(error.contains("p (the plates)"), "{error}");
        let error = Formula::new("\"text\"", Variables::Plate).err().unwrap().to_string();
        assert!(error.contains("not an integer"), "{error}");
        let error = Formula::new("let s = \"ab\"; loop { s += s; }", Variables::Plate).unwrap().value_at(1, None);
        assert!(error.unwrap_err().to_string().contains("formula"));
    }
}
