//! A problem of the catalog, as a trait: a typed game, its two solvers, its cases and (for a
//! contest problem) its input format; and the check that puts the oracle against the fast side
//! case by case. Each catalog file (`crate::catalog`) implements these; `check`, `duel` and the
//! rest use them through the catalog's list.

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

use grundy_fast::Unsupported;
use grundy_oracle::games::Playable;
use grundy_oracle::{Budget, Engine, Game, OracleError};
use grundy_rules::{Outcome, ParseError, ValueKind};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use crate::contest::{InputError, Unwritable};
use crate::error::Error;
use crate::runner::{Exhaustive, Heading, Subject, Verdict};
use crate::shrink::Shrink;

/// One problem: a typed game, its two solvers and its cases.
pub trait Problem: Send + Sync + 'static {
    /// One case: a game and the position it starts from.
    type Instance: Shrink + PartialEq + fmt::Debug + fmt::Display + FromStr<Err = ParseError> + Send + Sync + 'static;
    /// What a solver says about one case.
    type Answer: PartialEq + fmt::Display + Send + 'static;
    /// What the oracle keeps from one case to the next.
    type Memo: Memo + Send + 'static;

    /// What the problem states about itself: its name, summary and contest format.
    const DATA: Data;

    /// The name: `grundy check --only NAME`; by default the data's (a family of entries names
    /// each one).
    fn name(&self) -> String {
        Self::DATA.name.to_string()
    }
    /// One line on the rules and the theorem; by default the data's.
    fn summary(&self) -> String {
        Self::DATA.summary.to_string()
    }
    /// Every small case, smallest first, and what they cover.
    fn exhaustive(&self) -> Exhaustive<Self::Instance>;
    /// One random case, larger than the exhaustive ones where the oracle allows.
    fn random(&self, rng: &mut ChaCha8Rng) -> Self::Instance;
    /// A fresh memo, whose oracles work within `budget`.
    fn memo(&self, budget: Budget) -> Self::Memo {
        Self::Memo::fresh(budget)
    }
    /// The ground truth the fast side is judged by, as reports name it: `oracle` (the game
    /// tree), or `definition` (values by definition, [`grundy_definition`]).
    fn truth(&self) -> &'static str {
        "oracle"
    }
    /// The two sides a report names: the ground truth ([`Problem::truth`]) and the fast side.
    fn sides(&self) -> (&'static str, &'static str) {
        (self.truth(), "fast")
    }
    /// The answer by brute force on the rules.
    fn oracle(&self, memo: &mut Self::Memo, instance: &Self::Instance) -> Result<Self::Answer, OracleError>;
    /// The answer by theory.
    fn fast(&self, instance: &Self::Instance) -> Result<Self::Answer, Unsupported>;
    /// The answer by theory, stopping at `deadline` ([`Unsupported::OutOfTime`]) where the fast
    /// side builds something long (a table of 50,000 heaps by the plain method); `fast` by default.
    fn fast_until(
        &self,
        instance: &Self::Instance,
        deadline: Option<std::time::Instant>,
    ) -> Result<Self::Answer, Unsupported> {
        let _ = deadline;
        self.fast(instance)
    }
    /// Whether the fast side's `answer` agrees with the oracle's `truth`: equal, by default.
    fn agrees(&self, truth: &Self::Answer, answer: &Self::Answer) -> bool {
        truth == answer
    }

    /// The rule set of a problem that plays one pile game, and its exhaustive boxes' plates:
    /// `grundy bench` draws how each side scales on them ([`crate::bench`]).
    fn scaling_rules(&self) -> Option<(&grundy_rules::RuleSet, usize)> {
        None
    }

    /// Positions and bytes the oracle's memo holds (`grundy bench`).
    fn memo_stats(&self, memo: &Self::Memo) -> Option<grundy_oracle::Stats> {
        memo.stats()
    }

    /// A case as `--case` takes it.
    fn case_text(&self, instance: &Self::Instance) -> String {
        instance.to_string()
    }

    /// A case from its `--case` text.
    fn parse_case(&self, text: &str) -> Result<Self::Instance, ParseError> {
        text.parse()
    }
}

