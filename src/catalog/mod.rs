//! The catalog: every problem, each a typed game through one trait ([`crate::problem`]), in one
//! list.
//!
//! A problem ([`Problem`]) pairs the oracle and the fast side on one typed game of
//! [`grundy_rules::games`], with its cases: exhaustive small ones, random ones, and how a case
//! is written and read back (`grundy check --case`). A problem with a contest format
//! ([`Contest`]) also reads and writes that format, and draws whole contest inputs for
//! `grundy duel`. [`entries`] and [`contests`] list them all, from the one list at the end of
//! this file; `grundy check`, `duel`, `problem` and `list`, the benches and the tests all go
//! through it, so a problem with a missing piece does not compile, and no command knows a
//! problem by a name of its own.
//!
//! Adding a game: its type in `grundy_rules::games`, its `Game` in `grundy_oracle::games`, its
//! theorem in `grundy_fast::games` (each a file and its `pub mod` line), a file here implementing
//! [`Problem`] (its name, summary, format, limits and inputs at the maxima as
//! [`crate::problem::Data`]; a game that asks who wins takes its memo and oracle from
//! `engine_oracle!`) and [`Contest`], its `pub mod` and one line in the list below, its samples
//! in `tests/data/samples.toml`, and its limits and name in the README's tables (a test holds the
//! README to the list).

use crate::error::Error;
use crate::problem::{Contest, PairMap, Problem};
use crate::runner::{self, Plan, Report};

pub use crate::problem::{CheckSubject, replay_command};

/// What the game files share: the traits they implement, the answers they give, and the tools
/// that read, write, draw and shrink their cases.
mod prelude {
    pub use grundy_fast::Unsupported;
    pub use grundy_oracle::{Budget, OracleError};
    pub use grundy_rules::Outcome;
    pub use rand::RngExt;
    pub use rand_chacha::ChaCha8Rng;

    pub use super::pile::sorted_sequences;
    pub use super::reach::{
        PARTITIONS_KEPT, binomial, in_turn, or_an_end, partitions, partitions_up_to, power_of_two, product,
        uniform_or_an_end, walks_within,
    };
    pub use crate::contest::{InputError, Tokens, Unwritable, counted_line};
    pub(crate) use crate::problem::engine_oracle;
    pub use crate::problem::{AnswerLine, Contest, Count, Data, Difference, Memo, Problem, count_wins, single};
    pub use crate::runner::Exhaustive;
    pub use crate::shape::Shape;
    pub use crate::shrink::Shrink;
}

pub mod candy;
pub mod coins;
pub mod coloring;
pub mod cutting;
pub mod definition;
pub mod dig;
pub mod fibonacci;
pub mod gems;
pub mod geography;
pub mod lock;
pub mod nullify;
pub mod pile;
pub mod prime;
pub mod quotient;
pub mod reach;
pub mod steins;
pub mod stripes;
pub mod tokens;
pub mod wythoff;

/// A registry entry with its types erased, as `grundy check` runs it.
pub trait Entry: Send + Sync {
    /// The name.
    fn name(&self) -> String;
    /// One line on the rules and what the exhaustive part covers.
    fn summary(&self) -> String;
    /// The two sides a report names: the ground truth (the oracle, or values by definition) and
    /// the fast side.
    fn sides(&self) -> (&'static str, &'static str);
    /// Cross-checks the entry.
    fn check(&self, plan: &Plan, progress: &dyn Fn(u64)) -> Report;
    /// Compares the two sides on one case given as text, within `budget` (the case runs alone:
    /// its oracle has the whole memory budget).
    fn replay(&self, case: &str, budget: &crate::budget::Budget) -> Result<Report, Error>;

    /// How many exhaustive cases there are.
    fn exhaustive_count(&self) -> usize;
    /// Times both sides, `time` for each, within `budget`; see [`crate::bench`].
    fn bench(&self, time: std::time::Duration, budget: &crate::budget::Budget) -> crate::bench::BenchRow;
}

impl<P: Problem> Entry for P {
    fn name(&self) -> String {
        Problem::name(self)
    }

    fn summary(&self) -> String {
        format!("{} ({})", Problem::summary(self), self.exhaustive().description)
    }

    fn sides(&self) -> (&'static str, &'static str) {
        (self.truth(), "fast")
    }

    fn check(&self, plan: &Plan, progress: &dyn Fn(u64)) -> Report {
        runner::run(&mut CheckSubject::new(self, &plan.budget), plan, progress)
    }

    fn replay(&self, case: &str, budget: &crate::budget::Budget) -> Result<Report, Error> {
        let instance = self.parse_case(case).map_err(|e| Error::usage(format!("--case: {e}")))?;
        Ok(runner::replay(&mut CheckSubject::alone(self, budget), &instance))
    }

    fn exhaustive_count(&self) -> usize {
        self.exhaustive().cases.len()
    }

    fn bench(&self, time: std::time::Duration, budget: &crate::budget::Budget) -> crate::bench::BenchRow {
        crate::bench::bench(self, time, budget)
    }
}

