//! `grundy duel`: an external program against a problem's expected answers.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, anyhow, bail};
use grundy::catalog::pile::Piles;
use grundy::catalog::{self, ContestEntry};
use grundy::check::{Plan, Shard, Status};
use grundy::duel::{DuelReport, Program, Run};
use grundy_rules::RuleSet;

use super::{deadline, random_seed, seconds, write_stdout};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The problem (see `grundy list`).
    problem: String,
    /// The program to test, run through `sh -c` with the input on stdin.
    #[arg(long, value_name = "CMD")]
    against: String,
    /// Seed of the random inputs (default: drawn at random, and printed).
    #[arg(long)]
    seed: Option<u64>,
    /// Most inputs to try.
    #[arg(long, default_value_t = 300)]
    cases: u64,
    /// Stop after this many seconds in all.
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    time: Option<f64>,
    /// Time limit for one run of the program.
    #[arg(long, value_name = "SECONDS", default_value_t = 2.0, value_parser = seconds)]
    timeout: f64,
    /// Game Pack only: this rule set, e.g. `--rules 2,1,0,1`.
    #[arg(long, value_name = "A,B,C,D")]
    rules: Option<String>,
    /// Judge the program on this input only (a saved failure), instead of random ones.
    #[arg(long, value_name = "FILE")]
    input: Option<PathBuf>,
    /// Also write the minimal failing input to this file.
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

/// Inputs longer than this are summarised in the text report, not printed.
const SHOWN_INPUT: usize = 2048;

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let problem: Box<dyn ContestEntry> = match (&args.rules, args.problem.as_str()) {
        (Some(code), "pack") => {
            let rules: RuleSet = format!("pack:{code}").parse()?;
            Box::new(Piles::pack(Some(rules)))
        }
        (Some(_), other) => bail!("--rules is for Game Pack only, not `{other}`"),
        (None, name) => {
            catalog::find_contest(name).ok_or_else(|| anyhow!("unknown problem `{name}` (see grundy list)"))?
        }
    };
    let program = Program { command: args.against.clone(), timeout: Duration::from_secs_f64(args.timeout) };
    let seed = args.seed.unwrap_or_else(random_seed);
    let mut report = match &args.input {
        Some(path) => {
            let input = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
            problem.duel_input(&program, &input)?
        }
        None => {
            let plan =
                Plan { seed, cases: args.cases, deadline: deadline(args.time), exhaustive: false, shard: Shard::WHOLE };
            let bar = if !args.json && std::io::stderr().is_terminal() {
                indicatif::ProgressBar::new(args.cases)
            } else {
                indicatif::ProgressBar::hidden()
            };
            let report = problem.duel(&program, &plan, &|n| bar.inc(n));
            bar.finish_and_clear();
            report
        }
    };
    if report.report.status == Status::Error {
        bail!("{}", report.report.error.clone().unwrap_or_default());
    }
    let replay = if let Some(failure) = &mut report.failure {
        let path = grundy::failures::save("duel", &problem.name(), &failure.input)?;
        if let Some(copy) = &args.save {
            std::fs::write(copy, &failure.input).with_context(|| format!("writing {}", copy.display()))?;
        }
        let replay = format!(
            "grundy duel {} --against {} --input {}",
            args.problem,
            grundy::shell_quote(&args.against),
            grundy::shell_quote(&path.display().to_string())
        );
        failure.saved = Some(path);
        if let Some(counterexample) = &mut report.report.counterexample {
            counterexample.replay = replay.clone();
        }
        Some(replay)
    } else {
        None
    };
    if args.json {
        write_stdout((serde_json::to_string_pretty(&report)? + "\n").as_bytes())?;
    } else {
        write_stdout(text(&report, seed, replay.as_deref()).as_bytes())?;
    }
    Ok(if report.passed() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// An input as shown in a report: whole when short, else its first lines and its size.
fn shown(input: &str) -> String {
    if input.len() <= SHOWN_INPUT {
        return input.to_string();
    }
    let head: String = input.lines().take(8).map(|line| format!("{line}\n")).collect();
    format!("{head}… ({} lines, {} bytes in all)\n", input.lines().count(), input.len())
}

fn text(duel: &DuelReport, seed: u64, replay: Option<&str>) -> String {
    let report = &duel.report;
    let tried = report.exhaustive + report.random;
    let mut text = String::new();
    match (&duel.failure, report.status) {
        (None, Status::Ok) => text.push_str(&format!(
            "held: {tried} inputs ({} answered by the oracle, the rest by the fast side), seed {seed}\n",
            duel.by_oracle
        )),
        (None, Status::CannotRun) => text.push_str(&format!(
            "CANNOT RUN: {} of {tried} inputs could not be given to the program, e.g. {} (seed {seed})\n",
            report.cannot_run,
            report.cannot_run_example.clone().unwrap_or_default()
        )),
        (None, status) => {
            text.push_str(&format!("{}: nothing was judged in {tried} inputs (seed {seed})\n", status.word()))
        }
        (Some(failure), _) => {
            let counterexample = report.counterexample.as_ref();
            text.push_str(&format!("FAILED: {} after {tried} inputs (seed {seed})\n", failure.run.kind()));
            if let Some(c) = counterexample {
                text.push_str(&format!("minimal input (shrunk in {} steps; {}):\n", c.shrink_steps, c.minimality));
            } else {
                text.push_str("input:\n");
            }
            text.push_str(&shown(&failure.input));
            text.push_str(&format!("expected ({}):\n{}", failure.expected_by, shown(&failure.expected)));
            match &failure.run {
                Run::Output { stdout, .. } => text.push_str(&format!("actual:\n{}", shown(stdout))),
                Run::Crashed { status, .. } => text.push_str(&format!("actual: the program crashed ({status})\n")),
                Run::TimedOut { seconds, .. } => {
                    text.push_str(&format!("actual: the program ran past the {seconds} s limit\n"))
                }
                Run::TooMuchOutput { limit } => text.push_str(&format!("actual: more than {limit} bytes of output\n")),
            }
            text.push_str(&format!("verdict: {}\n", failure.verdict));
            let stderr = match &failure.run {
                Run::Output { stderr, .. } | Run::Crashed { stderr, .. } | Run::TimedOut { stderr, .. } => {
                    stderr.trim()
                }
                Run::TooMuchOutput { .. } => "",
            };
            if !stderr.is_empty() {
                text.push_str("stderr (its end):\n");
                stderr
                    .lines()
                    .rev()
                    .take(10)
                    .collect::<Vec<_>>()
                    .into_iter()
                    .rev()
                    .for_each(|l| text.push_str(&format!("  {l}\n")));
            }
            if let Some(path) = &failure.saved {
                text.push_str(&format!("saved: {}\n", path.display()));
            }
            if let Some(replay) = replay {
                text.push_str(&format!("replay: {replay}\n"));
            }
        }
    }
    text
}