/// A problem with a contest format: inputs read and written as the contest states them (the
/// format in words is its [`Data`]). Its default value is the problem as `grundy problem` and
/// `grundy duel` run it.
pub trait Contest: Problem<Answer: AnswerLine> + Default {
    /// The statement: its source, ranges, time and memory limits, and its validator
    /// ([`crate::statement`]). Every input `grundy duel` writes is held to it.
    const STATEMENT: &'static crate::statement::Statement;
    /// The format's words for a first- and a second-player win.
    const WINNERS: [&'static str; 2] = ["First", "Second"];
    /// Most cases of a small random input: it holds one to this many random cases.
    const SMALL_INPUT_CASES: usize = 1;

    /// The registry entries (`grundy check`): by default the default value alone.
    fn entries() -> Vec<Self> {
        vec![Self::default()]
    }
    /// The cases of a contest input, in the order of its answers.
    fn read(&self, input: &str) -> Result<Vec<Self::Instance>, InputError>;
    /// The contest input of these cases; an error when they cannot form one.
    fn write(&self, instances: &[Self::Instance]) -> Result<String, Unwritable>;
    /// One case's answer as the contest prints it (with its line end), a winner in the words of
    /// [`Contest::WINNERS`].
    fn answer_line(&self, answer: &Self::Answer) -> String {
        answer.line(Self::WINNERS)
    }
    /// A random contest input: a few small cases (the oracle answers them), or a large input.
    /// By default one to [`Contest::SMALL_INPUT_CASES`] random cases, or
    /// [`Contest::random_large_input`]; a problem states one of the two methods.
    fn random_input(&self, rng: &mut ChaCha8Rng, large: bool) -> Vec<Self::Instance> {
        match (large, Self::SMALL_INPUT_CASES) {
            (true, _) => self.random_large_input(rng),
            (false, 1) => vec![self.random(rng)],
            (false, most) => (0..rng.random_range(1..=most)).map(|_| self.random(rng)).collect(),
        }
    }
    /// A large random input: by default [`Contest::random_input`]'s large one (a problem that
    /// draws small and large inputs alike states that method, and not this one).
    fn random_large_input(&self, rng: &mut ChaCha8Rng) -> Vec<Self::Instance> {
        self.random_input(rng, true)
    }

    /// An input at the contest's stated limits (for benchmarks).
    fn largest_input(&self, rng: &mut ChaCha8Rng) -> Vec<Self::Instance>;

    /// Inputs at the format's limits: every number of the format at each end of the contest's
    /// range (0 where the format allows it, the contest's largest value), in as few inputs as the
    /// format holds. `grundy duel` runs them right after the small space. Each input stays small
    /// in bytes (≤ ~100 KB): the counts' upper ends (n = 10^5 piles …) are reached only where
    /// that stays small, and each problem says which ends it does not reach and why.
    fn extremes(&self) -> Vec<Vec<Self::Instance>>;

    /// The inputs at the contest's maxima, in words: each count at its real maximum (the most
    /// tests of a multi-test format, the longest game, the largest graph) and the largest total
    /// input, which `grundy duel` runs after the extremes, one at a time, under the program's time
    /// limit, so that a solution quadratic at the top is a time-limit verdict and a fixed-size
    /// array a runtime error. By default the data's [`Data::at_limits`].
    fn at_limits(&self) -> Vec<String> {
        Self::DATA.at_limits.iter().map(|words| words.to_string()).collect()
    }

    /// Inputs past the statement, within what `grundy problem` reads (`duel --beyond-statement`
    /// runs them after the inputs at the maxima), in words; [`Contest::at_limit`] draws them
    /// after those of [`Contest::at_limits`]. None by default.
    fn beyond_statement(&self) -> Vec<String> {
        Vec::new()
    }

    /// Input `which` of [`Contest::at_limits`] (then of [`Contest::beyond_statement`]), drawn
    /// from `rng`: built only when it is run, and dropped after (such inputs are megabytes).
    fn at_limit(&self, which: usize, rng: &mut ChaCha8Rng) -> Vec<Self::Instance> {
        let _ = which;
        self.largest_input(rng)
    }

    /// An upper bound on the positions the oracle stores to answer `instance` on a fresh memo,
    /// where a cheap one is known (`None`: not known). `grundy duel` asks the oracle only when
    /// the bound is within its reach, so that inputs are answered by reach, not by how they were
    /// made. Bounds saturate at `u128::MAX`, which also stands for a case the oracle refuses
    /// (it then stores nothing).
    fn oracle_positions(&self, _instance: &Self::Instance) -> Option<u128> {
        None
    }

    /// The small space `grundy duel` runs first, whole: by default the registry entry's
    /// exhaustive cases. Cases the format cannot write are left out (and counted).
    fn small_space(&self) -> Exhaustive<Self::Instance> {
        self.exhaustive()
    }

    /// For a game given by two numbers (Wythoff's two piles, a sheet's two sides): the map of
    /// the pairs `(low + a, low + b)` for `a, b ≤ upto − low`, each its Grundy value where the
    /// fast side has one, else 0 for a second-player win and 1 for a first-player win (`None`
    /// for a pair that is no game); with the axes' names and `low`. `None` for other problems.
    fn pair_map(&self, _upto: u64) -> Option<PairMap> {
        None
    }

    /// The fast answers of a whole input (a problem whose cases share a table builds it once);
    /// a table that grows toward a period stops at `deadline`.
    fn fast_all(
        &self,
        instances: &[Self::Instance],
        _deadline: Option<std::time::Instant>,
    ) -> Result<Vec<Self::Answer>, Unsupported> {
        instances.iter().map(|instance| self.fast(instance)).collect()
    }

    /// Solves a contest input by theory, within `budget`: what `grundy problem NAME` prints.
    fn solve_text(&self, input: &[u8], budget: &crate::budget::Budget) -> Result<String, Error> {
        let text = std::str::from_utf8(input).map_err(|error| {
            Error::usage(format!("{} input: not text (invalid UTF-8 at byte {})", self.name(), error.valid_up_to()))
        })?;
        let instances = self.read(text)?;
        Ok(self.fast_all(&instances, budget.deadline)?.iter().map(|answer| self.answer_line(answer)).collect())
    }
}

/// What a problem states about itself, as data: what `grundy list` and the book show of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Data {
    /// The name: `grundy check --only NAME`, `grundy problem NAME`.
    pub name: &'static str,
    /// One line on the rules and the theorem.
    pub summary: &'static str,
    /// The contest format, in one line.
    pub format: &'static str,
    /// How far `grundy problem` reads, past the statement's limits ([`Contest::STATEMENT`],
    /// which `grundy duel` writes its inputs within): `read` refuses past that with a one-line
    /// error.
    pub limits: &'static str,
    /// Most cases one input may hold (its `T`, or lines until the end of the input): the small
    /// space is packed into as few inputs as this allows, and shrinking tries many candidates in
    /// one run. 1 for a format of one game an input.
    pub most_cases: usize,
    /// The inputs at the contest's maxima ([`Contest::at_limits`]), in words, in the order
    /// [`Contest::at_limit`] draws them.
    pub at_limits: &'static [&'static str],
}

