//! Cross-checking: every registry entry, oracle against fast, exhaustively on small cases and then
//! on random ones; a disagreement is shrunk to a minimal case and reported with the command that
//! replays it.

use std::time::Instant;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use crate::registry::{Comparison, Family};

/// What a check run does for each entry.
#[derive(Debug, Clone)]
pub struct Plan {
    /// Seed of the random part; each entry draws from its own stream derived from this seed and
    /// its name, so `--only NAME` replays exactly the cases of a full run.
    pub seed: u64,
    /// Random cases per entry.
    pub cases: u64,
    /// When to stop drawing random cases, if earlier than `cases`.
    pub deadline: Option<Instant>,
    /// Whether to run the exhaustive part.
    pub exhaustive: bool,
}

/// How an entry's check ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Every case agreed (or the fast side declined it).
    Ok,
    /// A case disagreed.
    Mismatch,
    /// The oracle could not answer (over budget, loopy game).
    Error,
}

/// A minimal disagreement.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Counterexample {
    /// The smallest disagreeing case found.
    pub instance: String,
    /// The oracle's answer on it.
    pub oracle: String,
    /// The fast side's answer on it.
    pub fast: String,
    /// The case first found to disagree, before shrinking.
    pub found: String,
    /// How many shrinking steps led from `found` to `instance`.
    pub shrink_steps: u32,
    /// The command that replays the minimal case.
    pub replay: String,
}

/// The result of checking one entry.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EntryReport {
    /// The entry.
    pub name: String,
    /// Exhaustive cases compared.
    pub exhaustive: u64,
    /// What the exhaustive cases were.
    pub exhaustive_cover: String,
    /// Random cases compared.
    pub random: u64,
    /// Cases the fast side declined.
    pub unsupported: u64,
    /// One declined case and the reason, if any.
    pub unsupported_example: Option<String>,
    /// How it ended.
    pub status: Status,
    /// The minimal disagreement, on a mismatch.
    pub counterexample: Option<Counterexample>,
    /// What went wrong, on an error.
    pub error: Option<String>,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// The command that replays one case of one entry.
pub fn replay_command(name: &str, instance: &str) -> String {
    format!("grundy check --only '{name}' --case '{instance}'")
}

/// A stable 64-bit hash of an entry name (FNV-1a), to derive its random stream.
fn stream_of(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3))
}

/// The random generator of entry `name` under `seed`.
pub fn rng_for(seed: u64, name: &str) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed ^ stream_of(name))
}

struct Tally<'a, F: Family> {
    family: &'a F,
    session: F::Session,
    report: EntryReport,
}

impl<F: Family> Tally<'_, F> {
    /// Compares one case; `false` when the entry's check is over (mismatch or error).
    fn case(&mut self, instance: &F::Instance) -> bool {
        match self.family.compare(&mut self.session, instance) {
            Ok(Comparison::Agree) => true,
            Ok(Comparison::Unsupported(reason)) => {
                self.report.unsupported += 1;
                if self.report.unsupported_example.is_none() {
                    self.report.unsupported_example = Some(format!("{instance}: {reason}"));
                }
                true
            }
            Ok(Comparison::Disagree { oracle, fast }) => {
                self.report.status = Status::Mismatch;
                self.report.counterexample = Some(self.shrink(instance.clone(), oracle, fast));
                false
            }
            Err(error) => {
                self.report.status = Status::Error;
                self.report.error = Some(format!("{instance}: {error}"));
                false
            }
        }
    }

    /// Greedy shrinking: move to the first smaller case that still disagrees, until none does.
    fn shrink(&mut self, found: F::Instance, mut oracle: String, mut fast: String) -> Counterexample {
        let mut current = found.clone();
        let mut steps = 0u32;
        'smaller: while steps < 100_000 {
            for candidate in self.family.shrink(&current) {
                if let Ok(Comparison::Disagree { oracle: o, fast: f }) =
                    self.family.compare(&mut self.session, &candidate)
                {
                    current = candidate;
                    (oracle, fast) = (o, f);
                    steps += 1;
                    continue 'smaller;
                }
            }
            break;
        }
        let instance = current.to_string();
        Counterexample {
            replay: replay_command(&self.report.name, &instance),
            instance,
            oracle,
            fast,
            found: found.to_string(),
            shrink_steps: steps,
        }
    }
}

fn empty_report<F: Family>(family: &F) -> EntryReport {
    EntryReport {
        name: family.name(),
        exhaustive: 0,
        exhaustive_cover: String::new(),
        random: 0,
        unsupported: 0,
        unsupported_example: None,
        status: Status::Ok,
        counterexample: None,
        error: None,
        seconds: 0.0,
    }
}

