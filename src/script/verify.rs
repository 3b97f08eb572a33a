//! `grundy verify --game FILE`: a guessed formula for a scripted game against the oracle.
//!
//! * `--value EXPR` (in `x`): the Grundy value of the one-integer position `[x]` (misère: the
//!   misère Grundy value), by mex on the whole position's game tree. A position that can come
//!   back to itself has no such value: the check stops there and says so (use `--wins`).
//! * `--wins EXPR` (in `p`): who wins `p`: `true`/`false` (the player to move wins or not), or
//!   `"first"`, `"second"`, `"draw"`. The oracle decides whole positions, by the game tree while
//!   play always ends and by retrograde analysis of every reachable position once it has found
//!   a cycle, so draws are told apart.
//!
//! Cases: first every position the script lists with `positions(size)` for each size up to
//! `--upto` (without it, `[0] … [upto]`), then random ones: `random(seed, size)` for sizes up to
//! `--largest` (without it, `[x]` for `x` past `--upto`). A counterexample is shrunk by lowering
//! its numbers, keeping its length (a scripted position of another length may mean nothing).

use grundy_oracle::{Budget, Engine, OracleError};
use grundy_rules::{LoopyOutcome, Play, Value, ValueKind};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use super::definition::ByDefinition;
use super::{Script, ScriptGame, show};
use crate::error::Error;
use crate::runner::{self, Exhaustive, Heading, Plan, Subject, Verdict};
use crate::shape::Shape;
use crate::shrink::Shrink;
use crate::verify::{Formula, VerifyReport, conclude, judged};

/// On a script with `split` (normal play), `--value` has the game tree decide `[x]` up to this
/// and values by definition above: a heap that splits reaches every way of cutting it up.
pub const TREE_UPTO_SPLIT: u64 = 30;

/// Most positions the exhaustive part of `--wins` lists.
const MOST_LISTED: usize = 100_000;

/// A scripted position: its integers. Smaller: the same length, numbers lowered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Numbers(pub Vec<u64>);

impl Shrink for Numbers {
    fn shape(&self) -> Shape {
        Shape::numbers(&self.0, 0, self.0.len())
    }

    fn with_shape(&self, shape: &Shape) -> Option<Numbers> {
        Some(Numbers(shape.values()?))
    }
}

/// What a scripted check covers and spends.
#[derive(Debug, Clone)]
pub struct Range {
    /// Exhaustive part: sizes `0..=upto` (or `[0] … [upto]`).
    pub upto: u64,
    /// Random part: sizes (or one-integer positions) up to this.
    pub largest: u64,
    /// Random cases.
    pub cases: u64,
    /// With `--value` on a script with `split`, in normal play: the game tree decides `[x]` up
    /// to this, values by definition above.
    pub tree_upto: u64,
    /// The oracle's budget (its deadline included).
    pub budget: Budget,
}

/// The oracle of a scripted game: whole positions by the game tree, and by retrograde analysis
/// once a cycle is found.
struct Oracle<'a> {
    script: &'a Script,
    play: Play,
    tree: Engine<ScriptGame<'a>>,
    budget: Budget,
    loopy: bool,
}

impl<'a> Oracle<'a> {
    fn new(script: &'a Script, play: Play, kind: ValueKind, budget: Budget) -> Oracle<'a> {
        Oracle { script, play, tree: Engine::new(ScriptGame::new(script, play), kind, budget), budget, loopy: false }
    }

    fn outcome(&mut self, position: &[u64]) -> Result<LoopyOutcome, OracleError> {
        if !self.loopy {
            match self.tree.solve(&position.to_vec()) {
                Ok(solution) => return Ok(solution.outcome.into()),
                Err(OracleError::Loopy { .. }) => self.loopy = true,
                Err(error) => return Err(error),
            }
        }
        grundy_oracle::explore::outcome(&ScriptGame::new(self.script, self.play), &position.to_vec(), self.budget)
    }
}

/// The per-integer value formula against the ground truth: the oracle (the game tree) up to
/// `tree_upto`, values by definition above when the script splits positions (normal play).
struct ValueSubject<'a> {
    name: String,
    formula: &'a Formula,
    oracle: Oracle<'a>,
    range: Range,
    definition: Option<ByDefinition<'a>>,
}

