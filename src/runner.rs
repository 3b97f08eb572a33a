//! The one runner: cases put to two sides, compared, and the first disagreement shrunk.
//!
//! `grundy check` (the oracle against a fast solver), `grundy verify` (the oracle against a
//! formula) and `grundy duel` (expected answers against a program) are all a [`Subject`]: cases
//! (exhaustive ones, then seeded random ones), and a judge that puts one case to both sides.
//! [`run`] goes through the cases, counts what held and what could not be judged, and shrinks
//! the first disagreement with the one shrinker ([`crate::shrink`]).
//!
//! A case that could not be put to the side under test (the fast side declined it, or the input
//! could not be written) never counts as held: it is counted apart and shown, and a run in which
//! nothing held, or some case could not run at all, does not pass.

use std::borrow::Cow;
use std::time::Instant;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use crate::shrink::{Limits, Minimality, Shrink, Shrunk, shrink};

/// What one case showed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Both sides gave the same answer.
    Agree,
    /// They differ: each side's answer in words.
    Disagree {
        /// The answer held to be true (the oracle's, or the expected output).
        expected: String,
        /// The answer under test.
        actual: String,
    },
    /// The side under test declined, with its reason (a fast solver with no theorem for it).
    Declined(String),
    /// The case could not be put to the side under test at all (an input that cannot be written).
    CannotRun(String),
    /// The side held to be true could not answer (over budget, a loopy game): the run stops.
    Failed(String),
    /// A side stopped at the run's time limit, or before a step that would end past it: the run
    /// is cut short, and the case is not counted.
    OutOfTime,
    /// The side under test failed once and not again when run again (a program's run): not
    /// held, not a confirmed failure; counted apart, and the run goes on.
    Flaky(String),
}

/// Cases and what they cover.
#[derive(Debug, Clone)]
pub struct Exhaustive<C> {
    /// Every small case, smallest first.
    pub cases: Vec<C>,
    /// What they are, in words ("all positions of ≤ 4 plates ≤ 12").
    pub description: String,
}

impl<C> Exhaustive<C> {
    /// No exhaustive part.
    pub fn none(why: &str) -> Exhaustive<C> {
        Exhaustive { cases: Vec::new(), description: format!("none ({why})") }
    }
}

/// Every non-decreasing sequence of 1 to `most` numbers in `low..=high`: shorter first, then in
/// lexicographic order.
pub fn sorted_sequences(most: usize, low: u64, high: u64) -> Vec<Vec<u64>> {
    let mut all = Vec::new();
    for count in 1..=most {
        let mut current = vec![low; count];
        loop {
            all.push(current.clone());
            let Some(i) = (0..count).rev().find(|&i| current[i] < high) else { break };
            let next = current[i] + 1;
            current[i..].fill(next);
        }
    }
    all
}

/// What a report is about: the name it carries (a registry entry, a problem, a formula) and who
/// answers each side: ("oracle", "fast"), ("oracle", "formula")…
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Heading {
    /// The name.
    pub name: Cow<'static, str>,
    /// The ground truth's side, and the side judged by it.
    pub sides: (&'static str, &'static str),
}

impl Heading {
    /// A formula against the oracle: `grundy verify`, on a built-in game or a script.
    pub const VERIFY: Heading = Heading { name: Cow::Borrowed("verify"), sides: ("oracle", "formula") };
}

/// Something to cross-check: its cases and how one case is judged.
pub trait Subject {
    /// One case.
    type Case: Shrink;

