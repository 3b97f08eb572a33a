//! Pile games (operation × compound × play): the 60 Game Pack rule sets, random operations in
//! each of the twelve compounds, and Game Pack's contest format.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use grundy_fast::PileSolver;
use grundy_oracle::boxed::box_size;
use grundy_oracle::{Engine, PileBox, PileGame, Stats};
use grundy_rules::games::PilePosition;
use grundy_rules::{Action, Compound, Operation, Play, Position, RuleSet, Solution};

use super::prelude::*;
use crate::error::Error;
use crate::shape;

pub use crate::runner::sorted_sequences;

/// A fast solver given as a function: a planted one, in tests.
pub type PileFast = Arc<dyn Fn(&[u64]) -> Result<Solution, Unsupported> + Send + Sync>;

/// Which rule sets a pile problem plays.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rules {
    /// One rule set (a Game Pack entry `pack:A,B,C,D`, or any other).
    Fixed(RuleSet),
    /// A random operation for each case, in one compound and convention.
    Random(Compound, Play),
    /// One of the 60 Game Pack rule sets for each input (Game Pack's contest).
    Pack,
}

/// Sizes of the exhaustive positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shape {
    /// Most plates.
    pub plates: usize,
    /// Largest plate.
    pub size: u64,
}

/// A pile problem.
pub struct Piles {
    name: String,
    rules: Rules,
    exhaustive: Shape,
    planted: Option<PileFast>,
    /// Fast solvers built so far, by rule set, with the largest plate each was asked for (tables
    /// up to some plate; a solver may cover less than it was asked for, e.g. a misère quotient
    /// verified only so far, and is then not built again for the same range).
    solvers: Mutex<HashMap<RuleSet, (u64, Arc<PileSolver>)>>,
}

/// Game Pack's largest plate, as planned (the statement gives no limits).
const LARGEST_PLATE: u64 = 500_000;

/// The most plates of a Game Pack input, in all (planned: the statement gives none).
const MOST_PLATES: usize = 1_000_000;

/// Random single-plate cases go up to this size: long enough to run the tables far past their
/// first values, small enough for the oracle.
const RANDOM_SINGLE_PLATE: u64 = 3000;

impl Piles {
    /// The problem of one rule set, named `name`. Its exhaustive part: every position of at most
    /// 6 plates of at most 16 tokens when a turn moves one plate (4 plates of at most 12 when it
    /// moves several), solved in box mode; games whose moves split plates reach far more
    /// positions from each, and are checked on 4 plates of at most 12 (3 of at most 9).
    pub fn fixed(name: impl Into<String>, rules: RuleSet) -> Piles {
        let exhaustive = match (rules.compound.action(), rules.operation.splits()) {
            (Action::One, false) => Shape { plates: 6, size: 16 },
            (Action::Some | Action::Every, false) => Shape { plates: 4, size: 12 },
            (Action::One, true) => Shape { plates: 4, size: 12 },
            (Action::Some | Action::Every, true) => Shape { plates: 3, size: 9 },
        };
        Piles::with(name.into(), Rules::Fixed(rules), exhaustive)
    }

    /// Random operations in one compound and convention: `random/COMPOUND/PLAY`.
    pub fn random_rules(compound: Compound, play: Play) -> Piles {
        Piles::with(format!("random/{compound}/{play}"), Rules::Random(compound, play), Shape { plates: 0, size: 0 })
    }

    /// Game Pack's contest, on any of its rule sets, or on one (`grundy duel pack --rules`).
    pub fn pack(rules: Option<RuleSet>) -> Piles {
        match rules {
            Some(rules) => Piles { name: "pack".to_string(), ..Piles::fixed("pack", rules) },
            None => Piles::with("pack".to_string(), Rules::Pack, Shape { plates: 0, size: 0 }),
        }
    }

    fn with(name: String, rules: Rules, exhaustive: Shape) -> Piles {
        Piles { name, rules, exhaustive, planted: None, solvers: Mutex::new(HashMap::new()) }
    }

    /// The 60 Game Pack rule sets, named `pack:A,B,C,D`.
    pub fn pack_entries() -> Vec<Piles> {
        RuleSet::pack_all()
            .into_iter()
            .map(|rules| {
                let (a, b, c, d) = rules.pack_code().expect("a Game Pack rule set");
                Piles::fixed(format!("pack:{a},{b},{c},{d}"), rules)
            })
            .collect()
    }

