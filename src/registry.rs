//! The catalog registry: each entry pairs an oracle and a fast solver over one family of games,
//! with generators of small cases. Tests, the CLI and the benches all run the same entries.
//!
//! A new family implements [`Family`] (instances, generators, shrinking, one comparison); the
//! blanket implementation turns it into an [`Entry`] the harness can run without knowing its
//! instance type.

use std::fmt;
use std::sync::Arc;

use grundy_fast::PileSolver;
use grundy_oracle::{Budget, Engine, Game, OracleError, PileGame};
use std::collections::HashMap;

use grundy_rules::{Action, Compound, Operation, Outcome, Play, Position, RuleSet, Solution, ValueKind};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// What one comparison of oracle and fast found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Comparison {
    /// Both gave the same outcome, and the same value wherever the fast side gave one.
    Agree,
    /// They differ: each side's answer in words.
    Disagree {
        /// The oracle's answer.
        oracle: String,
        /// The fast side's answer.
        fast: String,
    },
    /// The fast side declined, with its reason (not a failure: it never guesses).
    Unsupported(String),
}

/// A family of games with an oracle, a fast solver and case generators.
pub trait Family: Send + Sync {
    /// One case: a position of a game, or a whole problem instance.
    type Instance: Clone + fmt::Display;
    /// What a run keeps between cases (the oracle's memo, the fast side's tables).
    type Session;

    /// The entry's name, e.g. `pack:2,1,0,1`.
    fn name(&self) -> String;
    /// One line: the game's rules and how much the exhaustive part covers.
    fn summary(&self) -> String;
    /// Every small case, smallest first.
    fn exhaustive(&self) -> Vec<Self::Instance>;
    /// A words description of the exhaustive cases, e.g. "all positions of ≤ 4 plates ≤ 12".
    fn exhaustive_description(&self) -> String;
    /// One random case.
    fn random(&self, rng: &mut ChaCha8Rng) -> Self::Instance;
    /// Cases strictly smaller than `instance`, most promising first.
    fn shrink(&self, instance: &Self::Instance) -> Vec<Self::Instance>;
    /// Reads a case back from its `Display` text.
    fn parse_instance(&self, text: &str) -> Result<Self::Instance, String>;
    /// A fresh session.
    fn session(&self) -> Self::Session;
    /// Runs both sides on one case.
    fn compare(&self, session: &mut Self::Session, instance: &Self::Instance) -> Result<Comparison, OracleError>;
}

/// A registry entry with its instance type erased, as the harness runs it.
pub trait Entry: Send + Sync {
    /// See [`Family::name`].
    fn name(&self) -> String;
    /// See [`Family::summary`].
    fn summary(&self) -> String;
    /// Runs the cross-check; see [`crate::check`].
    fn run(&self, plan: &crate::check::Plan, progress: &dyn Fn(u64)) -> crate::check::EntryReport;
    /// Compares the two sides on one case given as text.
    fn replay(&self, instance: &str) -> Result<crate::check::EntryReport, String>;
    /// One random case, as text.
    fn random_case(&self, rng: &mut ChaCha8Rng) -> String;
    /// Smaller cases than the one given as text.
    fn shrink_case(&self, instance: &str) -> Vec<String>;
}

impl<F: Family> Entry for F {
    fn name(&self) -> String {
        Family::name(self)
    }

    fn summary(&self) -> String {
        Family::summary(self)
    }

    fn run(&self, plan: &crate::check::Plan, progress: &dyn Fn(u64)) -> crate::check::EntryReport {
        crate::check::run_family(self, plan, progress)
    }

    fn replay(&self, instance: &str) -> Result<crate::check::EntryReport, String> {
        let instance = self.parse_instance(instance)?;
        Ok(crate::check::replay_family(self, &instance))
    }

    fn random_case(&self, rng: &mut ChaCha8Rng) -> String {
        self.random(rng).to_string()
    }

    fn shrink_case(&self, instance: &str) -> Vec<String> {
        match self.parse_instance(instance) {
            Ok(instance) => self.shrink(&instance).iter().map(ToString::to_string).collect(),
            Err(_) => Vec::new(),
        }
    }
}

/// A fast solver for piles given as a function: used to plant a wrong solver in tests.
pub type PileFast = Arc<dyn Fn(&[u64]) -> Result<Solution, String> + Send + Sync>;

/// Sizes of generated pile positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shape {
    /// Most plates.
    pub plates: usize,
    /// Largest plate.
    pub size: u64,
}

/// A pile rule set as a registry entry.
#[derive(Clone)]
pub struct PileEntry {
    name: String,
    rules: RuleSet,
    exhaustive: Shape,
    fast: Option<PileFast>,
}

impl PileEntry {
    /// The entry for `rules`, named `name`.
    pub fn new(name: impl Into<String>, rules: RuleSet) -> PileEntry {
        let exhaustive = match rules.compound.action() {
            Action::One => Shape { plates: 4, size: 12 },
            Action::Some | Action::Every => Shape { plates: 3, size: 9 },
        };
        PileEntry { name: name.into(), rules, exhaustive, fast: None }
    }

    /// The same entry with another fast solver (a planted one, in tests).
    pub fn with_fast(mut self, fast: PileFast) -> PileEntry {
        self.fast = Some(fast);
        self
    }

    /// The same entry with another exhaustive shape.
    pub fn with_exhaustive(mut self, shape: Shape) -> PileEntry {
        self.exhaustive = shape;
        self
    }

    /// The rule set.
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    /// A random position: one plate far along the tables, or a few plates, sized so that the
    /// oracle answers quickly under this rule set.
    pub fn random_small(&self, rng: &mut ChaCha8Rng) -> Position {
        let splits = self.rules.operation.splits();
        let one = self.rules.compound.action() == Action::One;
        let plates = match rng.random_range(0..3) {
            // One plate, far along the tables.
            0 if !splits => vec![rng.random_range(0..=RANDOM_SINGLE_PLATE)],
            // A few plates, wider than the exhaustive part.
            _ => {
                let (most_plates, most_tokens, largest) = match (splits, one) {
                    (false, true) => (5, 60, 20),
                    (false, false) => (3, 36, 14),
                    (true, true) => (4, 22, 16),
                    (true, false) => (3, 16, 12),
                };
                let count = rng.random_range(1..=most_plates);
                let mut left = most_tokens;
                (0..count)
                    .map(|_| {
                        let x = rng.random_range(0..=largest.min(left));
                        left -= x;
                        x
                    })
                    .collect()
            }
        };
        Position::new(plates).expect("at least one plate")
    }