    /// The name the report carries and who answers each side.
    fn heading(&self) -> Heading;
    /// The exhaustive cases.
    fn exhaustive(&self) -> Exhaustive<Self::Case>;
    /// One random case.
    fn random(&self, rng: &mut ChaCha8Rng) -> Self::Case;
    /// Puts one case to both sides.
    fn judge(&mut self, case: &Self::Case) -> Verdict;
    /// A case as text, as the replay command takes it.
    fn case_text(&self, case: &Self::Case) -> String;
    /// The command that replays one case (given as text).
    fn replay(&self, case_text: &str) -> String;
    /// Whether the plan's deadline also cuts the exhaustive cases short (a duel's `--time`);
    /// else they always run whole.
    fn deadline_cuts_exhaustive(&self) -> bool {
        false
    }
    /// A failure has been shrunk to `case` (its text) and recorded, and the run goes on
    /// ([`Plan::keep_going`]): whatever the subject kept for shrinking it is let go, so that any
    /// failure may come next.
    fn failure_recorded(&mut self, case: &str) {
        let _ = case;
    }
    /// Limits on shrinking a failure.
    fn shrink_limits(&self) -> Limits {
        Limits::IN_PROCESS
    }
    /// Shrinks a failing case (which fails as `failure`: expected and actual answers) to a
    /// minimal one: by default one candidate at a time, judged as any case.
    fn shrink(&mut self, found: &Self::Case, failure: (String, String)) -> Shrunk<Self::Case, (String, String)> {
        shrink(found.clone(), failure, self.shrink_limits(), |candidate| match self.judge(candidate) {
            Verdict::Disagree { expected, actual } => Some((expected, actual)),
            _ => None,
        })
    }
}

/// Which part of the cases one run takes: case `i` (exhaustive or random, counted apart) belongs
/// to shard `i mod count`. `count` runners with shards `0..count` cover one whole run exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Shard {
    /// This shard, `0..count`.
    pub index: u64,
    /// How many shards.
    pub count: u64,
}

impl Shard {
    /// The whole run.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Whether case `i` belongs to this shard.
    pub fn owns(self, i: u64) -> bool {
        i % self.count == self.index
    }

    /// How many of the cases `0..n` belong to this shard.
    pub fn share(self, n: u64) -> u64 {
        n / self.count + u64::from(n % self.count > self.index)
    }
}

/// What one run does.
#[derive(Debug, Clone)]
pub struct Plan {
    /// Seed of the random part; each subject draws from its own stream, derived from this seed
    /// and its name, so a run of one subject replays exactly its cases of a full run.
    pub seed: u64,
    /// Random cases.
    pub cases: u64,
    /// When to stop drawing random cases, if before `cases` (a soft limit: the case under way
    /// finishes).
    pub deadline: Option<Instant>,
    /// What the run may spend: a hard deadline and memory, for every side it runs.
    pub budget: crate::budget::Budget,
    /// Whether to run the exhaustive part.
    pub exhaustive: bool,
    /// Which part of the cases to run.
    pub shard: Shard,
    /// Whether a failure, once shrunk, lets the run go on to find others (`duel --keep-going`):
    /// every distinct one is shrunk and reported.
    pub keep_going: bool,
    /// Whether a duel writes inputs past its problem's statement too (`duel
    /// --beyond-statement`); else each input is held to the statement's validator.
    pub beyond_statement: bool,
}

impl Plan {
    /// Every exhaustive case and `cases` random ones, with no deadline and the default budget.
    pub fn new(seed: u64, cases: u64) -> Plan {
        Plan::within(seed, cases, crate::budget::Budget::default())
    }

    /// Every exhaustive case and `cases` random ones, within `budget` (random cases stop at its
    /// deadline too).
    pub fn within(seed: u64, cases: u64, budget: crate::budget::Budget) -> Plan {
        Plan {
            seed,
            cases,
            deadline: budget.deadline,
            budget,
            exhaustive: true,
            shard: Shard::WHOLE,
            keep_going: false,
            beyond_statement: false,
        }
    }
}

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Every case that ran held, and some did.
    Ok,
    /// A case disagreed.
    Mismatch,
    /// Some case could not be put to the side under test.
    CannotRun,
    /// No case held: every one was declined (or there were none).
    Vacuous,
    /// The side held to be true could not answer.
    Error,
    /// The run's hard time limit (`--time`) stopped it before it did all it was asked: what ran
    /// held, the rest was not tried.
    CutShort,
    /// The run's hard time limit had passed before it started: nothing was tried.
    NotReached,
}

