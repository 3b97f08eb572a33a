//! The catalog: every problem, each a typed game through one trait ([`crate::problem`]), in one
//! list.
//!
//! A problem ([`crate::problem::Problem`]) pairs the oracle and the fast side on one typed game
//! of [`grundy_rules::games`], with its cases: exhaustive small ones, random ones, and how a case
//! is written and read back (`grundy check --case`). A problem with a contest format
//! ([`Contest`]) also reads and writes that format, and draws whole contest inputs for
//! `grundy duel`. [`entries`] and [`contests`] list them all, from the one list at the end of
//! this file; `grundy check`, `duel`, `problem` and `list`, the benches and the tests all go
//! through it, so a problem with a missing piece does not compile, and no command knows a
//! problem by a name of its own.
//!
//! Adding a game: its type in `grundy_rules::games`, its `Game` in `grundy_oracle::games`, its
//! theorem in `grundy_fast::games` (each a file and its `pub mod` line), a file here implementing
//! `Problem` (its name, summary, format, limits and inputs at the maxima as
//! [`crate::problem::Data`]; a game that asks who wins takes its memo and oracle from
//! `engine_oracle!`) and [`Contest`], its `pub mod` and one line in the list below, its samples
//! in `tests/data/samples.toml`, its statement in `crate::statement`, and its row in the book's
//! problems page (a test holds the page to the list).

use crate::problem::Contest;

pub use crate::entry::{ContestEntry, Entry};
pub use crate::problem::{CheckSubject, replay_command};

/// What the game files share: the traits they implement, the answers they give, and the tools
/// that read, write, draw and shrink their cases.
mod prelude {
    pub use grundy_fast::Unsupported;
    pub use grundy_oracle::{Budget, OracleError};
    pub use grundy_rules::Outcome;
    pub use rand::RngExt;
    pub use rand_chacha::ChaCha8Rng;

    pub use super::reach::{
        PARTITIONS_KEPT, binomial, in_turn, or_an_end, partitions, partitions_up_to, power_of_two, product,
        uniform_or_an_end, walks_within,
    };
    pub use crate::contest::{InputError, Tokens, Unwritable, counted_line, edge_lines, tests_text};
    pub(crate) use crate::problem::engine_oracle;
    pub use crate::problem::{AnswerLine, Contest, Count, Data, Difference, Memo, Problem, count_wins, single};
    pub use crate::runner::{Exhaustive, sorted_sequences};
    pub use crate::shape::Shape;
    pub use crate::shrink::Shrink;
    pub(crate) use crate::shrink::shrink_as_numbers;
    pub use crate::statement::{self, Statement};
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
