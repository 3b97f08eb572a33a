//! `grundy verify`: a guessed formula against the oracle.

use std::process::ExitCode;

use grundy::verify::{self, Formula, Variables, VerifyReport};
use serde_json::json;

use grundy::budget::Budget;

use super::{game_rules, random_seed, seconds, write_stdout};

/// The examples `-h` shows; `--help` shows them and [`ALL_EXAMPLES`].
macro_rules! examples {
    () => {
        "Examples:
  grundy verify sub:1,2,3 --value 'x % 4'
  grundy verify nim --wins 'p.reduce(|a, b| a ^ b, 0) != 0'
  grundy verify --game examples/games/subtract-1-3-4.rhai --value '[0, 1, 0, 1, 2, 3, 2][x % 7]'"
    };
}
const EXAMPLES: &str = examples!();
const ALL_EXAMPLES: &str = concat!(
    examples!(),
    "
  grundy verify upto:3 --value 'x % (m + 1)'
  grundy verify sub:1,2,3 --value 'x % 4' --case 13   # one case, as a report prints it
  grundy verify --game examples/games/back-and-forth.rhai --wins 'p.contains(7)'"
);

#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("guess").required(true).args(["value", "wins"])))]
#[command(after_help = EXAMPLES, after_long_help = ALL_EXAMPLES)]
pub struct Args {
    /// The game: OPERATION[/COMPOUND[/PLAY]] or pack:A,B,C,D.
    #[arg(required_unless_present = "script")]
    game: Option<String>,
    /// A game stated in a Rhai script
    ///
    /// A game stated in a script (see `grundy solve --help`): --value guesses the grundy value
    /// of [x]; --wins who wins p (true/false, or "first", "second", "draw").
    #[arg(long = "game", value_name = "FILE", conflicts_with_all = ["game", "sum"])]
    script: Option<std::path::PathBuf>,
    /// With --game: most positions the oracle keeps.
    #[arg(long, value_name = "N", default_value_t = 10_000_000, requires = "script")]
    max_states: usize,
    /// The compound (see `grundy list`).
    #[arg(long, value_name = "COMPOUND")]
    sum: Option<String>,
    /// Misère play.
    #[arg(long)]
    misere: bool,
    /// A guessed value of a plate, a formula in x
    ///
    /// A guessed per-plate value as a formula in `x` (and `m` for upto:m, mod:m).
    #[arg(long, value_name = "EXPR")]
    value: Option<String>,
    /// A guessed outcome, a formula in the position p
    ///
    /// A guessed outcome as a formula in the position `p` (an array): true when the player to move wins.
    #[arg(long, value_name = "EXPR")]
    wins: Option<String>,
    /// Seed of the random part (default: drawn and printed)
    ///
    /// Seed of the random part (default: drawn at random, and printed).
    #[arg(long)]
    seed: Option<u64>,
    /// Random cases after the exhaustive ones.
    #[arg(long, default_value_t = 1000)]
    cases: u64,
    /// The exhaustive part: every plate (or size) up to N
    ///
    /// With --value: every single plate up to this is checked [default: 2000; with --game 100,
    /// or 200 when the script splits positions (30 in misère play): the game tree to 30, values
    /// by definition past it]. With --game and --wins: the sizes
    /// `positions(size)` lists exhaustively [default: 3; without `positions`, [0] … [20]].
    /// Asked for explicitly, a range the oracle cannot reach fails the run (exit 1) after what
    /// it checked.
    #[arg(long, value_name = "N")]
    upto: Option<u64>,
    /// Largest random plate
    ///
    /// With --value: random plates go up to this [default: 10000; as --upto when asked for].
    /// With --game: random [x] up to this, or `random(seed, size)` with sizes up to it
    /// [default with --wins: 30, or 10 when the script splits positions; with --value: 300, or
    /// 1000 when it splits (34 in misère play)].
    #[arg(long, value_name = "N")]
    largest: Option<u64>,
    /// Stop after this many seconds.
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    pub(super) time: Option<f64>,
    /// Check only this case (a replay)
    ///
    /// Check only this case: a plate for --value, a position for --wins (a replay).
    #[arg(long, value_name = "CASE")]
    case: Option<String>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args, budget: Budget) -> anyhow::Result<ExitCode> {
    let seed = args.seed.unwrap_or_else(random_seed);
    let (flag, text, variables) = match (&args.value, &args.wins) {
        (Some(value), None) => ("--value", value, Variables::Plate),
        (None, Some(wins)) => ("--wins", wins, Variables::Position),
        _ => anyhow::bail!("give exactly one of --value and --wins"),
    };
    let formula = Formula::new(text, variables)?;
    // Every oracle of the run stops at --time: one line, exit 2.
    let _progress = super::oracle_progress("verify: the oracle");
    let guess = Guess { formula, flag, text: text.clone(), variables, seed };
    super::game::stated(args.game.as_deref(), args.script.as_deref(), &budget)?.verify(&args, &guess, budget)
}