impl Status {
    /// Whether the run passed.
    pub fn passed(self) -> bool {
        self == Status::Ok
    }

    /// The word in reports.
    pub fn word(self) -> &'static str {
        match self {
            Status::Ok => "ok",
            Status::Mismatch => "MISMATCH",
            Status::CannotRun => "CANNOT-RUN",
            Status::Vacuous => "VACUOUS",
            Status::Error => "ERROR",
            Status::CutShort => "CUT-SHORT",
            Status::NotReached => "NOT-REACHED",
        }
    }

    /// Whether the time limit, not the code under test, is why the run did not pass.
    pub fn timed_out(self) -> bool {
        matches!(self, Status::CutShort | Status::NotReached)
    }
}

/// A minimal disagreement.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Counterexample {
    /// The smallest disagreeing case found.
    pub case: String,
    /// The answer held to be true.
    pub expected: String,
    /// The answer under test.
    pub actual: String,
    /// The case first found to disagree.
    pub found: String,
    /// How many shrinking steps led from `found` to `case`.
    pub shrink_steps: u32,
    /// How far `case` is known to be minimal.
    pub minimality: Minimality,
    /// The command that replays `case`.
    pub replay: String,
}

/// The result of one run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    /// The subject.
    pub name: String,
    /// Who answered: (the side held true, the side under test).
    pub sides: (String, String),
    /// Exhaustive cases run.
    pub exhaustive: u64,
    /// What the exhaustive cases were.
    pub exhaustive_cover: String,
    /// Exhaustive cases asked of this run (of a shard, the ones it owns): fewer ran when the
    /// run stopped first.
    pub exhaustive_asked: u64,
    /// Random cases run.
    pub random: u64,
    /// Random cases asked of this run: of a shard, the cases it owns (fewer ran when the
    /// deadline came first, or a failure ended the run).
    pub random_asked: u64,
    /// Whether the deadline ended the random cases before `random_asked`.
    pub out_of_time: bool,
    /// The shard this run took, when it is one of several.
    pub shard: Option<Shard>,
    /// Cases that held (both sides answered alike).
    pub held: u64,
    /// Cases the side under test declined.
    pub declined: u64,
    /// One declined case and the reason.
    pub declined_example: Option<String>,
    /// Cases on which the side under test failed once and not again.
    pub flaky: u64,
    /// One such case's failure, in words.
    pub flaky_example: Option<String>,
    /// Cases that could not be put to the side under test.
    pub cannot_run: u64,
    /// One such case and why.
    pub cannot_run_example: Option<String>,
    /// How it ended.
    pub status: Status,
    /// The minimal disagreement, on a mismatch.
    pub counterexample: Option<Counterexample>,
    /// With [`Plan::keep_going`]: every other distinct disagreement, shrunk, in the order found.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub more: Vec<Counterexample>,
    /// With [`Plan::keep_going`]: disagreements that shrank to one already reported.
    pub repeats: u64,
    /// What went wrong, on an error.
    pub error: Option<String>,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// A fingerprint of the cases run: the exclusive or of a hash of each case's text. The
    /// shards of a run have fingerprints whose exclusive or is the whole run's.
    #[serde(serialize_with = "hex")]
    pub digest: u64,
}

fn hex<S: serde::Serializer>(digest: &u64, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&format!("{digest:016x}"))
}

impl Report {
    /// An empty report for `name`.
    pub fn new(name: String, (expected, actual): (&str, &str)) -> Report {
        Report {
            name,
            sides: (expected.to_string(), actual.to_string()),
            exhaustive: 0,
            exhaustive_cover: String::new(),
            exhaustive_asked: 0,
            random: 0,
            random_asked: 0,
            out_of_time: false,
            shard: None,
            held: 0,
            declined: 0,
            declined_example: None,
            flaky: 0,
            flaky_example: None,
            cannot_run: 0,
            cannot_run_example: None,
            status: Status::Ok,
            counterexample: None,
            more: Vec::new(),
            repeats: 0,
            error: None,
            seconds: 0.0,
            digest: 0,
        }
    }