/// A problem with a contest format, its types erased: `grundy problem NAME` and `grundy duel`.
pub trait ContestEntry: Entry {
    /// The format in one line.
    fn format(&self) -> &'static str;
    /// The format's limits in one line; see [`Data::limits`].
    fn limits(&self) -> &'static str;
    /// Solves an input by theory, within `budget`.
    fn solve_text(&self, input: &[u8], budget: &crate::budget::Budget) -> Result<String, Error>;
    /// An upper bound on the positions the oracle stores for one case given as `--case` text,
    /// where a cheap one is known: said before a replay that may outgrow the memory budget.
    fn oracle_reach(&self, case: &str) -> Option<u128>;
    /// Solves an input by the oracle, case by case, within `budget`: the answers the fast side
    /// must give.
    fn oracle_text(&self, input: &str, budget: grundy_oracle::Budget) -> Result<String, Error>;
    /// Duels a program on random inputs; see [`crate::duel`].
    fn duel(
        &self,
        program: &crate::duel::Program,
        plan: &Plan,
        progress: &dyn Fn(u64),
        shrinking: &dyn Fn(usize),
    ) -> crate::duel::DuelReport;
    /// An input at the contest's stated limits, as text (for benchmarks).
    fn largest_input_text(&self, seed: u64) -> Result<String, crate::contest::Unwritable>;
    /// The map of pairs, for a game given by two numbers; see [`Contest::pair_map`].
    fn pair_map(&self, upto: u64) -> Option<PairMap>;
    /// Judges a program on one given input (a saved failure), within `budget`.
    fn duel_input(
        &self,
        program: &crate::duel::Program,
        input: &str,
        budget: crate::budget::Budget,
    ) -> Result<crate::duel::DuelReport, Error>;
}

impl<P: Contest> ContestEntry for P {
    fn format(&self) -> &'static str {
        P::DATA.format
    }

    fn limits(&self) -> &'static str {
        P::DATA.limits
    }

    fn oracle_reach(&self, case: &str) -> Option<u128> {
        self.oracle_positions(&self.parse_case(case).ok()?)
    }

    fn solve_text(&self, input: &[u8], budget: &crate::budget::Budget) -> Result<String, Error> {
        Contest::solve_text(self, input, budget)
    }

    fn oracle_text(&self, input: &str, budget: grundy_oracle::Budget) -> Result<String, Error> {
        let mut memo = self.memo(budget);
        let mut output = String::new();
        for instance in self.read(input)? {
            output.push_str(&self.answer_line(&self.oracle(&mut memo, &instance)?));
        }
        Ok(output)
    }

    fn duel(
        &self,
        program: &crate::duel::Program,
        plan: &Plan,
        progress: &dyn Fn(u64),
        shrinking: &dyn Fn(usize),
    ) -> crate::duel::DuelReport {
        crate::duel::duel(self, program, plan, progress, shrinking)
    }

    fn duel_input(
        &self,
        program: &crate::duel::Program,
        input: &str,
        budget: crate::budget::Budget,
    ) -> Result<crate::duel::DuelReport, Error> {
        crate::duel::duel_input(self, program, input, budget)
    }

    fn pair_map(&self, upto: u64) -> Option<PairMap> {
        Contest::pair_map(self, upto)
    }

    fn largest_input_text(&self, seed: u64) -> Result<String, crate::contest::Unwritable> {
        let mut rng = crate::runner::rng_for(seed, &self.name());
        self.write(&self.largest_input(&mut rng))
    }
}

/// What a caller does with each contest problem, its types known ([`visit_contests`]): the
/// checks over every problem in `tests/catalog.rs`.
pub trait Visit {
    /// Does it with `problem`.
    fn visit<P: Contest>(&mut self, problem: &P);
}

/// The catalog's one list: each line a problem type, giving its registry entries and its
/// contest.
macro_rules! catalog {
    ($($problem:ty),* $(,)?) => {
        /// Every registry entry, in a stable order.
        pub fn entries() -> Vec<Box<dyn Entry>> {
            let mut all: Vec<Box<dyn Entry>> = Vec::new();
            $( all.extend(<$problem>::entries().into_iter().map(|entry| Box::new(entry) as Box<dyn Entry>)); )*
            // Misère quotients have no contest format: their entries are listed here.
            all.extend(quotient::QuotientProblem::entries().into_iter().map(|entry| Box::new(entry) as Box<dyn Entry>));
            // Nor do heap tables against values by definition.
            all.extend(definition::DefinitionProblem::entries().into_iter().map(|entry| Box::new(entry) as Box<dyn Entry>));
            all
        }

        /// Every problem with a contest format, in a stable order.
        pub fn contests() -> Vec<Box<dyn ContestEntry>> {
            vec![$( Box::new(<$problem>::default()) ),*]
        }

        /// Shows `visitor` every contest problem with its types, from the same list.
        pub fn visit_contests(visitor: &mut impl Visit) {
            $( visitor.visit(&<$problem>::default()); )*
        }
    };
}

catalog! {
    pile::Piles,
    stripes::StripesProblem,
    cutting::CuttingProblem,
    coloring::ColoringProblem,
    steins::SteinsProblem,
    coins::CoinsProblem,
    candy::CandyProblem,
    nullify::NullifyProblem,
    prime::PrimeProblem,
    dig::DigProblem,
    gems::GemsProblem,
    lock::LockProblem,
    geography::GeographyProblem,
    fibonacci::FibonacciProblem,
    wythoff::WythoffProblem,
    tokens::TokensProblem,
}

/// The registry entry named `name`.
pub fn find(name: &str) -> Option<Box<dyn Entry>> {
    entries().into_iter().find(|entry| entry.name() == name)
}

/// The contest problem named `name`.
pub fn find_contest(name: &str) -> Option<Box<dyn ContestEntry>> {
    contests().into_iter().find(|contest| contest.name() == name)
}
