//! `grundy bench`: the fast side against the oracle, timed.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context;

use super::{seconds, write_stdout};

/// The examples `-h` shows; `--help` shows them and [`ALL_EXAMPLES`].
macro_rules! examples {
    () => {
        "Examples:
  grundy bench --only pack:1,0,0,0
  grundy bench --budget 5 --json > bench.json"
    };
}
const EXAMPLES: &str = examples!();
const ALL_EXAMPLES: &str = concat!(
    examples!(),
    "
  grundy bench --plot bench.svg
  grundy bench --game examples/games/subtract-1-3-4.rhai --budget 4
  grundy bench --octal 0.6 --octal 0.14 --upto 1000000 --budget 120"
);

#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES, after_long_help = ALL_EXAMPLES)]
pub struct Args {
    /// Only these entries (repeatable), e.g. `--only pack:1,0,0,0`.
    #[arg(long, value_name = "NAME")]
    only: Vec<String>,
    /// Seconds for each entry's scaling curves
    ///
    /// Seconds each entry's scaling curves may take (the oracle's boxes and the fast side's
    /// plates grow until one takes a quarter of this), default 1; with --octal, seconds each side
    /// may take, default 600.
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    budget: Option<f64>,
    /// Hard limit on the whole run, in seconds
    ///
    /// A hard limit on the whole run, in seconds: past it every oracle stops (the entry it
    /// stopped says so).
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    pub(super) time: Option<f64>,
    /// Print one JSON document instead of the table.
    #[arg(long)]
    json: bool,
    /// Also draw the scaling curves as SVG into FILE
    ///
    /// Also draw the scaling curves (at most eight entries) as SVG into this file.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
    /// A game stated in a Rhai script: time oracle against fast
    ///
    /// A game stated in a script (see `grundy solve --help`): the oracle's and the fast side's
    /// positions per second on [0], [1], …, half of --budget each.
    #[arg(long = "game", value_name = "FILE", conflicts_with_all = ["only", "plot"])]
    script: Option<PathBuf>,
    /// Time an octal game's long table (repeatable), e.g. 0.6
    ///
    /// An octal game (repeatable), e.g. `0.6` or `octal:0.6`: its long table to --upto timed
    /// (`table --summary`'s method), and, where Beling's `ogsolve` is on the PATH, ogsolve's RC2
    /// method on the same work right after, with the ratio of their times; --budget bounds each.
    #[arg(long, value_name = "CODE", conflicts_with_all = ["only", "plot", "script"])]
    octal: Vec<String>,
    /// With --octal: grundy's worker threads
    ///
    /// With --octal: grundy's worker threads (default: one for each core this process may run
    /// on; ogsolve runs on one).
    #[arg(long, value_name = "N", value_parser = super::threads, requires = "octal")]
    threads: Option<usize>,
    /// With --octal: the last heap.
    #[arg(long, value_name = "N", default_value_t = 1_000_000, requires = "octal")]
    upto: u64,
}

pub fn run(args: Args, run: grundy::budget::Budget) -> anyhow::Result<ExitCode> {
    let run = run.for_seconds(args.time);
    if !args.octal.is_empty() {
        return octal(&args);
    }
    super::game::stated(None, args.script.as_deref(), &run)?.bench(&args, &run)
}

/// `--game FILE`: both sides of a scripted game, half of --budget each.
pub(super) fn script(
    args: &Args,
    script: &grundy::script::Script,
    run: &grundy::budget::Budget,
) -> anyhow::Result<ExitCode> {
    let budget = args.budget.unwrap_or(1.0);
    let budget = Duration::from_secs_f64(args.time.map_or(budget, |time| budget.min(time)));
    let bench = grundy::script::bench::bench(script, budget, run)?;
    let text = if args.json {
        serde_json::to_string_pretty(&bench)? + "\n"
    } else {
        let line = |side: &grundy::script::bench::SideBench, what: &str| {
            let reached = side.largest.map_or("not even [0]".to_string(), |x| format!("[0] … [{x}]"));
            let stopped = side.stopped.as_ref().map_or(String::new(), |why| format!("; stopped: {why}"));
            format!(
                "{reached} in {:.2} s: {} {what}, {:.0} {what}/s ({}){stopped}\n",
                side.seconds,
                side.positions,
                side.rate(),
                side.method
            )
        };
        format!(
            "game: {}\noracle: {}fast:   {}",
            bench.game,
            line(&bench.oracle, "positions"),
            line(&bench.fast, "components")
        )
    };
    write_stdout(text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// The catalog's entries (all, or those of --only), each timed.
pub(super) fn catalog(args: &Args, run: &grundy::budget::Budget) -> anyhow::Result<ExitCode> {
    let entries = super::entries(&args.only)?;
    let budget = Duration::from_secs_f64(args.budget.unwrap_or(1.0));
    let deadline = run.deadline;
    let mut rows = Vec::new();
    let mut cut_short = false;
    for entry in &entries {
        // --time is a hard limit: no entry starts past it, and none is given more than what is left.
        let left = deadline.map(|d| d.saturating_duration_since(std::time::Instant::now()));
        if left.is_some_and(|left| left.is_zero()) {
            cut_short = true;
            break;
        }
        let row = entry.bench(left.map_or(budget, |left| budget.min(left)), run);
        if !args.json {
            let table = grundy::bench::table(std::slice::from_ref(&row));
            let line = table.lines().nth(1).unwrap_or_default();
            if rows.is_empty() {
                write_stdout(format!("{}\n", table.lines().next().unwrap_or_default()).as_bytes())?;
            }
            write_stdout(format!("{line}\n").as_bytes())?;
        }
        rows.push(row);
    }
    if args.json {
        write_stdout(
            (serde_json::to_string_pretty(&serde_json::json!({
                "entries": rows,
                "stopped": cut_short.then_some("the time budget (--time) ran out"),
            }))? + "\n")
                .as_bytes(),
        )?;
    }
    if let Some(path) = &args.plot {
        std::fs::write(path, grundy::plot::scaling(&rows)?).with_context(|| format!("writing {}", path.display()))?;
    }
    if cut_short {
        eprintln!(
            "grundy: error: bench: the time budget (--time {}) ran out after {} of {} entries",
            args.time.unwrap_or_default(),
            rows.len(),
            entries.len()
        );
        return Ok(ExitCode::from(2));
    }
    Ok(ExitCode::SUCCESS)
}

/// `--octal`: long tables side by side with ogsolve.
fn octal(args: &Args) -> anyhow::Result<ExitCode> {
    let budget = args.budget.unwrap_or(600.0);
    let budget = Duration::from_secs_f64(args.time.map_or(budget, |time| budget.min(time)));
    let mut documents = Vec::new();
    for code in &args.octal {
        let text = if code.starts_with("octal:") { code.clone() } else { format!("octal:{code}") };
        let rules: grundy_rules::RuleSet = text.parse()?;
        let grundy_rules::Operation::Octal(digits) = &rules.operation else {
            anyhow::bail!("--octal takes an octal code such as 0.6, not `{code}`");
        };
        let threads = args.threads.unwrap_or_else(grundy_fast::sparse::every_core);
        let bench = grundy::bench_octal::bench(digits, args.upto, budget, threads)?;
        if args.json {
            documents.push(serde_json::to_value(&bench)?);
        } else {
            write_stdout(grundy::bench_octal::text(&bench).as_bytes())?;
        }
    }
    if args.json {
        write_stdout((serde_json::to_string_pretty(&serde_json::json!({"octal": documents}))? + "\n").as_bytes())?;
    }
    Ok(ExitCode::SUCCESS)
}
