//! `grundy check`: every registry entry, oracle against fast, exhaustively on small cases and
//! then on random ones; a disagreement is shrunk to a minimal case and reported with the command
//! that replays it. The reports in text, JSON and JUnit XML.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

pub use crate::runner::{Counterexample, Plan, Report, Shard, Status};

use crate::entry::Entry;

/// Runs the entries on all cores. `finished` sees each report as soon as it and every entry
/// before it are done, so reports come out in registry order while the run goes on;
/// `progress` counts cases.
pub fn run_entries(
    entries: &[Box<dyn Entry>],
    plan: &Plan,
    progress: &(dyn Fn(u64) + Sync),
    finished: &mut (dyn FnMut(&Report) + Send),
) -> Vec<Report> {
    let next = AtomicUsize::new(0);
    let results: Mutex<(Vec<Option<Report>>, usize)> = Mutex::new((vec![None; entries.len()], 0));
    let finished = Mutex::new(finished);
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get()).min(entries.len().max(1));
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(entry) = entries.get(index) else { break };
                    // Past the hard time limit an entry is not started: it is reported as such.
                    let report = if plan.budget.expired() {
                        Report::not_reached(entry.name(), entry.sides())
                    } else {
                        entry.check(&fair_share(plan, entries.len() - index, workers), &|n| progress(n))
                    };
                    let mut guard = results.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                    guard.0[index] = Some(report);
                    // Hand over every report that is next in order.
                    let mut printer = finished.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                    while guard.1 < entries.len() {
                        let at = guard.1;
                        match &guard.0[at] {
                            Some(report) => (*printer)(report),
                            None => break,
                        }
                        guard.1 += 1;
                    }
                }
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .0
        .into_iter()
        .map(|report| report.expect("every entry was run"))
        .collect()
}

/// The plan of an entry that starts now with `left` entries (itself included) still to start
/// on `workers` threads: its random cases stop at an equal share of the time left, so that a
/// `--budget` gives every entry random cases, not the first ones all of it.
fn fair_share(plan: &Plan, left: usize, workers: usize) -> Plan {
    let mut plan = plan.clone();
    if let Some(deadline) = plan.deadline {
        let now = std::time::Instant::now();
        let share = deadline.saturating_duration_since(now).mul_f64(workers as f64 / left.max(1) as f64);
        plan.deadline = Some((now + share).min(deadline));
    }
    plan
}

/// A counter of cases shared by the workers.
#[derive(Debug, Default)]
pub struct CaseCounter(AtomicU64);

impl CaseCounter {
    /// Adds `n` cases; returns the new total.
    pub fn add(&self, n: u64) -> u64 {
        self.0.fetch_add(n, Ordering::Relaxed) + n
    }
}

/// The text report of one entry: a line, then what could not be judged and any counterexample
/// with its replay command.
pub fn report_lines(report: &Report) -> String {
    let name = match report.shard {
        Some(shard) => format!("{} [shard {}/{}]", report.name, shard.index, shard.count),
        None => report.name.clone(),
    };
    // The ground truth the entry was judged by: the game tree (oracle) or values by definition.
    let mut text = format!(
        "{:<26} {:<8} by {:<10} exhaustive {:>6}  random {:>5}",
        name,
        report.status.word(),
        report.sides.0,
        report.exhaustive,
        report.random
    );
    match report.status {
        Status::NotReached => text.push_str(" (not started: the time budget ran out first)"),
        Status::CutShort => text.push_str(" (cut short by the time budget)"),
        _ if report.out_of_time => {
            text.push_str(&format!(" (of {} asked: the time budget ran out)", report.random_asked))
        }
        _ => {}
    }
    if report.declined > 0 {
        text.push_str(&format!("  declined {}", report.declined));
    }
    if report.cannot_run > 0 {
        text.push_str(&format!("  cannot run {}", report.cannot_run));
    }
    text.push_str(&format!("  ({:.2}s)\n", report.seconds));
    // Long texts (a case of many plates, an input) shown by their ends; the replay line whole.
    let shown = |text: &str| crate::shorten(&text.replace('\n', " / "), crate::LONGEST_SHOWN_LINE);
    if let Some(example) = &report.declined_example {
        text.push_str(&format!("  the {} side declined, e.g. {}\n", report.sides.1, shown(example)));
    }
    if let Some(example) = &report.cannot_run_example {
        text.push_str(&format!("  could not run, e.g. {}\n", shown(example)));
    }
    if report.status == Status::Vacuous {
        text.push_str("  nothing held: no case was answered by both sides\n");
    }
    if let Some(counterexample) = &report.counterexample {
        text.push_str(&format!("  counterexample: {}\n", shown(&counterexample.case)));
        text.push_str(&format!("    {}: {}\n", report.sides.0, shown(&counterexample.expected)));
        text.push_str(&format!("    {}: {}\n", report.sides.1, shown(&counterexample.actual)));
        text.push_str(&format!(
            "    first found as {} (shrunk in {}); {}\n",
            shown(&counterexample.found),
            crate::plural(u64::from(counterexample.shrink_steps), "step"),
            counterexample.minimality
        ));
        text.push_str(&format!("    replay: {}\n", counterexample.replay));
    }
    if let Some(error) = &report.error {
        text.push_str(&format!("  error: {error}\n"));
    }
    text
}