    /// The report of a subject the time limit left untried.
    pub fn not_reached(name: String, sides: (&str, &str)) -> Report {
        let mut report = Report::new(name, sides);
        report.status = Status::NotReached;
        report.out_of_time = true;
        report
    }

    /// Marks the run as cut short by the hard time limit on the case counted last, which was not
    /// judged: it is no longer counted.
    fn cut_short_before_last_case(&mut self) {
        self.cut_short();
        match self.random {
            0 => self.exhaustive = self.exhaustive.saturating_sub(1),
            _ => self.random -= 1,
        }
    }

    /// Marks the run as cut short by the hard time limit.
    fn cut_short(&mut self) {
        self.status = Status::CutShort;
        self.out_of_time = true;
        self.error = None;
    }

    /// The status from the counts, once the run is over (a mismatch, an error or a cut stays).
    fn settle(&mut self) {
        if self.status == Status::Ok {
            if self.cannot_run > 0 {
                self.status = Status::CannotRun;
            } else if self.held == 0 {
                self.status = Status::Vacuous;
            }
        }
    }
}

/// A stable 64-bit hash of a name (FNV-1a), to derive its random stream.
fn stream_of(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3))
}

/// Marks a random case's hash apart from an exhaustive one's.
const RANDOM: u64 = 0x9e37_79b9_7f4a_7c15;

fn mix(mut h: u64) -> u64 {
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^ (h >> 33)
}

/// The random generator of subject `name` under `seed`.
pub fn rng_for(seed: u64, name: &str) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed ^ stream_of(name))
}

/// The kind of a failure, from its words: what comes before its first `:` or `(`
/// ("wrong answer", "time limit exceeded").
fn kind_of(actual: &str) -> &str {
    actual.split([':', '(']).next().unwrap_or_default().trim()
}

/// Records a shrunk disagreement: the first, or (going on) another one unless it shrank to a
/// failure of the same kind on the same case as one already recorded.
fn record_failure(report: &mut Report, counterexample: Counterexample) {
    report.status = Status::Mismatch;
    let same = |known: &Counterexample| {
        known.case == counterexample.case && kind_of(&known.actual) == kind_of(&counterexample.actual)
    };
    match &report.counterexample {
        None => report.counterexample = Some(counterexample),
        Some(first) if same(first) || report.more.iter().any(same) => report.repeats += 1,
        Some(_) => report.more.push(counterexample),
    }
}

/// Records one case's verdict; `false` when the run is over (a mismatch, or an error). A
/// disagreement is shrunk first when `shrinking`; with `keep_going`, the run goes on after it.
fn record<S: Subject>(
    subject: &mut S,
    report: &mut Report,
    case: &S::Case,
    verdict: Verdict,
    shrinking: bool,
    keep_going: bool,
) -> bool {
    match verdict {
        Verdict::Agree => report.held += 1,
        Verdict::Declined(reason) => {
            report.declined += 1;
            report.declined_example.get_or_insert_with(|| format!("{}: {reason}", subject.case_text(case)));
        }
        Verdict::Flaky(what) => {
            report.flaky += 1;
            report.flaky_example.get_or_insert(what);
        }
        Verdict::CannotRun(reason) => {
            report.cannot_run += 1;
            report.cannot_run_example.get_or_insert_with(|| format!("{}: {reason}", subject.case_text(case)));
        }
        Verdict::Disagree { expected, actual } => {
            let counterexample = if shrinking {
                shrink_failure(subject, case, expected, actual)
            } else {
                let text = subject.case_text(case);
                Counterexample {
                    replay: subject.replay(&text),
                    found: text.clone(),
                    case: text,
                    expected,
                    actual,
                    shrink_steps: 0,
                    minimality: Minimality::Unknown,
                }
            };
            let case = counterexample.case.clone();
            record_failure(report, counterexample);
            if keep_going && shrinking {
                subject.failure_recorded(&case);
                return true;
            }
            return false;
        }
        Verdict::OutOfTime => {
            report.cut_short_before_last_case();
            return false;
        }
        Verdict::Failed(error) => {
            report.status = Status::Error;
            // A case of one line names where; a whole input (several lines) would not read as one.
            let text = subject.case_text(case);
            let text = text.trim_end();
            report.error =
                Some(if text.is_empty() || text.contains('\n') { error } else { format!("{text}: {error}") });
            return false;
        }
    }
    true
}

