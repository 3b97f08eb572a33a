//! `grundy table`: Grundy values of single heaps, with the period and its proof.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use grundy::table::{self, Table};
use grundy_rules::{Play, RuleSet};
use serde_json::json;

#[derive(Debug, clap::Args)]
pub struct Args {
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
    /// Also draw the values as an SVG chart into this file.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let rules: RuleSet = args.game.parse()?;
    let play = if args.misere { Play::Misere } else { rules.play };
    let table = table::compute(&rules.operation, play, args.upto)?;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    if args.json {
        write_json(&mut out, &table)?
    } else {
        write_text(&mut out, &table)?
    }
    out.flush().context("writing standard output")?;
    if let Some(path) = &args.plot {
        std::fs::write(path, grundy::plot::table(&table)?).with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(ExitCode::SUCCESS)
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
        "],\"preperiod\":{preperiod},\"period\":{period},\"proven\":{},\"computed_to\":{}",
        table.values.proven,
        table.values.computed_to()
    )?;
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
    match table.values.period {
        Some(p) => writeln!(out, "preperiod: {}\nperiod: {}", p.preperiod, p.period)?,
        None => writeln!(out, "period: none found")?,
    }
    writeln!(out, "proven: {}\ncomputed to: {}", table.values.proven, table.values.computed_to())?;
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