impl Data {
    /// The one input at the maxima where a problem states no others: [`Contest::largest_input`].
    pub const LARGEST_INPUT: &'static [&'static str] = &["the largest input at the contest's stated limits"];

    /// The data of a family of entries with no contest format (`quotient:`, `definition:`).
    pub const fn without_contest(name: &'static str, summary: &'static str) -> Data {
        Data { name, summary, format: "", limits: "", most_cases: 1, at_limits: &[] }
    }
}

/// What an oracle keeps from one case to the next: built fresh for a budget, and able to say
/// how much it holds.
pub trait Memo {
    /// An empty memo, whose oracles work within `budget`.
    fn fresh(budget: Budget) -> Self;
    /// Positions and bytes held; `None` when it keeps no count.
    fn stats(&self) -> Option<grundy_oracle::Stats> {
        None
    }
}

/// No memo: an oracle that keeps nothing.
impl Memo for () {
    fn fresh(_: Budget) {}
}

/// One engine of outcomes for a game that is one value (the cases are its start positions).
impl<G: Game + Default> Memo for Engine<G> {
    fn fresh(budget: Budget) -> Self {
        Engine::new(G::default(), ValueKind::OutcomeOnly, budget)
    }

    fn stats(&self) -> Option<grundy_oracle::Stats> {
        Some(Engine::stats(self))
    }
}

impl<G: Game> Memo for Engines<G> {
    fn fresh(budget: Budget) -> Self {
        Engines::new(budget)
    }