    /// The same problem with another fast solver (a planted one, in tests).
    pub fn with_fast(mut self, fast: PileFast) -> Piles {
        self.planted = Some(fast);
        self
    }

    /// The same problem with another exhaustive shape.
    pub fn with_exhaustive(mut self, shape: Shape) -> Piles {
        self.exhaustive = shape;
        self
    }

    /// The exhaustive shape: (most plates, largest plate).
    pub fn exhaustive_shape(&self) -> (usize, u64) {
        (self.exhaustive.plates, self.exhaustive.size)
    }

    /// The rule set of a fixed problem.
    pub fn rules(&self) -> Option<&RuleSet> {
        match &self.rules {
            Rules::Fixed(rules) => Some(rules),
            _ => None,
        }
    }

    /// A random operation: subtraction sets, `upto:m`, `mod:m`, `half`, octal codes of up to four
    /// digits.
    pub fn random_operation(rng: &mut ChaCha8Rng) -> Operation {
        match rng.random_range(0..6) {
            0 => {
                let size = rng.random_range(1..=3);
                let mut set: Vec<u64> = (0..size).map(|_| rng.random_range(1..=6)).collect();
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
                if let Ok(operation) = Operation::octal(digits)
                    && operation != Operation::Octal(vec![0])
                {
                    break operation;
                }
            },
        }
    }

    /// A random position of `rules`: one plate far along the tables, or a few plates, sized so
    /// that the oracle answers quickly.
    pub fn random_position(rules: &RuleSet, rng: &mut ChaCha8Rng) -> Position {
        let splits = rules.operation.splits();
        let one = rules.compound.action() == Action::One;
        let plates = match rng.random_range(0..3) {
            0 if !splits => vec![rng.random_range(0..=RANDOM_SINGLE_PLATE)],
            _ => {
                let (most_plates, most_tokens, largest) = match (splits, one) {
                    (false, true) => (5, 60, 20),
                    (false, false) => (3, 36, 14),
                    (true, true) => (4, 22, 16),
                    (true, false) => (3, 16, 12),
                };
                plates_within(rng, most_plates, most_tokens, largest)
            }
        };
        Position::new(plates).expect("at least one plate")
    }

    /// A fast solver for `rules` covering plate `largest`, built once for a range of plates.
    fn solver(&self, rules: &RuleSet, largest: u64) -> Result<Arc<PileSolver>, Unsupported> {
        let mut solvers = self.solvers.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some((_, solver)) =
            solvers.get(rules).filter(|(asked, solver)| solver.limit() >= largest || *asked >= largest)
        {
            return Ok(solver.clone());
        }
        let wanted = largest.max(self.exhaustive.size).max(RANDOM_SINGLE_PLATE);
        let (asked, solver) = match PileSolver::new(rules, wanted) {
            Ok(solver) => (wanted, solver),
            // The tables a wide range needs may be too large: build exactly what this case needs.
            Err(_) => (largest, PileSolver::new(rules, largest)?),
        };
        let solver = Arc::new(solver);
        if solvers.len() >= 64 {
            solvers.clear();
        }
        solvers.insert(rules.clone(), (asked, solver.clone()));
        Ok(solver)
    }
}

/// The oracle's memo: an engine per rule set, and the solved box of a fixed rule set's
/// exhaustive shape (box mode, when its moves never split a plate).
pub struct Oracles {
    engines: HashMap<RuleSet, Engine<PileGame>>,
    solved_box: Option<Result<PileBox, OracleError>>,
    budget: Budget,
}

impl Memo for Oracles {
    fn fresh(budget: Budget) -> Self {
        Oracles { engines: HashMap::new(), solved_box: None, budget }
    }

    fn stats(&self) -> Option<Stats> {
        let boxed = self.solved_box.iter().flatten().map(PileBox::stats);
        Some(self.engines.values().map(Engine::stats).chain(boxed).sum())
    }
}

impl Problem for Piles {
    type Instance = PilePosition;
    type Answer = Solution;
    type Memo = Oracles;

