//! The command line: one module per command, each parsing its arguments, calling one library
//! function and printing what it returns.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Parser, Subcommand};
use grundy::budget::Budget;
use grundy_rules::{Play, RuleSet};

mod bench;
mod check;
mod duel;
mod duel_text;
mod game;
mod generate;
mod list;
mod long_table;
mod problem;
mod quotient;
mod solve;
mod table;
mod verify;

/// Verify impartial-game solutions: a brute-force oracle against fast theorems and tables.
#[derive(Debug, Parser)]
#[command(name = "grundy", version, about, long_about = None, max_term_width = 100)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Most memory to use, e.g. 2G or 512M
    ///
    /// Past it, the oracle stops with an error. Default: half of this machine's memory. In a
    /// duel (default there: 4G) it bounds the program under test (its address space) and, apart,
    /// grundy's own memory while it shrinks.
    #[arg(long, global = true, value_name = "BYTES")]
    max_memory: Option<Bytes>,
}

/// A number of bytes, read with an optional K, M, G or T (powers of 1024).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bytes(pub usize);

impl std::str::FromStr for Bytes {
    type Err = String;

    fn from_str(text: &str) -> Result<Bytes, String> {
        let text = text.trim();
        let (number, unit) = match text.char_indices().find(|&(_, c)| c.is_ascii_alphabetic()) {
            Some((at, _)) => text.split_at(at),
            None => (text, ""),
        };
        let scale: f64 = match unit.to_ascii_uppercase().trim_end_matches("IB").trim_end_matches('B') {
            "" => 1.0,
            "K" => 1024.0,
            "M" => 1024.0 * 1024.0,
            "G" => 1024.0 * 1024.0 * 1024.0,
            "T" => 1024.0 * 1024.0 * 1024.0 * 1024.0,
            _ => return Err(format!("`{text}` is not a size (use a number with K, M, G or T)")),
        };
        let value: f64 = number.trim().parse().map_err(|_| format!("`{text}` is not a size"))?;
        let bytes = value * scale;
        if !bytes.is_finite() || bytes < (1 << 20) as f64 || bytes > (1u64 << 50) as f64 {
            return Err(format!("a memory budget is 1M to 1024T, not {text}"));
        }
        Ok(Bytes(bytes as usize))
    }
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Cross-check every registry entry: oracle against fast
    ///
    /// Each entry's small cases exhaustively, then random ones; a disagreement is shrunk and saved,
    /// with the command that replays it.
    Check(check::Args),
    /// Who wins a position, the values behind it, and a winning move.
    Solve(solve::Args),
    /// Check a guessed formula against the oracle: a per-plate value, or who wins a position.
    Verify(verify::Args),
    /// Differential testing of an external program in a problem's contest format.
    Duel(duel::Args),
    /// Grundy values of single heaps, with the period and whether a theorem proves it.
    Table(table::Args),
    /// Solve Game Pack's contest input from stdin
    ///
    /// The input: `A B C D T`, then T lines `n x1 … xn` (the same as `grundy problem pack`).
    #[command(after_help = "Example:\n  (echo 1 0 0 0 2; echo 2 3 4; echo 1 4) | grundy pack")]
    Pack,
    /// Solve a catalog problem's contest input from stdin.
    Problem(problem::Args),
    /// Time the fast side against the oracle, entry by entry, and where each stops scaling.
    Bench(bench::Args),
    /// The misère quotient of an octal game's heaps up to N: order, P-portion, heap map, period.
    Quotient(quotient::Args),
    /// List operations, compounds, problems and registry entries, with their syntax.
    #[command(after_help = "Example:\n  grundy list | less")]
    List,
    /// Write grundy's man pages or a shell's completions.
    #[command(subcommand)]
    Generate(generate::What),
}

/// Runs the command line; returns the process exit code (0 fine, 1 a failed check, 2 an error).
pub fn main() -> ExitCode {
    // glibc reserves 64 MiB of address space for each malloc arena, up to eight per core, as
    // threads come and go (a duel starts three per run): under `ulimit -v` that reservation,
    // not the memory used, was what ran out. Four arenas serve two rayon pools well enough.
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets a tuning parameter of the allocator, before any thread starts.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 4);
    }
    if std::env::args_os().len() == 1 {
        // Bare `grundy`: the help, as `grundy --help` prints it.
        let _ = <Cli as clap::CommandFactory>::command().print_help();
        return ExitCode::SUCCESS;
    }
    // A command asked for JSON writes JSON on its error paths too: `{"error": …}` on stdout,
    // besides the line on stderr.
    let json = std::env::args_os().any(|arg| arg == "--json");
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) if !error.use_stderr() => error.exit(), // --help, --version
        Err(error) => {
            let line = format!("{} (see {} --help)", clap_error_line(&error.to_string()), command_line_name());
            return fail(&line, json);
        }
    };
    // The run's one budget: each command adds its --time and carries it down.
    let default = match cli.command {
        Command::Duel(_) => grundy::budget::DUEL_MEMORY,
        _ => grundy_oracle::default_memory(),
    };
    let budget = Budget::with_bytes(cli.max_memory.map_or(default, |bytes| bytes.0));
    if let Some(seconds) = cli.command.time_limit() {
        watchdog(seconds, json);
    }
    let result = match cli.command {
        Command::Check(args) => check::run(args, budget),
        Command::Solve(args) => solve::run(args, budget),
        Command::Table(args) => table::run(args, budget),
        Command::Duel(args) => duel::run(args, budget),
        Command::Verify(args) => verify::run(args, budget),
        Command::Pack => {
            problem::run(problem::Args { name: "pack".to_string(), time: problem::DEFAULT_SECONDS }, budget)
        }
        Command::Problem(args) => problem::run(args, budget),
        Command::Bench(args) => bench::run(args, budget),
        Command::Quotient(args) => quotient::run(args, budget),
        Command::List => list::run(),
        Command::Generate(what) => generate::run(what),
    };
    // The command came back: its own outcome stands, and the watchdog no longer ends the run.
    let _ended = ended();
    match result {
        Ok(code) => code,
        // Whoever read the output stopped reading (`grundy … | head`): nothing is wrong here.
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => fail(&one_line(&format!("{error:#}")), json),
    }
}