impl ValueSubject<'_> {
    /// The largest `x` the game tree decides.
    fn tree_upto(&self) -> u64 {
        if self.definition.is_some() { self.range.tree_upto } else { u64::MAX }
    }

    /// Which of `low..=high` each level decides, in words.
    fn levels(&self, low: u64, high: u64) -> String {
        match self.definition {
            Some(_) => crate::verify::levels(low, high, self.range.tree_upto).replace("the oracle", "the game tree"),
            None => "by the game tree".to_string(),
        }
    }
}

impl Subject for ValueSubject<'_> {
    type Case = u64;

    fn heading(&self) -> Heading {
        Heading::VERIFY
    }

    fn exhaustive(&self) -> Exhaustive<u64> {
        Exhaustive {
            cases: (0..=self.range.upto).collect(),
            description: match self.definition {
                Some(_) => format!(
                    "every position [x], x ≤ {} (grundy value {})",
                    self.range.upto,
                    self.levels(0, self.range.upto)
                ),
                None => format!("every position [x], x ≤ {} (grundy value by the game tree)", self.range.upto),
            },
        }
    }

    fn random(&self, rng: &mut ChaCha8Rng) -> u64 {
        rng.random_range(self.range.upto + 1..=self.range.largest.max(self.range.upto + 1))
    }

    fn judge(&mut self, &x: &u64) -> Verdict {
        if x > self.tree_upto()
            && let Some(definition) = &mut self.definition
        {
            return match definition.value(&[x]) {
                Ok(truth) => judged(self.formula, x, None, "grundy", truth as i64),
                Err(error) => Verdict::Failed(format!("values {}: {error}", super::definition::LEVEL)),
            };
        }
        let truth = match self.oracle.tree.solve(&vec![x]) {
            Ok(solution) => match solution.value {
                Some(Value::Grundy(g)) => g as i64,
                _ => return Verdict::Failed(format!("the oracle gave no grundy value for [{x}]")),
            },
            Err(OracleError::Loopy { position, length }) => {
                return Verdict::Failed(format!(
                    "[{x}] reaches {position}, which comes back to itself in {length} moves: a position on a cycle \
                     has no grundy value by mex (--wins checks who wins, draws included)"
                ));
            }
            Err(error) => return Verdict::Failed(error.to_string()),
        };
        judged(self.formula, x, None, "grundy", truth)
    }

    fn case_text(&self, x: &u64) -> String {
        x.to_string()
    }

    fn replay(&self, case: &str) -> String {
        format!("grundy verify --game {} --value {} --case {case}", self.name, crate::shell_quote(self.formula.text()))
    }
}

/// The whole-position outcome formula against the oracle.
struct WinsSubject<'a> {
    name: String,
    formula: &'a Formula,
    oracle: Oracle<'a>,
    range: Range,
    listed: Vec<Numbers>,
    listed_cover: String,
    /// What `random` failed with, when it did: the run's error, never a case.
    bad_random: std::cell::RefCell<Option<super::ScriptError>>,
}

impl Subject for WinsSubject<'_> {
    type Case = Numbers;

    fn heading(&self) -> Heading {
        Heading::VERIFY
    }

    fn exhaustive(&self) -> Exhaustive<Numbers> {
        Exhaustive { cases: self.listed.clone(), description: self.listed_cover.clone() }
    }

    fn random(&self, rng: &mut ChaCha8Rng) -> Numbers {
        let script = self.oracle.script;
        if script.has_random() {
            let size = rng.random_range(0..=self.range.largest);
            match script.random(rng.random(), size) {
                Ok(position) => return Numbers(position),
                // Never a case: the run stops at it, and the error is the run's.
                Err(error) => {
                    *self.bad_random.borrow_mut() = Some(error);
                    return Numbers(Vec::new());
                }
            }
        }
        Numbers(vec![rng.random_range(self.range.upto + 1..=self.range.largest.max(self.range.upto + 1))])
    }

    fn judge(&mut self, position: &Numbers) -> Verdict {
        if let Some(error) = self.bad_random.borrow().as_ref() {
            return Verdict::Failed(error.to_string());
        }
        let truth = match self.oracle.outcome(&position.0) {
            Ok(outcome) => outcome,
            Err(error) => return Verdict::Failed(error.to_string()),
        };
        match self.formula.outcome(&position.0) {
            Ok(guess) if guess == truth => Verdict::Agree,
            Ok(guess) => {
                Verdict::Disagree { expected: truth.word().to_lowercase(), actual: guess.word().to_lowercase() }
            }
            Err(error) => Verdict::Disagree { expected: truth.word().to_lowercase(), actual: error.to_string() },
        }
    }

    fn case_text(&self, position: &Numbers) -> String {
        position.0.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
    }

    fn replay(&self, case: &str) -> String {
        format!(
            "grundy verify --game {} --wins {} --case {}",
            self.name,
            crate::shell_quote(self.formula.text()),
            crate::shell_quote(case)
        )
    }
}

