//! `grundy quotient`: the misère quotient of an octal game's heaps.

use std::process::ExitCode;

use grundy::quotient;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The octal code, e.g. 0.77 or octal:0.77.
    code: String,
    /// Largest heap.
    #[arg(long, value_name = "N")]
    upto: u64,
    /// Time limit in seconds; the quotient then covers the heaps it verified.
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0, value_parser = super::seconds)]
    time: f64,
    /// Print JSON: {"game", "upto", "verified_to", "order", "p_portion", "elements", "heap_map",
    /// "growth", "proven_period", "observed_period", "stopped"} (and "check" with --check).
    #[arg(long)]
    json: bool,
    /// Also compare the quotient's answers with the oracle's on misère sums of its heaps: every
    /// position of at most 4 heaps of at most 20 (36 tokens), then random ones. Exit code 1 on a
    /// disagreement.
    #[arg(long)]
    check: bool,
    /// With --check: random positions.
    #[arg(long, default_value_t = 1000, requires = "check")]
    cases: u64,
    /// With --check: seed of the random positions.
    #[arg(long, default_value_t = 13, requires = "check")]
    seed: u64,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let computed = quotient::compute(&args.code, args.upto, args.time)?;
    let report = if args.check { Some(quotient::check(&computed, args.cases, args.seed)?) } else { None };
    let text = if args.json {
        let mut document = quotient::to_json(&computed, args.upto);
        if let Some(report) = &report {
            document["check"] = serde_json::to_value(report)?;
        }
        serde_json::to_string(&document)? + "\n"
    } else {
        let mut text = quotient::to_text(&computed, args.upto);
        if let Some(report) = &report {
            text.push_str("checked by the oracle:\n");
            text.push_str(&grundy::check::report_lines(report));
        }
        text
    };
    super::write_stdout(text.as_bytes())?;
    Ok(match report {
        Some(report) if !report.status.passed() => ExitCode::from(1),
        _ => ExitCode::SUCCESS,
    })
}
