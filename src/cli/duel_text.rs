//! `grundy duel`'s text report: what held, or each confirmed failure with its minimal input, and
//! the runs that failed once and not again.

use grundy::check::{Report, Status};
use grundy::duel::{DuelFailure, DuelReport, FlakyRun, Run};
use grundy::runner::Counterexample;
use grundy::shrink::Minimality;

/// Inputs longer than this are summarised in the text report, not printed.
const SHOWN_INPUT: usize = 2048;

/// An input as shown in a report: whole when short, else its first lines and its size.
fn shown(input: &str) -> String {
    if input.len() <= SHOWN_INPUT {
        return grundy::shorten_lines(input);
    }
    let head: String =
        input.lines().take(8).map(|line| grundy::shorten(line, grundy::LONGEST_SHOWN_LINE) + "\n").collect();
    format!("{head}… ({} lines, {} bytes in all)\n", input.lines().count(), input.len())
}

/// The text report; `given` is the input file judged instead of random inputs, `command` the
/// duel's command line without its input (a failure's replay adds `--input FILE`).
pub fn text(duel: &DuelReport, seed: u64, given: Option<&str>, replay: Option<&str>, command: &str) -> String {
    let report = &duel.report;
    let tried = report.exhaustive + report.random;
    let mut text = String::new();
    match (&duel.failure, report.status) {
        (None, Status::Ok | Status::CutShort | Status::Mismatch) if given.is_some() => {
            text.push_str(&format!("held: the input of {}\n", given.unwrap_or_default()))
        }
        (None, Status::Ok | Status::CutShort | Status::Mismatch) if report.sides.0 == "brute force" => {
            let mut split = String::new();
            if report.exhaustive > 0 {
                text.push_str(&format!("small sizes: {}\n", report.exhaustive_cover));
                split = format!(" ({} small, {} random)", report.exhaustive, report.random);
            }
            text.push_str(&format!(
                "held: {tried} inputs{split}, the program's output the brute force's on each, seed {seed}\n"
            ));
            text.push_str(&stopped(report));
        }
        (None, Status::Ok | Status::CutShort | Status::Mismatch) => {
            if report.exhaustive > 0 {
                text.push_str(&format!("small space: {}\n", report.exhaustive_cover));
            }
            text.push_str(&format!(
                "held: {tried} inputs ({} small, {} random; answered by the oracle: {}, by the fast side past the \
                 oracle's reach: {}, by both: {}), seed {seed}\n",
                report.exhaustive, report.random, duel.by_oracle, duel.by_fast_side, duel.by_both
            ));
            text.push_str(&stopped(report));
        }
        (None, Status::CannotRun) => text.push_str(&format!(
            "CANNOT RUN: {} of {tried} inputs could not be given to the program, e.g. {} (seed {seed})\n",
            report.cannot_run,
            report.cannot_run_example.clone().unwrap_or_default()
        )),
        (None, status) => {
            text.push_str(&format!("{}: nothing was judged in {tried} inputs (seed {seed})\n", status.word()))
        }
        (Some(failure), _) => {
            let more = match duel.more_failures.len() {
                0 => String::new(),
                1 => ", and 1 more distinct failure".to_string(),
                n => format!(", and {n} more distinct failures"),
            };
            match given {
                Some(path) => text.push_str(&format!("FAILED: {} on the input of {path}\n", failure.run.kind())),
                None => {
                    text.push_str(&format!("FAILED: {} after {tried} inputs{more} (seed {seed})\n", failure.run.kind()))
                }
            }
            if grundy::interrupt::requested() {
                text.push_str("stopped by Ctrl-C: the input below is shrunk as far as it got\n");
            } else if let Some(by) = &duel.shrink_stopped_by {
                text.push_str(&format!(
                    "shrinking stopped by {by}: the input below is the smallest failing one found so far\n"
                ));
            }
            if given.is_none() {
                text.push_str(&small_sizes_phase(report));
            }
            let heading = match given {
                Some(_) => "input:\n".to_string(),
                None => {
                    report.counterexample.as_ref().map_or("input:\n".to_string(), |c| shrunk(c, duel.shrink_packed))
                }
            };
            text.push_str(&heading);
            text.push_str(&failure_text(failure, given.is_none()));
            if let Some(replay) = replay {
                text.push_str(&format!("replay: {replay}\n"));
            }
            for (i, failure) in duel.more_failures.iter().enumerate() {
                text.push_str(&format!(
                    "\nFAILED ({} of {}): {}\n",
                    i + 2,
                    duel.more_failures.len() + 1,
                    failure.run.kind()
                ));
                text.push_str(&report.more.get(i).map_or("input:\n".to_string(), |c| shrunk(c, duel.shrink_packed)));
                text.push_str(&failure_text(failure, true));
                if let Some(path) = &failure.saved {
                    let path = grundy::shell_quote(&path.display().to_string());
                    text.push_str(&format!("replay: {command} --input {path}\n"));
                }
            }
            if report.repeats > 0 {
                text.push_str(&format!(
                    "\n{} shrank to one of the failures above\n",
                    grundy::plural(report.repeats, "other failing input")
                ));
            }
            if let Some(also) = &duel.also_met {
                text.push_str(&format!(
                    "also met while shrinking (kept apart: the shrink keeps the kind it started from): {} on:\n{}",
                    also.verdict,
                    shown(&also.input)
                ));
            }
        }
    }
    text.push_str(&flaky_text(&duel.flaky));
    text
}

