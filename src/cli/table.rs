//! `grundy table`: Grundy values of single heaps, with the period and its proof.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use grundy::table::{self, Table};
use grundy_rules::{Play, RuleSet};
use serde_json::json;

/// The examples `-h` shows; `--help` shows them and [`ALL_EXAMPLES`].
macro_rules! examples {
    () => {
        "Examples:
  grundy table octal:0.07 --upto 200 --period
  grundy table sub:1,3,4 --misere --upto 40
  grundy table octal:0.6 --upto 1000000 --summary"
    };
}
const EXAMPLES: &str = examples!();
const ALL_EXAMPLES: &str = concat!(
    examples!(),
    "
  grundy table octal:0.07 --period --certificate dawson.json
  scripts/check-certificate dawson.json           # from grundy's source: checks the proof alone
  grundy table sub:2,5,6 --upto 100 --plot values.svg --overlay-misere
  grundy table --game examples/games/back-and-forth.rhai --upto 9
  grundy table octal:0.6 --upto 10000000 --summary --threads 1
  grundy table octal:0.6 --upto 1000000000 --summary --time 3600 --checkpoint officers.ckpt
  grundy table octal:0.6 --upto 1000000000 --summary --time 3600 \
      --resume officers.ckpt --checkpoint officers.ckpt"
);