impl Command {
    /// The command's hard time limit (`--time`, or its default), if it has one. A duel has none
    /// here: its program runs are processes it kills itself, each cut to the time left.
    fn time_limit(&self) -> Option<f64> {
        match self {
            Command::Check(args) => args.time,
            Command::Solve(args) => Some(args.time),
            Command::Verify(args) => args.time,
            Command::Table(args) => Some(args.time.unwrap_or(table::DEFAULT_SECONDS)),
            Command::Pack => Some(problem::DEFAULT_SECONDS),
            Command::Problem(args) => Some(args.time),
            Command::Bench(args) => args.time,
            Command::Quotient(args) => Some(args.time),
            Command::Duel(_) | Command::List | Command::Generate(_) => None,
        }
    }
}

/// How long past its time limit a command may take to stop on its own and say how far it got.
const GRACE_SECONDS: f64 = 1.5;

/// Most seconds the watchdog waits, past the grace, for a checkpoint save under way.
const MOST_SAVE_SECONDS: f64 = 120.0;

/// Checkpoint saves under way (not a budget: what the watchdog must not cut in half).
static SAVING: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Runs `save` with the watchdog held off (up to [`MOST_SAVE_SECONDS`] past the grace): a long
/// table stopped by --time writes its last checkpoint whole, so the next run goes on from there.
fn saving<T>(save: impl FnOnce() -> T) -> T {
    use std::sync::atomic::Ordering;
    struct Saving;
    impl Drop for Saving {
        fn drop(&mut self) {
            SAVING.fetch_sub(1, Ordering::SeqCst);
        }
    }
    SAVING.fetch_add(1, Ordering::SeqCst);
    let _saving = Saving;
    save()
}

/// Whether the command has come back with its outcome. Not a budget: it settles the race between
/// a command that ends past its deadline and the watchdog that would end it — whichever takes the
/// lock first decides the exit code, so a finished answer never ends with the watchdog's exit 2.
static ENDED: std::sync::Mutex<bool> = std::sync::Mutex::new(false);

/// Marks the command as come back; the guard holds off a watchdog that is ending the run.
fn ended() -> std::sync::MutexGuard<'static, bool> {
    let mut ended = ENDED.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    *ended = true;
    ended
}