    /// The largest plate any generated case holds, so the fast side's tables are built once.
    fn largest_plate(&self) -> u64 {
        self.exhaustive.size.max(RANDOM_SINGLE_PLATE)
    }
}

/// Random single-plate cases go up to this size: long enough to run the tables far past their
/// first values, small enough for the oracle.
const RANDOM_SINGLE_PLATE: u64 = 3000;

/// The oracle's memo and the fast side's tables, kept across the cases of a run.
pub struct PileSession {
    oracle: Engine<PileGame>,
    fast: Result<PileSolver, grundy_fast::Unsupported>,
}

impl Family for PileEntry {
    type Instance = Position;
    type Session = PileSession;

    fn name(&self) -> String {
        self.name.clone()
    }

    fn summary(&self) -> String {
        format!("{} ({})", self.rules, self.exhaustive_description())
    }

    fn exhaustive(&self) -> Vec<Position> {
        let Shape { plates, size } = self.exhaustive;
        sorted_sequences(plates, 0, size).into_iter().map(|p| Position::new(p).expect("at least one plate")).collect()
    }

    fn exhaustive_description(&self) -> String {
        format!("all positions of ≤ {} plates ≤ {}", self.exhaustive.plates, self.exhaustive.size)
    }

    fn random(&self, rng: &mut ChaCha8Rng) -> Position {
        self.random_small(rng)
    }

    fn shrink(&self, position: &Position) -> Vec<Position> {
        let plates = position.plates();
        let mut smaller = Vec::new();
        let mut push = |candidate: Vec<u64>| {
            if let Some(candidate) = Position::new(candidate) {
                if candidate != *position && !smaller.contains(&candidate) {
                    smaller.push(candidate);
                }
            }
        };
        for i in 0..plates.len() {
            if plates.len() > 1 {
                let mut without = plates.to_vec();
                without.remove(i);
                push(without);
            }
        }
        for i in 0..plates.len() {
            for replacement in [0, plates[i] / 2, plates[i].saturating_sub(1)] {
                if replacement < plates[i] {
                    let mut changed = plates.to_vec();
                    changed[i] = replacement;
                    push(changed);
                }
            }
        }
        smaller
    }

    fn parse_instance(&self, text: &str) -> Result<Position, String> {
        text.parse::<Position>().map_err(|e| e.to_string())
    }

    fn session(&self) -> PileSession {
        let kind = PileGame::value_kind(&self.rules);
        PileSession {
            oracle: Engine::new(PileGame::new(self.rules.clone()), kind, Budget::default()),
            fast: PileSolver::new(&self.rules, self.largest_plate()),
        }
    }

    fn compare(&self, session: &mut PileSession, position: &Position) -> Result<Comparison, OracleError> {
        let truth = session.oracle.solve(&position.plates().to_vec())?;
        let fast = match &self.fast {
            Some(planted) => planted(position.plates()),
            None => match &session.fast {
                Ok(solver) if position.largest() <= solver.limit() => {
                    solver.solve(position.plates()).map_err(|e| e.to_string())
                }
                Ok(_) | Err(_) => PileSolver::new(&self.rules, position.largest())
                    .and_then(|solver| solver.solve(position.plates()))
                    .map_err(|e| e.to_string()),
            },
        };
        Ok(judge(truth, fast))
    }
}

/// One case of a random-rules entry: a rule set and a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RulesAndPosition {
    /// The rule set.
    pub rules: RuleSet,
    /// The position.
    pub position: Position,
}

impl fmt::Display for RulesAndPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} @ {}", self.rules, self.position)
    }
}

/// Random operations (subtraction sets, `upto:m`, `mod:m`, `half`, octal codes of up to four
/// digits) under one compound and convention: the fast side's claims checked beyond the 60 fixed
/// rule sets. Cases the fast side declines are counted as its coverage.
pub struct RandomRulesEntry {
    compound: Compound,
    play: Play,
}

impl RandomRulesEntry {
    /// The entry for `compound` under `play`.
    pub fn new(compound: Compound, play: Play) -> RandomRulesEntry {
        RandomRulesEntry { compound, play }
    }

    /// A random operation.
    pub fn random_operation(rng: &mut ChaCha8Rng) -> Operation {
        match rng.random_range(0..6) {
            0 => {
                let size = rng.random_range(1..=3);
                let set: Vec<u64> = (0..size).map(|_| rng.random_range(1..=6)).collect();
                let mut set = set;
                set.sort_unstable();
                set.dedup();
                Operation::Subtraction(set)
            }
            1 => Operation::UpTo(rng.random_range(1..=4)),
            2 => Operation::Mod(rng.random_range(1..=6)),
            3 => Operation::Half,
            _ => loop {
                let length = rng.random_range(1..=4);
                let mut digits = vec![if rng.random_range(0..4) == 0 { 4 } else { 0 }];
                digits.extend((0..length).map(|_| rng.random_range(0..8u8)));
                if let Ok(operation) = Operation::octal(digits) {
                    if operation != Operation::Octal(vec![0]) {
                        break operation;
                    }
                }
            },
        }
    }
}

/// Per rule set: the oracle's memo.
pub type RandomSession = HashMap<String, Engine<PileGame>>;

impl Family for RandomRulesEntry {
    type Instance = RulesAndPosition;
    type Session = RandomSession;

    fn name(&self) -> String {
        format!("random/{}/{}", self.compound, self.play)
    }

    fn summary(&self) -> String {
        format!("random operations, {} compound, {} play", self.compound.full_name(), self.play)
    }

    fn exhaustive(&self) -> Vec<RulesAndPosition> {
        Vec::new()
    }

    fn exhaustive_description(&self) -> String {
        "none (random rule sets only)".to_string()
    }

    fn random(&self, rng: &mut ChaCha8Rng) -> RulesAndPosition {
        let rules = RuleSet::new(Self::random_operation(rng), self.compound, self.play);
        let position = PileEntry::new("", rules.clone()).random_small(rng);
        RulesAndPosition { rules, position }
    }

