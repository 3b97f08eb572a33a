//! The command line: argument definitions (clap) and the commands they run.

use std::io::{IsTerminal, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, anyhow, bail};
use clap::{Args, Parser, Subcommand};
use grundy_fast::PileSolver;
use grundy_oracle::{Budget, Engine, Game, OptionSink, PileGame};
use grundy_rules::{Compound, Play, Position, RuleSet, Solution};
use serde_json::json;

use crate::check::{EntryReport, Plan, Status};
use crate::registry::{self, Entry};

/// Verify impartial-game solutions: a brute-force oracle against fast theorems and tables.
#[derive(Debug, Parser)]
#[command(name = "grundy", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Cross-check every registry entry: oracle vs fast, exhaustive small cases then random ones.
    Check(CheckArgs),
    /// Who wins a position, the values behind it, and a winning move.
    Solve(SolveArgs),
    /// Check a guessed formula against the oracle: a per-plate value, or who wins a position.
    Verify(VerifyArgs),
    /// Differential testing of an external program in a problem's contest format.
    Duel(DuelArgs),
    /// Grundy values of single heaps, with the period and whether a theorem proves it.
    Table(TableArgs),
    /// Solve Game Pack's contest input from stdin (`A B C D T`, then T lines `n x1 … xn`).
    Pack,
    /// Solve a catalog problem's contest input from stdin.
    Problem {
        /// The problem (see `grundy list`).
        name: String,
    },
    /// List operations, compounds and registry entries, with their syntax.
    List,
}

#[derive(Debug, Args)]
struct CheckArgs {
    /// Seed of the random cases (default: drawn at random, and printed).
    #[arg(long)]
    seed: Option<u64>,
    /// Random cases per entry.
    #[arg(long, default_value_t = 200)]
    cases: u64,
    /// Stop drawing random cases after this many seconds in all (the exhaustive part always runs).
    #[arg(long, value_name = "SECONDS")]
    budget: Option<f64>,
    /// Check only these entries (repeatable), e.g. `--only pack:2,1,0,1`.
    #[arg(long, value_name = "NAME")]
    only: Vec<String>,
    /// Compare the two sides on this one case of the `--only` entry (as printed in a report).
    #[arg(long, value_name = "CASE", requires = "only")]
    case: Option<String>,
    /// Skip the exhaustive part.
    #[arg(long)]
    no_exhaustive: bool,
    /// Print one JSON document instead of text.
    #[arg(long)]
    json: bool,
    /// Also write the results as a JUnit XML report (one test case per entry) for CI.
    #[arg(long, value_name = "FILE")]
    junit: Option<std::path::PathBuf>,
}