/// Shrinks a disagreement to a minimal one.
pub fn shrink_failure<S: Subject>(
    subject: &mut S,
    found: &S::Case,
    expected: String,
    actual: String,
) -> Counterexample {
    let shrunk = subject.shrink(found, (expected, actual));
    let case = subject.case_text(&shrunk.case);
    let (expected, actual) = shrunk.failure;
    Counterexample {
        replay: subject.replay(&case),
        case,
        expected,
        actual,
        found: subject.case_text(found),
        shrink_steps: shrunk.steps,
        minimality: shrunk.minimality,
    }
}

/// Runs a subject: its exhaustive cases, then random ones, stopping at the first disagreement.
pub fn run<S: Subject>(subject: &mut S, plan: &Plan, progress: &dyn Fn(u64)) -> Report {
    let start = Instant::now();
    let Heading { name, sides } = subject.heading();
    let mut report = Report::new(name.into_owned(), sides);
    report.random_asked = plan.shard.share(plan.cases);
    report.shard = (plan.shard != Shard::WHOLE).then_some(plan.shard);
    'run: {
        if plan.exhaustive {
            let exhaustive = subject.exhaustive();
            report.exhaustive_cover = exhaustive.description;
            report.exhaustive_asked = plan.shard.share(exhaustive.cases.len() as u64);
            for (i, case) in exhaustive.cases.iter().enumerate() {
                if !plan.shard.owns(i as u64) {
                    continue;
                }
                if plan.budget.expired() {
                    report.cut_short();
                    break 'run;
                }
                if subject.deadline_cuts_exhaustive() && crate::interrupt::past(plan.deadline) {
                    report.out_of_time = true;
                    break 'run;
                }
                report.exhaustive += 1;
                report.digest ^= mix(stream_of(&subject.case_text(case)));
                progress(1);
                let verdict = subject.judge(case);
                if !record(subject, &mut report, case, verdict, true, plan.keep_going) {
                    break 'run;
                }
            }
        }
        if plan.budget.expired() && plan.cases > 0 {
            report.cut_short();
            break 'run;
        }
        let mut rng = rng_for(plan.seed, &subject.heading().name);
        for i in 0..plan.cases {
            // The soft deadline (`--budget`) leaves every subject one random case at least; the
            // run's hard deadline (`--time`) does not.
            if plan.budget.expired() {
                report.cut_short();
                break;
            }
            if report.random > 0 && crate::interrupt::past(plan.deadline) {
                report.out_of_time = true;
                break;
            }
            let case = subject.random(&mut rng);
            if !plan.shard.owns(i) {
                continue;
            }
            report.random += 1;
            report.digest ^= mix(stream_of(&subject.case_text(&case)) ^ RANDOM);
            progress(1);
            let verdict = subject.judge(&case);
            if !record(subject, &mut report, &case, verdict, true, plan.keep_going) {
                break 'run;
            }
        }
    }
    // A side that stopped because the time limit passed: the run was cut short, nothing broke,
    // and the case it stopped on was not judged.
    if report.status == Status::Error && plan.budget.expired() {
        report.cut_short_before_last_case();
    }
    report.settle();
    report.seconds = start.elapsed().as_secs_f64();
    report
}

/// Judges one given case, without shrinking: it is reported as given.
pub fn replay<S: Subject>(subject: &mut S, case: &S::Case) -> Report {
    let start = Instant::now();
    let Heading { name, sides } = subject.heading();
    let mut report = Report::new(name.into_owned(), sides);
    let verdict = subject.judge(case);
    record(subject, &mut report, case, verdict, false, false);
    report.random = 1;
    report.settle();
    report.seconds = start.elapsed().as_secs_f64();
    report
}