    fn shrink(&self, case: &RulesAndPosition) -> Vec<RulesAndPosition> {
        let entry = PileEntry::new("", case.rules.clone());
        entry
            .shrink(&case.position)
            .into_iter()
            .map(|position| RulesAndPosition { rules: case.rules.clone(), position })
            .collect()
    }

    fn parse_instance(&self, text: &str) -> Result<RulesAndPosition, String> {
        let (rules, position) = text.split_once('@').ok_or("expected RULES @ PLATES")?;
        let rules: RuleSet = rules.trim().parse().map_err(|e: grundy_rules::ParseError| e.to_string())?;
        let position: Position = position.trim().parse().map_err(|e: grundy_rules::ParseError| e.to_string())?;
        Ok(RulesAndPosition { rules, position })
    }

    fn session(&self) -> RandomSession {
        HashMap::new()
    }

    fn compare(&self, session: &mut RandomSession, case: &RulesAndPosition) -> Result<Comparison, OracleError> {
        let rules = &case.rules;
        let oracle = session.entry(rules.to_string()).or_insert_with(|| {
            Engine::new(PileGame::new(rules.clone()), PileGame::value_kind(rules), Budget::default())
        });
        let truth = oracle.solve(&case.position.plates().to_vec())?;
        let fast =
            PileSolver::new(rules, case.position.largest()).and_then(|solver| solver.solve(case.position.plates()));
        Ok(judge(truth, fast.map_err(|e| e.to_string())))
    }
}

/// Compares an oracle answer with a fast one.
fn judge(truth: Solution, fast: Result<Solution, String>) -> Comparison {
    match fast {
        Err(reason) => Comparison::Unsupported(reason),
        Ok(answer) => {
            let value_agrees = answer.value.is_none() || answer.value == truth.value;
            if answer.outcome == truth.outcome && value_agrees {
                Comparison::Agree
            } else {
                Comparison::Disagree { oracle: describe(&truth), fast: describe(&answer) }
            }
        }
    }
}

/// A case given as a few numbers, printed separated by spaces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Numbers(pub Vec<u64>);

impl fmt::Display for Numbers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words: Vec<String> = self.0.iter().map(u64::to_string).collect();
        f.write_str(&words.join(" "))
    }
}

/// The [`Family`] methods shared by the catalog families whose cases are [`Numbers`]: they
/// read the fields `name`, `summary`, `exhaustive`, `exhaustive_description` and `random`.
macro_rules! numbers_case_methods {
    () => {
        fn name(&self) -> String {
            self.name.to_string()
        }

        fn summary(&self) -> String {
            format!("{} ({})", self.summary, self.exhaustive_description)
        }

        fn exhaustive(&self) -> Vec<Numbers> {
            (self.exhaustive)().into_iter().map(Numbers).collect()
        }

        fn exhaustive_description(&self) -> String {
            self.exhaustive_description.to_string()
        }

        fn random(&self, rng: &mut ChaCha8Rng) -> Numbers {
            Numbers((self.random)(rng))
        }
    };
}

/// A catalog game whose fast side gives the outcome only, with its cases as numbers.
pub struct OutcomeEntry<G: Game> {
    /// Registry name.
    pub name: &'static str,
    /// One line on the rules and the theorem.
    pub summary: &'static str,
    /// How many numbers a case has (`None`: any number, at least one).
    pub arity: Option<usize>,
    /// Every small case.
    pub exhaustive: fn() -> Vec<Vec<u64>>,
    /// What the exhaustive cases are.
    pub exhaustive_description: &'static str,
    /// One random case.
    pub random: fn(&mut ChaCha8Rng) -> Vec<u64>,
    /// The game a case is played in, with a key: cases with equal keys share the oracle's memo.
    pub game: fn(&[u64]) -> (Vec<u64>, G),
    /// The oracle's starting position for a case.
    pub position: fn(&[u64]) -> G::Position,
    /// The fast side's answer; an error for a case that is not well formed.
    pub fast: fn(&[u64]) -> Result<Outcome, String>,
}

impl<G: Game + Send + Sync> Family for OutcomeEntry<G>
where
    G::Position: Send + Sync,
{
    type Instance = Numbers;
    type Session = HashMap<Vec<u64>, Engine<G>>;

    numbers_case_methods!();

    fn shrink(&self, case: &Numbers) -> Vec<Numbers> {
        shrink_numbers(case, self.arity.is_none(), |candidate| (self.fast)(candidate).is_ok())
    }

    fn parse_instance(&self, text: &str) -> Result<Numbers, String> {
        let numbers = parse_numbers(self.name, self.arity, text)?;
        (self.fast)(&numbers.0)?;
        Ok(numbers)
    }

    fn session(&self) -> Self::Session {
        HashMap::new()
    }

    fn compare(&self, oracles: &mut Self::Session, case: &Numbers) -> Result<Comparison, OracleError> {
        let (key, game) = (self.game)(&case.0);
        let oracle = oracles.entry(key).or_insert_with(|| Engine::new(game, ValueKind::OutcomeOnly, Budget::default()));
        let truth = oracle.solve(&(self.position)(&case.0))?;
        Ok(judge(truth, (self.fast)(&case.0).map(|outcome| Solution { outcome, value: None })))
    }
}

/// Every non-decreasing sequence of 1 to `most` numbers in `low..=high`: shorter first, then in
/// lexicographic order.
pub fn sorted_sequences(most: usize, low: u64, high: u64) -> Vec<Vec<u64>> {
    let mut all = Vec::new();
    for count in 1..=most {
        let mut current = vec![low; count];
        loop {
            all.push(current.clone());
            let Some(i) = (0..count).rev().find(|&i| current[i] < high) else { break };
            let next = current[i] + 1;
            current[i..].fill(next);
        }
    }
    all
}