#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES, after_long_help = ALL_EXAMPLES)]
pub struct Args {
    /// The operation, e.g. octal:0.07 or sub:1,3,4
    ///
    /// The operation (a whole game's text is accepted; its compound is ignored).
    #[arg(required_unless_present = "script")]
    game: Option<String>,
    /// A game stated in a Rhai script
    ///
    /// A game stated in a script (see `grundy solve --help`): the values of the positions
    /// [0] … [N], Smith's loopy values where play can go on for ever.
    #[arg(long = "game", value_name = "FILE", conflicts_with_all = ["game", "period", "pairs", "plot"])]
    script: Option<PathBuf>,
    /// Largest heap.
    #[arg(long, value_name = "N", required_unless_present = "period")]
    upto: Option<u64>,
    /// Only the period: as far as its proof needs
    ///
    /// Only the period: compute as far as its proof needs (at most --upto, default 10^7 heaps)
    /// and print the pre-period, the period and whether it is proven, without the values.
    #[arg(long)]
    period: bool,
    /// With --period: write the proof to FILE
    ///
    /// With --period: write the proof to FILE as a certificate (JSON: the game as an octal code,
    /// pre-period, period and the values the Guy–Smith theorem needs), for a checker that shares
    /// no code with grundy: `scripts/check-certificate FILE`. Octal games and sub:S, normal play.
    #[arg(long, value_name = "FILE", requires = "period")]
    certificate: Option<PathBuf>,
    /// Misère values
    ///
    /// Misère values (a heap that cannot move has value 1). For octal games that split heaps
    /// they are values of whole positions, computed by definition as far as --time and
    /// --max-states allow; the table says how far it got.
    #[arg(long)]
    misere: bool,
    /// With --misere: most positions to memoise
    ///
    /// With --misere on a game that splits heaps: most positions to memoise (about 50 bytes each).
    #[arg(long, value_name = "N", default_value_t = grundy_fast::periodic::MISERE_POSITIONS)]
    max_states: usize,
    /// Print JSON
    ///
    /// Print JSON: {"game", "values", "preperiod", "period", "proven", "observed_over" (the heaps
    /// an unproven period was seen over, else null), "computed_to"}, and "stopped" when a budget
    /// ended the table early.
    #[arg(long)]
    json: bool,
    /// Wall-time budget in seconds (default: 20)
    ///
    /// Wall-time budget for tables that grow toward a period (games with no closed form) and for
    /// misère tables of games that split heaps: past it, the command stops saying how far it got.
    /// Default: 20 s, and 10 s for misère tables of games that split heaps.
    #[arg(long, value_name = "SECONDS", value_parser = super::seconds)]
    pub(super) time: Option<f64>,
    /// Also draw the values as SVG into FILE
    ///
    /// Also draw the values as an SVG chart into this file.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
    /// With --plot: overlay the misère values
    ///
    /// With --plot: overlay the misère values on the normal ones.
    #[arg(long, requires = "plot")]
    overlay_misere: bool,
    /// The map of two-plate positions instead of single heaps
    ///
    /// The map of two-plate positions (a, b), a, b ≤ N, instead of single heaps; GAME may also be
    /// a problem given by two numbers (`wythoff`, `cutting`).
    #[arg(long, conflicts_with = "period")]
    pairs: bool,
    /// A summary of a long octal table instead of every value
    ///
    /// A summary instead of every value, for long tables of octal games that split heaps in two
    /// (normal play; the table keeps its first 2^22 heaps, its 2^25 newest and its rare heaps, about
    /// 40 MB however long it is, or every heap with --whole-table): how many heaps have each value,
    /// the first and last heap of each, which values are rare, the largest value and where it
    /// first appears, the last new value, a checksum of the table, and the period if the
    /// Guy–Smith theorem proves one. Progress shows on a terminal; --time (default 20 s) stops it.
    #[arg(long, conflicts_with_all = ["period", "pairs", "misere", "plot"])]
    summary: bool,
    /// With --summary: write checkpoints to FILE
    ///
    /// With --summary: write the table to FILE every --checkpoint-every seconds, when --time
    /// runs out, and at the end (what the table keeps), for --resume.
    #[arg(long, value_name = "FILE", requires = "summary")]
    checkpoint: Option<PathBuf>,
    /// With --checkpoint: seconds between checkpoints.
    #[arg(long, value_name = "SECONDS", default_value_t = 300.0, value_parser = super::seconds, requires = "checkpoint")]
    checkpoint_every: f64,
    /// With --summary: also write every value to FILE
    ///
    /// With --summary: also write every value to FILE, one a line from heap 0, as the table
    /// grows (a run the time budget stops leaves the values computed so far).
    #[arg(long, value_name = "FILE", requires = "summary")]
    values: Option<PathBuf>,
    /// With --summary: worker threads
    ///
    /// With --summary: worker threads (default: one for each core this process may run on).
    /// The values and the summary are the same on any number.
    #[arg(long, value_name = "N", value_parser = super::threads, requires = "summary")]
    threads: Option<usize>,
    /// With --summary: go on from a checkpoint
    ///
    /// With --summary: go on from a checkpoint of the same game (its values are checked against
    /// a checksum and the first heaps against the definition).
    #[arg(long, value_name = "FILE", requires = "summary")]
    resume: Option<PathBuf>,
    /// With --summary: keep every heap
    ///
    /// With --summary: keep every heap (about a byte a heap) rather than the first and newest
    /// ones only; for games whose rare heaps are far out or whose rare values are not rare, which
    /// a bounded table stops at, saying so.
    #[arg(long, requires = "summary")]
    whole_table: bool,
    /// With --summary, for tests: the first heaps a bounded table keeps (at least 2^16; default
    /// 2^22), so that a test meets the end of what it keeps early.
    #[arg(long, hide = true, value_name = "HEAPS", value_parser = kept_heaps, requires = "summary", conflicts_with = "whole_table")]
    first_heaps: Option<usize>,
    /// With --summary, for tests: the newest heaps a bounded table keeps (a power of two from 2^12;
    /// default 2^25).
    #[arg(long, hide = true, value_name = "HEAPS", value_parser = ring_heaps, requires = "summary", conflicts_with = "whole_table")]
    ring: Option<usize>,
}

/// `--first-heaps`: at least the window's first heaps, at most 2^40.
fn kept_heaps(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(heaps) if (grundy_fast::values::HEAD..=1 << 40).contains(&heaps) => Ok(heaps),
        _ => Err(format!(
            "--first-heaps takes a number of heaps from {} to 2^40, not `{text}`",
            grundy_fast::values::HEAD
        )),
    }
}

/// `--ring`: a power of two from 2^12 to 2^40.
fn ring_heaps(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(heaps) if heaps.is_power_of_two() && (1 << 12..=1 << 40).contains(&heaps) => Ok(heaps),
        _ => Err(format!("--ring takes a power of two from 2^12 to 2^40, not `{text}`")),
    }
}