/// A guessed formula and how the run checks it.
pub(super) struct Guess {
    formula: Formula,
    /// `--value` or `--wins`.
    flag: &'static str,
    /// The formula as given.
    text: String,
    variables: Variables,
    seed: u64,
}

/// A game by name: the formula against the oracle on a rule set.
pub(super) fn named(args: &Args, game: &str, guess: &Guess, budget: Budget) -> anyhow::Result<ExitCode> {
    let Guess { formula, flag, text, variables, seed } = guess;
    let (flag, variables, seed) = (*flag, *variables, *seed);
    let budget = budget.for_seconds(args.time);
    let rules = game_rules(game, args.sum.as_deref(), args.misere)?;
    let mut out = String::new();
    // A range asked for that the oracle cannot reach, said when the run ends.
    let mut short_of = None;
    let report = if let Some(case) = &args.case {
        verify::verify_case(&rules, formula, variables, case, &budget)?
    } else if variables == Variables::Plate {
        let range = verify::value_range(&rules, args.upto.unwrap_or(2000), args.largest.unwrap_or(10_000));
        if (args.upto.is_some() || args.largest.is_some()) && !range.notes.is_empty() {
            let asked = args.largest.unwrap_or(0).max(args.upto.unwrap_or(0));
            short_of =
                Some(format!("plates up to {asked} were asked for; only plates up to {} were checked", range.largest));
        }
        if !args.json {
            // Said before the work: what was asked for and cannot be checked.
            range.notes.iter().for_each(|note| out.push_str(&format!("note: {note}\n")));
            write_stdout(std::mem::take(&mut out).as_bytes())?;
        }
        verify::verify_value(&rules, formula, seed, &range, args.cases, &budget)?
    } else {
        verify::verify_wins(&rules, formula, seed, args.cases, &budget)?
    };
    let saved = match &report.counterexample {
        Some(failure) => Some(grundy::failures::save(
            "verify",
            &rules.to_string(),
            &format!("{rules}\n{flag} {text}\n--case {}\n", failure.case_text),
        )?),
        None => None,
    };
    let replay = |case: &str| {
        format!("grundy verify {rules} {flag} {} --case {}", grundy::shell_quote(text), grundy::shell_quote(case))
    };
    finish(args, &report, seed, formula, out, short_of, saved, &replay)
}

/// `--game FILE`: the formula against the oracle on a scripted game.
pub(super) fn script(
    args: &Args,
    script: &grundy::script::Script,
    guess: &Guess,
    budget: Budget,
) -> anyhow::Result<ExitCode> {
    use grundy::script::verify as scripted;
    let (formula, flag, seed) = (&guess.formula, guess.flag, guess.seed);
    let play = if args.misere { grundy_rules::Play::Misere } else { grundy_rules::Play::Normal };
    // The oracle's budget: a scripted game may never end (a heap that always grows), so its
    // search has a time limit even when the run has none.
    let run = budget.for_seconds(args.time);
    let budget = grundy_oracle::Budget {
        max_states: args.max_states,
        ..budget.for_seconds(Some(args.time.unwrap_or(60.0))).oracle_alone()
    };
    let wins = flag == "--wins";
    let mut report = if let Some(case) = &args.case {
        scripted::case(script, play, formula, wins, case, budget)?
    } else {
        // Defaults the game tree reaches in seconds: a heap that splits reaches every way of
        // cutting it up, so games with `split` get smaller ones.
        let (upto, largest) = match (wins, script.has_split()) {
            // positions(size) lists every position of a size: few sizes make many positions.
            (true, _) if script.has_positions() => (3, 8),
            (true, true) => (20, 10),
            (true, false) => (20, 30),
            // Past the game tree's reach (30), values by definition: a few seconds.
            (false, true) if !args.misere => (200, 1000),
            (false, true) => (30, 34),
            (false, false) => (100, 300),
        };
        let tree_upto = args.upto.unwrap_or(upto).min(scripted::TREE_UPTO_SPLIT);
        let upto = args.upto.unwrap_or(upto);
        // Random [x] start past --upto; random(seed, size) takes sizes of its own.
        let largest = args.largest.unwrap_or(largest);
        let largest = if wins && script.has_random() { largest } else { largest.max(upto) };
        let range = scripted::Range { upto, largest, cases: args.cases, tree_upto, budget };
        scripted::formula(script, play, formula, wins, seed, range, &run)?
    };
    // A range asked for explicitly that the oracle could not reach (its states, moves, memory,
    // or its own time limit, not --time): what held, then INCOMPLETE, exit 1, as for built-in
    // games. Script errors and --time stay errors (exit 2).
    let asked = args.case.is_none() && (args.upto.is_some() || args.largest.is_some());
    let short_of = match &report.stopped {
        Some(why) if asked && out_of_reach(why, &run) => {
            let short = format!("the range asked for was not reached: the oracle stopped at {why}");
            report.stopped = None;
            Some(short)
        }
        _ => None,
    };
    let misere = if args.misere { " --misere" } else { "" };
    let game = grundy::shell_quote(script.name());
    let saved = match &report.counterexample {
        Some(failure) => Some(grundy::failures::save(
            "verify",
            script.name(),
            &format!("--game {game}{misere}\n{flag} {}\n--case {}\n", formula.text(), failure.case_text),
        )?),
        None => None,
    };
    let replay = |case: &str| {
        format!(
            "grundy verify --game {game}{misere} {flag} {} --case {}",
            grundy::shell_quote(formula.text()),
            grundy::shell_quote(case)
        )
    };
    finish(args, &report, seed, formula, String::new(), short_of, saved, &replay)
}