/// Smaller cases: each number set to 0, 1 or 2, halved or lowered by one, or dropped (when the
/// arity is free), keeping only well-formed ones.
fn shrink_numbers(case: &Numbers, free_arity: bool, well_formed: impl Fn(&[u64]) -> bool) -> Vec<Numbers> {
    let mut smaller: Vec<Numbers> = Vec::new();
    let mut push = |candidate: Vec<u64>| {
        if well_formed(&candidate) && !smaller.iter().any(|c| c.0 == candidate) {
            smaller.push(Numbers(candidate));
        }
    };
    if free_arity && case.0.len() > 1 {
        for i in 0..case.0.len() {
            let mut candidate = case.0.clone();
            candidate.remove(i);
            push(candidate);
        }
    }
    for i in 0..case.0.len() {
        for replacement in [0, 1, 2, case.0[i] / 2, case.0[i].saturating_sub(1)] {
            if replacement < case.0[i] {
                let mut candidate = case.0.clone();
                candidate[i] = replacement;
                push(candidate);
            }
        }
    }
    smaller
}

/// Reads a case of numbers, checking their count.
fn parse_numbers(name: &str, arity: Option<usize>, text: &str) -> Result<Numbers, String> {
    let numbers = text
        .split_whitespace()
        .map(|token| token.parse::<u64>().map_err(|_| format!("`{token}` is not a non-negative integer")))
        .collect::<Result<Vec<u64>, String>>()?;
    match arity {
        Some(arity) if numbers.len() != arity => {
            Err(format!("a case of {name} has {arity} numbers, found {}", numbers.len()))
        }
        None if numbers.is_empty() => Err(format!("a case of {name} needs at least one number")),
        _ => Ok(Numbers(numbers)),
    }
}

/// A counting problem: how many of a case's positions (colourings, placements…) one player
/// wins. The oracle solves every position; the fast side counts by theory.
pub struct CountEntry<G: Game> {
    /// Registry name.
    pub name: &'static str,
    /// One line on the rules and the theorem.
    pub summary: &'static str,
    /// How many numbers a case has (`None`: any number, at least one).
    pub arity: Option<usize>,
    /// Every small case.
    pub exhaustive: fn() -> Vec<Vec<u64>>,
    /// What the exhaustive cases are.
    pub exhaustive_description: &'static str,
    /// One random case.
    pub random: fn(&mut ChaCha8Rng) -> Vec<u64>,
    /// The game every position is played in.
    pub game: G,
    /// The positions a case counts over.
    pub positions: fn(&[u64]) -> Vec<G::Position>,
    /// Whose wins are counted.
    pub counted: Outcome,
    /// The count is reported modulo this.
    pub modulus: u64,
    /// The fast side's count; an error for a case that is not well formed.
    pub fast: fn(&[u64]) -> Result<u64, String>,
}

impl<G: Game + Clone + Send + Sync> Family for CountEntry<G>
where
    G::Position: Send + Sync,
{
    type Instance = Numbers;
    type Session = Engine<G>;

    numbers_case_methods!();

    fn shrink(&self, case: &Numbers) -> Vec<Numbers> {
        shrink_numbers(case, self.arity.is_none(), |candidate| (self.fast)(candidate).is_ok())
    }

    fn parse_instance(&self, text: &str) -> Result<Numbers, String> {
        let numbers = parse_numbers(self.name, self.arity, text)?;
        (self.fast)(&numbers.0)?;
        Ok(numbers)
    }

    fn session(&self) -> Engine<G> {
        Engine::new(self.game.clone(), ValueKind::OutcomeOnly, Budget::default())
    }

    fn compare(&self, oracle: &mut Engine<G>, case: &Numbers) -> Result<Comparison, OracleError> {
        let mut count = 0u64;
        for position in (self.positions)(&case.0) {
            if oracle.solve(&position)?.outcome == self.counted {
                count += 1;
            }
        }
        let truth = count % self.modulus;
        Ok(match (self.fast)(&case.0) {
            Err(reason) => Comparison::Unsupported(reason),
            Ok(fast) if fast == truth => Comparison::Agree,
            Ok(fast) => Comparison::Disagree { oracle: format!("count {truth}"), fast: format!("count {fast}") },
        })
    }
}

/// A game scored by points: the oracle's and the fast side's best score differences compared.
pub struct ScoreEntry {
    /// Registry name.
    pub name: &'static str,
    /// One line on the rules and the method.
    pub summary: &'static str,
    /// Every small case.
    pub exhaustive: fn() -> Vec<Vec<u64>>,
    /// What the exhaustive cases are.
    pub exhaustive_description: &'static str,
    /// One random case.
    pub random: fn(&mut ChaCha8Rng) -> Vec<u64>,
    /// The oracle's score.
    pub oracle: fn(&[u64]) -> i64,
    /// The fast side's score; an error for a case that is not well formed.
    pub fast: fn(&[u64]) -> Result<i64, String>,
}

impl Family for ScoreEntry {
    type Instance = Numbers;
    type Session = ();

    numbers_case_methods!();

    fn shrink(&self, case: &Numbers) -> Vec<Numbers> {
        shrink_numbers(case, false, |candidate| (self.fast)(candidate).is_ok())
    }

    fn parse_instance(&self, text: &str) -> Result<Numbers, String> {
        let numbers = parse_numbers(self.name, None, text)?;
        (self.fast)(&numbers.0)?;
        Ok(numbers)
    }

    fn session(&self) {}

    fn compare(&self, _: &mut (), case: &Numbers) -> Result<Comparison, OracleError> {
        Ok(match (self.fast)(&case.0) {
            Err(reason) => Comparison::Unsupported(reason),
            Ok(fast) => {
                let truth = (self.oracle)(&case.0);
                if fast == truth {
                    Comparison::Agree
                } else {
                    Comparison::Disagree { oracle: format!("difference {truth}"), fast: format!("difference {fast}") }
                }
            }
        })
    }
}

/// A gems case `[colours, stone, bags, counts (bags × colours)…]` as bags, if well formed.
pub fn gems_case(case: &[u64]) -> Result<(Vec<Vec<u32>>, u32), String> {
    let [colours, stone, bags, counts @ ..] = case else {
        return Err("a case is `colours stone bags` then bags × colours counts".to_string());
    };
    if *colours == 0 || *stone == 0 || *stone > 1000 || counts.len() as u64 != colours * bags || *bags > 24 {
        return Err("a case is `colours stone bags` (stone 1..=1000, ≤ 24 bags) then bags × colours counts".to_string());
    }
    if counts.iter().any(|&c| c > 1000) {
        return Err("a bag holds at most 1000 gems of a colour".to_string());
    }
    let bags = counts.chunks(*colours as usize).map(|bag| bag.iter().map(|&c| c as u32).collect()).collect();
    Ok((bags, *stone as u32))
}