/// Most rows (and columns) of a map of pairs.
const MOST_PAIRS: u64 = 1000;

/// Most values a table prints (about 80 MB of text).
const MOST_PRINTED: u64 = 10_000_000;

/// How far `--period` computes when no `--upto` is given.
const PERIOD_SEARCH: u64 = 10_000_000;

/// The time limit when `--time` is not given.
pub const DEFAULT_SECONDS: f64 = 20.0;

pub fn run(args: Args, budget: grundy::budget::Budget) -> anyhow::Result<ExitCode> {
    // The run's deadline, from --time (or its default), for every path of the command.
    let budget = budget.for_seconds(Some(args.time.unwrap_or(DEFAULT_SECONDS)));
    super::game::stated(args.game.as_deref(), args.script.as_deref(), &budget)?.table(&args, &budget)
}

/// A game by name: its heaps' values, period, summary, or map of pairs.
pub(super) fn named(args: &Args, game: &str, budget: &grundy::budget::Budget) -> anyhow::Result<ExitCode> {
    if args.pairs {
        return pairs(args, game, budget);
    }
    let rules: RuleSet = game.parse()?;
    let play = if args.misere { Play::Misere } else { rules.play };
    if args.summary {
        let grundy_rules::Operation::Octal(digits) = &rules.operation else {
            anyhow::bail!(
                "--summary is for octal games that split heaps in two; {} is not an octal game",
                rules.operation
            );
        };
        if play != Play::Normal {
            anyhow::bail!(
                "--summary is for normal play; misère tables of games that split heaps are values of whole positions"
            );
        }
        let upto = args.upto.expect("clap requires --upto without --period");
        return super::long_table::run(super::long_table::Request {
            game: &rules.operation.to_string(),
            digits,
            upto,
            json: args.json,
            seconds: args.time.unwrap_or(DEFAULT_SECONDS),
            checkpoint: args.checkpoint.as_deref(),
            every: args.checkpoint_every,
            resume: args.resume.as_deref(),
            values: args.values.as_deref(),
            max_bytes: budget.max_bytes,
            threads: args.threads.unwrap_or_else(grundy_fast::sparse::every_core),
            whole: args.whole_table,
            first: args.first_heaps.unwrap_or(grundy_fast::long_table::FIRST),
            ring: args.ring.unwrap_or(grundy_fast::long_table::RING),
        });
    }
    if args.period {
        if args.certificate.is_some() {
            grundy::certificate::supported(&rules.operation, play)?;
        }
        let values =
            grundy_fast::heap_table_until(&rules.operation, play, args.upto.unwrap_or(PERIOD_SEARCH), budget.deadline)?;
        let (preperiod, period) = match values.period {
            Some(p) => (json!(p.preperiod), json!(p.period)),
            None => (serde_json::Value::Null, serde_json::Value::Null),
        };
        let document = json!({
            "game": rules.operation.to_string(),
            "play": play.to_string(),
            "preperiod": preperiod,
            "period": period,
            "proven": values.proven,
            "observed_over": observed_over(&values),
            "computed_to": values.computed_to(),
        });
        let mut document = document;
        let mut certified = String::new();
        if let Some(path) = &args.certificate {
            let certificate = grundy::certificate::certify(game, &rules.operation, play, &values)?;
            let text = serde_json::to_string(&certificate)? + "\n";
            std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))?;
            document["certificate"] = json!(path);
            certified = format!(
                "certificate: {} ({} values, Guy–Smith; check it with scripts/check-certificate {})\n",
                path.display(),
                certificate.values.len(),
                grundy::shell_quote(&path.display().to_string())
            );
        }
        let text = if args.json {
            serde_json::to_string(&document)? + "\n"
        } else {
            let found = period_lines(&values);
            format!(
                "game: {} ({play} play)\n{found}proven: {}\ncomputed to: {}\n{certified}",
                rules.operation,
                values.proven,
                values.computed_to()
            )
        };
        super::write_stdout(text.as_bytes())?;
        return Ok(ExitCode::SUCCESS);
    }
    let upto = args.upto.expect("clap requires --upto without --period");
    if upto >= MOST_PRINTED {
        anyhow::bail!(
            "--upto {upto} would print {} values; a table prints at most {MOST_PRINTED} (--period finds the period alone)",
            u128::from(upto) + 1
        );
    }
    let budget = table::TableBudget { max_positions: args.max_states, deadline: budget.deadline };
    let table = table::compute_within(&rules.operation, play, upto, budget)?;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    if args.json {
        write_json(&mut out, &table)?
    } else {
        write_text(&mut out, &table)?
    }
    out.flush().context("writing standard output")?;
    if let Some(path) = &args.plot {
        let misere = match args.overlay_misere {
            true => Some(table::compute_within(&rules.operation, Play::Misere, table.upto, budget)?),
            false => None,
        };
        let picture = grundy::plot::table(&table, misere.as_ref())?;
        std::fs::write(path, picture).with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `--pairs`: the map of two-number positions.
fn pairs(args: &Args, game: &str, budget: &grundy::budget::Budget) -> anyhow::Result<ExitCode> {
    let upto = args.upto.expect("clap requires --upto without --period");
    if upto > MOST_PAIRS {
        anyhow::bail!("--pairs draws at most {MOST_PAIRS} × {MOST_PAIRS} positions; --upto {upto} is larger");
    }
    let (title, map) = match game.parse::<RuleSet>() {
        Ok(mut rules) => {
            if args.misere {
                rules.play = Play::Misere;
            }
            (format!("{rules}: positions of two plates"), table::pile_pairs(&rules, upto, budget.deadline)?)
        }
        Err(error) => match grundy::catalog::find_contest(game).and_then(|problem| problem.pair_map(upto)) {
            Some(map) => (format!("{}: every pair up to {upto}", game), map),
            None => {
                anyhow::bail!("`{}` is neither a pile game ({error}) nor a problem given by two numbers", game)
            }
        },
    };
    let cell = |v: &Option<u64>| v.map_or("-".to_string(), |v| v.to_string());
    let mut out = String::new();
    if args.json {
        let values: Vec<Vec<serde_json::Value>> =
            map.values.iter().map(|row| row.iter().map(|v| json!(v)).collect()).collect();
        let document = json!({"game": game, "axes": [map.axes.0, map.axes.1], "low": map.low, "values": values});
        out = serde_json::to_string(&document)? + "\n";
    } else {
        out.push_str(&format!("{title} ({} across, {} down; 0: the second player wins)\n", map.axes.1, map.axes.0));
        let width = map.values.iter().flatten().map(|v| cell(v).len()).max().unwrap_or(1);
        for (a, row) in map.values.iter().enumerate() {
            out.push_str(&format!("{:>6}:", map.low + a as u64));
            row.iter().for_each(|v| out.push_str(&format!(" {:>width$}", cell(v))));
            out.push('\n');
        }
    }
    super::write_stdout(out.as_bytes())?;
    if let Some(path) = &args.plot {
        let picture = grundy::plot::pairs(&title, map.axes, &map.values, map.low)?;
        std::fs::write(path, picture).with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The period, as text: a proven one plainly; an observed one marked as such, with the heaps it
/// was seen over.
fn period_lines(values: &grundy_fast::HeapTable) -> String {
    match values.period {
        Some(p) if values.proven => format!("preperiod: {}\nperiod: {}\n", p.preperiod, p.period),
        Some(p) => format!(
            "observed period: {} from heap {} (seen over heaps {}..={}; not proven)\n",
            p.period,
            p.preperiod,
            p.preperiod,
            values.computed_to()
        ),
        None => "period: none proven, none observed (a period is observed when it repeats three times over the last quarter of the table or more)\n".to_string(),
    }
}

/// The JSON of an observed (not proven) period: the heaps it was seen over.
fn observed_over(values: &grundy_fast::HeapTable) -> serde_json::Value {
    match values.period {
        Some(p) if !values.proven => json!([p.preperiod, values.computed_to()]),
        _ => serde_json::Value::Null,
    }
}

fn write_json(out: &mut impl Write, table: &Table) -> anyhow::Result<()> {
    let (preperiod, period) = match table.values.period {
        Some(p) => (json!(p.preperiod), json!(p.period)),
        None => (serde_json::Value::Null, serde_json::Value::Null),
    };
    write!(out, "{{\"game\":{},\"play\":\"{}\",\"values\":[", json!(table.operation.to_string()), table.play)?;
    for x in 0..=table.upto {
        write!(out, "{}{}", if x > 0 { "," } else { "" }, table.value(x))?;
    }
    write!(
        out,
        "],\"preperiod\":{preperiod},\"period\":{period},\"proven\":{},\"observed_over\":{},\"computed_to\":{}",
        table.values.proven,
        observed_over(&table.values),
        table.values.computed_to()
    )?;
    if let Some(stopped) = &table.stopped {
        write!(out, ",\"stopped\":{}", json!(stopped))?;
    }
    if let Some(genera) = &table.genera {
        let written: Vec<String> = genera.iter().map(ToString::to_string).collect();
        write!(out, ",\"genus\":{},\"first_untame\":{}", json!(written), json!(table.first_untame()))?;
    }
    writeln!(out, "}}")?;
    Ok(())
}

fn write_text(out: &mut impl Write, table: &Table) -> anyhow::Result<()> {
    writeln!(out, "game: {} ({} play)", table.operation, table.play)?;
    for row in (0..=table.upto).step_by(10) {
        write!(out, "{row:>8}:")?;
        for x in row..=table.upto.min(row + 9) {
            write!(out, " {}", table.value(x))?;
        }
        writeln!(out)?;
    }
    write!(out, "{}", period_lines(&table.values))?;
    writeln!(out, "proven: {}\ncomputed to: {}", table.values.proven, table.values.computed_to())?;
    if let Some(stopped) = &table.stopped {
        writeln!(out, "incomplete: {stopped}")?;
    }
    if let Some(genera) = &table.genera {
        let written: Vec<String> = genera.iter().take(40).map(ToString::to_string).collect();
        writeln!(out, "genus (heaps 0..{}): {}", written.len() - 1, written.join(" "))?;
        match table.first_untame() {
            Some(x) => writeln!(out, "tame: no, heap {x} has genus {}", genera[x])?,
            None => writeln!(out, "tame: every heap up to {} (genus checked)", genera.len() - 1)?,
        }
    }
    Ok(())
}

/// `--game FILE`: the values of a scripted game's positions [0] … [N].
pub(super) fn script(
    args: &Args,
    script: &grundy::script::Script,
    budget: &grundy::budget::Budget,
) -> anyhow::Result<ExitCode> {
    let upto = args.upto.expect("clap requires --upto without --period");
    if upto >= MOST_PRINTED {
        anyhow::bail!("--upto {upto}: a table prints at most {MOST_PRINTED} values");
    }
    let play = if args.misere { Play::Misere } else { Play::Normal };
    let budget = grundy_oracle::Budget { max_states: args.max_states, ..budget.oracle_alone() };
    let table = grundy::script::solve::table(script, play, upto, budget)?;
    let (values, by) = (&table.values, table.method);
    let text = if args.json {
        let values: Vec<serde_json::Value> = values
            .iter()
            .map(|v| match v {
                grundy_fast::loopy::LoopyValue::Finite(n) => json!(n),
                infinite => json!(infinite.to_string()),
            })
            .collect();
        serde_json::to_string(&json!({"game": script.name(), "play": play.to_string(), "values": values}))? + "\n"
    } else {
        let mut text = format!("game: {} ({play} play; values of [x], {by})\n", script.name());
        for row in (0..=upto).step_by(10) {
            text.push_str(&format!("{row:>8}:"));
            for x in row..=upto.min(row + 9) {
                text.push_str(&format!(" {}", values[x as usize]));
            }
            text.push('\n');
        }
        text
    };
    super::write_stdout(text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}