/// Whether the oracle stopped at its own reach (a budget of states, moves, memory, or its own
/// time limit), not at an error or the run's --time.
fn out_of_reach(why: &str, run: &Budget) -> bool {
    ["the oracle's state budget", "the oracle's move budget", "the oracle's memory budget"]
        .iter()
        .any(|budget| why.contains(budget))
        || (why.contains("the oracle's time budget") && !run.expired())
}

/// Prints the report and says how the run ended.
#[allow(clippy::too_many_arguments)]
fn finish(
    args: &Args,
    report: &VerifyReport,
    seed: u64,
    formula: &Formula,
    mut out: String,
    short_of: Option<String>,
    saved: Option<std::path::PathBuf>,
    replay: &dyn Fn(&str) -> String,
) -> anyhow::Result<ExitCode> {
    if args.json {
        let mut document = serde_json::to_value(report)?;
        if let Some(failure) = &report.counterexample {
            document["replay"] = json!(replay(&failure.case_text));
            document["saved"] = json!(saved);
        }
        if let (Some(short), None) = (&short_of, &report.counterexample) {
            document["incomplete"] = json!(short);
        }
        write_stdout((serde_json::to_string_pretty(&document)? + "\n").as_bytes())?;
    } else {
        out.push_str(&text_report(report, seed, formula));
        if let Some(failure) = &report.counterexample {
            out.push_str(&format!("replay: {}\n", replay(&failure.case_text)));
            if let Some(path) = &saved {
                out.push_str(&format!("saved: {}\n", path.display()));
            }
        }
        if let (Some(short), None) = (&short_of, &report.counterexample) {
            out.push_str(&format!("INCOMPLETE: {short}\n"));
        }
        write_stdout(out.as_bytes())?;
    }
    Ok(if report.counterexample.is_some() || (short_of.is_some() && report.stopped.is_none()) {
        ExitCode::from(1)
    } else if let Some(stopped) = &report.stopped {
        if !args.json {
            eprintln!("grundy: error: the oracle stopped: {}", super::one_line(stopped));
        }
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}

fn text_report(report: &VerifyReport, seed: u64, formula: &Formula) -> String {
    let mut out = format!("game: {}\nformula: {}\n", report.game, formula.text());
    match &report.counterexample {
        None if report.stopped.is_none() => {
            out.push_str(&format!("held: {} (seed {seed})\n", report.covered.join("; ")))
        }
        None if report.covered.is_empty() => {
            out.push_str(&format!("the oracle stopped before any case was checked (seed {seed})\n"))
        }
        None => out.push_str(&format!("held before the oracle stopped: {} (seed {seed})\n", report.covered.join("; "))),
        Some(failure) => {
            let truth = match failure.truth {
                "definition" => "values by definition say",
                _ => "the oracle says",
            };
            out.push_str(&format!(
                "counterexample: {}: {truth} {}, the formula says {}\n",
                failure.case, failure.expected, failure.guessed
            ));
            out.push_str(&format!("  {}\n", failure.minimality));
            if !report.covered.is_empty() {
                out.push_str(&format!("before it: {}\n", report.covered.join("; ")));
            }
        }
    }
    out
}
