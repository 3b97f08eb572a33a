//! `grundy check`: every registry entry, oracle against fast.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{anyhow, bail};
use grundy::check::{CaseCounter, Plan, Report, Shard, Status, junit, report_lines, run_entries};
use serde_json::json;

use grundy::budget::Budget;

use super::{random_seed, seconds, write_stdout};

/// The examples `-h` shows; `--help` shows them and [`ALL_EXAMPLES`].
macro_rules! examples {
    () => {
        "Examples:
  grundy check                                  # every entry, exhaustive then 200 random cases
  grundy check --only pack:1,0,0,0 --cases 5000 --seed 42
  grundy check --budget 60 --junit report.xml   # CI: one minute of random cases"
    };
}
const EXAMPLES: &str = examples!();
const ALL_EXAMPLES: &str = concat!(
    examples!(),
    "
  grundy check --shard 0/4 --json               # one of four CI runners"
);

#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES, after_long_help = ALL_EXAMPLES)]
pub struct Args {
    /// Seed of the random cases (default: drawn and printed)
    ///
    /// Seed of the random cases (default: drawn at random, and printed).
    #[arg(long)]
    seed: Option<u64>,
    /// Random cases per entry.
    #[arg(long, default_value_t = 200)]
    cases: u64,
    /// Stop drawing random cases after this many seconds
    ///
    /// Stop drawing random cases after this many seconds in all (the exhaustive part always runs).
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    budget: Option<f64>,
    /// Hard limit on the whole run, in seconds
    ///
    /// A hard limit on the whole run, in seconds: past it every oracle stops, no entry starts, and
    /// the run says how far it got (entries CUT-SHORT or NOT-REACHED; exit 2). Unlike --budget, it
    /// also cuts exhaustive cases short.
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    pub(super) time: Option<f64>,
    /// Check only these entries (repeatable)
    ///
    /// Check only these entries (repeatable), e.g. `--only pack:2,1,0,1`.
    #[arg(long, value_name = "NAME")]
    only: Vec<String>,
    /// Compare the two sides on this one case of --only's entry
    ///
    /// Compare the two sides on this one case of the `--only` entry (as printed in a report).
    #[arg(long, value_name = "CASE", requires = "only")]
    case: Option<String>,
    /// Skip the exhaustive part.
    #[arg(long)]
    no_exhaustive: bool,
    /// Run only shard I of N (0-based), e.g. 3/8
    ///
    /// Run only shard I of N (0-based): a disjoint part of every entry's cases; N runs with
    /// I = 0..N cover one whole run.
    #[arg(long, value_name = "I/N", value_parser = shard)]
    shard: Option<Shard>,
    /// Print one JSON document instead of text.
    #[arg(long)]
    json: bool,
    /// Also write a JUnit XML report to FILE
    ///
    /// Also write the results as a JUnit XML report (one test case per entry) for CI.
    #[arg(long, value_name = "FILE")]
    junit: Option<PathBuf>,
}

fn shard(text: &str) -> Result<Shard, String> {
    let (index, count) = text.split_once('/').ok_or_else(|| format!("expected I/N, as in 0/4; found `{text}`"))?;
    let index: u64 = index.trim().parse().map_err(|_| format!("`{index}` is not a shard number"))?;
    let count: u64 = count.trim().parse().map_err(|_| format!("`{count}` is not a number of shards"))?;
    if count == 0 || index >= count {
        return Err(format!("shard {index}/{count}: I must be below N, counting from 0"));
    }
    Ok(Shard { index, count })
}