    fn stats(&self) -> Option<grundy_oracle::Stats> {
        Some(self.0.values().map(Engine::stats).sum())
    }
}

/// The oracle's engines for a playable game: one per distinct game (the start aside), so that
/// cases of one game share what was solved; each within the budget.
pub struct Engines<G: Game>(HashMap<G, Engine<G>>, Budget);

impl<G: Game> Engines<G> {
    /// No engine yet; each will work within `budget`.
    pub fn new(budget: Budget) -> Self {
        Engines(HashMap::new(), budget)
    }
}

/// Engines kept at most; past that the memo starts afresh (random cases seldom share a game).
const MOST_ENGINES: usize = 64;

/// Who wins `instance`, by the engine of its game.
pub fn play<T: Playable>(engines: &mut Engines<T::Game>, instance: &T) -> Result<Outcome, OracleError> {
    let (game, start) = instance.game()?;
    if engines.0.len() >= MOST_ENGINES && !engines.0.contains_key(&game) {
        engines.0.clear();
    }
    let engine = engines.0.entry(game.clone()).or_insert_with(|| Engine::new(game, ValueKind::OutcomeOnly, engines.1));
    Ok(engine.solve(&start)?.outcome)
}

/// The oracle of a problem whose cases are [`Playable`] games asking who wins: an engine per
/// distinct game ([`Engines`]), each case solved by [`play`]. Stated inside `impl Problem`,
/// where it gives the memo and the oracle.
macro_rules! engine_oracle {
    () => {
        type Memo = $crate::problem::Engines<
            <<Self as $crate::problem::Problem>::Instance as ::grundy_oracle::games::Playable>::Game,
        >;

        fn oracle(
            &self,
            memo: &mut Self::Memo,
            instance: &Self::Instance,
        ) -> Result<::grundy_rules::Outcome, ::grundy_oracle::OracleError> {
            $crate::problem::play(memo, instance)
        }
    };
}
pub(crate) use engine_oracle;

/// How many of `starts`, positions of one game, `winner` wins, modulo `modulus`: the oracle of a
/// counting problem, every start solved on one engine (whose memo they share).
pub fn count_wins<G: Game>(
    engine: &mut Engine<G>,
    starts: Vec<G::Position>,
    winner: Outcome,
    modulus: u64,
) -> Result<Count, OracleError> {
    let mut count = 0u64;
    for start in &starts {
        count += u64::from(engine.solve(start)?.outcome == winner);
    }
    Ok(Count(count % modulus))
}

/// The oracle against the fast side, case by case: the subject of `grundy check`.
pub struct CheckSubject<'a, P: Problem> {
    problem: &'a P,
    memo: P::Memo,
    deadline: Option<std::time::Instant>,
}

impl<'a, P: Problem> CheckSubject<'a, P> {
    /// The check of `problem`, with a fresh memo whose oracles work within `budget`.
    pub fn new(problem: &'a P, budget: &crate::budget::Budget) -> Self {
        CheckSubject { problem, memo: problem.memo(budget.oracle()), deadline: budget.deadline }
    }

    /// The check of one case run alone: its oracle has the whole memory budget.
    pub fn alone(problem: &'a P, budget: &crate::budget::Budget) -> Self {
        CheckSubject { problem, memo: problem.memo(budget.oracle_alone()), deadline: budget.deadline }
    }
}

impl<P: Problem> Subject for CheckSubject<'_, P> {
    type Case = P::Instance;

    fn heading(&self) -> Heading {
        Heading { name: self.problem.name().into(), sides: self.problem.sides() }
    }

    fn exhaustive(&self) -> Exhaustive<P::Instance> {
        self.problem.exhaustive()
    }

    fn random(&self, rng: &mut ChaCha8Rng) -> P::Instance {
        self.problem.random(rng)
    }

    fn judge(&mut self, instance: &P::Instance) -> Verdict {
        let truth = match self.problem.oracle(&mut self.memo, instance) {
            Ok(truth) => truth,
            Err(error) => return Verdict::Failed(error.to_string()),
        };
        match self.problem.fast_until(instance, self.deadline) {
            // Stopped by the run's time limit: the runner reports the run cut short.
            Err(Unsupported::OutOfTime { .. } | Unsupported::TimeRanOut(_)) => Verdict::OutOfTime,
            Err(reason) => Verdict::Declined(reason.to_string()),
            Ok(answer) if self.problem.agrees(&truth, &answer) => Verdict::Agree,
            Ok(answer) => Verdict::Disagree { expected: truth.to_string(), actual: answer.to_string() },
        }
    }

    fn case_text(&self, instance: &P::Instance) -> String {
        self.problem.case_text(instance)
    }

    fn replay(&self, case: &str) -> String {
        replay_command(&self.problem.name(), case)
    }
}

