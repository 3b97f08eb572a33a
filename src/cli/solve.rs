//! `grundy solve`: one position, by theory or by the oracle.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};
use grundy::solve::{self, Solved};
use grundy_oracle::Budget;
use grundy_rules::{Foreclosed, Outcome, Position, Value};
use serde_json::json;

use super::{game_rules, write_stdout};

const EXAMPLES: &str = "Examples:
  grundy solve nim 3 5 6
  grundy solve sub:1,3,4 --misere 7 12
  grundy solve sub:1,2,3/conjunctive 10 11 --json
  grundy solve pack:2,1,0,1 4 4 9 --oracle --dot graph.dot
  echo 'digraph { a -> b -> c -> a; c -> d }' | grundy solve geography --start a -";

#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The game: OPERATION[/COMPOUND[/PLAY]] or pack:A,B,C,D (see `grundy list`); or `geography`.
    game: String,
    /// The plate sizes (for `geography`: a graph file, `-` for stdin).
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
    /// Wall-time budget for tables that grow toward a period (games with no closed form):
    /// past it, the command stops saying how far it got.
    #[arg(long, value_name = "SECONDS", default_value_t = 20.0, value_parser = super::seconds)]
    time: f64,
    /// For `geography`: the start node (a DOT node's name, or an edge list's vertex number).
    #[arg(long, value_name = "NODE")]
    start: Option<String>,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    grundy_fast::set_deadline(super::deadline(Some(args.time)));
    let budget = Budget {
        max_states: args.max_states,
        max_moves: args.max_moves,
        max_bytes: grundy::problem::memory_budget(),
        deadline: None,
    };
    if args.game == "geography" {
        return geography(&args, budget);
    }
    let rules = game_rules(&args.game, args.sum.as_deref(), args.misere)?;
    let position: Position = args.plates.join(" ").parse()?;
    let solved = if args.oracle {
        solve::by_oracle(&rules, &position, budget, args.dot.as_deref())?
    } else {
        solve::by_theory(&rules, &position)?
    };
    write_stdout(if args.json { json_text(&solved)? } else { text(&solved, &position) }.as_bytes())?;
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

fn json_text(solved: &Solved) -> anyhow::Result<String> {
    let value = solved.solution.value.map(|value| json!({"kind": value.kind().name(), "value": value_number(value)}));
    let document = json!({
        "game": solved.game,
        "position": solved.position,
        "solver": solved.solver,
        "outcome": match solved.solution.outcome { Outcome::First => "first", Outcome::Second => "second" },
        "value": value,
        "plates": solved.plates.as_ref().map(|values| values.iter().map(|(x, v)| json!({"plate": x, "value": v})).collect::<Vec<_>>()),
        "winning_move": solved.winning_move,
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
fn geography(args: &Args, budget: Budget) -> anyhow::Result<ExitCode> {
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