/// A JUnit XML report of a check run: one test case per entry, a mismatch (or a check that could
/// not run) as a failure, with the minimal counterexample and its replay command, an oracle that
/// could not answer as an error, an entry the time limit cut short or never reached as skipped.
pub fn junit(reports: &[Report], seed: u64, shard: Option<Shard>, seconds: f64) -> String {
    let failures =
        reports.iter().filter(|r| !r.status.passed() && r.status != Status::Error && !r.status.timed_out()).count();
    let errors = reports.iter().filter(|r| r.status == Status::Error).count();
    let skipped = reports.iter().filter(|r| r.status.timed_out()).count();
    let mut xml = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let totals = format!(r#"tests="{}" failures="{failures}" errors="{errors}" time="{seconds:.3}""#, reports.len());
    // Each shard's suite has a name of its own: CI that merges the shards' files keeps them apart.
    let (suite, of_shard) = match shard {
        Some(shard) => (
            format!("grundy check shard {}/{}", shard.index, shard.count),
            format!(", shard {}/{}", shard.index, shard.count),
        ),
        None => ("grundy check".to_string(), String::new()),
    };
    xml.push_str(&format!("<testsuites name=\"{suite}\" {totals}>\n"));
    xml.push_str(&format!(
        "  <testsuite name=\"grundy check (seed {seed}{of_shard})\" {totals} skipped=\"{skipped}\">\n"
    ));
    xml.push_str(&format!("    <properties><property name=\"seed\" value=\"{seed}\"/></properties>\n"));
    for report in reports {
        xml.push_str(&format!(
            "    <testcase classname=\"grundy.check\" name=\"{}\" time=\"{:.3}\">\n",
            escape(&report.name, true),
            report.seconds
        ));
        if let Some(counterexample) = &report.counterexample {
            let message = format!(
                "on {}: the {} says {}, the {} side {}",
                counterexample.case, report.sides.0, counterexample.expected, report.sides.1, counterexample.actual
            );
            xml.push_str(&format!(
                "      <failure type=\"mismatch\" message=\"{}\">{}</failure>\n",
                escape(&message, true),
                escape(&report_lines(report), false)
            ));
        } else if report.status.timed_out() {
            let message = match report.status {
                Status::NotReached => "not started: the time budget (--time) ran out first".to_string(),
                _ => format!(
                    "cut short by the time budget (--time) after {} exhaustive and {} random cases",
                    report.exhaustive, report.random
                ),
            };
            xml.push_str(&format!("      <skipped message=\"{}\"/>\n", escape(&message, true)));
        } else if matches!(report.status, Status::Vacuous | Status::CannotRun) {
            let message = format!("{}: no case could be judged in full", report.status.word());
            xml.push_str(&format!(
                "      <failure type=\"{}\" message=\"{}\">{}</failure>\n",
                report.status.word().to_lowercase(),
                escape(&message, true),
                escape(&report_lines(report), false)
            ));
        }
        if let Some(error) = &report.error {
            xml.push_str(&format!("      <error type=\"oracle\" message=\"{}\"/>\n", escape(error, true)));
        }
        xml.push_str(&format!("      <system-out>{}</system-out>\n", escape(&report_lines(report), false)));
        xml.push_str("    </testcase>\n");
    }
    xml.push_str("  </testsuite>\n</testsuites>\n");
    xml
}

/// Text as XML character data (or, escaping line ends too, as an attribute value).
fn escape(text: &str, attribute: bool) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&apos;"),
            '\n' if attribute => escaped.push_str("&#10;"),
            '\n' => escaped.push('\n'),
            c if c.is_control() && c != '\t' => {}
            c => escaped.push(c),
        }
    }
    escaped
}
