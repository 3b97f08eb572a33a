//! A registry entry with its types erased: what `grundy check`, `problem`, `duel`, `list` and
//! `bench` run, for any problem of the catalog ([`crate::catalog`]). Each trait is implemented
//! once for every [`Problem`] and every [`Contest`], by forwarding to it.

use std::time::Duration;

use crate::bench::BenchRow;
use crate::budget::Budget;
use crate::duel::{DuelReport, Program};
use crate::error::Error;
use crate::problem::{CheckSubject, Contest, PairMap, Problem};
use crate::runner::{self, Plan, Report};

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
    fn replay(&self, case: &str, budget: &Budget) -> Result<Report, Error>;

    /// How many exhaustive cases there are.
    fn exhaustive_count(&self) -> usize;
    /// Times both sides, `time` for each, within `budget`; see [`crate::bench`].
    fn bench(&self, time: Duration, budget: &Budget) -> BenchRow;
}

impl<P: Problem> Entry for P {
    fn name(&self) -> String {
        Problem::name(self)
    }

    fn summary(&self) -> String {
        format!("{} ({})", Problem::summary(self), self.exhaustive().description)
    }

    fn sides(&self) -> (&'static str, &'static str) {
        Problem::sides(self)
    }

    fn check(&self, plan: &Plan, progress: &dyn Fn(u64)) -> Report {
        runner::run(&mut CheckSubject::new(self, &plan.budget), plan, progress)
    }

    fn replay(&self, case: &str, budget: &Budget) -> Result<Report, Error> {
        let instance = self.parse_case(case).map_err(|e| Error::usage(format!("--case: {e}")))?;
        Ok(runner::replay(&mut CheckSubject::alone(self, budget), &instance))
    }

    fn exhaustive_count(&self) -> usize {
        self.exhaustive().cases.len()
    }

    fn bench(&self, time: Duration, budget: &Budget) -> BenchRow {
        crate::bench::bench(self, time, budget)
    }
}

/// A problem with a contest format, its types erased: `grundy problem NAME` and `grundy duel`.
pub trait ContestEntry: Entry {
    /// The format in one line.
    fn format(&self) -> &'static str;
    /// The format's limits in one line; see [`crate::problem::Data::limits`].
    fn limits(&self) -> &'static str;
    /// The statement; see [`Contest::STATEMENT`].
    fn statement(&self) -> &'static crate::statement::Statement;
    /// Solves an input by theory, within `budget`.
    fn solve_text(&self, input: &[u8], budget: &Budget) -> Result<String, Error>;
    /// An upper bound on the positions the oracle stores for one case given as `--case` text,
    /// where a cheap one is known: said before a replay that may outgrow the memory budget.
    fn oracle_reach(&self, case: &str) -> Option<u128>;
    /// Solves an input by the oracle, case by case, within `budget`: the answers the fast side
    /// must give.
    fn oracle_text(&self, input: &str, budget: grundy_oracle::Budget) -> Result<String, Error>;
    /// Duels a program on random inputs; see [`crate::duel`].
    fn duel(&self, program: &Program, plan: &Plan, progress: &dyn Fn(u64), shrinking: &dyn Fn(usize)) -> DuelReport;
    /// An input at the contest's stated limits, as text (for benchmarks).
    fn largest_input_text(&self, seed: u64) -> Result<String, crate::contest::Unwritable>;
    /// The map of pairs, for a game given by two numbers; see [`Contest::pair_map`].
    fn pair_map(&self, upto: u64) -> Option<PairMap>;
    /// Judges a program on one given input (a saved failure), within `budget`.
    fn duel_input(&self, program: &Program, input: &str, budget: Budget) -> Result<DuelReport, Error>;
}

impl<P: Contest> ContestEntry for P {
    fn format(&self) -> &'static str {
        P::DATA.format
    }

    fn limits(&self) -> &'static str {
        P::DATA.limits
    }

    fn statement(&self) -> &'static crate::statement::Statement {
        P::STATEMENT
    }

    fn oracle_reach(&self, case: &str) -> Option<u128> {
        self.oracle_positions(&self.parse_case(case).ok()?)
    }

    fn solve_text(&self, input: &[u8], budget: &Budget) -> Result<String, Error> {
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

    fn duel(&self, program: &Program, plan: &Plan, progress: &dyn Fn(u64), shrinking: &dyn Fn(usize)) -> DuelReport {
        crate::duel::duel(self, program, plan, progress, shrinking)
    }

    fn duel_input(&self, program: &Program, input: &str, budget: Budget) -> Result<DuelReport, Error> {
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