/// The positions of the exhaustive part of `--wins`, and what they are in words.
fn listed(script: &Script, upto: u64) -> Result<(Vec<Numbers>, String), Error> {
    if !script.has_positions() {
        let cases = (0..=upto).map(|x| Numbers(vec![x])).collect();
        return Ok((cases, format!("every position [x], x ≤ {upto} (by the oracle)")));
    }
    let mut seen = std::collections::HashSet::new();
    let mut cases = Vec::new();
    for size in 0..=upto {
        for position in script.positions(size)? {
            if seen.insert(position.clone()) {
                cases.push(Numbers(position));
            }
            if cases.len() > MOST_LISTED {
                return Err(Error::usage(format!(
                    "{}: positions(0..={size}) list more than {MOST_LISTED} positions; give a smaller --upto",
                    script.name()
                )));
            }
        }
    }
    let count = cases.len();
    Ok((cases, format!("every position positions(0..={upto}) lists: {count} (by the oracle)")))
}

fn display_name(script: &Script) -> String {
    crate::shell_quote(script.name())
}

/// Checks a formula on a scripted game over `range`: a per-integer value formula, or with
/// `wins` a whole-position outcome formula.
pub fn formula(
    script: &Script,
    play: Play,
    formula: &Formula,
    wins: bool,
    seed: u64,
    range: Range,
    run: &crate::budget::Budget,
) -> Result<VerifyReport, Error> {
    script.stop_at(range.budget.deadline);
    // Random positions come from `random`, else they are [x] past --upto: none when --largest
    // is not past it.
    let random = (wins && script.has_random()) || range.largest > range.upto;
    let plan = Plan::within(seed, if random { range.cases } else { 0 }, *run);
    match wins {
        true => winners(script, play, formula, range, &plan),
        false => value(script, play, formula, range, &plan),
    }
}

/// Checks a per-integer value formula.
fn value(script: &Script, play: Play, formula: &Formula, range: Range, plan: &Plan) -> Result<VerifyReport, Error> {
    let mut subject = ValueSubject {
        name: display_name(script),
        formula,
        oracle: Oracle::new(script, play, ValueKind::Grundy, range.budget),
        range: range.clone(),
        definition: by_definition(script, play, &range),
    };
    let report = runner::run(&mut subject, plan, &|_| {});
    let words = match subject.definition {
        Some(_) => format!(
            "random positions [x], x in {}..={} ({})",
            range.upto + 1,
            range.largest,
            subject.levels(range.upto + 1, range.largest)
        ),
        None => format!("random positions [x], x in {}..={} (by the oracle)", range.upto + 1, range.largest),
    };
    let tree_upto = subject.tree_upto();
    let mut verified =
        conclude(script.name(), formula, plan.seed, Vec::new(), report, |case| format!("x = {case}"), words);
    crate::verify::name_the_truth(&mut verified, tree_upto);
    Ok(verified)
}

/// Values by definition, where they apply: a script with `split`, normal play.
fn by_definition<'a>(script: &'a Script, play: Play, range: &Range) -> Option<ByDefinition<'a>> {
    (script.has_split() && play == Play::Normal)
        .then(|| ByDefinition::new(script, range.budget.deadline, range.budget.max_states))
}

/// Checks a whole-position outcome formula.
fn winners(script: &Script, play: Play, formula: &Formula, range: Range, plan: &Plan) -> Result<VerifyReport, Error> {
    let (listed, listed_cover) = listed(script, range.upto)?;
    let mut subject = WinsSubject {
        name: display_name(script),
        formula,
        oracle: Oracle::new(script, play, ValueKind::OutcomeOnly, range.budget),
        range: range.clone(),
        listed,
        listed_cover,
        bad_random: Default::default(),
    };
    let report = runner::run(&mut subject, plan, &|_| {});
    if let Some(error) = subject.bad_random.take() {
        return Err(error.into());
    }
    let words = match script.has_random() {
        true => format!("random positions random(seed, size ≤ {}) (by the oracle)", range.largest),
        false => format!("random positions [x], x in {}..={} (by the oracle)", range.upto + 1, range.largest),
    };
    Ok(conclude(script.name(), formula, plan.seed, Vec::new(), report, |case| format!("p = [{case}]"), words))
}

