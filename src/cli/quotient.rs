//! `grundy quotient`: the misère quotient of an octal game's heaps.

use std::process::ExitCode;

use grundy::quotient;

const EXAMPLES: &str = "Examples:
  grundy quotient 0.75 --upto 20
  grundy quotient octal:0.137 --upto 30 --check --json";

#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The octal code, e.g. 0.77 or octal:0.77.
    code: String,
    /// Largest heap.
    #[arg(long, value_name = "N")]
    upto: u64,
    /// Time limit in seconds for the whole run
    ///
    /// Time limit in seconds, for the whole run: the quotient then covers the heaps it verified,
    /// and the oracle of --check stops at it (exit 2). With --check, the quotient has three
    /// quarters of it, so that the check always gets time of its own.
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0, value_parser = super::seconds)]
    pub(super) time: f64,
    /// Print JSON
    ///
    /// Print JSON: {"game", "upto", "verified_to", "order", "p_portion", "elements", "heap_map",
    /// "growth", "proven_period", "observed_period", "stopped", "incomplete" (why heaps asked for
    /// were not reached, else null)} (and "check" with --check). Heaps asked for and not reached
    /// (no proven period covering them) exit 1.
    #[arg(long)]
    json: bool,
    /// Also check the quotient against the oracle
    ///
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

pub fn run(args: Args, budget: grundy::budget::Budget) -> anyhow::Result<ExitCode> {
    // --time bounds the whole run: the quotient, then the oracle of --check.
    let budget = budget.for_seconds(Some(args.time));
    let started = std::time::Instant::now();
    let share = if args.check { 0.75 } else { 1.0 };
    let computed = quotient::compute(&args.code, args.upto, args.time * share)?;
    let quotient_seconds = started.elapsed().as_secs_f64();
    let report = match args.check {
        true => {
            let _progress = super::oracle_progress("quotient --check: the oracle");
            Some(quotient::check(&computed, args.cases, args.seed, &budget)?)
        }
        false => None,
    };
    // Heaps asked for and not reached (a proven period covers every heap): the run is incomplete.
    let short = (computed.verified_to < args.upto && computed.proven.is_none()).then(|| {
        format!(
            "heaps up to {} were asked for; the quotient covers heaps up to {} ({})",
            args.upto,
            computed.verified_to,
            computed.stopped.as_deref().unwrap_or("stopped early")
        )
    });
    let text = if args.json {
        let mut document = quotient::to_json(&computed, args.upto);
        if let Some(report) = &report {
            document["check"] = serde_json::to_value(report)?;
        }
        document["incomplete"] = serde_json::json!(short);
        serde_json::to_string(&document)? + "\n"
    } else {
        let mut text = quotient::to_text(&computed, args.upto);
        if let Some(report) = &report {
            text.push_str("checked by the oracle:\n");
            text.push_str(&grundy::check::report_lines(report));
        }
        if let Some(short) = &short {
            text.push_str(&format!("INCOMPLETE: {short}\n"));
        }
        text
    };
    super::write_stdout(text.as_bytes())?;
    Ok(match report {
        // The oracle could not answer (its --time or memory ran out): the check did not run.
        Some(report) if report.status.timed_out() => {
            eprintln!(
                "grundy: error: quotient --check: the time budget (--time {}) ran out in the check, after the quotient \
                 ({quotient_seconds:.1} s) and {} of the oracle's cases; give it more time",
                args.time,
                report.exhaustive + report.random
            );
            ExitCode::from(2)
        }
        Some(report) if report.status == grundy::runner::Status::Error => {
            let error = report.error.as_deref().unwrap_or("stopped");
            eprintln!("grundy: error: quotient --check: the oracle stopped: {}", super::one_line(error));
            ExitCode::from(2)
        }
        Some(report) if !report.status.passed() => ExitCode::from(1),
        // The quotient stopped at its share of --time: cut short, not a finding.
        _ if short.is_some() && quotient_seconds >= args.time * share => {
            eprintln!(
                "grundy: error: quotient: the time budget (--time {}) ran out with heaps up to {} of {} added",
                args.time, computed.verified_to, args.upto
            );
            ExitCode::from(2)
        }
        _ if short.is_some() => ExitCode::from(1),
        _ => ExitCode::SUCCESS,
    })
}