/// The heading of a shrunk failing input: "minimal" only where every smaller case was tried.
fn shrunk(counterexample: &Counterexample, packed: bool) -> String {
    let packed = match packed {
        true => "; one-game candidates were tried packed, many to an input",
        false => "",
    };
    let heading = match counterexample.minimality {
        Minimality::Proven { .. } => "minimal input",
        _ => "smallest failing input found",
    };
    format!(
        "{heading} (shrunk in {}; {}{packed}):\n",
        grundy::plural(u64::from(counterexample.shrink_steps), "step"),
        counterexample.minimality
    )
}

/// One failure: its input, the expected and actual output, the verdict and what the run used.
fn failure_text(failure: &DuelFailure, found: bool) -> String {
    let mut text = shown(&failure.input);
    text.push_str(&format!("expected ({}):\n{}", failure.expected_by, shown(&failure.expected)));
    match &failure.run {
        Run::Output { stdout, .. } => text.push_str(&format!("actual:\n{}", shown(stdout))),
        Run::Crashed { status, .. } => text.push_str(&format!("actual: the program crashed ({status})\n")),
        Run::TimedOut { seconds, .. } => {
            text.push_str(&format!("actual: the program ran past the {seconds} s limit of CPU time\n"))
        }
        Run::Idle { wall_seconds, .. } => {
            text.push_str(&format!("actual: the program waited, not worked, for {wall_seconds:.1} s\n"))
        }
        Run::MemoryExceeded { .. } => text.push_str("actual: the program used more memory than the limit\n"),
        Run::TooMuchOutput { limit } => text.push_str(&format!("actual: more than {limit} bytes of output\n")),
        Run::Cut => text.push_str("actual: not run to its end (the time budget ran out)\n"),
    }
    text.push_str(&format!("verdict: {} (confirmed: it failed so again when run again)\n", failure.verdict));
    text.push_str(&format!("used: {}\n", failure.usage.words()));
    if let Some(why) = &failure.beyond_statement {
        text.push_str(&format!("beyond the statement: {why}\n"));
    }
    if found && failure.found != failure.input {
        text.push_str(&format!("found first as:\n{}", shown(&failure.found)));
    }
    if let Some(command) = &failure.generated_by {
        text.push_str(&format!("generated by: {command}\n"));
    }
    let stderr = failure.run.stderr().trim();
    if !stderr.is_empty() {
        text.push_str("stderr (its end):\n");
        let lines: Vec<&str> = stderr.lines().collect();
        lines[lines.len().saturating_sub(10)..].iter().for_each(|l| text.push_str(&format!("  {l}\n")));
    }
    if let Some(path) = &failure.saved {
        text.push_str(&format!("saved: {}\n", path.display()));
    }
    text
}

/// The runs that failed once and not again, apart from the confirmed failures.
fn flaky_text(flaky: &[FlakyRun]) -> String {
    let mut text = String::new();
    for run in flaky {
        let weight = match run.fails_the_duel {
            true => "FLAKY, and a failure of the duel (the program's own doing, whatever the machine)",
            false => "flaky, not counted as a failure (a limit that a busy machine may have made)",
        };
        text.push_str(&format!(
            "{weight}: {} on one run, then {} on the next, on:\n{}",
            run.verdict,
            run.then,
            shown(&run.input)
        ));
    }
    text
}

/// The line saying a duel stopped at --time or Ctrl-C, if it did.
fn stopped(report: &Report) -> String {
    let by = if grundy::interrupt::requested() { "Ctrl-C" } else { "--time" };
    match report.out_of_time {
        true => format!(
            "stopped by {by} after {} inputs ({} random asked)\n",
            report.exhaustive + report.random,
            report.random_asked
        ),
        false => String::new(),
    }
}

/// Where a generic duel with --sizes found its failure: in the small sizes, or after them.
fn small_sizes_phase(report: &Report) -> String {
    if report.sides.0 != "brute force" || report.exhaustive == 0 {
        return String::new();
    }
    let cover = &report.exhaustive_cover;
    match report.random {
        0 => format!("found in the small sizes ({cover}), at input {}\n", report.exhaustive),
        random => format!("found at random input {random}, after the small sizes held ({cover})\n"),
    }
}
