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
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0)]
    seconds: f64,
    /// Print JSON: {"game", "upto", "verified_to", "order", "p_portion", "elements", "heap_map",
    /// "growth", "proven_period", "observed_period", "stopped"}.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let computed = quotient::compute(&args.code, args.upto, args.seconds)?;
    let text = if args.json {
        serde_json::to_string(&quotient::to_json(&computed, args.upto))? + "\n"
    } else {
        quotient::to_text(&computed, args.upto)
    };
    super::write_stdout(text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}