/// The counting problems of the catalog.
pub fn count_entries() -> Vec<Box<dyn Entry>> {
    use grundy_oracle::games::{coins::Coins, steins::Steins};
    vec![
        Box::new(CountEntry {
            name: "steins",
            summary: "Steins;Game: colourings the second player wins; black value in closed form, xor basis",
            arity: None,
            exhaustive: || sorted_sequences(3, 1, 5),
            exhaustive_description: "every ≤ 3 piles of 1..=5",
            random: |rng| (0..rng.random_range(1..=5)).map(|_| rng.random_range(1..=6)).collect(),
            game: Steins,
            positions: |piles| {
                (0..1u32 << piles.len())
                    .map(|colouring| {
                        let (mut white, mut black): (Vec<u64>, Vec<u64>) = (Vec::new(), Vec::new());
                        for (i, &p) in piles.iter().enumerate() {
                            if colouring >> i & 1 == 1 { black.push(p) } else { white.push(p) }
                        }
                        white.sort_unstable();
                        black.sort_unstable();
                        (white, black)
                    })
                    .collect()
            },
            counted: Outcome::Second,
            modulus: 1_000_000_007,
            fast: |piles| {
                if piles.contains(&0) {
                    return Err("piles hold at least one stone".to_string());
                }
                Ok(grundy_fast::games::steins::second_player_colourings(piles))
            },
        }),
        Box::new(CountEntry {
            name: "coins",
            summary: "Moving Coins (SDOI2019): placements the first player wins; staircase Nim and a digit DP",
            arity: Some(2),
            exhaustive: || (1..=9).flat_map(|n| (1..=n).map(move |m| vec![n, m])).collect(),
            exhaustive_description: "every board n ≤ 9 with 1 ≤ m ≤ n coins",
            random: |rng| {
                let n = rng.random_range(1..=13);
                vec![n, rng.random_range(1..=n.min(5))]
            },
            game: Coins,
            positions: |case| {
                let (n, m) = (case[0], case[1] as usize);
                let mut all = Vec::new();
                let mut cells: Vec<u64> = (1..=m as u64).collect();
                loop {
                    all.push(cells.clone());
                    // Next m-subset of 1..=n in lexicographic order.
                    let Some(i) = (0..m).rev().find(|&i| cells[i] < n - (m - 1 - i) as u64) else { break };
                    cells[i] += 1;
                    for j in i + 1..m {
                        cells[j] = cells[j - 1] + 1;
                    }
                }
                all
            },
            counted: Outcome::First,
            modulus: 1_000_000_009,
            fast: |case| match case {
                [n, m] if 1 <= *m && m <= n => {
                    Ok(grundy_fast::games::coins::first_player_placements(*n as usize, *m as usize))
                }
                _ => Err("a case is `n m` with 1 ≤ m ≤ n".to_string()),
            },
        }),
    ]
}

/// A geography case `[vertices, start, u1, v1, u2, v2, …]` as a graph, if well formed.
fn geography_case(case: &[u64]) -> Result<(grundy_fast::matching::Graph, usize), String> {
    let [vertices, start, ends @ ..] = case else { return Err("a case is `vertices start u1 v1 …`".to_string()) };
    let vertices = *vertices as usize;
    if vertices == 0 || vertices > 64 || *start as usize >= vertices || ends.len() % 2 == 1 {
        return Err("a case is `vertices start u1 v1 …` with 1 ≤ vertices ≤ 64 and ends below vertices".to_string());
    }
    if ends.iter().any(|&end| end as usize >= vertices) {
        return Err("an edge end is not a vertex".to_string());
    }
    let edges = ends.chunks(2).map(|pair| (pair[0] as usize, pair[1] as usize)).collect();
    Ok((grundy_fast::matching::Graph { vertices, edges }, *start as usize))
}

/// Every graph on up to 4 vertices, with every start.
fn small_graphs() -> Vec<Vec<u64>> {
    let mut all = Vec::new();
    for vertices in 1..=4u64 {
        let pairs: Vec<(u64, u64)> = (0..vertices).flat_map(|u| (u + 1..vertices).map(move |v| (u, v))).collect();
        for subset in 0..1u32 << pairs.len() {
            for start in 0..vertices {
                let mut case = vec![vertices, start];
                for (i, &(u, v)) in pairs.iter().enumerate() {
                    if subset >> i & 1 == 1 {
                        case.extend([u, v]);
                    }
                }
                all.push(case);
            }
        }
    }
    all
}

/// A random graph of up to 13 vertices; `bipartite` keeps only edges between two random sides.
fn random_graph(rng: &mut ChaCha8Rng, bipartite: bool) -> Vec<u64> {
    let vertices = rng.random_range(1..=13u64);
    let sides: Vec<bool> = (0..vertices).map(|_| rng.random_bool(0.5)).collect();
    let density = rng.random_range(0.15..0.7);
    let mut case = vec![vertices, rng.random_range(0..vertices)];
    for u in 0..vertices {
        for v in u + 1..vertices {
            if (!bipartite || sides[u as usize] != sides[v as usize]) && rng.random_bool(density) {
                case.extend([u, v]);
            }
        }
    }
    case
}

fn geography_entry(
    name: &'static str,
    summary: &'static str,
    bipartite: bool,
    fast: fn(&[u64]) -> Result<Outcome, String>,
) -> Box<dyn Entry> {
    use grundy_oracle::games::geography::Geography;
    Box::new(OutcomeEntry {
        name,
        summary,
        arity: None,
        exhaustive: small_graphs,
        exhaustive_description: "every graph on ≤ 4 vertices, every start",
        random: if bipartite { |rng| random_graph(rng, true) } else { |rng| random_graph(rng, false) },
        game: |case| {
            let (graph, _) = geography_case(case).expect("cases are well formed");
            (case.to_vec(), Geography::new(graph.vertices, &graph.edges))
        },
        position: |case| Geography::start(case[1] as usize),
        fast,
    })
}