    const DATA: Data = Data {
        name: "pack",
        summary: "Game Pack (Xmas Contest 2024): any of the 60 rule sets",
        format: "Xmas Contest 2024 \"Game Pack\": A B C D T, then T lines n x1 … xn; Black (first player wins) or White",
        limits: "xi from 1 (a plate of 0 is refused) to 2^64 − 1 where its tables reach, and as many games as memory \
                 holds",
        // T is not limited by the plan; 10^6 plates in all are.
        most_cases: 100_000,
        // Named per rule set: `Contest::at_limits` below.
        at_limits: &[],
    };

    fn name(&self) -> String {
        self.name.clone()
    }

    fn summary(&self) -> String {
        match &self.rules {
            Rules::Fixed(rules) => rules.to_string(),
            Rules::Random(compound, play) => {
                format!("random operations, {} compound, {play} play", compound.full_name())
            }
            Rules::Pack => Self::DATA.summary.to_string(),
        }
    }

    fn exhaustive(&self) -> Exhaustive<PilePosition> {
        match &self.rules {
            Rules::Fixed(rules) => {
                let Shape { plates, size } = self.exhaustive;
                Exhaustive {
                    cases: sorted_sequences(plates, 0, size).into_iter().map(|p| pile_case(rules, p)).collect(),
                    description: format!("all positions of ≤ {plates} plates ≤ {size}"),
                }
            }
            Rules::Random(..) | Rules::Pack => Exhaustive::none("random rule sets only"),
        }
    }

    fn random(&self, rng: &mut ChaCha8Rng) -> PilePosition {
        let rules = match &self.rules {
            Rules::Fixed(rules) => rules.clone(),
            Rules::Random(compound, play) => RuleSet::new(Piles::random_operation(rng), *compound, *play),
            Rules::Pack => {
                let all = RuleSet::pack_all();
                all[rng.random_range(0..all.len())].clone()
            }
        };
        let position = Piles::random_position(&rules, rng);
        PilePosition { rules, position }
    }

    fn oracle(&self, oracles: &mut Oracles, case: &PilePosition) -> Result<Solution, OracleError> {
        let Shape { plates, size } = self.exhaustive;
        let in_box = plates > 0 && case.position.plates().len() <= plates && case.position.largest() <= size;
        if let (Rules::Fixed(rules), true) = (&self.rules, in_box)
            && *rules == case.rules
            && PileBox::applies(rules)
        {
            let solved = oracles
                .solved_box
                .get_or_insert_with(|| PileBox::solve(rules, rules.value_kind(), plates, size, oracles.budget));
            return match solved {
                Ok(solved) => Ok(solved.solution(case.position.plates()).expect("the case lies in the box")),
                Err(error) => Err(error.clone()),
            };
        }
        let engines = &mut oracles.engines;
        if engines.len() >= 64 && !engines.contains_key(&case.rules) {
            engines.clear();
        }
        let oracle = engines
            .entry(case.rules.clone())
            .or_insert_with(|| Engine::new(PileGame::new(case.rules.clone()), case.rules.value_kind(), oracles.budget));
        oracle.solve(&case.position.plates().to_vec())
    }

    /// The same outcome, and the same value wherever the fast side gives one: through a misère
    /// quotient it knows who wins a sum of heaps that split, not the sum's misère Grundy value.
    fn agrees(&self, truth: &Solution, answer: &Solution) -> bool {
        truth.outcome == answer.outcome && (answer.value.is_none() || answer.value == truth.value)
    }

    fn fast(&self, case: &PilePosition) -> Result<Solution, Unsupported> {
        if let Some(planted) = &self.planted {
            return planted(case.position.plates());
        }
        self.solver(&case.rules, case.position.largest())?.solve(case.position.plates())
    }

    fn scaling_rules(&self) -> Option<(&RuleSet, usize)> {
        match &self.rules {
            Rules::Fixed(rules) => Some((rules, self.exhaustive.plates)),
            _ => None,
        }
    }

    fn case_text(&self, case: &PilePosition) -> String {
        pile_case_text(self.rules(), case)
    }

    fn parse_case(&self, text: &str) -> Result<PilePosition, grundy_rules::ParseError> {
        parse_pile_case(self.rules(), text)
    }
}

/// An input of Game Pack at the maxima, for one rule set.
enum PackLimit {
    /// All-ones games of these lengths, one input.
    Ones(Vec<usize>),
    /// One game of this many equal plates.
    Equal(usize),
    /// A game of 10^6 − 1 plates of 1 and one larger.
    OnesAndOne,
    /// One game of 10^6 random plates.
    Random,
    /// 10^6 games of one random plate.
    Singles,
    /// One game of 10^6 plates of 5·10^5.
    Largest,
}