/// The backstop of `--time`: every command stops on its own at its deadline (its searches,
/// tables and scripts look at it), and says how far it got; should one not have stopped
/// [`GRACE_SECONDS`] later, this ends the process with one line, exit 2.
fn watchdog(seconds: f64, json: bool) {
    let started = std::time::Instant::now();
    std::thread::spawn(move || {
        let end = started + std::time::Duration::from_secs_f64(seconds + GRACE_SECONDS);
        while std::time::Instant::now() < end {
            std::thread::sleep(end.saturating_duration_since(std::time::Instant::now()));
        }
        let saves_end = end + std::time::Duration::from_secs_f64(MOST_SAVE_SECONDS);
        while SAVING.load(std::sync::atomic::Ordering::SeqCst) > 0 && std::time::Instant::now() < saves_end {
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let ended = ENDED.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if *ended {
            return;
        }
        let line = format!("the time budget (--time {seconds}) ran out, and the work did not stop within a second");
        let _ = fail(&line, json);
        std::process::exit(2);
    });
}

/// An error: one line on stderr, `{"error": …, "exit": 2}` on stdout when JSON was asked for;
/// exit code 2.
fn fail(line: &str, json: bool) -> ExitCode {
    eprintln!("grundy: error: {line}");
    if json {
        let _ = write_stdout((serde_json::json!({"error": line, "exit": 2}).to_string() + "\n").as_bytes());
    }
    ExitCode::from(2)
}

fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause.downcast_ref::<std::io::Error>().is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// clap's error on one line: its first paragraph (what is wrong) and its tips ("a similar
/// argument exists: '--misere'"); the usage it adds is one `--help` away.
fn clap_error_line(rendered: &str) -> String {
    let mut paragraphs = rendered.split("\n\n").map(str::trim).filter(|paragraph| !paragraph.is_empty());
    let what = paragraphs.next().unwrap_or_default().trim_start_matches("error: ");
    let tips: Vec<&str> = paragraphs.filter(|paragraph| paragraph.starts_with("tip:")).collect();
    let mut line = one_line(what);
    for tip in tips {
        line.push_str("; ");
        line.push_str(&one_line(tip));
    }
    line
}

/// The command whose help an error points to: `grundy` and the subcommands named on the command
/// line (`grundy generate man`), as far as they are subcommands.
fn command_line_name() -> String {
    let mut command = <Cli as clap::CommandFactory>::command();
    let mut name = String::from("grundy");
    for arg in std::env::args().skip(1).filter(|arg| !arg.starts_with('-')) {
        let Some(sub) = command.find_subcommand(&arg).cloned() else { continue };
        name = format!("{name} {}", sub.get_name());
        command = sub;
    }
    name
}

/// Text on one line: runs of white space become one space.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Writes to standard output and flushes.
fn write_stdout(bytes: &[u8]) -> anyhow::Result<()> {
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(bytes).and_then(|()| stdout.flush()).context("writing standard output")
}

/// The registry entries named by `--only` (all of them when none is).
fn entries(only: &[String]) -> anyhow::Result<Vec<Box<dyn grundy::catalog::Entry>>> {
    if only.is_empty() {
        return Ok(grundy::catalog::entries());
    }
    only.iter()
        .map(|name| {
            grundy::catalog::find(name)
                .ok_or_else(|| anyhow::anyhow!("no registry entry named `{name}` (see grundy list)"))
        })
        .collect()
}

/// A seed drawn at random (for runs not given one; it is printed).
fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher
        .write_u128(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default().as_nanos());
    hasher.finish()
}

/// The rule set of `GAME [--sum C] [--misere]`.
fn game_rules(game: &str, sum: Option<&str>, misere: bool) -> anyhow::Result<RuleSet> {
    let mut rules: RuleSet = game.parse()?;
    let explicit = game.starts_with("pack:") || game.contains('/');
    if explicit && (sum.is_some() || misere) {
        anyhow::bail!(
            "game `{game}` already names its compound and play; drop --sum/--misere or give only the operation"
        );
    }
    if let Some(sum) = sum {
        rules.compound = sum.parse()?;
    }
    if misere {
        rules.play = Play::Misere;
    }
    Ok(rules)
}

/// A `--threads` flag: how many worker threads, from 1 to [`grundy_fast::sparse::MOST_THREADS`].
fn threads(text: &str) -> Result<usize, String> {
    let most = grundy_fast::sparse::MOST_THREADS;
    match text.trim().parse::<usize>() {
        Ok(threads) if (1..=most).contains(&threads) => Ok(threads),
        _ => Err(format!("--threads takes a whole number of threads from 1 to {most}, not `{text}`")),
    }
}

/// Most seconds any duration flag takes (about eleven days).
const MOST_SECONDS: f64 = 1e6;

/// A duration flag: a finite number of seconds, positive, at most [`MOST_SECONDS`].
fn seconds(text: &str) -> Result<f64, String> {
    let value: f64 = text.trim().parse().map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if !value.is_finite() || value <= 0.0 || value > MOST_SECONDS {
        return Err(format!("a duration is more than 0 and at most {MOST_SECONDS} seconds, not {text}"));
    }
    Ok(value)
}

/// The oracle's progress on stderr while it lives, when stderr is a terminal (JSON mode too):
/// positions solved, their rate, and the bytes of the search, from [`grundy_oracle::odometer`].
struct OracleProgress {
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

/// Starts showing the oracle's progress, headed `what`.
fn oracle_progress(what: &str) -> OracleProgress {
    use std::io::IsTerminal;
    use std::sync::atomic::Ordering;
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    if !std::io::stderr().is_terminal() {
        return OracleProgress { stop, thread: None };
    }
    let what = what.to_string();
    let stopping = stop.clone();
    let thread = std::thread::spawn(move || {
        let spinner = indicatif::ProgressBar::new_spinner();
        let (start, started) = (grundy_oracle::odometer::read().0, std::time::Instant::now());
        while !stopping.load(Ordering::Relaxed) {
            let (positions, bytes) = grundy_oracle::odometer::read();
            let done = positions - start;
            let rate = done as f64 / started.elapsed().as_secs_f64().max(1e-3);
            spinner.set_message(format!(
                "{what}: {done} positions, {:.1} M/s, {} ({:.0} s)",
                rate / 1e6,
                grundy_oracle::engine::human_bytes(bytes as usize),
                started.elapsed().as_secs_f64()
            ));
            spinner.tick();
            std::thread::sleep(std::time::Duration::from_millis(200));
        }
        spinner.finish_and_clear();
    });
    OracleProgress { stop, thread: Some(thread) }
}

impl Drop for OracleProgress {
    fn drop(&mut self) {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
