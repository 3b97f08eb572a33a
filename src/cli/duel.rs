//! `grundy duel`: an external program against a problem's expected answers.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, anyhow, bail};
use grundy::catalog::pile::Piles;
use grundy::catalog::{self, ContestEntry};
use grundy::check::{Plan, Report, Status};
use grundy::duel::{DuelReport, Program, Run};
use grundy::shrink::Minimality;
use grundy::stress::{Programs, Sizes};
use grundy_rules::RuleSet;

use grundy::budget::Budget;

use super::{random_seed, seconds, write_stdout};

#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The catalog problem (see `grundy list`); leave it out to bring your own problem with
    /// --generator and --brute.
    #[arg(required_unless_present_any = ["brute", "generator"])]
    problem: Option<String>,
    /// The program to test, run through `sh -c` with the input on stdin.
    #[arg(long, value_name = "CMD")]
    against: String,
    /// Your own problem: the command that writes one random input, run with a seed as its last
    /// argument (`CMD 1234`), or a seed and a size given --sizes (`CMD 1234 7`). Seeds are below
    /// 2^31, so a generator may read its seed as an int. A failure names the command line that
    /// wrote it, to run it again.
    #[arg(long, value_name = "CMD", conflicts_with_all = ["problem", "rules"])]
    generator: Option<String>,
    /// Your own problem: sizes for the generator, A..B with both ends included (0 ≤ A ≤ B ≤
    /// 10^9), each input's size its second argument. First the small sizes: every size from A
    /// up, 3 inputs each, within 99 inputs and half of --cases (most bugs live at the smallest
    /// sizes); then random inputs whose sizes are drawn across A..B log-uniformly (each bit
    /// length alike), so the large scales get their share too.
    #[arg(long, value_name = "A..B", requires = "generator")]
    sizes: Option<Sizes>,
    /// Your own problem: the trusted (slow) solution whose output is expected. An input it
    /// rejects (non-zero exit, time-out) is not a valid input, so shrinking never goes there.
    #[arg(long, value_name = "CMD", conflicts_with_all = ["problem", "rules"])]
    brute: Option<String>,
    /// Seed of the random inputs (default: drawn at random, and printed).
    #[arg(long)]
    seed: Option<u64>,
    /// Most inputs to try (the small sizes of --sizes among them).
    #[arg(long, default_value_t = 300)]
    cases: u64,
    /// Stop after this many seconds in all.
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    pub(super) time: Option<f64>,
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

const EXAMPLES: &str = "Examples:
  grundy duel pack --against ./a.out
  grundy duel pack --rules 2,1,0,1 --against 'python3 sol.py' --cases 1000 --timeout 1
  grundy duel wythoff --against ./a.out --input failing.txt
  grundy duel --generator './gen' --brute './brute' --against './sol' --cases 500
  grundy duel --generator './gen' --sizes 1..100000 --brute './brute' --against './sol'";

/// Inputs longer than this are summarised in the text report, not printed.
const SHOWN_INPUT: usize = 2048;

/// A duel's memory: `--max-memory` when given, else [`grundy::budget::DUEL_MEMORY`]; the
/// program under test gets it as its address space, and grundy stops shrinking when its own
/// resident memory reaches it.
fn duel_budget(budget: Budget) -> Budget {
    let given = std::env::args_os().any(|arg| arg.to_string_lossy().starts_with("--max-memory"));
    if given { budget } else { Budget { max_bytes: grundy::budget::DUEL_MEMORY, ..budget } }
}

pub fn run(args: Args, budget: Budget) -> anyhow::Result<ExitCode> {
    let seed = args.seed.unwrap_or_else(random_seed);
    let budget = duel_budget(budget);
    let memory = Some(budget.max_bytes as u64);
    // The oracle stops at --time too; the games it no longer reaches go to the fast side.
    let budget = budget.for_seconds(args.time);
    let Some(name) = args.problem.clone() else { return run_generic(args, seed, budget, memory) };
    let problem: Box<dyn ContestEntry> = match (&args.rules, name.as_str()) {
        (Some(code), "pack") => {
            let rules: RuleSet = format!("pack:{code}").parse()?;
            Box::new(Piles::pack(Some(rules)))
        }
        (Some(_), other) => bail!("--rules is for Game Pack only, not `{other}`"),
        (None, name) => {
            catalog::find_contest(name).ok_or_else(|| anyhow!("unknown problem `{name}` (see grundy list)"))?
        }
    };
    let program = Program { command: args.against.clone(), timeout: Duration::from_secs_f64(args.timeout), memory };
    let report = match given_input(&args)? {
        Some(input) => problem.duel_input(&program, &input, budget)?,
        None => with_progress(&args, seed, budget, |plan, progress, shrinking| {
            problem.duel(&program, plan, progress, shrinking)
        }),
    };
    let rules = args.rules.as_ref().map(|code| format!(" --rules {code}")).unwrap_or_default();
    let command = format!("grundy duel {name}{rules} --against {}", grundy::shell_quote(&args.against));
    finish(&args, &problem.name(), &command, report, seed)
}