impl PackLimit {
    /// Every kind, the aimed counts first: the all-ones lengths `2^k − 1, 2^k, 2^k + 1` up to the
    /// most plates (and the most itself), as few inputs as hold them within 10^6 plates each.
    fn all() -> Vec<PackLimit> {
        let mut lengths: Vec<usize> = (1..usize::BITS)
            .map(|k| 1usize << k)
            .take_while(|&power| power - 1 <= MOST_PLATES)
            .flat_map(|power| [power - 1, power, power + 1])
            .chain([MOST_PLATES - 1, MOST_PLATES])
            .filter(|&n| (1..=MOST_PLATES).contains(&n))
            .collect();
        lengths.sort_unstable();
        lengths.dedup();
        let mut all = Vec::new();
        let mut group: Vec<usize> = Vec::new();
        for n in lengths {
            if group.iter().sum::<usize>() + n > MOST_PLATES {
                all.push(PackLimit::Ones(std::mem::take(&mut group)));
            }
            group.push(n);
        }
        all.push(PackLimit::Ones(group));
        all.extend([
            PackLimit::Equal(MOST_PLATES),
            PackLimit::Equal(MOST_PLATES - 1),
            PackLimit::OnesAndOne,
            PackLimit::Random,
            PackLimit::Singles,
            PackLimit::Largest,
        ]);
        all
    }

    /// What the input is, in words.
    fn words(&self) -> String {
        match self {
            PackLimit::Ones(lengths) => match (lengths.first(), lengths.last()) {
                (Some(first), Some(last)) if lengths.len() > 1 => {
                    format!("all-ones games of {} lengths {first}..{last} around powers of two", lengths.len())
                }
                _ => format!("an all-ones game of {} plates", lengths.first().copied().unwrap_or(0)),
            },
            PackLimit::Equal(n) => format!("one game of {n} equal plates"),
            PackLimit::OnesAndOne => "one game of 999999 plates of 1 and one larger".to_string(),
            PackLimit::Random => "one game of 10^6 plates, each 1..5·10^5".to_string(),
            PackLimit::Singles => "10^6 games of one plate (T at its most)".to_string(),
            PackLimit::Largest => "one game of 10^6 plates of 5·10^5 (the largest input, 7 MB)".to_string(),
        }
    }
}

impl Piles {
    /// The rule sets of the inputs at the maxima: the one of `--rules`, else Nim in normal and
    /// in misère play.
    fn limit_rules(&self) -> Vec<RuleSet> {
        match &self.rules {
            Rules::Fixed(rules) if rules.pack_code().is_some() => vec![rules.clone()],
            _ => [0, 1].iter().map(|&misere| RuleSet::from_pack(0, 0, 0, misere).expect("nim")).collect(),
        }
    }
}

impl Contest for Piles {
    const STATEMENT: &Statement = &statement::PACK;

