//! `grundy problem NAME` (and `grundy pack`): a contest input on stdin, solved by theory.

use grundy::budget::Budget;
use std::io::Write;
use std::process::ExitCode;

use anyhow::{Context, anyhow};
use grundy::catalog;

use super::write_stdout;

const EXAMPLES: &str = "Examples:
  echo '3 5' | grundy problem wythoff
  grundy problem candy < input.txt";

#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The problem (see `grundy list`).
    pub name: String,
    /// Wall-time budget in seconds
    ///
    /// Wall-time budget for tables that grow with the input (stripes on long rows with no period
    /// found yet, the Cutting Game's table of sheets): past it, the command stops with one line
    /// saying how far the table got, exit 2.
    #[arg(long, value_name = "SECONDS", default_value_t = DEFAULT_SECONDS, value_parser = super::seconds)]
    pub time: f64,
}

/// Most bytes of a catalog problem's input: the largest valid one (geography's 10^7 edges of
/// vertices up to 10^6) takes under 160 MiB.
const MOST_INPUT: u64 = 256 << 20;

/// The time limit when `--time` is not given.
pub const DEFAULT_SECONDS: f64 = 20.0;

pub fn run(args: Args, budget: Budget) -> anyhow::Result<ExitCode> {
    let budget = budget.for_seconds(Some(args.time));
    if args.name == "pack" {
        // Game Pack reads its input in place (a file on stdin is mapped) and answers as it reads.
        let mut stdout = std::io::stdout().lock();
        grundy::pack::solve_stdin(&mut stdout, &budget)?;
        stdout.flush().context("writing standard output")?;
        return Ok(ExitCode::SUCCESS);
    }
    let problem = catalog::find_contest(&args.name).ok_or_else(|| {
        let known: Vec<String> = catalog::contests().iter().map(|c| c.name()).collect();
        anyhow!("unknown problem `{}`; known problems: {}", args.name, known.join(", "))
    })?;
    let mut input = Vec::new();
    let stdin = std::io::Read::take(std::io::stdin().lock(), MOST_INPUT + 1);
    std::io::Read::read_to_end(&mut { stdin }, &mut input).context("reading standard input")?;
    if input.len() as u64 > MOST_INPUT {
        anyhow::bail!(
            "{} input: more than {} MiB on standard input, more than any valid input has",
            problem.name(),
            MOST_INPUT >> 20
        );
    }
    write_stdout(problem.solve_text(&input, &budget)?.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}
