//! `grundy solve`: one position, by theory or by the oracle.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};
use grundy::solve::{self, Solved};
use grundy_oracle::Budget;
use grundy_rules::{Foreclosed, LoopyOutcome, Outcome, Position, Value};
use serde_json::json;

use super::{game_rules, write_stdout};

/// The examples `-h` shows; `--help` shows them and [`ALL_EXAMPLES`].
macro_rules! examples {
    () => {
        "Examples:
  grundy solve nim 3 5 6
  grundy solve sub:1,3,4 --misere 7 12
  grundy solve --game examples/games/back-and-forth.rhai 5 7"
    };
}
const EXAMPLES: &str = examples!();
const ALL_EXAMPLES: &str = concat!(
    examples!(),
    "
  grundy solve sub:1,2,3/conjunctive 10 11 --json
  grundy solve pack:2,1,0,1 4 4 9 --oracle --dot graph.dot
  echo 'digraph { a -> b -> c -> a; c -> d }' | grundy solve geography --start a -
  grundy solve graph states.dot a b c        # tokens on a state graph; draws included"
);

#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES, after_long_help = ALL_EXAMPLES)]
pub struct Args {
    /// The game, e.g. sub:1,2,3, pack:2,1,0,1, geography, graph
    ///
    /// The game: OPERATION[/COMPOUND[/PLAY]] or pack:A,B,C,D (see `grundy list`); `geography`;
    /// or `graph` (tokens on a state graph). With --game FILE, the first number of the position.
    game: String,
    /// The plate sizes (for geography and graph: a graph file)
    ///
    /// The plate sizes (for `geography`: a graph file, `-` for stdin; for `graph`: a graph file,
    /// then the vertices the tokens stand on; with --game: the rest of the position).
    #[arg(value_name = "PLATE", allow_negative_numbers = true)]
    plates: Vec<String>,
    /// A game stated in a Rhai script
    ///
    /// A game stated in a script (Rhai: `fn moves(p)`, optionally `split`, `random`,
    /// `positions`; see the book's solve page); the position is the numbers given.
    #[arg(long = "game", value_name = "FILE", conflicts_with_all = ["sum", "dot", "start"])]
    script: Option<PathBuf>,
    /// The compound (default: disjunctive)
    ///
    /// The compound: disjunctive, diminished, selective, shortened, conjunctive, continued.
    #[arg(long, value_name = "COMPOUND")]
    sum: Option<String>,
    /// Misère play: the player to move at the end wins.
    #[arg(long)]
    misere: bool,
    /// Solve by brute force on whole positions instead of by theory.
    #[arg(long)]
    oracle: bool,
    /// With --oracle: write the explored graph as DOT to FILE
    ///
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
    /// Wall-time budget in seconds
    ///
    /// Wall-time budget for tables that grow toward a period (games with no closed form) and for
    /// the oracle (asked for with --oracle, or answering where no theorem covers the position):
    /// past it, the command stops saying how far it got.
    #[arg(long, value_name = "SECONDS", default_value_t = 20.0, value_parser = super::seconds)]
    pub(super) time: f64,
    /// For geography: the start node
    ///
    /// For `geography`: the start node (a DOT node's name, or an edge list's vertex number).
    #[arg(long, value_name = "NODE")]
    start: Option<String>,
}

pub fn run(args: Args, run: grundy::budget::Budget) -> anyhow::Result<ExitCode> {
    // The run's deadline, from --time, for every path of the command.
    let run = run.for_seconds(Some(args.time));
    // The oracle's budget: the run's memory and deadline, the states and moves asked for.
    let budget = Budget { max_states: args.max_states, max_moves: args.max_moves, ..run.oracle_alone() };
    // With --game FILE, GAME is the position's first number.
    let name = if args.script.is_some() { None } else { Some(args.game.as_str()) };
    super::game::stated(name, args.script.as_deref(), &run)?.solve(&args, budget)
}