    const WINNERS: [&'static str; 2] = ["Black", "White"];

    /// The 60 Game Pack rule sets, and random operations in each compound and convention.
    fn entries() -> Vec<Piles> {
        let mut all = Piles::pack_entries();
        for compound in Compound::ALL {
            for play in Play::ALL {
                all.push(Piles::random_rules(compound, play));
            }
        }
        all
    }

    /// For the rule set given: every game of one plate ≤ 200, two plates ≤ 40 and three plates
    /// ≤ 15 (≤ 20 and ≤ 8 where a move changes several plates, whose options multiply); for all
    /// 60 at once, half of each bound. Every plate at least 1, as the format says.
    fn small_space(&self) -> Exhaustive<PilePosition> {
        let rule_sets = match &self.rules {
            Rules::Fixed(rules) => vec![rules.clone()],
            _ => RuleSet::pack_all(),
        };
        // All 60 rule sets at once: a smaller space each, to keep the duel short.
        let (singles, scale) = if rule_sets.len() == 1 { (200, 1) } else { (100, 2) };
        let mut cases = Vec::new();
        for rules in &rule_sets {
            let (pairs, triples) = if rules.compound.action() == Action::One { (40, 15) } else { (20, 8) };
            let (pairs, triples) = (pairs / scale, triples / scale);
            let games = (1..=singles)
                .map(|x| vec![x])
                .chain(sorted_sequences(2, 1, pairs).into_iter().filter(|p| p.len() == 2))
                .chain(sorted_sequences(3, 1, triples).into_iter().filter(|p| p.len() == 3));
            cases.extend(games.map(|plates| pile_case(rules, plates)));
        }
        let each = match rule_sets.len() {
            1 => "its rule set".to_string(),
            n => format!("each of the {n} rule sets"),
        };
        let (pairs, triples) = (40 / scale, 15 / scale);
        Exhaustive {
            cases,
            description: format!(
                "for {each}, every game of one plate ≤ {singles}, two plates ≤ {pairs} and three ≤ {triples} (≤ {} \
                 and ≤ {} where a move changes several plates)",
                20 / scale,
                8 / scale
            ),
        }
    }

    fn read(&self, input: &str) -> Result<Vec<PilePosition>, InputError> {
        let parsed = crate::pack::parse(input.as_bytes()).map_err(|e| InputError {
            problem: "pack",
            line: e.line,
            token: e.token,
            message: e.message,
        })?;
        let mut start = 0;
        Ok(parsed
            .ends
            .iter()
            .map(|&end| {
                let plates = (start..end).map(|i| parsed.plates.get(i)).collect();
                start = end;
                let position = Position::new(plates).unwrap_or_else(|| Position::new(vec![0]).expect("a plate"));
                PilePosition { rules: parsed.rules.clone(), position }
            })
            .collect())
    }

    fn write(&self, cases: &[PilePosition]) -> Result<String, Unwritable> {
        let Some(first) = cases.first() else { return Err("a Game Pack input has at least one game".into()) };
        let (a, b, c, d) = first
            .rules
            .pack_code()
            .ok_or_else(|| Unwritable(format!("{} is not a Game Pack rule set", first.rules)))?;
        if let Some(other) = cases.iter().find(|case| case.rules != first.rules) {
            return Err(format!("one Game Pack input has one rule set, not {} and {}", first.rules, other.rules).into());
        }
        if cases.iter().any(|case| case.position.plates().contains(&0)) {
            return Err("Game Pack's plates hold at least one token".into());
        }
        let mut text = format!("{a} {b} {c} {d} {}\n", cases.len());
        for case in cases {
            text.push_str(&format!("{} {}\n", case.position.plates().len(), case.position));
        }
        Ok(text)
    }

    fn random_input(&self, rng: &mut ChaCha8Rng, large: bool) -> Vec<PilePosition> {
        let rules = match &self.rules {
            Rules::Fixed(rules) => rules.clone(),
            _ => {
                let all = RuleSet::pack_all();
                all[rng.random_range(0..all.len())].clone()
            }
        };
        let (games, plates, size) = match (large, rules.compound.action()) {
            (true, _) => (20, 30, LARGEST_PLATE),
            (false, Action::One) => (5, 4, 14),
            (false, _) => (5, 3, 9),
        };
        // A large input's plates are 1 or 5·10^5 one time in 16 each.
        let plate =
            |rng: &mut ChaCha8Rng| if large { uniform_or_an_end(rng, 1, size) } else { rng.random_range(1..=size) };
        (0..rng.random_range(1..=games))
            .map(|_| {
                let count = rng.random_range(1..=plates);
                // Half the games uniform; half aimed where answers change, which uniform plates
                // almost never meet.
                let position = match rng.random_range(0..4) {
                    0 | 1 => (0..count).map(|_| plate(rng)).collect(),
                    2 => mirrored(rng, count, size),
                    _ => ones_and_one(rng, count, size),
                };
                pile_case(&rules, position)
            })
            .collect()
    }

    /// Per rule set (the one of `--rules`, else Nim in normal and in misère play), the aimed
    /// counts first (cheap, and where counters overflow): all-ones games of every length around
    /// the powers of two up to the most plates (misère play turns on them; an 8- or 16-bit count
    /// of ones wraps there), games of many equal plates; then the maxima: one game of 10^6
    /// plates, 10^6 games of one plate (T at its most), 10^6 plates of 5·10^5 (the largest
    /// input, 7 MB).
    fn at_limits(&self) -> Vec<String> {
        let kinds = PackLimit::all();
        self.limit_rules()
            .iter()
            .flat_map(|rules| kinds.iter().map(move |kind| format!("{}, rules {rules}", kind.words())))
            .collect()
    }

    fn at_limit(&self, which: usize, rng: &mut ChaCha8Rng) -> Vec<PilePosition> {
        let kinds = PackLimit::all();
        let all = self.limit_rules();
        let rules = &all[(which / kinds.len()).min(all.len() - 1)];
        let game = |plates: Vec<u64>| pile_case(rules, plates);
        match &kinds[which % kinds.len()] {
            PackLimit::Ones(lengths) => lengths.iter().map(|&n| game(vec![1; n])).collect(),
            PackLimit::Equal(n) => vec![game(vec![rng.random_range(2..=LARGEST_PLATE); *n])],
            PackLimit::OnesAndOne => {
                let mut plates = vec![1; MOST_PLATES - 1];
                plates.push(rng.random_range(2..=LARGEST_PLATE));
                vec![game(plates)]
            }
            PackLimit::Random => vec![game((0..MOST_PLATES).map(|_| rng.random_range(1..=LARGEST_PLATE)).collect())],
            PackLimit::Singles => (0..MOST_PLATES).map(|_| game(vec![rng.random_range(1..=LARGEST_PLATE)])).collect(),
            PackLimit::Largest => vec![game(vec![LARGEST_PLATE; MOST_PLATES])],
        }
    }

    /// Two inputs (one for the rule set of `--rules`; else one with A = B = C = D = 0 and one
    /// with A = 4, B = 2, C = D = 1): one game of 10 000 plates of 1 and 5·10^5 in turn (T = 1,
    /// 45 KB), and 10 000 games of one plate, 1 or 5·10^5 in turn, then one of both (65 KB). Not
    /// reached: 10^6 plates in all (7 MB).
    fn extremes(&self) -> Vec<Vec<PilePosition>> {
        let (low, high) = match &self.rules {
            Rules::Fixed(rules) => (rules.clone(), rules.clone()),
            Rules::Random(..) | Rules::Pack => {
                (RuleSet::from_pack(0, 0, 0, 0).expect("nim"), RuleSet::from_pack(4, 2, 1, 1).expect("a pack rule set"))
            }
        };
        let game = pile_case;
        let turns = |count: usize| in_turn(count, 1, LARGEST_PLATE);
        let mut singles: Vec<PilePosition> = turns(10_000).into_iter().map(|x| game(&high, vec![x])).collect();
        singles.push(game(&high, vec![1, LARGEST_PLATE]));
        vec![vec![game(&low, turns(10_000))], singles]
    }

    /// In box mode, the box. Otherwise a move that never splits leaves each plate one plate no
    /// larger: `Π (xi + 1)`. Splits into non-empty plates that keep every token (`split`,
    /// `grundy`): the partitions of the tokens, the empty plates aside. Other splits: the
    /// multisets of non-empty plates of at most the tokens `S`, times, where a move may empty a
    /// plate (a digit with 1 past the first), the `S − s + 1` counts of empty ones beside `s`
    /// tokens (each emptied plate took a token).
    fn oracle_positions(&self, case: &PilePosition) -> Option<u128> {
        let plates = case.position.plates();
        if let Rules::Fixed(rules) = &self.rules {
            let Shape { plates: most, size } = self.exhaustive;
            let in_box = most > 0 && plates.len() <= most && case.position.largest() <= size;
            if in_box && *rules == case.rules && PileBox::applies(rules) {
                return Some(box_size(most, size).map_or(u128::MAX, u128::from));
            }
        }
        let operation = &case.rules.operation;
        if !operation.splits() {
            return Some(product(plates.iter().map(|&x| u128::from(x) + 1)));
        }
        let tokens = plates.iter().fold(0u64, |total, &x| total.saturating_add(x));
        if matches!(operation, Operation::Split | Operation::Grundy) {
            return Some(partitions(tokens));
        }
        let empties = matches!(operation, Operation::Octal(digits) if digits.iter().skip(1).any(|d| d & 1 != 0));
        if tokens > PARTITIONS_KEPT {
            return Some(u128::MAX); // p(1459) is past u128 already
        }
        Some((0..=tokens).fold(0u128, |total, left| {
            let zeros = if empties { u128::from(tokens - left) + 1 } else { 1 };
            total.saturating_add(partitions(left).saturating_mul(zeros))
        }))
    }

    fn solve_text(&self, input: &[u8], budget: &crate::budget::Budget) -> Result<String, Error> {
        let output = crate::pack::solve(input, budget).map_err(|error| Error::usage(format!("{error:#}")))?;
        String::from_utf8(output).map_err(|_| Error::usage("pack wrote something that is not text"))
    }

    fn largest_input(&self, rng: &mut ChaCha8Rng) -> Vec<PilePosition> {
        let rules = match &self.rules {
            Rules::Fixed(rules) => rules.clone(),
            _ => RuleSet::from_pack(0, 0, 0, 0).expect("nim"),
        };
        (0..1000).map(|_| pile_case(&rules, (0..1000).map(|_| rng.random_range(1..=LARGEST_PLATE)).collect())).collect()
    }
}

/// A plate in `1..=size`, log-uniform: each scale up to `size` alike.
fn plate_at_any_scale(rng: &mut ChaCha8Rng, size: u64) -> u64 {
    let bits = rng.random_range(0..=size.ilog2());
    rng.random_range(1u64 << bits..=((2u64 << bits) - 1).min(size))
}

/// Plates in equal pairs at any scale (a second-player win in every disjunctive sum, and in
/// misère play unless all are 1), half the time with one plate moved by 1, 2 or a power of two
/// (the neighbours, whose answers turn on one bit).
fn mirrored(rng: &mut ChaCha8Rng, count: usize, size: u64) -> Vec<u64> {
    let mut plates = Vec::with_capacity(count + 1);
    for _ in 0..count.div_ceil(2) {
        let x = plate_at_any_scale(rng, size);
        plates.extend([x, x]);
    }
    if rng.random_ratio(1, 2) {
        let step = match rng.random_range(0..3) {
            0 => 1,
            1 => 2,
            _ => 1u64 << rng.random_range(0..=size.ilog2()),
        };
        let at = rng.random_range(0..plates.len());
        plates[at] = match rng.random_ratio(1, 2) {
            true => plates[at].saturating_sub(step).max(1),
            false => (plates[at] + step).min(size),
        };
    }
    plates
}

/// Plates of 1 and at most one larger plate: where misère play turns from normal play's answer
/// to its opposite (all plates ≤ 1) and back.
fn ones_and_one(rng: &mut ChaCha8Rng, count: usize, size: u64) -> Vec<u64> {
    let mut plates = vec![1; count];
    if rng.random_ratio(2, 3) {
        plates[0] = match rng.random_ratio(1, 2) {
            true => 2.min(size),
            false => plate_at_any_scale(rng, size),
        };
    }
    plates
}

/// Game Pack's contest on any of its rule sets.
impl Default for Piles {
    fn default() -> Piles {
        Piles::pack(None)
    }
}

/// The rules stay; the position shrinks.
impl Shrink for PilePosition {
    fn shape(&self) -> shape::Shape {
        self.position.shape()
    }