/// `grundy duel --generator G --brute B --against P`: any problem, brought by the user.
fn run_generic(args: Args, seed: u64, budget: Budget, memory: Option<u64>) -> anyhow::Result<ExitCode> {
    let timeout = Duration::from_secs_f64(args.timeout);
    let program = |command: &str| Program { command: command.to_string(), timeout, memory };
    let Some(brute) = &args.brute else {
        if args.generator.is_some() {
            bail!("--generator needs --brute, the brute force whose output is the expected one");
        }
        bail!("a duel needs a catalog problem, or --generator and --brute");
    };
    if args.generator.is_none() && args.input.is_none() {
        bail!("--brute needs --generator (or --input FILE, to judge one saved input)");
    }
    let programs = Programs {
        generator: args.generator.as_deref().map(program),
        brute: program(brute),
        against: program(&args.against),
    };
    let report = match given_input(&args)? {
        Some(input) => grundy::stress::stress_input(&programs, &input),
        None => with_progress(&args, seed, budget, |plan, progress, _| {
            grundy::stress::stress(&programs, args.sizes, plan, progress)
        }),
    };
    let command =
        format!("grundy duel --brute {} --against {}", grundy::shell_quote(brute), grundy::shell_quote(&args.against));
    finish(&args, "generated", &command, report, seed)
}

/// The input of `--input FILE`, if given.
fn given_input(args: &Args) -> anyhow::Result<Option<String>> {
    args.input
        .as_ref()
        .map(|path| std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display())))
        .transpose()
}

/// Runs a duel of random inputs under the plan of `args`, with a progress bar on a terminal
/// (inputs judged, then the runs of the program while a failure is shrunk).
fn with_progress(
    args: &Args,
    seed: u64,
    budget: Budget,
    duel: impl FnOnce(&Plan, &dyn Fn(u64), &dyn Fn(usize)) -> DuelReport,
) -> DuelReport {
    let plan = Plan::within(seed, args.cases, budget);
    // Ctrl-C stops the duel as --time does: what was found so far is shrunk no further and printed.
    grundy::interrupt::on_ctrl_c();
    let bar = if !args.json && std::io::stderr().is_terminal() {
        indicatif::ProgressBar::new(args.cases)
    } else {
        indicatif::ProgressBar::hidden()
    };
    let shrinking = |runs: usize| {
        if runs == 1
            && let Ok(style) = indicatif::ProgressStyle::with_template("{spinner} {elapsed} {msg}")
        {
            bar.set_style(style);
        }
        bar.set_message(format!("shrinking the failure: {runs} runs of the program"));
        bar.tick();
    };
    let report = duel(&plan, &|n| bar.inc(n), &shrinking);
    bar.finish_and_clear();
    report
}

/// Saves the failing input, sets the replay command (`command --input FILE`) and prints the
/// report.
fn finish(args: &Args, name: &str, command: &str, mut report: DuelReport, seed: u64) -> anyhow::Result<ExitCode> {
    if report.report.status == Status::Error {
        bail!("{}", report.report.error.clone().unwrap_or_default());
    }
    let replay = if let Some(failure) = &mut report.failure {
        let path = grundy::failures::save("duel", name, &failure.input)?;
        if let Some(copy) = &args.save {
            std::fs::write(copy, &failure.input).with_context(|| format!("writing {}", copy.display()))?;
        }
        let replay = format!("{command} --input {}", grundy::shell_quote(&path.display().to_string()));
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
        let given = args.input.as_ref().map(|path| path.display().to_string());
        write_stdout(text(&report, seed, given.as_deref(), replay.as_deref()).as_bytes())?;
    }
    let cut = report.failure.is_none() && report.report.status == Status::CutShort;
    Ok(match (cut, report.passed(), grundy::interrupt::requested()) {
        (true, _, true) => ExitCode::from(130), // stopped by Ctrl-C: nothing failed, not all was run
        (true, _, false) => {
            // Stopped by --time: nothing failed, but not all that was asked ran.
            let r = &report.report;
            eprintln!(
                "grundy: error: duel: the time budget (--time {}) ran out after {} inputs ({} of {} random)",
                args.time.unwrap_or_default(),
                r.exhaustive + r.random,
                r.random,
                r.random_asked
            );
            ExitCode::from(2)
        }
        (false, false, _) => ExitCode::from(1),
        (false, true, _) => ExitCode::SUCCESS,
    })
}