#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("guess").required(true).args(["value", "wins"])))]
struct VerifyArgs {
    /// The game: OPERATION[/COMPOUND[/PLAY]] or pack:A,B,C,D.
    game: String,
    /// The compound (see `grundy list`).
    #[arg(long, value_name = "COMPOUND")]
    sum: Option<String>,
    /// Misère play.
    #[arg(long)]
    misere: bool,
    /// A guessed per-plate value as a formula in `x` (and `m` for upto:m, mod:m).
    #[arg(long, value_name = "EXPR")]
    value: Option<String>,
    /// A guessed outcome as a formula in the position `p` (an array): true when the player to move wins.
    #[arg(long, value_name = "EXPR")]
    wins: Option<String>,
    /// Seed of the random part (default: drawn at random, and printed).
    #[arg(long)]
    seed: Option<u64>,
    /// Random cases after the exhaustive ones.
    #[arg(long, default_value_t = 1000)]
    cases: u64,
    /// With --value: every single plate up to this is checked.
    #[arg(long, default_value_t = 2000)]
    upto: u64,
    /// With --value: random plates go up to this.
    #[arg(long, default_value_t = 10_000)]
    largest: u64,
    /// Stop after this many seconds.
    #[arg(long, value_name = "SECONDS")]
    time: Option<f64>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct DuelArgs {
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
    #[arg(long, value_name = "SECONDS")]
    time: Option<f64>,
    /// Time limit for one run of the program.
    #[arg(long, value_name = "SECONDS", default_value_t = 2.0)]
    timeout: f64,
    /// Only this rule set, e.g. `--rules 2,1,0,1`.
    #[arg(long, value_name = "A,B,C,D")]
    rules: Option<String>,
    /// Write the minimal failing input to this file.
    #[arg(long, value_name = "FILE", default_value = "grundy-duel-failure.txt")]
    save: PathBuf,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct TableArgs {
    /// The operation (a whole game's text is accepted; its compound is ignored).
    game: String,
    /// Largest heap.
    #[arg(long, value_name = "N")]
    upto: u64,
    /// Misère values (a heap that cannot move has value 1).
    #[arg(long)]
    misere: bool,
    /// Print JSON: {"game", "values", "preperiod", "period", "proven", "computed_to"}.
    #[arg(long)]
    json: bool,
    /// Also draw the values as an SVG scatter plot into this file.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
}

#[derive(Debug, Args)]
struct SolveArgs {
    /// The game: OPERATION[/COMPOUND[/PLAY]] or pack:A,B,C,D (see `grundy list`).
    game: String,
    /// The plate sizes.
    #[arg(required = true, value_name = "PLATE", allow_negative_numbers = true)]
    plates: Vec<String>,
    /// The compound: disjunctive, diminished, selective, shortened, conjunctive, continued.
    #[arg(long, value_name = "COMPOUND")]
    sum: Option<String>,
    /// Misère play: the player to move at the end wins.
    #[arg(long)]
    misere: bool,
    /// Solve by brute force on whole positions instead of by theory.
    #[arg(long)]
    oracle: bool,
    /// With --oracle: write the explored graph in Graphviz DOT to this file.
    #[arg(long, value_name = "FILE", requires = "oracle")]
    dot: Option<PathBuf>,
    /// With --oracle: most positions to explore.
    #[arg(long, default_value_t = Budget::default().max_states)]
    max_states: usize,
    /// With --oracle: most moves to generate.
    #[arg(long, default_value_t = Budget::default().max_moves)]
    max_moves: usize,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    /// For `geography`: the start node of a DOT graph (default: the first node mentioned).
    #[arg(long, value_name = "NODE")]
    start: Option<String>,
}

/// Runs the command line; returns the process exit code (0 fine, 1 a mismatch, 2 an error).
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) if !error.use_stderr() => error.exit(), // --help, --version
        Err(error) => {
            // clap's first line says what is wrong; the usage it adds is one `--help` away.
            let rendered = error.to_string();
            let what: Vec<&str> = rendered.lines().take_while(|line| !line.trim().is_empty()).map(str::trim).collect();
            let what = what.join(" ");
            eprintln!("grundy: error: {} (see grundy --help)", what.trim_start_matches("error: "));
            return ExitCode::from(2);
        }
    };
    match run(cli) {
        Ok(code) => code,
        // Whoever read the output stopped reading (`grundy … | head`): nothing is wrong here.
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("grundy: error: {}", one_line(&format!("{error:#}")));
            ExitCode::from(2)
        }
    }
}

fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause.downcast_ref::<std::io::Error>().is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Check(args) => check(args),
        Command::Solve(args) => solve(args),
        Command::Table(args) => table(args),
        Command::Duel(args) => duel(args),
        Command::Verify(args) => verify(args),
        Command::Pack => problem("pack"),
        Command::Problem { name } => problem(&name),
        Command::List => list(),
    }
}

fn write_stdout(bytes: &[u8]) -> anyhow::Result<()> {
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(bytes).and_then(|()| stdout.flush()).context("writing standard output")
}

/// The catalog problems with a contest format.
const PROBLEMS: &[(&str, &str)] = &[("pack", "Xmas Contest 2024 \"Game Pack\": A B C D T, then T lines n x1 … xn")];