/// Checks one family: exhaustive cases, then random ones, stopping at the first disagreement.
pub fn run_family<F: Family>(family: &F, plan: &Plan, progress: &dyn Fn(u64)) -> EntryReport {
    let start = Instant::now();
    let mut tally = Tally { family, session: family.session(), report: empty_report(family) };
    'run: {
        if plan.exhaustive {
            tally.report.exhaustive_cover = family.exhaustive_description();
            for instance in family.exhaustive() {
                if !tally.case(&instance) {
                    break 'run;
                }
                tally.report.exhaustive += 1;
                progress(1);
            }
        }
        let mut rng = rng_for(plan.seed, &family.name());
        for _ in 0..plan.cases {
            if plan.deadline.is_some_and(|deadline| Instant::now() >= deadline) {
                break;
            }
            let instance = family.random(&mut rng);
            if !tally.case(&instance) {
                break 'run;
            }
            tally.report.random += 1;
            progress(1);
        }
    }
    tally.report.seconds = start.elapsed().as_secs_f64();
    tally.report
}

/// Compares one given case (no shrinking: it is reported as given).
pub fn replay_family<F: Family>(family: &F, instance: &F::Instance) -> EntryReport {
    let start = Instant::now();
    let mut tally = Tally { family, session: family.session(), report: empty_report(family) };
    let report = &mut tally.report;
    match family.compare(&mut tally.session, instance) {
        Ok(Comparison::Agree) => report.random = 1,
        Ok(Comparison::Unsupported(reason)) => {
            report.unsupported = 1;
            report.unsupported_example = Some(format!("{instance}: {reason}"));
        }
        Ok(Comparison::Disagree { oracle, fast }) => {
            report.status = Status::Mismatch;
            let instance = instance.to_string();
            report.counterexample = Some(Counterexample {
                replay: replay_command(&report.name, &instance),
                found: instance.clone(),
                instance,
                oracle,
                fast,
                shrink_steps: 0,
            });
        }
        Err(error) => {
            report.status = Status::Error;
            report.error = Some(format!("{instance}: {error}"));
        }
    }
    tally.report.seconds = start.elapsed().as_secs_f64();
    tally.report
}

/// The text report of one entry: a line, then what the fast side declined and any
/// counterexample with its replay command.
pub fn report_lines(report: &EntryReport) -> String {
    let status = match report.status {
        Status::Ok => "ok",
        Status::Mismatch => "MISMATCH",
        Status::Error => "ERROR",
    };
    let mut text =
        format!("{:<14} {:<8} exhaustive {:>6}  random {:>5}", report.name, status, report.exhaustive, report.random);
    if report.unsupported > 0 {
        text.push_str(&format!("  unsupported {}", report.unsupported));
    }
    text.push_str(&format!("  ({:.2}s)\n", report.seconds));
    if let Some(example) = &report.unsupported_example {
        text.push_str(&format!("  fast side declined, e.g. {example}\n"));
    }
    if let Some(counterexample) = &report.counterexample {
        text.push_str(&format!("  counterexample: {}\n", counterexample.instance));
        text.push_str(&format!("    oracle: {}\n", counterexample.oracle));
        text.push_str(&format!("    fast:   {}\n", counterexample.fast));
        text.push_str(&format!(
            "    first found as {} (shrunk in {} steps)\n",
            counterexample.found, counterexample.shrink_steps
        ));
        text.push_str(&format!("    replay: {}\n", counterexample.replay));
    }
    if let Some(error) = &report.error {
        text.push_str(&format!("  error: {error}\n"));
    }
    text
}

/// A JUnit XML report of a check run: one test case per entry, a mismatch as a failure (with the
/// minimal counterexample and its replay command), an oracle that could not answer as an error.
pub fn junit(reports: &[EntryReport], seed: u64, seconds: f64) -> String {
    let count = |status: Status| reports.iter().filter(|report| report.status == status).count();
    let (failures, errors) = (count(Status::Mismatch), count(Status::Error));
    let mut xml = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let totals = format!(r#"tests="{}" failures="{failures}" errors="{errors}" time="{seconds:.3}""#, reports.len());
    xml.push_str(&format!("<testsuites name=\"grundy check\" {totals}>\n"));
    xml.push_str(&format!("  <testsuite name=\"grundy check (seed {seed})\" {totals} skipped=\"0\">\n"));
    xml.push_str(&format!("    <properties><property name=\"seed\" value=\"{seed}\"/></properties>\n"));
    for report in reports {
        xml.push_str(&format!(
            "    <testcase classname=\"grundy.check\" name=\"{}\" time=\"{:.3}\">\n",
            escape(&report.name, true),
            report.seconds
        ));
        if let Some(counterexample) = &report.counterexample {
            let message = format!(
                "on {}: the oracle says {}, the fast side {}",
                counterexample.instance, counterexample.oracle, counterexample.fast
            );
            xml.push_str(&format!(
                "      <failure type=\"mismatch\" message=\"{}\">{}</failure>\n",
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