/// The command that replays one case of one entry.
pub fn replay_command(name: &str, case: &str) -> String {
    format!("grundy check --only {} --case {}", crate::shell_quote(name), crate::shell_quote(case))
}

/// Values of pairs `(low + a, low + b)`: `values[a][b]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairMap {
    /// What the two numbers are.
    pub axes: (&'static str, &'static str),
    /// The smallest number of each axis.
    pub low: u64,
    /// The values; `None` where the fast side has none.
    pub values: Vec<Vec<Option<u64>>>,
}

/// The answer of a counting problem, as a count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Count(pub u64);

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "count {}", self.0)
    }
}

/// The answer of a score game: the best first-minus-second difference.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Difference(pub i64);

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "difference {}", self.0)
    }
}

/// An answer as a contest prints it, with its line end.
pub trait AnswerLine {
    /// The line; `winners` are the format's words for a first- and a second-player win.
    fn line(&self, winners: [&str; 2]) -> String;
}

impl AnswerLine for Outcome {
    fn line(&self, [first, second]: [&str; 2]) -> String {
        format!("{}\n", if *self == Outcome::First { first } else { second })
    }
}

/// Who wins; the value is not printed.
impl AnswerLine for grundy_rules::Solution {
    fn line(&self, winners: [&str; 2]) -> String {
        self.outcome.line(winners)
    }
}

impl AnswerLine for Count {
    fn line(&self, _: [&str; 2]) -> String {
        format!("{}\n", self.0)
    }
}

impl AnswerLine for Difference {
    fn line(&self, _: [&str; 2]) -> String {
        format!("{}\n", self.0)
    }
}

/// A loopy outcome in its own words (a draw has no winner).
impl AnswerLine for grundy_rules::LoopyOutcome {
    fn line(&self, _: [&str; 2]) -> String {
        format!("{}\n", self.word())
    }
}

/// Items a format gives in any order, written in an order a solution cannot assume away:
/// neither ascending nor descending (from three items on), the same for the same items (a case
/// writes one text). The order is a fixed shuffle of the places, so sorted items come out
/// unsorted.
pub fn scrambled<T: Clone>(items: &[T]) -> Vec<T> {
    let n = items.len() as u64;
    // SplitMix64 of the place: a fixed permutation for each length.
    let key = |i: u64| {
        let mut z = (i ^ n.rotate_left(32)).wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let mut places: Vec<usize> = (0..items.len()).collect();
    places.sort_by_key(|&i| key(i as u64));
    let is_monotone = |places: &[usize]| places.is_sorted() || places.iter().rev().is_sorted();
    if items.len() >= 3 && is_monotone(&places) {
        places.swap(0, 1);
    }
    places.into_iter().map(|i| items[i].clone()).collect()
}

/// The one case of a format that holds one.
pub fn single<'a, T>(cases: &'a [T], problem: &str) -> Result<&'a T, Unwritable> {
    match cases {
        [one] => Ok(one),
        _ => Err(Unwritable(format!("a {problem} input holds one case, not {}", cases.len()))),
    }
}

#[cfg(test)]
mod tests {
    use super::scrambled;

    /// Sorted items of every length from 3 come out neither ascending nor descending, each
    /// item once, the same way every time.
    #[test]
    fn scrambled_items_are_a_fixed_unsorted_permutation() {
        for n in 3..200u64 {
            let sorted: Vec<u64> = (0..n).collect();
            let written = scrambled(&sorted);
            assert!(!written.is_sorted() && !written.iter().rev().is_sorted(), "{written:?}");
            let mut back = written.clone();
            back.sort_unstable();
            assert_eq!(back, sorted);
            assert_eq!(scrambled(&sorted), written);
        }
        assert_eq!(scrambled(&[7u64]), [7]);
    }
}
