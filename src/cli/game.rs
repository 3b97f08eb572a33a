//! The game a command is about, as one value through one trait ([`Played`]).
//!
//! A game is stated one of four ways: by name (`GAME`: a rule set such as `sub:1,2,3`, or, for
//! `bench`, the catalog's entries), as tokens on a state graph (`solve graph FILE …`), as vertex
//! geography (`solve geography FILE`), or as a script (`--game FILE`). [`stated`] turns the
//! command line into that one value, once; `solve`, `table`, `verify` and `bench` then call it
//! through [`Played`] and never ask how the game was stated. A new way to state a game is one
//! more implementation here, and a command that forgets a kind of game does not compile.
//!
//! Kinds that have no meaning for a command (`table geography`) answer as the name would: it is
//! read as a rule set and refused as one.

use std::path::Path;
use std::process::ExitCode;

use grundy::budget::Budget;
use grundy::script::Script;

use super::{bench, solve, table, verify};

/// What each command does with a game.
pub(super) trait Played {
    /// `grundy solve`: one position (`budget`: the command's oracle budget).
    fn solve(&self, args: &solve::Args, budget: grundy_oracle::Budget) -> anyhow::Result<ExitCode>;
    /// `grundy table`: values of single heaps (or of `[x]`).
    fn table(&self, args: &table::Args, run: &Budget) -> anyhow::Result<ExitCode>;
    /// `grundy verify`: a guessed formula against the oracle.
    fn verify(&self, args: &verify::Args, guess: &verify::Guess, run: Budget) -> anyhow::Result<ExitCode>;
    /// `grundy bench`: both sides, timed.
    fn bench(&self, args: &bench::Args, run: &Budget) -> anyhow::Result<ExitCode>;
}

/// The game of a command line: the script of `--game FILE` when there is one (its values held
/// within the run's memory, `run`), else the game `name` stands for (none: the catalog, for
/// `bench`).
pub(super) fn stated(name: Option<&str>, script: Option<&Path>, run: &Budget) -> anyhow::Result<Box<dyn Played>> {
    Ok(match (script, name) {
        (Some(path), _) => Box::new(Script::load(path)?.with_memory(run.max_bytes)),
        (None, Some("geography")) => Box::new(Geography),
        (None, Some("graph")) => Box::new(StateGraph),
        (None, name) => Box::new(Named(name.map(str::to_string))),
    })
}

/// A game by name: a rule set, or (no name) the catalog's entries.
struct Named(Option<String>);

impl Played for Named {
    fn solve(&self, args: &solve::Args, budget: grundy_oracle::Budget) -> anyhow::Result<ExitCode> {
        solve::named(args, budget)
    }

    fn table(&self, args: &table::Args, run: &Budget) -> anyhow::Result<ExitCode> {
        table::named(args, self.0.as_deref().unwrap_or_default(), run)
    }

    fn verify(&self, args: &verify::Args, guess: &verify::Guess, run: Budget) -> anyhow::Result<ExitCode> {
        verify::named(args, self.0.as_deref().unwrap_or_default(), guess, run)
    }

    fn bench(&self, args: &bench::Args, run: &Budget) -> anyhow::Result<ExitCode> {
        bench::catalog(args, run)
    }
}

/// Vertex geography on a graph file (`solve geography FILE`).
struct Geography;

/// Tokens on a state graph (`solve graph FILE VERTEX…`).
struct StateGraph;

/// What a graph game does outside `solve`: what its name does.
macro_rules! by_name_outside_solve {
    ($game:ty, $name:literal, $solve:path) => {
        impl Played for $game {
            fn solve(&self, args: &solve::Args, budget: grundy_oracle::Budget) -> anyhow::Result<ExitCode> {
                $solve(args, budget)
            }

            fn table(&self, args: &table::Args, run: &Budget) -> anyhow::Result<ExitCode> {
                Named(Some($name.to_string())).table(args, run)
            }

            fn verify(&self, args: &verify::Args, guess: &verify::Guess, run: Budget) -> anyhow::Result<ExitCode> {
                Named(Some($name.to_string())).verify(args, guess, run)
            }

            fn bench(&self, args: &bench::Args, run: &Budget) -> anyhow::Result<ExitCode> {
                Named(None).bench(args, run)
            }
        }
    };
}

by_name_outside_solve!(Geography, "geography", solve::geography);
by_name_outside_solve!(StateGraph, "graph", solve::graph);

/// A script's searches hold half of `--max-memory`: its own values hold the other half
/// ([`Script::with_memory`] bounds them so), and the two must fit in the budget together.
impl Played for Script {
    fn solve(&self, args: &solve::Args, budget: grundy_oracle::Budget) -> anyhow::Result<ExitCode> {
        solve::script(args, self, grundy_oracle::Budget { max_bytes: budget.max_bytes / 2, ..budget })
    }

    fn table(&self, args: &table::Args, run: &Budget) -> anyhow::Result<ExitCode> {
        table::script(args, self, &run.halved())
    }

    fn verify(&self, args: &verify::Args, guess: &verify::Guess, run: Budget) -> anyhow::Result<ExitCode> {
        verify::script(args, self, guess, run.halved())
    }

    fn bench(&self, args: &bench::Args, run: &Budget) -> anyhow::Result<ExitCode> {
        bench::script(args, self, &run.halved())
    }
}