/// An input as shown in a report: whole when short, else its first lines and its size.
fn shown(input: &str) -> String {
    if input.len() <= SHOWN_INPUT {
        return grundy::shorten_lines(input);
    }
    let head: String =
        input.lines().take(8).map(|line| grundy::shorten(line, grundy::LONGEST_SHOWN_LINE) + "\n").collect();
    format!("{head}… ({} lines, {} bytes in all)\n", input.lines().count(), input.len())
}

/// The text report; `given` is the input file judged instead of random inputs.
fn text(duel: &DuelReport, seed: u64, given: Option<&str>, replay: Option<&str>) -> String {
    let report = &duel.report;
    let tried = report.exhaustive + report.random;
    let mut text = String::new();
    match (&duel.failure, report.status) {
        (None, Status::Ok | Status::CutShort) if given.is_some() => {
            text.push_str(&format!("held: the input of {}\n", given.unwrap_or_default()))
        }
        (None, Status::Ok | Status::CutShort) if report.sides.0 == "brute force" => {
            let mut split = String::new();
            if report.exhaustive > 0 {
                text.push_str(&format!("small sizes: {}\n", report.exhaustive_cover));
                split = format!(" ({} small, {} random)", report.exhaustive, report.random);
            }
            text.push_str(&format!(
                "held: {tried} inputs{split}, the program's output the brute force's on each, seed {seed}\n"
            ));
            text.push_str(&stopped(report));
        }
        (None, Status::Ok | Status::CutShort) => {
            if report.exhaustive > 0 {
                text.push_str(&format!("small space: {}\n", report.exhaustive_cover));
            }
            text.push_str(&format!(
                "held: {tried} inputs ({} small, {} random; answered by the oracle: {}, by the fast side past the \
                 oracle's reach: {}, by both: {}), seed {seed}\n",
                report.exhaustive, report.random, duel.by_oracle, duel.by_fast_side, duel.by_both
            ));
            text.push_str(&stopped(report));
        }
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
            match given {
                Some(path) => text.push_str(&format!("FAILED: {} on the input of {path}\n", failure.run.kind())),
                None => text.push_str(&format!("FAILED: {} after {tried} inputs (seed {seed})\n", failure.run.kind())),
            }
            if grundy::interrupt::requested() {
                text.push_str("stopped by Ctrl-C: the input below is shrunk as far as it got\n");
            } else if let Some(by) = &duel.shrink_stopped_by {
                text.push_str(&format!(
                    "shrinking stopped by {by}: the input below is the smallest failing one found so far\n"
                ));
            }
            if given.is_none() {
                text.push_str(&small_sizes_phase(report));
            }
            if given.is_some() {
                text.push_str("input:\n");
            } else if let Some(c) = counterexample {
                let packed = match duel.shrink_packed {
                    true => "; one-game candidates were tried packed, many to an input",
                    false => "",
                };
                // "minimal" only where every smaller case was tried; else the smallest found.
                let heading = match c.minimality {
                    Minimality::Proven { .. } => "minimal input",
                    _ => "smallest failing input found",
                };
                text.push_str(&format!(
                    "{heading} (shrunk in {}; {}{packed}):\n",
                    grundy::plural(u64::from(c.shrink_steps), "step"),
                    c.minimality
                ));
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
            if given.is_none() && failure.found != failure.input {
                text.push_str(&format!("found first as:\n{}", shown(&failure.found)));
            }
            if let Some(command) = &failure.generated_by {
                text.push_str(&format!("generated by: {command}\n"));
            }
            if let Some(also) = &duel.also_met {
                text.push_str(&format!(
                    "also met while shrinking (kept apart: the shrink keeps the kind it started from): {} on:\n{}",
                    also.verdict,
                    shown(&also.input)
                ));
            }
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

/// The line saying a duel stopped at --time or Ctrl-C, if it did.
fn stopped(report: &Report) -> String {
    let by = if grundy::interrupt::requested() { "Ctrl-C" } else { "--time" };
    match report.out_of_time {
        true => format!(
            "stopped by {by} after {} inputs ({} random asked)\n",
            report.exhaustive + report.random,
            report.random_asked
        ),
        false => String::new(),
    }
}

/// Where a generic duel with --sizes found its failure: in the small sizes, or after them.
fn small_sizes_phase(report: &Report) -> String {
    if report.sides.0 != "brute force" || report.exhaustive == 0 {
        return String::new();
    }
    let cover = &report.exhaustive_cover;
    match report.random {
        0 => format!("found in the small sizes ({cover}), at input {}\n", report.exhaustive),
        random => format!("found at random input {random}, after the small sizes held ({cover})\n"),
    }
}