/// Geography by one matching method.
fn geography_by(case: &[u64], method: grundy_fast::games::geography::Method) -> Result<Outcome, String> {
    let (graph, start) = geography_case(case)?;
    grundy_fast::games::geography::first_wins(&graph, start, method)
        .map(Outcome::from_first_wins)
        .ok_or_else(|| format!("{method:?} needs a bipartite graph"))
}

/// A coloring case `[colours, cell…]`, if well formed: colours in range, no equal neighbours.
pub fn coloring_case(case: &[u64]) -> Result<(u64, &[u64]), String> {
    let [colours, strip @ ..] = case else { return Err("a case is `colours cell…`".to_string()) };
    if *colours == 0 || strip.is_empty() || strip.iter().any(|&c| c > *colours) {
        return Err("a case is `colours cell…` with cells in 0..=colours".to_string());
    }
    if let Some(i) = strip.windows(2).position(|pair| pair[0] != 0 && pair[0] == pair[1]) {
        return Err(format!("cells {} and {} share colour {}", i + 1, i + 2, strip[i]));
    }
    Ok((*colours, strip))
}

/// The catalog games beyond the pile games.
pub fn catalog_entries() -> Vec<Box<dyn Entry>> {
    use grundy_fast::games::geography::Method;
    use grundy_oracle::games::{
        candy::Candy, cutting::Cutting, fibonacci::FibonacciNim, nullify::Nullify, prime::RemoveThePrime,
        stripes::Stripes, wythoff::Wythoff,
    };
    vec![
        geography_entry(
            "geography/hopcroft-karp",
            "vertex geography: first player wins iff the start is in every maximum matching (Hopcroft–Karp)",
            true,
            |case| geography_by(case, Method::HopcroftKarp),
        ),
        geography_entry(
            "geography/dinic",
            "vertex geography by maximum flow (Dinic), bipartite graphs",
            true,
            |case| geography_by(case, Method::Dinic),
        ),
        geography_entry(
            "geography/general",
            "vertex geography on any graph (petgraph's Gabow matching)",
            false,
            |case| geography_by(case, Method::General),
        ),
        Box::new(OutcomeEntry {
            name: "lock",
            summary: "Combination Lock: geography on allowed combinations, bipartite by digit-sum parity",
            arity: None,
            exhaustive: || {
                // One dial: every forbidden set and start.
                let mut all = Vec::new();
                for forbidden in 0..1u32 << 10 {
                    for start in [0u64, 3] {
                        if forbidden >> start & 1 == 0 {
                            let mut case = vec![1, start];
                            case.extend((0..10).filter(|d| forbidden >> d & 1 == 1));
                            all.push(case);
                        }
                    }
                }
                all
            },
            exhaustive_description: "one dial: every forbidden set, starts 0 and 3",
            random: |rng| {
                // Two dials with 6 to 13 allowed combinations, so the oracle's seen-sets stay few.
                let allowed = rng.random_range(6..=13usize);
                let mut combinations: Vec<u64> = (0..100).collect();
                for i in 0..allowed {
                    let j = rng.random_range(i..100);
                    combinations.swap(i, j);
                }
                let mut case = vec![2, combinations[0]];
                let mut forbidden = combinations[allowed..].to_vec();
                forbidden.sort_unstable();
                case.extend(forbidden);
                case
            },
            game: |case| {
                // Cases that differ only in the start share the oracle.
                let key = [&case[..1], &case[2..]].concat();
                let forbidden = case[2..].iter().map(|&f| f as u32).collect();
                (key, grundy_oracle::games::lock::Lock::new(case[0] as u32, forbidden))
            },
            position: |case| (case[1] as u32, vec![case[1] as u32]),
            fast: |case| match case {
                [dials @ 1..=5, start, forbidden @ ..]
                    if *start < 10u64.pow(*dials as u32)
                        && forbidden.iter().all(|&f| f < 10u64.pow(*dials as u32) && f != *start) =>
                {
                    let forbidden: Vec<u32> = forbidden.iter().map(|&f| f as u32).collect();
                    Ok(Outcome::from_first_wins(grundy_fast::games::lock::first_wins(
                        *dials as u32,
                        &forbidden,
                        *start as u32,
                    )))
                }
                _ => Err("a case is `dials start forbidden…` with 1 ≤ dials ≤ 5, the start not forbidden".to_string()),
            },
        }),
        Box::new(OutcomeEntry {
            name: "coloring",
            summary: "Coloring a strip (BZOJ 2410): Dawson's chess for 1 colour, closed forms for 2, parity for 3+",
            arity: None,
            exhaustive: || {
                let mut all = Vec::new();
                for colours in 1..=3u64 {
                    for length in 1..=5u32 {
                        for code in 0..(colours + 1).pow(length) {
                            let mut case = vec![colours];
                            case.extend((0..length).map(|i| code / (colours + 1).pow(i) % (colours + 1)));
                            if coloring_case(&case).is_ok() {
                                all.push(case);
                            }
                        }
                    }
                }
                all
            },
            exhaustive_description: "every valid strip of ≤ 5 cells with 1, 2 or 3 colours",
            random: |rng| {
                let colours = rng.random_range(1..=3);
                let mut case = vec![colours];
                for _ in 0..rng.random_range(1..=11) {
                    let previous = *case.last().expect("the colour count");
                    let cell = if rng.random_bool(0.6) { 0 } else { rng.random_range(1..=colours) };
                    case.push(if case.len() > 1 && cell == previous { 0 } else { cell });
                }
                case
            },
            game: |case| (case[..1].to_vec(), grundy_oracle::games::coloring::Coloring { colours: case[0] }),
            position: |case| case[1..].to_vec(),
            fast: |case| {
                let (colours, strip) = coloring_case(case)?;
                Ok(Outcome::from_first_wins(grundy_fast::games::coloring::first_wins(strip, colours)))
            },
        }),
        Box::new(OutcomeEntry {
            name: "dig",
            summary: "Down We Dig: one day's game; the fast side runs the 256-window composition over all days",
            arity: None,
            exhaustive: || {
                // Steps drawn from a few masks, so that moves exist: all sequences of ≤ 5 steps.
                let masks = [0u64, 1, 3, 0xFF];
                let mut all = Vec::new();
                for length in 1..=5u32 {
                    for code in 0..4u64.pow(length) {
                        let steps: Vec<u64> = (0..length).map(|i| masks[(code >> (2 * i) & 3) as usize]).collect();
                        all.push([&[u64::from(length)][..], &steps].concat());
                    }
                }
                all
            },
            exhaustive_description: "every last day of ≤ 5 steps from the masks 0, 1, 3, 255",
            random: |rng| {
                let n = rng.random_range(1..=40u64);
                let base: u64 = rng.random_range(0..=255);
                let mut case = vec![rng.random_range(1..=n)];
                // Steps close to one another (few flipped characters) so that long moves occur.
                case.extend((0..n).map(|_| base ^ ((1 << rng.random_range(0..8)) * u64::from(rng.random_bool(0.5)))));
                case
            },
            game: |case| {
                let day = case[0] as usize;
                let steps: Vec<u8> = case[1..=day].iter().map(|&m| m as u8).collect();
                (case[..=day].to_vec(), grundy_oracle::games::dig::DigDay { steps })
            },
            position: |_| 1,
            fast: |case| match case {
                [day, steps @ ..] if *day >= 1 && *day as usize <= steps.len() && steps.iter().all(|&m| m <= 255) => {
                    let steps: Vec<u8> = steps.iter().map(|&m| m as u8).collect();
                    Ok(Outcome::from_first_wins(grundy_fast::games::dig::first_wins_by_day(&steps)[*day as usize - 1]))
                }
                _ => Err("a case is `day step…` with 1 ≤ day ≤ steps and steps in 0..=255".to_string()),
            },
        }),
        Box::new(OutcomeEntry {
            name: "cutting",
            summary: "Cutting Game (POJ 2311): whoever first cuts a 1×1 piece wins; Grundy table avoiding 1-wide strips",
            arity: Some(2),
            exhaustive: || (2..=6).flat_map(|w| (w..=6).map(move |h| vec![w, h])).collect(),
            exhaustive_description: "every sheet from 2×2 to 6×6",
            random: |rng| vec![rng.random_range(2..=7), rng.random_range(2..=6)],
            game: |_| (Vec::new(), Cutting),
            position: |case| Cutting::sheet(case[0], case[1]),
            fast: |case| {
                if case[0] < 2 || case[1] < 2 {
                    return Err("sheets are at least 2×2".to_string());
                }
                let n = case[0].max(case[1]) as usize;
                Ok(grundy_fast::games::cutting::outcome(
                    &grundy_fast::games::cutting::table(n),
                    case[0] as usize,
                    case[1] as usize,
                ))
            },
        }),
        Box::new(OutcomeEntry {
            name: "stripes",
            summary: "Stripes (POI 2000): lay strips of lengths a, b, c on a row of p cells; octal table",
            arity: Some(4),
            exhaustive: || {
                let mut all = Vec::new();
                for a in 1..=3 {
                    for b in a..=4 {
                        for c in b..=5 {
                            all.extend((0..=24).map(|p| vec![a, b, c, p]));
                        }
                    }
                }
                all
            },
            exhaustive_description: "strips 1 ≤ a ≤ b ≤ c ≤ 5 (a ≤ 3, b ≤ 4), rows ≤ 24",
            random: |rng| {
                let mut lengths: Vec<u64> = (0..3).map(|_| rng.random_range(1..=7)).collect();
                lengths.sort_unstable();
                lengths.push(rng.random_range(0..=36));
                lengths
            },
            game: |case| (case[..3].to_vec(), Stripes::new(case[..3].to_vec())),
            position: |case| if case[3] > 0 { vec![case[3]] } else { Vec::new() },
            fast: |case| {
                if case[..3].contains(&0) {
                    return Err("strips have positive lengths".to_string());
                }
                stripes_outcome(&case[..3], case[3])
            },
        }),
        Box::new(OutcomeEntry {
            name: "candy",
            summary: "Candy Piles (AGC002 E): the diagonal rule on the Young diagram",
            arity: None,
            exhaustive: || sorted_sequences(4, 1, 8),
            exhaustive_description: "all ≤ 4 piles of 1..=8",
            random: |rng| (0..rng.random_range(1..=7)).map(|_| rng.random_range(1..=14)).collect(),
            game: |_| (Vec::new(), Candy),
            position: |case| {
                let mut piles = case.to_vec();
                piles.sort_unstable();
                piles
            },
            fast: |case| {
                if case.contains(&0) {
                    return Err("piles hold at least one candy".to_string());
                }
                Ok(grundy_fast::games::candy::outcome(case))
            },
        }),
        Box::new(OutcomeEntry {
            name: "nullify",
            summary: "Nullify the Matrix (CF 1451F): first player loses iff every anti-diagonal xors to 0",
            arity: None,
            exhaustive: || {
                let mut all = Vec::new();
                for (rows, columns) in [(1u64, 1u64), (1, 2), (2, 1), (1, 3), (3, 1), (2, 2)] {
                    let cells = (rows * columns) as u32;
                    for code in 0..4u64.pow(cells) {
                        let mut case = vec![rows, columns];
                        case.extend((0..cells).map(|i| (code >> (2 * i)) & 3));
                        all.push(case);
                    }
                }
                all
            },
            exhaustive_description: "every matrix of ≤ 4 cells (1×1 to 2×2, 1×3, 3×1) with values ≤ 3",
            random: |rng| {
                let (rows, columns) = [(1, 4), (4, 1), (2, 2), (2, 3), (3, 2), (1, 3)][rng.random_range(0..6)];
                let top = if rows * columns > 4 { 1 } else { 3 };
                let mut case = vec![rows, columns];
                case.extend((0..rows * columns).map(|_| rng.random_range(0..=top)));
                case
            },
            game: |case| {
                let bits = case[2..].iter().map(|&v| 64 - v.leading_zeros()).max().unwrap_or(0).max(1);
                (
                    vec![case[0], case[1], u64::from(bits)],
                    Nullify { rows: case[0] as usize, columns: case[1] as usize, bits },
                )
            },
            position: |case| case[2..].to_vec(),
            fast: |case| match case {
                [rows, columns, cells @ ..] if *rows >= 1 && *columns >= 1 && cells.len() as u64 == rows * columns => {
                    Ok(grundy_fast::games::nullify::outcome(*rows as usize, *columns as usize, cells))
                }
                _ => Err("a case is `rows columns` then rows × columns cells".to_string()),
            },
        }),
        Box::new(OutcomeEntry {
            name: "prime",
            summary: "Remove the Prime: per prime, runs of multiples are heaps of value their length",
            arity: None,
            exhaustive: || {
                let mut all = Vec::new();
                for count in 1..=3usize {
                    let mut sequence = vec![1u64; count];
                    loop {
                        all.push(sequence.clone());
                        let Some(i) = (0..count).rev().find(|&i| sequence[i] < 12) else { break };
                        sequence[i] += 1;
                        sequence[i + 1..].fill(1);
                    }
                }
                all
            },
            exhaustive_description: "every sequence of ≤ 3 numbers from 1..=12",
            random: |rng| (0..rng.random_range(1..=6)).map(|_| rng.random_range(1..=72)).collect(),
            game: |_| (Vec::new(), RemoveThePrime),
            position: |case| case.to_vec(),
            fast: |case| {
                if case.contains(&0) {
                    return Err("the numbers are at least 1".to_string());
                }
                Ok(grundy_fast::games::prime::outcome(case))
            },
        }),
        Box::new(OutcomeEntry {
            name: "fibonacci",
            summary: "Fibonacci nim: the second player wins iff n is a Fibonacci number",
            arity: Some(1),
            exhaustive: || (2..=120).map(|n| vec![n]).collect(),
            exhaustive_description: "every pile 2..=120",
            random: |rng| vec![rng.random_range(2..=240)],
            game: |_| (Vec::new(), FibonacciNim),
            position: |case| FibonacciNim::start(case[0]),
            fast: |case| match case[0] {
                0 | 1 => Err("a pile needs at least 2 tokens".to_string()),
                n => Ok(grundy_fast::games::fibonacci::outcome(n)),
            },
        }),
        Box::new(OutcomeEntry {
            name: "wythoff",
            summary: "Wythoff's game: P-positions (⌊kφ⌋, ⌊kφ⌋ + k) in integer arithmetic",
            arity: Some(2),
            exhaustive: || (0..=40).flat_map(|a| (a..=40).map(move |b| vec![a, b])).collect(),
            exhaustive_description: "every pair of piles ≤ 40",
            random: |rng| vec![rng.random_range(0..=150), rng.random_range(0..=150)],
            game: |_| (Vec::new(), Wythoff),
            position: |case| (case[0].min(case[1]), case[0].max(case[1])),
            fast: |case| Ok(grundy_fast::games::wythoff::outcome(case[0], case[1])),
        }),
    ]
}