    fn with_shape(&self, shape: &shape::Shape) -> Option<PilePosition> {
        Some(PilePosition { rules: self.rules.clone(), position: self.position.with_shape(shape)? })
    }
}

/// One to `most_plates` random plates, each at most `largest`, of at most `most_tokens` in all.
pub fn plates_within(rng: &mut ChaCha8Rng, most_plates: usize, most_tokens: u64, largest: u64) -> Vec<u64> {
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

/// A case of `rules` on `plates` (at least one).
pub fn pile_case(rules: &RuleSet, plates: Vec<u64>) -> PilePosition {
    PilePosition { rules: rules.clone(), position: Position::new(plates).expect("at least one plate") }
}

/// A pile case as `--case` writes it: the plates alone where it plays `own`, the entry's rule
/// set, else `RULES @ PLATES`.
pub fn pile_case_text(own: Option<&RuleSet>, case: &PilePosition) -> String {
    match own {
        Some(rules) if *rules == case.rules => case.position.to_string(),
        _ => case.to_string(),
    }
}

/// A pile case from its `--case` text: plates alone play `own`; `RULES @ PLATES` any rule set.
pub fn parse_pile_case(own: Option<&RuleSet>, text: &str) -> Result<PilePosition, grundy_rules::ParseError> {
    match own {
        Some(rules) if !text.contains('@') => Ok(PilePosition { rules: rules.clone(), position: text.parse()? }),
        _ => text.parse(),
    }
}