/// A game by name: a rule set's position, by theory or by the oracle.
pub(super) fn named(args: &Args, budget: Budget) -> anyhow::Result<ExitCode> {
    if args.plates.is_empty() {
        bail!("give the position: the plate sizes after the game (`grundy solve {} 3 5 6`)", args.game);
    }
    let rules = game_rules(&args.game, args.sum.as_deref(), args.misere)?;
    let position: Position = args.plates.join(" ").parse()?;
    // The oracle stops at --time, whether asked for or the fast side's stand-in.
    let (solved, fallback) = if args.oracle {
        let _progress = super::oracle_progress("oracle");
        (solve::by_oracle(&rules, &position, budget, args.dot.as_deref())?, None)
    } else {
        match solve::by_theory(&rules, &position, budget.deadline) {
            Ok(solved) => (solved, None),
            // No theorem covers it: the oracle answers if it can, saying so.
            Err(grundy::Error::Unsupported(why)) => {
                if let Some(beyond) = solve::beyond_the_oracle(&rules, &position) {
                    bail!("{why}; the oracle cannot stand in: {beyond}");
                }
                let progress = super::oracle_progress("oracle (no theorem covers this position)");
                let answered = solve::by_oracle(&rules, &position, budget, None);
                drop(progress);
                match answered {
                    Ok(solved) => (solved, Some(why.to_string())),
                    Err(error) => {
                        bail!("the fast side has no answer ({why}), and the oracle could not give one: {error}")
                    }
                }
            }
            Err(error) => return Err(error.into()),
        }
    };
    let output = if args.json {
        json_text(&solved, fallback.as_deref())?
    } else {
        let note = fallback
            .map_or(String::new(), |why| format!("note: the fast side has no answer ({why}); the oracle answered\n"));
        note + text(&solved, &position).as_str()
    };
    write_stdout(output.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

fn value_number(value: Value) -> serde_json::Value {
    match value {
        Value::Grundy(n) | Value::Remoteness(n) | Value::Suspense(n) | Value::Foreclosed(Foreclosed::Grundy(n)) => {
            json!(n)
        }
        Value::Foreclosed(Foreclosed::Ended) => json!("ended"),
        Value::Foreclosed(Foreclosed::Imminent) => json!("imminent"),
    }
}

fn json_text(solved: &Solved, fallback: Option<&str>) -> anyhow::Result<String> {
    let value = solved.solution.value.map(|value| json!({"kind": value.kind().name(), "value": value_number(value)}));
    let document = json!({
        "game": solved.game,
        "position": solved.position,
        "solver": solved.solver,
        "outcome": match solved.solution.outcome { Outcome::First => "first", Outcome::Second => "second" },
        "value": value,
        "plates": solved.plates.as_ref().map(|values| values.iter().map(|(x, v)| json!({"plate": x, "value": v})).collect::<Vec<_>>()),
        "winning_move": solved.winning_move,
        "fallback": fallback,
    });
    Ok(serde_json::to_string_pretty(&document)? + "\n")
}

fn text(solved: &Solved, position: &Position) -> String {
    let mut text = format!("game: {}\nposition: {position}\nsolver: {}\n", solved.game, solved.solver);
    text.push_str(&format!("outcome: {}\n", solved.solution.outcome));
    if let Some(value) = solved.solution.value {
        text.push_str(&format!("value: {value}\n"));
    }
    if let Some(values) = &solved.plates {
        let described: Vec<String> = values.iter().map(|(x, v)| format!("{x}: {v}")).collect();
        text.push_str(&format!("plates: {}\n", described.join("; ")));
    }
    match (&solved.winning_move, solved.solution.outcome) {
        (Some(option), _) => {
            let option: Vec<String> = option.iter().map(u64::to_string).collect();
            text.push_str(&format!("winning move: {position} -> {}\n", option.join(" ")));
        }
        (None, Outcome::First) => text.push_str("winning move: not found within the search limit\n"),
        (None, Outcome::Second) => {}
    }
    text
}

/// `grundy solve geography FILE`: who wins vertex geography on the graph in FILE.
pub(super) fn geography(args: &Args, budget: Budget) -> anyhow::Result<ExitCode> {
    let [path] = args.plates.as_slice() else {
        bail!("`grundy solve geography` takes one graph file (edge list or DOT; `-` for stdin)");
    };
    let text = read_text(path, "the graph")?;
    let solved = solve::geography(&text, args.start.as_deref(), args.oracle.then_some(budget))?;
    let output = if args.json {
        serde_json::to_string_pretty(&json!({
            "game": "geography",
            "vertices": solved.vertices,
            "edges": solved.edges,
            "start": solved.start,
            "solver": solved.solver,
            "outcome": if solved.outcome == Outcome::First { "first" } else { "second" },
        }))? + "\n"
    } else {
        format!(
            "game: vertex geography ({} vertices, {} edges)\nstart: {}\nsolver: {}\noutcome: {}\n",
            solved.vertices, solved.edges, solved.start, solved.solver, solved.outcome
        )
    };
    write_stdout(output.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

fn read_text(path: &str, what: &str) -> anyhow::Result<String> {
    if path == "-" {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin().lock(), &mut text)
            .with_context(|| format!("reading {what}"))?;
        Ok(text)
    } else {
        std::fs::read_to_string(path).with_context(|| format!("reading {path}"))
    }
}

fn outcome_word(outcome: LoopyOutcome) -> &'static str {
    match outcome {
        LoopyOutcome::First => "first player wins",
        LoopyOutcome::Second => "second player wins",
        LoopyOutcome::Draw => "draw (neither player can force a win)",
    }
}

/// `grundy solve graph FILE NODE…`: tokens on a state graph.
pub(super) fn graph(args: &Args, budget: Budget) -> anyhow::Result<ExitCode> {
    let Some((path, tokens)) = args.plates.split_first() else {
        bail!("`grundy solve graph` takes a graph file (edge list or DOT; `-` for stdin), then the tokens' vertices");
    };
    let text = read_text(path, "the graph")?;
    let play = if args.misere { grundy_rules::Play::Misere } else { grundy_rules::Play::Normal };
    let solved = solve::tokens(&text, tokens, play, args.oracle.then_some(budget))?;
    let output = if args.json {
        serde_json::to_string_pretty(&json!({
            "game": "graph",
            "vertices": solved.vertices,
            "edges": solved.edges,
            "tokens": solved.tokens,
            "solver": solved.solver,
            "outcome": solved.outcome.word().to_lowercase(),
            "value": solved.values.as_ref().map(|(total, _)| total),
            "token_values": solved.values.as_ref().map(|(_, each)| each),
            "winning_move": solved.winning_move.as_ref().map(|(from, to)| json!({"from": from, "to": to})),
        }))? + "\n"
    } else {
        let mut text = format!(
            "game: tokens on a graph ({} vertices, {} moves{})\ntokens: {}\nsolver: {}\noutcome: {}\n",
            solved.vertices,
            solved.edges,
            if play == grundy_rules::Play::Misere { ", misère play" } else { "" },
            solved.tokens.join(" "),
            solved.solver,
            outcome_word(solved.outcome)
        );
        if let Some((total, each)) = &solved.values {
            let pairs: Vec<String> = solved.tokens.iter().zip(each).map(|(t, v)| format!("{t}: {v}")).collect();
            text.push_str(&format!("value: {total}\ntokens' values: {}\n", pairs.join("; ")));
        }
        if let Some((from, to)) = &solved.winning_move {
            text.push_str(&format!("winning move: the token on {from} to {to}\n"));
        }
        text
    };
    write_stdout(output.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// `grundy solve --game FILE X…`: a position of a scripted game.
pub(super) fn script(args: &Args, script: &grundy::script::Script, budget: Budget) -> anyhow::Result<ExitCode> {
    let position = std::iter::once(&args.game)
        .chain(&args.plates)
        .map(|word| {
            word.parse::<u64>().map_err(|_| anyhow::anyhow!("position: `{word}` is not a non-negative integer"))
        })
        .collect::<anyhow::Result<Vec<u64>>>()?;
    let play = if args.misere { grundy_rules::Play::Misere } else { grundy_rules::Play::Normal };
    let solved = grundy::script::solve::solve(script, play, &position, args.oracle, budget)?;
    let shown = grundy::script::show(&solved.position);
    let output = if args.json {
        serde_json::to_string_pretty(&json!({
            "game": solved.game,
            "position": solved.position,
            "solver": solved.solver,
            "fallback": solved.fallback,
            "outcome": solved.outcome.word().to_lowercase(),
            "value": solved.value,
            "components": solved.components.as_ref().map(|cs| cs.iter().map(|(c, v)| json!({"component": c, "value": v})).collect::<Vec<_>>()),
            "winning_move": solved.winning_move,
        }))? + "\n"
    } else {
        let mut text = format!("game: {} ({play} play)\nposition: {shown}\nsolver: {}\n", solved.game, solved.solver);
        if let Some(why) = &solved.fallback {
            text.push_str(&format!("note: the fast side declined ({why}); the oracle answered\n"));
        }
        text.push_str(&format!("outcome: {}\n", outcome_word(solved.outcome)));
        if let Some(value) = &solved.value {
            text.push_str(&format!("value: {value}\n"));
        }
        if let Some(components) = &solved.components {
            let each: Vec<String> =
                components.iter().map(|(c, v)| format!("{}: {v}", grundy::script::show(c))).collect();
            text.push_str(&format!("components: {}\n", each.join("; ")));
        }
        match (&solved.winning_move, solved.outcome) {
            (Some(option), _) => text.push_str(&format!("winning move: {shown} -> {}\n", grundy::script::show(option))),
            (None, LoopyOutcome::First) => text.push_str("winning move: not found within the search limit\n"),
            _ => {}
        }
        text
    };
    write_stdout(output.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}