/// Stripes by the Grundy value of the octal game with 7 at each strip length.
pub fn stripes_outcome(lengths: &[u64], row: u64) -> Result<Outcome, String> {
    let operation = Operation::Octal(stripes_code(lengths)?);
    let table = grundy_fast::heap_table(&operation, Play::Normal, row).map_err(|e| e.to_string())?;
    let value = table.value(row).ok_or_else(|| format!("no value for a row of {row}"))?;
    Ok(Outcome::from_first_wins(value != 0))
}

/// The octal code with 7 at each strip length.
pub fn stripes_code(lengths: &[u64]) -> Result<Vec<u8>, String> {
    let longest = lengths.iter().copied().max().unwrap_or(0);
    if longest > 4096 {
        return Err(format!("a strip of {longest} is longer than the 4096 supported"));
    }
    let mut digits = vec![0u8; longest as usize + 1];
    for &length in lengths {
        digits[length as usize] = 7;
    }
    Ok(digits)
}

/// A solution in words: `first player wins (grundy 3)`.
pub fn describe(solution: &Solution) -> String {
    match solution.value {
        Some(value) => format!("{} ({value})", solution.outcome),
        None => solution.outcome.to_string(),
    }
}

/// Every registry entry, in a stable order: the 60 Game Pack rule sets, random operations in each
/// of the twelve compounds, then the catalog games.
pub fn all() -> Vec<Box<dyn Entry>> {
    let mut entries: Vec<Box<dyn Entry>> =
        pack_entries().into_iter().map(|entry| Box::new(entry) as Box<dyn Entry>).collect();
    for compound in Compound::ALL {
        for play in Play::ALL {
            entries.push(Box::new(RandomRulesEntry::new(compound, play)));
        }
    }
    entries.extend(catalog_entries());
    entries.extend(count_entries());
    entries.push(Box::new(ScoreEntry {
        name: "gems",
        summary: "Gems Fight! (HDU 4778): DP over poured sets against minimax over every order",
        exhaustive: || {
            let mut all = Vec::new();
            for bags in 1..=3u64 {
                for code in 0..3u64.pow(2 * bags as u32) {
                    let mut case = vec![2, 2, bags];
                    case.extend((0..2 * bags).map(|i| code / 3u64.pow(i as u32) % 3));
                    all.push(case);
                }
            }
            all
        },
        exhaustive_description: "every 1 to 3 bags of up to 2 gems of 2 colours, stones of 2",
        random: |rng| {
            let (colours, bags) = (rng.random_range(1..=3u64), rng.random_range(1..=7u64));
            let mut case = vec![colours, rng.random_range(1..=4), bags];
            case.extend((0..colours * bags).map(|_| rng.random_range(0..=3)));
            case
        },
        oracle: |case| {
            let (bags, stone) = gems_case(case).expect("cases are well formed");
            grundy_oracle::games::gems::best_difference(&bags, stone)
        },
        fast: |case| {
            let (bags, stone) = gems_case(case)?;
            Ok(grundy_fast::games::gems::best_difference(&bags, stone))
        },
    }));
    entries
}

/// The 60 Game Pack rule sets, named `pack:A,B,C,D`.
pub fn pack_entries() -> Vec<PileEntry> {
    RuleSet::pack_all()
        .into_iter()
        .map(|rules| {
            let (a, b, c, d) = rules.pack_code().expect("a Game Pack rule set");
            PileEntry::new(format!("pack:{a},{b},{c},{d}"), rules)
        })
        .collect()
}

/// The entry named `name`, if any.
pub fn find(name: &str) -> Option<Box<dyn Entry>> {
    all().into_iter().find(|entry| entry.name() == name)
}

/// The operation names, for `grundy list`.
pub fn operation_syntax() -> &'static str {
    Operation::SYNTAX
}