pub fn run(args: Args, budget: Budget) -> anyhow::Result<ExitCode> {
    let entries = super::entries(&args.only)?;
    // Every argument is checked before the work: the JUnit file can be written.
    if let Some(path) = &args.junit {
        std::fs::write(path, "").map_err(|e| anyhow!("cannot write the JUnit report {}: {e}", path.display()))?;
    }
    let seed = args.seed.unwrap_or_else(random_seed);
    let started = Instant::now();
    let budget = budget.for_seconds(args.time);
    let reports: Vec<Report> = if let Some(case) = &args.case {
        if entries.len() != 1 {
            bail!("--case needs exactly one --only entry");
        }
        // Said before the work, on a terminal (where someone waits; elsewhere an error stays one
        // line): a case whose oracle may store more positions than the memory budget holds (a
        // word each, at the least) may end on that budget, after a while.
        let holds = (budget.max_bytes / 8) as u128;
        let reach = grundy::catalog::find_contest(&entries[0].name()).and_then(|problem| problem.oracle_reach(case));
        if let Some(reach) = reach.filter(|&reach| reach > holds && std::io::stderr().is_terminal()) {
            let reach = match reach {
                u128::MAX => "more than 10^38".to_string(),
                reach => reach.to_string(),
            };
            eprintln!(
                "grundy: note: the oracle may store up to {reach} positions for this case, more than the memory budget \
                 holds (--max-memory {}: about {holds} at a word each); it stops with an error if the budget runs out",
                budget.memory_words()
            );
        }
        let spinner = match std::io::stderr().is_terminal() {
            true => indicatif::ProgressBar::new_spinner().with_message(format!("comparing the two sides on {case}")),
            false => indicatif::ProgressBar::hidden(),
        };
        spinner.enable_steady_tick(std::time::Duration::from_millis(200));
        let report = entries[0].replay(case, &budget);
        spinner.finish_and_clear();
        let report = report?;
        if report.status == Status::Error {
            bail!("{}: {}", report.name, report.error.clone().unwrap_or_default());
        }
        if !args.json {
            write_stdout(report_lines(&report).as_bytes())?;
        }
        vec![report]
    } else {
        let plan = Plan {
            deadline: budget.for_seconds(args.budget).deadline,
            exhaustive: !args.no_exhaustive,
            shard: args.shard.unwrap_or(Shard::WHOLE),
            ..Plan::within(seed, args.cases, budget)
        };
        if !args.json {
            let shard = args.shard.map_or(String::new(), |s| format!(", shard {}/{}", s.index, s.count));
            let entries = grundy::plural(entries.len() as u64, "entry");
            write_stdout(format!("grundy check: {entries}, seed {seed}{shard}\n").as_bytes())?;
        }
        // Progress goes to stderr on a terminal, in JSON mode too: stdout holds only the JSON.
        let bar = if std::io::stderr().is_terminal() {
            let bar = indicatif::ProgressBar::new(entries.len() as u64);
            bar.set_style(
                indicatif::ProgressStyle::with_template("{elapsed:>4} [{bar:40}] {pos}/{len} entries, {msg}")
                    .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
            );
            bar
        } else {
            indicatif::ProgressBar::hidden()
        };
        let cases = CaseCounter::default();
        let progress = |n: u64| {
            let total = cases.add(n);
            if total % 1024 < n {
                bar.set_message(format!("{total} cases"));
            }
        };
        let json = args.json;
        let mut finished = |report: &Report| {
            bar.inc(1);
            if !json {
                bar.suspend(|| {
                    let _ = write_stdout(report_lines(report).as_bytes());
                });
            }
        };
        let reports = run_entries(&entries, &plan, &progress, &mut finished);
        bar.finish_and_clear();
        reports
    };
    let count = |status: Status| reports.iter().filter(|r| r.status == status).count();
    let mismatches = count(Status::Mismatch);
    let errors = count(Status::Error);
    let incomplete = count(Status::Vacuous) + count(Status::CannotRun);
    let ok = count(Status::Ok);
    let (cut, not_reached) = (count(Status::CutShort), count(Status::NotReached));
    let elapsed = started.elapsed().as_secs_f64();
    if let Some(path) = &args.junit {
        std::fs::write(path, junit(&reports, seed, args.shard, elapsed))
            .map_err(|e| anyhow!("cannot write the JUnit report {}: {e}", path.display()))?;
    }
    let exhaustive: u64 = reports.iter().map(|r| r.exhaustive).sum();
    let random: u64 = reports.iter().map(|r| r.random).sum();
    if args.json {
        let document = json!({
            "seed": seed,
            "shard": args.shard,
            "entries": reports,
            "summary": {
                "entries": reports.len(),
                "ok": ok,
                "mismatches": mismatches,
                "incomplete": incomplete,
                "errors": errors,
                "cut_short": cut,
                "not_reached": not_reached,
                "exhaustive_cases": exhaustive,
                "random_cases": random,
                "seconds": elapsed,
            }
        });
        write_stdout((serde_json::to_string_pretty(&document)? + "\n").as_bytes())?;
    } else if args.case.is_none() {
        let timed = match (cut, not_reached) {
            (0, 0) => String::new(),
            _ => format!(", {cut} cut short and {not_reached} not reached by the time budget"),
        };
        write_stdout(
            format!(
                "{}: {ok} ok, {mismatches} mismatched, {incomplete} incomplete, {errors} failed{timed}; \
                 {exhaustive} exhaustive and {random} random cases in {elapsed:.1}s (seed {seed})\n",
                grundy::plural(reports.len() as u64, "entry")
            )
            .as_bytes(),
        )?;
    }
    // --time is a hard limit: an entry it cut short, or never reached, means the run did not do
    // what was asked (exit 2, one line); a mismatch found before it is still a mismatch.
    if cut + not_reached > 0 {
        eprintln!(
            "grundy: error: check: the time budget (--time {}) ran out after {elapsed:.1}s: {} of {} entries done, \
             {cut} cut short, {not_reached} not reached",
            args.time.unwrap_or_default(),
            reports.len() - cut - not_reached,
            reports.len()
        );
    }
    Ok(if mismatches > 0 || incomplete > 0 {
        ExitCode::from(1)
    } else if cut + not_reached > 0 {
        ExitCode::from(2)
    } else if errors > 0 {
        // What stopped the first entry that could not finish, as the one line of an error.
        if let Some(report) = reports.iter().find(|r| r.status == Status::Error) {
            let error = report.error.as_deref().unwrap_or("stopped");
            eprintln!(
                "grundy: error: {errors} of {} entries stopped; {}: {}",
                reports.len(),
                report.name,
                super::one_line(error)
            );
        }
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}