fn problem(name: &str) -> anyhow::Result<ExitCode> {
    match name {
        "pack" => {
            let mut stdout = std::io::stdout().lock();
            crate::pack::solve_stdin(&mut stdout)?;
            stdout.flush().context("writing standard output")?;
            Ok(ExitCode::SUCCESS)
        }
        _ => {
            let mut input = String::new();
            if !crate::problems::FORMATS.iter().any(|(known, _)| *known == name) {
                let known: Vec<&str> = PROBLEMS.iter().chain(crate::problems::FORMATS).map(|(name, _)| *name).collect();
                bail!("unknown problem `{name}`; known problems: {}", known.join(", "))
            }
            std::io::Read::read_to_string(&mut std::io::stdin().lock(), &mut input)
                .context("reading standard input (it must be text)")?;
            let output = crate::problems::solve(name, &input).expect("a known problem")?;
            write_stdout(output.as_bytes())?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn list() -> anyhow::Result<ExitCode> {
    let mut out = String::new();
    out.push_str("Games: OPERATION[/COMPOUND[/PLAY]] or pack:A,B,C,D\n");
    out.push_str(&format!("  operations: {}\n", registry::operation_syntax()));
    out.push_str("  compounds:\n");
    for compound in Compound::ALL {
        let (b, c) = compound.pack_code();
        out.push_str(&format!("    {:<12} {} (Game Pack B={b}, C={c})\n", compound.name(), compound.full_name()));
    }
    out.push_str("  play: normal (default), misere\n");
    out.push_str("Problems (grundy problem NAME, stdin → stdout):\n");
    for (name, format) in PROBLEMS.iter().chain(crate::problems::FORMATS) {
        out.push_str(&format!("  {name:<12} {format}\n"));
    }
    out.push_str("Registry entries (grundy check --only NAME):\n");
    for entry in registry::all() {
        out.push_str(&format!("  {:<14} {}\n", entry.name(), entry.summary()));
    }
    write_stdout(out.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// The rule set of `GAME [--sum C] [--misere]`.
fn game_rules(game: &str, sum: Option<&str>, misere: bool) -> anyhow::Result<RuleSet> {
    let mut rules: RuleSet = game.parse()?;
    let explicit = game.starts_with("pack:") || game.contains('/');
    if explicit && (sum.is_some() || misere) {
        bail!("game `{game}` already names its compound and play; drop --sum/--misere or give only the operation");
    }
    if let Some(sum) = sum {
        rules.compound = sum.parse()?;
    }
    if misere {
        rules.play = Play::Misere;
    }
    Ok(rules)
}

fn solve_rules(args: &SolveArgs) -> anyhow::Result<RuleSet> {
    game_rules(&args.game, args.sum.as_deref(), args.misere)
}

fn verify(args: VerifyArgs) -> anyhow::Result<ExitCode> {
    let rules = game_rules(&args.game, args.sum.as_deref(), args.misere)?;
    let seed = args.seed.unwrap_or_else(random_seed);
    let deadline = args.time.map(|seconds| Instant::now() + Duration::from_secs_f64(seconds.max(0.0)));
    let (flag, text) = match (&args.value, &args.wins) {
        (Some(value), None) => ("--value", value),
        (None, Some(wins)) => ("--wins", wins),
        _ => bail!("give exactly one of --value and --wins"),
    };
    let formula = crate::verify::Formula::new(text).map_err(|e| anyhow!(e))?;
    let report = if flag == "--value" {
        crate::verify::verify_value(&rules, &formula, seed, args.upto, args.cases, args.largest, deadline)
    } else {
        crate::verify::verify_wins(&rules, &formula, seed, args.cases, deadline)
    }
    .map_err(|e| anyhow!(e))?;
    let replay = format!("grundy verify {rules} {flag} '{text}' --seed {seed}");
    if args.json {
        let mut document = serde_json::to_value(&report)?;
        document["replay"] = json!(replay);
        write_stdout((serde_json::to_string_pretty(&document)? + "\n").as_bytes())?;
    } else {
        let mut out = format!("game: {rules}\nformula: {text}\n");
        match &report.counterexample {
            None => out.push_str(&format!("held: {} (seed {seed})\n", report.covered.join("; "))),
            Some(failure) => {
                out.push_str(&format!(
                    "counterexample: {}: the oracle says {}, the formula says {}\n",
                    failure.case, failure.expected, failure.guessed
                ));
                if !report.covered.is_empty() {
                    out.push_str(&format!("before it: {}\n", report.covered.join("; ")));
                }
                out.push_str(&format!("replay: {replay}\n"));
            }
        }
        write_stdout(out.as_bytes())?;
    }
    Ok(if report.counterexample.is_some() { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

/// `grundy solve geography FILE`: who wins vertex geography on the graph in FILE (`-` for
/// stdin), by maximum matchings, or by search with `--oracle`.
fn solve_geography(args: &SolveArgs) -> anyhow::Result<ExitCode> {
    let [path] = args.plates.as_slice() else {
        bail!("`grundy solve geography` takes one graph file (edge list or DOT; `-` for stdin)");
    };
    let text = if path == "-" {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin().lock(), &mut text).context("reading the graph")?;
        text
    } else {
        std::fs::read_to_string(path).with_context(|| format!("reading {path}"))?
    };
    let named = crate::graph_input::read(&text, args.start.as_deref()).map_err(|e| anyhow!(e))?;
    let (solver, first) = if args.oracle {
        if named.graph.vertices > 64 {
            bail!("the geography oracle handles at most 64 vertices; this graph has {}", named.graph.vertices);
        }
        let game = grundy_oracle::games::geography::Geography::new(named.graph.vertices, &named.graph.edges);
        let budget = Budget { max_states: args.max_states, max_moves: args.max_moves };
        let mut engine = Engine::new(game, grundy_rules::ValueKind::OutcomeOnly, budget);
        let solution = engine.solve(&grundy_oracle::games::geography::Geography::start(named.start))?;
        ("oracle", solution.outcome == grundy_rules::Outcome::First)
    } else {
        let method = if named.graph.bipartition().is_some() { "hopcroft-karp" } else { "general matching" };
        (method, grundy_fast::games::geography::first_wins_auto(&named.graph, named.start))
    };
    let outcome = grundy_rules::Outcome::from_first_wins(first);
    let start = &named.names[named.start];
    let text = if args.json {
        serde_json::to_string_pretty(&json!({
            "game": "geography",
            "vertices": named.graph.vertices,
            "edges": named.graph.edges.len(),
            "start": start,
            "solver": solver,
            "outcome": if first { "first" } else { "second" },
        }))? + "\n"
    } else {
        format!(
            "game: vertex geography ({} vertices, {} edges)\nstart: {start}\nsolver: {solver}\noutcome: {outcome}\n",
            named.graph.vertices,
            named.graph.edges.len()
        )
    };
    write_stdout(text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

fn solve(args: SolveArgs) -> anyhow::Result<ExitCode> {
    if args.game == "geography" {
        return solve_geography(&args);
    }
    let rules = solve_rules(&args)?;
    let position: Position = args.plates.join(" ").parse()?;
    let plates = position.plates().to_vec();
    let (solver_name, solution, plate_values, winning) = if args.oracle {
        let budget = Budget { max_states: args.max_states, max_moves: args.max_moves };
        let mut engine = Engine::new(PileGame::new(rules.clone()), PileGame::value_kind(&rules), budget);
        let id = engine.solve_id(&plates)?;
        if let Some(path) = &args.dot {
            let graph = engine.graph(id);
            let dot = petgraph::dot::Dot::with_config(&graph, &[petgraph::dot::Config::EdgeNoLabel]);
            std::fs::write(path, format!("{dot:?}")).with_context(|| format!("writing {}", path.display()))?;
        }
        let winning = engine.winning_option(id).map(|child| engine.position(child).clone());
        ("oracle", engine.solution(id), None, winning)
    } else {
        let solver = PileSolver::new(&rules, position.largest())?;
        let solution = solver.solve(&plates)?;
        let values = plates
            .iter()
            .map(|&x| solver.plate_value(x).map(|value| (x, value.to_string())))
            .collect::<Result<Vec<_>, _>>()?;
        let winning = if solution.outcome == grundy_rules::Outcome::First {
            fast_winning_move(&rules, &solver, &plates)
        } else {
            None
        };
        ("fast", solution, Some(values), winning)
    };
    let mut text = String::new();
    if args.json {
        let value = solution.value.map(|value| json!({"kind": value.kind().name(), "value": value_number(&solution)}));
        let document = json!({
            "game": rules.to_string(),
            "position": plates,
            "solver": solver_name,
            "outcome": match solution.outcome { grundy_rules::Outcome::First => "first", grundy_rules::Outcome::Second => "second" },
            "value": value,
            "plates": plate_values.as_ref().map(|values| values.iter().map(|(x, v)| json!({"plate": x, "value": v})).collect::<Vec<_>>()),
            "winning_move": winning,
        });
        text = serde_json::to_string_pretty(&document)? + "\n";
    } else {
        text.push_str(&format!("game: {rules}\nposition: {position}\nsolver: {solver_name}\n"));
        text.push_str(&format!("outcome: {}\n", solution.outcome));
        if let Some(value) = solution.value {
            text.push_str(&format!("value: {value}\n"));
        }
        if let Some(values) = &plate_values {
            let described: Vec<String> = values.iter().map(|(x, v)| format!("{x}: {v}")).collect();
            text.push_str(&format!("plates: {}\n", described.join("; ")));
        }
        match (&winning, solution.outcome) {
            (Some(option), _) => {
                let option: Vec<String> = option.iter().map(u64::to_string).collect();
                text.push_str(&format!("winning move: {position} -> {}\n", option.join(" ")));
            }
            (None, grundy_rules::Outcome::First) => text.push_str("winning move: not found within the search limit\n"),
            (None, grundy_rules::Outcome::Second) => {}
        }
    }
    write_stdout(text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

fn duel(args: DuelArgs) -> anyhow::Result<ExitCode> {
    let known = args.problem == "pack" || crate::problems::FORMATS.iter().any(|(name, _)| *name == args.problem);
    if !known {
        bail!("unknown problem `{}` (see grundy list)", args.problem);
    }
    let code = match &args.rules {
        None => None,
        Some(text) => {
            let rules: RuleSet = format!("pack:{text}").parse()?;
            rules.pack_code()
        }
    };
    if !(args.timeout > 0.0 && args.timeout.is_finite()) {
        bail!("--timeout must be a positive number of seconds, not {}", args.timeout);
    }
    let seed = args.seed.unwrap_or_else(random_seed);
    let started = Instant::now();
    let deadline = args.time.map(|seconds| started + Duration::from_secs_f64(seconds.max(0.0)));
    let bar = if !args.json && std::io::stderr().is_terminal() {
        indicatif::ProgressBar::new(args.cases)
    } else {
        indicatif::ProgressBar::hidden()
    };
    let limit = Duration::from_secs_f64(args.timeout);
    let report = if args.problem == "pack" {
        crate::duel::duel_pack(&args.against, seed, args.cases, deadline, limit, code, &|n| bar.inc(n))?
    } else {
        crate::duel::duel_problem(&args.problem, &args.against, seed, args.cases, deadline, limit, &|n| bar.inc(n))?
    };
    bar.finish_and_clear();
    if let Some(failure) = &report.failure {
        std::fs::write(&args.save, &failure.input).with_context(|| format!("writing {}", args.save.display()))?;
    }
    if args.json {
        write_stdout((serde_json::to_string_pretty(&report)? + "\n").as_bytes())?;
    } else {
        let mut text = String::new();
        match &report.failure {
            None => text.push_str(&format!(
                "held: {} inputs ({} answered by the oracle, the rest by the fast solver), seed {seed}\n",
                report.cases, report.by_oracle
            )),
            Some(failure) => {
                text.push_str(&format!(
                    "FAILED after {} inputs (seed {seed}); minimal input, shrunk in {} steps:\n",
                    report.cases, failure.shrink_steps
                ));
                text.push_str(&failure.input);
                text.push_str(&format!("expected ({}):\n{}", failure.expected_by, failure.expected));
                match &failure.actual {
                    crate::duel::Run::Output { stdout } => text.push_str(&format!("actual:\n{stdout}")),
                    crate::duel::Run::Crashed { status } => {
                        text.push_str(&format!("actual: the program crashed ({status})\n"))
                    }
                    crate::duel::Run::TimedOut { seconds } => {
                        text.push_str(&format!("actual: the program ran past the {seconds} s limit\n"))
                    }
                }
                text.push_str(&format!("input written to {}\n", args.save.display()));
            }
        }
        write_stdout(text.as_bytes())?;
    }
    Ok(if report.failure.is_some() { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

fn table(args: TableArgs) -> anyhow::Result<ExitCode> {
    let rules: RuleSet = args.game.parse()?;
    let play = if args.misere { Play::Misere } else { rules.play };
    let table = grundy_fast::heap_table(&rules.operation, play, args.upto)?;
    let value = |x: u64| table.value(x).expect("values up to N are computed or proven");
    // Misère tables of games that keep one heap also get each heap's genus (for the first heaps).
    let genera = if play == Play::Misere {
        Some(grundy_fast::genus::genus_table(&rules.operation, args.upto.min(GENUS_HEAPS))?)
    } else {
        None
    };
    let first_untame = genera.as_ref().and_then(|g| g.iter().position(|genus| !genus.is_tame()));
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let (preperiod, period) = match table.period {
        Some(p) => (json!(p.preperiod), json!(p.period)),
        None => (serde_json::Value::Null, serde_json::Value::Null),
    };
    if args.json {
        write!(out, "{{\"game\":{},\"play\":\"{play}\",\"values\":[", json!(rules.operation.to_string()))?;
        for x in 0..=args.upto {
            write!(out, "{}{}", if x > 0 { "," } else { "" }, value(x))?;
        }
        write!(
            out,
            "],\"preperiod\":{preperiod},\"period\":{period},\"proven\":{},\"computed_to\":{}",
            table.proven,
            table.computed_to()
        )?;
        if let Some(genera) = &genera {
            let written: Vec<String> = genera.iter().map(ToString::to_string).collect();
            write!(out, ",\"genus\":{},\"first_untame\":{}", json!(written), json!(first_untame))?;
        }
        writeln!(out, "}}")?;
    } else {
        writeln!(out, "game: {} ({play} play)", rules.operation)?;
        for row in (0..=args.upto).step_by(10) {
            write!(out, "{row:>8}:")?;
            for x in row..=args.upto.min(row + 9) {
                write!(out, " {}", value(x))?;
            }
            writeln!(out)?;
        }
        match table.period {
            Some(p) => writeln!(out, "preperiod: {}\nperiod: {}", p.preperiod, p.period)?,
            None => writeln!(out, "period: none found")?,
        }
        writeln!(out, "proven: {}\ncomputed to: {}", table.proven, table.computed_to())?;
        if let Some(genera) = &genera {
            let written: Vec<String> = genera.iter().take(40).map(ToString::to_string).collect();
            writeln!(out, "genus (heaps 0..{}): {}", written.len() - 1, written.join(" "))?;
            match first_untame {
                Some(x) => writeln!(out, "tame: no, heap {x} has genus {}", genera[x])?,
                None => writeln!(out, "tame: every heap up to {} (genus checked)", genera.len() - 1)?,
            }
        }
    }
    out.flush().context("writing standard output")?;
    if let Some(path) = &args.plot {
        std::fs::write(path, svg_plot(&format!("{} ({play})", rules.operation), args.upto, value))
            .with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// How many heaps `grundy table --misere` computes the genus of.
const GENUS_HEAPS: u64 = 2000;

/// A scatter plot of `value(0..=upto)`, at most 4000 points (evenly spaced heaps beyond that).
fn svg_plot(title: &str, upto: u64, value: impl Fn(u64) -> u32) -> String {
    let step = (upto / 4000).max(1);
    let points: Vec<(u64, u32)> = (0..=upto).step_by(step as usize).map(|x| (x, value(x))).collect();
    let top = points.iter().map(|&(_, v)| v).max().unwrap_or(0).max(1);
    let (width, height, margin) = (800.0, 300.0, 30.0);
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\">\n\
         <text x=\"{margin}\" y=\"18\" font-family=\"sans-serif\" font-size=\"13\">{title}: G(n), n = 0..{upto}, max {top}</text>\n"
    );
    for (x, v) in points {
        let px = margin + (width - 2.0 * margin) * x as f64 / upto.max(1) as f64;
        let py = height - margin - (height - 2.0 * margin) * f64::from(v) / f64::from(top);
        svg.push_str(&format!("<rect x=\"{px:.1}\" y=\"{py:.1}\" width=\"2\" height=\"2\"/>\n"));
    }
    svg.push_str("</svg>\n");
    svg
}

fn value_number(solution: &Solution) -> serde_json::Value {
    use grundy_rules::{Foreclosed, Value};
    match solution.value {
        Some(
            Value::Grundy(n) | Value::Remoteness(n) | Value::Suspense(n) | Value::Foreclosed(Foreclosed::Grundy(n)),
        ) => {
            json!(n)
        }
        Some(Value::Foreclosed(Foreclosed::Ended)) => json!("ended"),
        Some(Value::Foreclosed(Foreclosed::Imminent)) => json!("imminent"),
        None => serde_json::Value::Null,
    }
}

/// A winning move found by listing the position's options (by the rules) and judging each with
/// the fast solver; at most this many options are tried.
const WINNING_MOVE_SEARCH: usize = 200_000;
/// Positions with more options than this are not searched for a winning move at all.
const WINNING_MOVE_LISTING: u128 = 100_000_000;

fn fast_winning_move(rules: &RuleSet, solver: &PileSolver, plates: &[u64]) -> Option<Vec<u64>> {
    struct Finder<'a> {
        solver: &'a PileSolver,
        tried: usize,
        found: Option<Vec<u64>>,
    }
    impl OptionSink<Vec<u64>> for Finder<'_> {
        fn option(&mut self, option: &Vec<u64>) -> ControlFlow<()> {
            self.tried += 1;
            if self.tried > WINNING_MOVE_SEARCH {
                return ControlFlow::Break(());
            }
            match self.solver.solve(option) {
                Ok(solution) if solution.outcome == grundy_rules::Outcome::Second => {
                    self.found = Some(option.clone());
                    ControlFlow::Break(())
                }
                _ => ControlFlow::Continue(()),
            }
        }
        fn expect(&mut self, count: u128) -> ControlFlow<()> {
            // Set-valued actions list every plate's options before combining them.
            if count > WINNING_MOVE_LISTING { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
        }
    }
    let mut finder = Finder { solver, tried: 0, found: None };
    let _ = PileGame::new(rules.clone()).options(&plates.to_vec(), &mut finder);
    finder.found
}

fn check(args: CheckArgs) -> anyhow::Result<ExitCode> {
    let entries: Vec<Box<dyn Entry>> = if args.only.is_empty() {
        registry::all()
    } else {
        args.only
            .iter()
            .map(|name| {
                registry::find(name).ok_or_else(|| anyhow!("no registry entry named `{name}` (see grundy list)"))
            })
            .collect::<anyhow::Result<_>>()?
    };
    let seed = args.seed.unwrap_or_else(random_seed);
    let started = Instant::now();
    let reports: Vec<EntryReport> = if let Some(case) = &args.case {
        if entries.len() != 1 {
            bail!("--case needs exactly one --only entry");
        }
        vec![entries[0].replay(case).map_err(|e| anyhow!("--case: {e}"))?]
    } else {
        let plan = Plan {
            seed,
            cases: args.cases,
            deadline: args.budget.map(|seconds| started + Duration::from_secs_f64(seconds.max(0.0))),
            exhaustive: !args.no_exhaustive,
        };
        run_entries(&entries, &plan, !args.json)
    };
    let mismatches = reports.iter().filter(|r| r.status == Status::Mismatch).count();
    let errors = reports.iter().filter(|r| r.status == Status::Error).count();
    let elapsed = started.elapsed().as_secs_f64();
    if let Some(path) = &args.junit {
        std::fs::write(path, crate::check::junit(&reports, seed, elapsed))
            .map_err(|e| anyhow!("cannot write the JUnit report {}: {e}", path.display()))?;
    }
    if args.json {
        let document = json!({
            "seed": seed,
            "entries": reports,
            "summary": {
                "entries": reports.len(),
                "ok": reports.len() - mismatches - errors,
                "mismatches": mismatches,
                "errors": errors,
                "exhaustive_cases": reports.iter().map(|r| r.exhaustive).sum::<u64>(),
                "random_cases": reports.iter().map(|r| r.random).sum::<u64>(),
                "seconds": elapsed,
            }
        });
        write_stdout((serde_json::to_string_pretty(&document)? + "\n").as_bytes())?;
    } else {
        let mut text = String::new();
        for report in &reports {
            text.push_str(&crate::check::report_lines(report));
        }
        text.push_str(&format!(
            "{} entries: {} ok, {mismatches} mismatched, {errors} failed; {} exhaustive and {} random cases in {elapsed:.1}s (seed {seed})\n",
            reports.len(),
            reports.len() - mismatches - errors,
            reports.iter().map(|r| r.exhaustive).sum::<u64>(),
            reports.iter().map(|r| r.random).sum::<u64>(),
        ));
        write_stdout(text.as_bytes())?;
    }
    Ok(if mismatches > 0 {
        ExitCode::from(1)
    } else if errors > 0 {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}

fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher
        .write_u128(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default().as_nanos());
    hasher.finish()
}

/// Runs the entries on all cores, reports in registry order.
fn run_entries(entries: &[Box<dyn Entry>], plan: &Plan, show_progress: bool) -> Vec<EntryReport> {
    let bar = if show_progress && std::io::stderr().is_terminal() {
        let bar = indicatif::ProgressBar::new(entries.len() as u64);
        bar.set_style(
            indicatif::ProgressStyle::with_template("{elapsed:>4} [{bar:40}] {pos}/{len} entries, {msg}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        bar
    } else {
        indicatif::ProgressBar::hidden()
    };
    let cases = std::sync::atomic::AtomicU64::new(0);
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<EntryReport>>> = Mutex::new(vec![None; entries.len()]);
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get()).min(entries.len().max(1));
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(entry) = entries.get(index) else { break };
                    let progress = |n: u64| {
                        let total = cases.fetch_add(n, Ordering::Relaxed) + n;
                        if total % 1024 == 0 {
                            bar.set_message(format!("{total} cases"));
                        }
                    };
                    let report = entry.run(plan, &progress);
                    results.lock().unwrap_or_else(|poisoned| poisoned.into_inner())[index] = Some(report);
                    bar.inc(1);
                }
            });
        }
    });
    bar.finish_and_clear();
    results
        .into_inner()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .into_iter()
        .map(|report| report.expect("every entry was run"))
        .collect()
}
