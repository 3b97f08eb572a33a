//! `grundy duel`: an external program against a problem's expected answers.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, anyhow, bail};
use grundy::catalog::pile::Piles;
use grundy::catalog::{self, ContestEntry};
use grundy::check::{Plan, Status};
use grundy::duel::{DuelReport, Program};
use grundy::stress::{Programs, Sizes};
use grundy_rules::RuleSet;

use grundy::budget::Budget;

use super::{random_seed, seconds, write_stdout};

#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES, after_long_help = ALL_EXAMPLES)]
pub struct Args {
    /// The catalog problem; leave it out for your own problem
    ///
    /// The catalog problem (see `grundy list`); leave it out to bring your own problem with
    /// --generator and --brute.
    #[arg(required_unless_present_any = ["brute", "generator"])]
    problem: Option<String>,
    /// The program to test (run by `sh -c`, input on stdin)
    ///
    /// The program to test, run through `sh -c` with the input on stdin.
    #[arg(long, value_name = "CMD")]
    against: String,
    /// Your own problem: the command that writes a random input
    ///
    /// Your own problem: the command that writes one random input, run with a seed as its last
    /// argument (`CMD 1234`), or a seed and a size given --sizes (`CMD 1234 7`). Seeds are below
    /// 2^31, so a generator may read its seed as an int. A failure names the command line that
    /// wrote it, to run it again.
    #[arg(long, value_name = "CMD", conflicts_with_all = ["problem", "rules"])]
    generator: Option<String>,
    /// Your own problem: the generator's sizes, A..B
    ///
    /// Your own problem: sizes for the generator, A..B with both ends included (0 ≤ A ≤ B ≤
    /// 10^9), each input's size its second argument. First the small sizes: every size from A
    /// up, 3 inputs each, within 99 inputs and half of --cases (most bugs live at the smallest
    /// sizes); then random inputs whose sizes are drawn across A..B log-uniformly (each bit
    /// length alike), so the large scales get their share too.
    #[arg(long, value_name = "A..B", requires = "generator")]
    sizes: Option<Sizes>,
    /// Your own problem: the trusted slow solution
    ///
    /// Your own problem: the trusted (slow) solution whose output is expected. An input it
    /// rejects (non-zero exit, time-out) is not a valid input, so shrinking never goes there.
    #[arg(long, value_name = "CMD", conflicts_with_all = ["problem", "rules"])]
    brute: Option<String>,
    /// Seed of the random inputs (default: drawn and printed)
    ///
    /// Seed of the random inputs (default: drawn at random, and printed).
    #[arg(long)]
    seed: Option<u64>,
    /// Most inputs to try
    ///
    /// Most inputs to try (the small sizes of --sizes among them).
    #[arg(long, default_value_t = 300)]
    cases: u64,
    /// Stop after this many seconds in all.
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    pub(super) time: Option<f64>,
    /// CPU seconds for one run (default: the statement's)
    ///
    /// Time limit for one run of the program, in seconds of CPU time of its whole process tree
    /// (default: the statement's, see `grundy list`; 2 with --generator). A wall clock of three
    /// times it and 2 s more stops a program that waits instead ("idleness limit exceeded").
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    timeout: Option<f64>,
    /// Memory for one run (default: the statement's)
    ///
    /// Memory limit for one run of the program: what one of its processes allocates (default:
    /// the statement's, see `grundy list`; none with --generator), e.g. 256M.
    #[arg(long, value_name = "BYTES")]
    memory_limit: Option<super::Bytes>,
    /// After a failure, go on and report every distinct one
    ///
    /// After a failure is shrunk and saved, go on: report every distinct failure (by verdict
    /// and shrunk input), each shrunk and saved.
    #[arg(long)]
    keep_going: bool,
    /// Also write inputs past the statement's limits
    ///
    /// Write inputs past the problem's statement too (as far as `grundy problem` reads): the
    /// report then says which failing inputs lie beyond the statement.
    #[arg(long, conflicts_with_all = ["generator", "brute"])]
    beyond_statement: bool,
    /// Game Pack only: this rule set, e.g. `--rules 2,1,0,1`.
    #[arg(long, value_name = "A,B,C,D")]
    rules: Option<String>,
    /// Judge the program on this input only (a saved failure)
    ///
    /// Judge the program on this input only (a saved failure), instead of random ones.
    #[arg(long, value_name = "FILE")]
    input: Option<PathBuf>,
    /// Also write the minimal failing input to FILE
    ///
    /// Also write the minimal failing input to this file.
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

/// The examples `-h` shows; `--help` shows them and [`ALL_EXAMPLES`].
macro_rules! examples {
    () => {
        "Examples:
  grundy duel wythoff --against 'python3 examples/duel/wythoff_right.py'
  grundy duel wythoff --against 'python3 examples/duel/wythoff_wrong.py' --save failing.txt
  grundy duel wythoff --against 'python3 examples/duel/wythoff_wrong.py' --input failing.txt"
    };
}
const EXAMPLES: &str = examples!();
const ALL_EXAMPLES: &str = concat!(
    examples!(),
    "
  grundy duel pack --rules 2,1,0,1 --cases 1000 --timeout 1 --against ./a.out   # your program
  grundy duel --generator 'python3 examples/own/gen.py' --brute 'python3 examples/own/brute.py' \
      --against 'python3 examples/own/wrong.py'
  grundy duel --generator 'python3 examples/own/gen.py' --sizes 1..30 \
      --brute 'python3 examples/own/brute.py' --against 'python3 examples/own/right.py'"
);

/// The time limit of a duel of your own problem (`--generator`), which has no statement.
const DEFAULT_TIMEOUT: f64 = 2.0;

pub fn run(args: Args, budget: Budget) -> anyhow::Result<ExitCode> {
    let seed = args.seed.unwrap_or_else(random_seed);
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
    let statement = problem.statement();
    let timeout = args.timeout.map_or(statement.time_limit(), Duration::from_secs_f64);
    let memory_limit = Some(args.memory_limit.map_or(statement.memory_limit(), |bytes| bytes.0 as u64));
    let program = Program { memory, memory_limit, ..Program::new(&args.against, timeout) };
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
    let timeout = Duration::from_secs_f64(args.timeout.unwrap_or(DEFAULT_TIMEOUT));
    let memory_limit = args.memory_limit.map(|bytes| bytes.0 as u64);
    let program = |command: &str| Program { memory, memory_limit, ..Program::new(command, timeout) };
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
    let plan = Plan {
        keep_going: args.keep_going,
        beyond_statement: args.beyond_statement,
        ..Plan::within(seed, args.cases, budget)
    };
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
    for failure in &mut report.more_failures {
        failure.saved = Some(grundy::failures::save("duel", name, &failure.input)?);
    }
    if args.json {
        write_stdout((serde_json::to_string_pretty(&report)? + "\n").as_bytes())?;
    } else {
        let given = args.input.as_ref().map(|path| path.display().to_string());
        let text = super::duel_text::text(&report, seed, given.as_deref(), replay.as_deref(), command);
        write_stdout(text.as_bytes())?;
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