/// Checks a formula on one case (`--case`): an integer for `--value`, a position for `--wins`.
pub fn case(
    script: &Script,
    play: Play,
    formula: &Formula,
    wins: bool,
    case: &str,
    budget: Budget,
) -> Result<VerifyReport, Error> {
    script.stop_at(budget.deadline);
    let numbers = case
        .split_whitespace()
        .map(|word| {
            word.parse::<u64>().map_err(|_| Error::usage(format!("--case: `{word}` is not a non-negative integer")))
        })
        .collect::<Result<Vec<u64>, Error>>()?;
    let range = Range { upto: 0, largest: 0, cases: 0, tree_upto: TREE_UPTO_SPLIT, budget };
    let report = if wins {
        let mut subject = WinsSubject {
            name: display_name(script),
            formula,
            oracle: Oracle::new(script, play, ValueKind::OutcomeOnly, budget),
            range,
            listed: Vec::new(),
            listed_cover: String::new(),
            bad_random: Default::default(),
        };
        runner::replay(&mut subject, &Numbers(numbers.clone()))
    } else {
        let [x] = numbers[..] else {
            return Err(Error::usage(format!("--case: --value takes one integer, not `{case}`")));
        };
        let mut subject = ValueSubject {
            name: display_name(script),
            formula,
            oracle: Oracle::new(script, play, ValueKind::Grundy, budget),
            definition: by_definition(script, play, &range),
            range,
        };
        runner::replay(&mut subject, &x)
    };
    let described = if wins { format!("p = {}", show(&numbers)) } else { format!("x = {}", case.trim()) };
    let describe = |case: &str| if wins { format!("p = [{case}]") } else { format!("x = {case}") };
    let mut verified = conclude(script.name(), formula, 0, Vec::new(), report, describe, String::new());
    if !wins {
        crate::verify::name_the_truth(&mut verified, TREE_UPTO_SPLIT);
    }
    if verified.counterexample.is_none() && verified.stopped.is_none() {
        verified.covered = vec![format!("{described} (by the oracle)")];
    }
    Ok(verified)
}

/// What the oracle says of one position (`solve --game … --oracle`): who wins, its Grundy value
/// when play always ends, and a winning move when the player to move has one.
pub struct OracleSolved {
    /// Who wins.
    pub outcome: LoopyOutcome,
    /// The Grundy value (by the game tree; `None` once a cycle is found).
    pub grundy: Option<u64>,
    /// The first option, in the order `moves` lists them, that the player to move wins by.
    pub winning_move: Option<Vec<u64>>,
}

/// Options of a position searched for a winning move by the oracle when the game has cycles
/// (each is a retrograde analysis of its own).
const LOOPY_MOVE_SEARCH: usize = 64;

/// Who wins `position` by the oracle, its value and a winning move (for `solve --game …
/// --oracle`). By the game tree, the one search that values the position has solved its
/// options too: the winning move is read from it, not searched again.
pub fn oracle_solve(script: &Script, play: Play, position: &[u64], budget: Budget) -> Result<OracleSolved, Error> {
    let mut oracle = Oracle::new(script, play, ValueKind::Grundy, budget);
    let position = position.to_vec();
    match oracle.tree.solve(&position) {
        Ok(solution) => {
            let grundy = match solution.value {
                Some(Value::Grundy(g)) => Some(g),
                _ => None,
            };
            let winning_move = oracle.tree.winning_option(&position)?;
            return Ok(OracleSolved { outcome: solution.outcome.into(), grundy, winning_move });
        }
        Err(OracleError::Loopy { .. }) => oracle.loopy = true,
        Err(error) => return Err(error.into()),
    }
    let outcome = oracle.outcome(&position)?;
    let mut winning_move = None;
    if outcome == LoopyOutcome::First {
        for option in script.moves(&position)?.into_iter().take(LOOPY_MOVE_SEARCH) {
            if oracle.outcome(&option)? == LoopyOutcome::Second {
                winning_move = Some(option);
                break;
            }
        }
    }
    Ok(OracleSolved { outcome, grundy: None, winning_move })
}
