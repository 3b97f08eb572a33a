//! A program against a contest problem: the subject the runner drives (small space, extremes,
//! random inputs, judging, shrinking).

use std::time::{Duration, Instant};

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use super::judge::differing_lines;
use super::process::{Program, Run, output_limit, run_measured, tail_note, was_cut};
use super::report::FlakyRun;
use super::usage::Usage;
use crate::problem::Contest;
use crate::runner::{Exhaustive, Heading, Subject, Verdict};
use crate::shrink::{Limits, Shrink};

/// One duel input: the cases of one contest input.
#[derive(Debug, Clone, PartialEq)]
pub struct DuelInput<I> {
    /// The cases, in the order of their answers.
    pub cases: Vec<I>,
    /// For an input at the contest's maxima ([`Contest::at_limits`]): which one. Its cases are
    /// built when it is judged (they are megabytes), and `cases` is empty until then.
    pub at_limit: Option<usize>,
}

impl<I> DuelInput<I> {
    /// The input of these cases.
    pub fn of(cases: Vec<I>) -> DuelInput<I> {
        DuelInput { cases, at_limit: None }
    }

    /// Input `which` at the contest's maxima, built when judged.
    pub fn at_limit(which: usize) -> DuelInput<I> {
        DuelInput { cases: Vec::new(), at_limit: Some(which) }
    }
}

impl<I: Shrink> Shrink for DuelInput<I> {
    fn shape(&self) -> crate::shape::Shape {
        self.cases.shape()
    }

    fn with_shape(&self, shape: &crate::shape::Shape) -> Option<Self> {
        Some(DuelInput::of(self.cases.with_shape(shape)?))
    }

    /// An input of one game shrinks as the game does, with the candidates it adds to its
    /// shape's (a graph's untouched vertices removed at once); an input of several, as a list.
    fn candidates(&self, longest: usize) -> crate::shrink::Cases<'_, Self> {
        match self.cases.as_slice() {
            [game] => Box::new(game.candidates(longest).map(|smaller| DuelInput::of(vec![smaller]))),
            _ => crate::shrink::shaped_candidates(self, longest),
        }
    }
}

/// Longest a shrink of a program's failure takes when the run has no `--time`: each try runs
/// the program, up to its time limit (a failure by time-out pays it on every try).
pub const SHRINK_SECONDS: u64 = 60;

/// When shrinking a failure found now must stop: at the run's deadline (`--time`, which the user
/// chose to spend), else [`SHRINK_SECONDS`] from now.
pub fn shrink_deadline(run_deadline: Option<Instant>) -> Instant {
    run_deadline.unwrap_or_else(|| Instant::now() + Duration::from_secs(SHRINK_SECONDS))
}

/// Inputs one in this many are large.
pub(super) const LARGE_ONE_IN: u32 = 5;

/// The oracle's reach in a duel: most positions one memo keeps, and most moves it generates.
/// Deterministic (no clock), so a seed replays which side answered each game. A game past them
/// is answered by the fast side (verified by `grundy check`); the run's `--time` stops the
/// oracle too.
pub(super) const DUEL_STATES: usize = 1 << 19;
pub(super) const DUEL_MOVES: usize = 1 << 21;

/// Most inputs of the small space: each is a run of the program.
pub(super) const MOST_SMALL_INPUTS: usize = 120;

/// Most games tried at once when shrinking (candidates packed into one input).
pub(super) const MOST_BATCH: usize = 4096;

/// A failure as the shrinker keeps it: the expected output and the verdict.
pub(super) type Failure = (String, String);

/// Who gave the expected answers of one input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Answerer {
    Oracle,
    Fast,
    Both,
}

impl Answerer {
    pub(super) fn words(self) -> &'static str {
        match self {
            Answerer::Oracle => "oracle",
            Answerer::Fast => "fast side",
            Answerer::Both => "oracle and fast side",
        }
    }
}

/// What one run of the program on one input showed.
pub(super) enum Attempt {
    /// Accepted.
    Pass,
    /// Rejected: the expected output, the verdict, its kind, and for a wrong answer the first
    /// line (from 0) where the output differs, and every such line; and the run itself.
    Fail { expected: String, verdict: String, kind: &'static str, line: Option<usize>, lines: Vec<usize>, run: Run },
    /// grundy could not judge it (no expected answer, the input cannot be written, the program
    /// cannot be started).
    Broken(Verdict),
}

/// A program against a contest problem.
pub(super) struct DuelSubject<'a, P: Contest> {
    pub(super) problem: &'a P,
    pub(super) program: &'a Program,
    pub(super) memo: P::Memo,
    /// Whether the memo has answered since it was made (a fresh one is tried before a game is
    /// given up as beyond the oracle's reach).
    pub(super) memo_used: bool,
    /// Sizes (a game's items, its largest number) at which the oracle ran past its reach on a
    /// fresh memo: games as large in both go to the fast side at once.
    pub(super) beyond: Vec<(u64, u64)>,
    /// The run's budget: its deadline stops the duel, shrinking included; the oracle works
    /// within it.
    pub(super) budget: crate::budget::Budget,
    /// Inputs until the first failure whose expected answers all came from the oracle, all from
    /// the fast side, or from both.
    pub(super) by_oracle: u64,
    pub(super) by_fast: u64,
    pub(super) by_both: u64,
    /// The kind of the first failure (wrong answer, runtime error…): shrinking keeps it.
    pub(super) kind: Option<&'static str>,
    /// Another kind of failure met while shrinking, reported apart: its verdict and input.
    pub(super) also: Option<(String, String)>,
    /// Whether shrinking tried one-game candidates packed, many to an input.
    pub(super) packed: bool,
    /// Failures that did not repeat when run again.
    pub(super) flaky: Vec<FlakyRun>,
    /// The last failing run: its input, the run and what it used (reported when the deadline
    /// leaves no time to run the minimal input again).
    pub(super) last_failure: std::cell::RefCell<Option<(String, Run, Usage)>>,
    /// Told the number of runs so far while shrinking (progress on a terminal).
    pub(super) shrinking: &'a dyn Fn(usize),
    /// The run's seed: the inputs at the contest's maxima are drawn from it.
    pub(super) seed: u64,
    /// With `--keep-going`: the signature of the failure being shrunk ([`super::judge::signature`]),
    /// which its candidates must keep, as they keep its kind.
    pub(super) signature: Option<String>,
    /// Whether the duel goes on past a failure (`--keep-going`).
    pub(super) keep_going: bool,
    /// With `--keep-going`: the signatures of the failures recorded so far.
    pub(super) recorded: Vec<String>,
    /// Whether inputs past the statement are written too (`--beyond-statement`); else every
    /// input is held to the statement's validator first.
    pub(super) beyond_statement: bool,
    /// What stopped shrinking early, if anything did: `--time`, `--max-memory`, Ctrl-C.
    pub(super) stopped: std::cell::Cell<Option<&'static str>>,
}

impl<'a, P: Contest> DuelSubject<'a, P> {
    pub(super) fn new(problem: &'a P, program: &'a Program, budget: crate::budget::Budget) -> DuelSubject<'a, P> {
        DuelSubject {
            problem,
            program,
            memo: problem.memo(Self::oracle_budget(&budget)),
            memo_used: false,
            beyond: Vec::new(),
            budget,
            by_oracle: 0,
            by_fast: 0,
            by_both: 0,
            kind: None,
            also: None,
            packed: false,
            flaky: Vec::new(),
            last_failure: std::cell::RefCell::new(None),
            shrinking: &|_| {},
            seed: 0,
            beyond_statement: false,
            signature: None,
            keep_going: false,
            recorded: Vec::new(),
            stopped: std::cell::Cell::new(None),
        }
    }

    /// The oracle's reach in a duel, within the run's budget.
    pub(super) fn oracle_budget(budget: &crate::budget::Budget) -> grundy_oracle::Budget {
        grundy_oracle::Budget { max_states: DUEL_STATES, max_moves: DUEL_MOVES, ..budget.oracle() }
    }

    /// Runs the program on `input` and judges its output.
    pub(super) fn attempt(&mut self, input: &DuelInput<P::Instance>) -> (Attempt, Option<Answerer>) {
        let text = match self.problem.write(&input.cases) {
            Ok(text) => text,
            Err(reason) => {
                return (Attempt::Broken(Verdict::CannotRun(format!("the input cannot be written: {reason}"))), None);
            }
        };
        if let Some(verdict) = self.outside_statement(&text) {
            return (Attempt::Broken(verdict), None);
        }
        let (expected, answerer) = match self.expected(input) {
            Ok(expected) => expected,
            Err(verdict) => return (Attempt::Broken(verdict), None),
        };
        (self.judge_text(&text, expected, Duration::ZERO, false), Some(answerer))
    }

    /// The program as this duel runs it: its time limit its own, or `at_least` where that is
    /// longer; stopped at the run's deadline; with twice the wall-clock backstop when a failure
    /// is being confirmed.
    pub(super) fn program_for(&self, at_least: Duration, confirming: bool) -> Program {
        let program = Program { timeout: self.program.timeout.max(at_least), ..self.program.clone() };
        let program = program.within(self.budget.deadline);
        if confirming { program.confirming() } else { program }
    }

    /// Runs the program on `text`, whose expected output is `expected`, and judges its output;
    /// its time limit is its own, or `at_least` where that is longer.
    pub(super) fn judge_text(&self, text: &str, expected: String, at_least: Duration, confirming: bool) -> Attempt {
        let program = self.program_for(at_least, confirming);
        let measured = run_measured(&program, text, output_limit(&expected));
        let usage = measured.as_ref().map(|(_, usage)| *usage).unwrap_or_default();
        let run = measured.map(|(run, _)| run);
        if was_cut(&run) {
            return Attempt::Broken(Verdict::OutOfTime);
        }
        let run = match run {
            Ok(run) => run,
            Err(error) => {
                let error = format!("the program could not be started: {error}");
                return Attempt::Broken(Verdict::Failed(error));
            }
        };
        if let Run::Crashed { code: Some(code @ (126 | 127)), stderr, .. } = &run {
            let error =
                format!("the program `{}` could not be run (exit {code}){}", self.program.command, tail_note(stderr));
            return Attempt::Broken(Verdict::Failed(error));
        }
        match run.verdict(&expected) {
            None => Attempt::Pass,
            Some(verdict) => {
                let lines = match &run {
                    Run::Output { stdout, .. } => differing_lines(&expected, stdout),
                    _ => Vec::new(),
                };
                *self.last_failure.borrow_mut() = Some((text.to_string(), run.clone(), usage));
                Attempt::Fail { expected, verdict, kind: run.kind(), line: lines.first().copied(), lines, run }
            }
        }
    }

    /// A failure first met, run once more (with twice the wall-clock backstop) before it is
    /// believed: the same kind again confirms it; anything else makes it a flaky run, kept
    /// apart and reported, and the duel goes on.
    pub(super) fn confirmed(&mut self, text: &str, first: Attempt, at_least: Duration) -> Attempt {
        let Attempt::Fail { expected, verdict, kind, run: first_run, .. } = &first else { return first };
        match self.judge_text(text, expected.clone(), at_least, true) {
            Attempt::Fail { kind: again, .. } if again == *kind => first,
            Attempt::Broken(Verdict::OutOfTime) => Attempt::Broken(Verdict::OutOfTime),
            second => {
                let then = match &second {
                    Attempt::Pass => "accepted".to_string(),
                    Attempt::Fail { verdict, .. } => verdict.clone(),
                    Attempt::Broken(verdict) => format!("{verdict:?}"),
                };
                let flaky = FlakyRun {
                    verdict: verdict.clone(),
                    then,
                    input: text.to_string(),
                    fails_the_duel: first_run.is_the_programs_own(),
                };
                let words = format!("{} on one run, then {} on the next", flaky.verdict, flaky.then);
                self.flaky.push(flaky);
                Attempt::Broken(Verdict::Flaky(words))
            }
        }
    }

    /// Whether a failure of `kind` with `verdict` is the one being shrunk: of its kind, and
    /// with `--keep-going` of its signature.
    pub(super) fn is_the_failure(&self, kind: &str, verdict: &str) -> bool {
        self.kind == Some(kind)
            && (!self.keep_going || self.signature.as_deref() == Some(super::judge::signature(verdict).as_str()))
    }

    /// Going on past failures (`--keep-going`), the verdict of a wrong answer's first line whose
    /// failure is not one recorded already, where there is one: an input on which a recorded bug
    /// shows first, and another after it, is shrunk for the other.
    pub(super) fn unrecorded(&self, verdict: String, expected: &str, run: &Run) -> String {
        let Run::Output { stdout, .. } = run else { return verdict };
        if !self.keep_going || !self.recorded.contains(&super::judge::signature(&verdict)) {
            return verdict;
        }
        let lines = super::judge::line_verdicts(expected, stdout);
        lines.into_iter().find(|line| !self.recorded.contains(&super::judge::signature(line))).unwrap_or(verdict)
    }

    /// Keeps a failure of `kind` with `verdict` as the one to shrink.
    pub(super) fn keep(&mut self, kind: &'static str, verdict: &str) {
        self.kind = Some(kind);
        self.signature = Some(super::judge::signature(verdict));
    }

    /// Why `input` lies beyond the problem's statement, if it does (only a duel with
    /// `--beyond-statement` writes such inputs).
    pub(super) fn beyond_statement(&self, input: &str) -> Option<String> {
        P::STATEMENT.check(input).err().map(|invalid| invalid.to_string())
    }

    /// `text`, an input about to be given to the program, held to the statement: `None` when
    /// it may be given (within it, or `--beyond-statement`), else the verdict on it: while
    /// shrinking, a candidate beyond the statement is simply no counterexample; otherwise
    /// grundy wrote it, and that is grundy's bug.
    pub(super) fn outside_statement(&self, text: &str) -> Option<Verdict> {
        if self.beyond_statement {
            return None;
        }
        let invalid = P::STATEMENT.check(text).err()?;
        Some(match self.kind {
            Some(_) => Verdict::CannotRun(format!("beyond the statement: {invalid}")),
            None => Verdict::Failed(format!(
                "grundy wrote an input beyond the statement of {} ({invalid}): a bug of grundy's, not of the \
                 program; --beyond-statement gives such inputs on purpose",
                self.problem.name()
            )),
        })
    }

    /// Whether shrinking must stop: the run's deadline has passed, or grundy's own memory has
    /// reached the budget (`--max-memory`); which of them is kept for the report.
    pub(super) fn out_of_time(&self) -> bool {
        if self.budget.expired() {
            self.stopped.set(Some(if crate::interrupt::requested() { "Ctrl-C" } else { "--time" }));
            return true;
        }
        if crate::budget::resident_bytes().is_some_and(|bytes| bytes > self.budget.max_bytes) {
            self.stopped.set(Some("--max-memory"));
            return true;
        }
        false
    }
}

/// `n word`, with an `s` unless `n` is 1.
pub(super) fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

impl<P: Contest> Subject for DuelSubject<'_, P> {
    type Case = DuelInput<P::Instance>;

    fn heading(&self) -> Heading {
        Heading { name: format!("duel/{}", self.problem.name()).into(), sides: ("oracle and fast side", "program") }
    }

    /// The problem's small space, whole, packed into as few inputs as its format allows; then
    /// its inputs at the format's limits.
    fn exhaustive(&self) -> Exhaustive<Self::Case> {
        let Exhaustive { mut cases, description } = self.small_space();
        let extremes: Vec<Self::Case> = self
            .problem
            .extremes()
            .into_iter()
            .filter(|cases| self.problem.write(cases).is_ok())
            .map(DuelInput::of)
            .collect();
        let mut description = description;
        if !extremes.is_empty() {
            let games: usize = extremes.iter().map(|input| input.cases.len()).sum();
            description = format!(
                "{description}; then every number at the ends of its range (see `grundy list`): {} in {}",
                plural(games, "game"),
                plural(extremes.len(), "input")
            );
            cases.extend(extremes);
        }
        let at_limits = self.problem.at_limits();
        if !at_limits.is_empty() {
            description = format!(
                "{description}; then {} at the contest's maxima, each under the time limit: {}",
                plural(at_limits.len(), "input"),
                at_limits.join("; ")
            );
            cases.extend((0..at_limits.len()).map(DuelInput::at_limit));
        }
        let beyond = self.problem.beyond_statement();
        if self.beyond_statement && !beyond.is_empty() {
            description = format!(
                "{description}; then {} beyond the statement (--beyond-statement): {}",
                plural(beyond.len(), "input"),
                beyond.join("; ")
            );
            cases.extend((at_limits.len()..at_limits.len() + beyond.len()).map(DuelInput::at_limit));
        }
        Exhaustive { cases, description }
    }

    fn random(&self, rng: &mut ChaCha8Rng) -> Self::Case {
        let large = rng.random_ratio(1, LARGE_ONE_IN);
        DuelInput::of(self.problem.random_input(rng, large))
    }

    fn judge(&mut self, input: &Self::Case) -> Verdict {
        if self.kind.is_some() && self.out_of_time() {
            return Verdict::Agree; // out of time while shrinking: stop accepting candidates
        }
        if let Some(which) = input.at_limit {
            return self.judge_at_limit(which);
        }
        let (attempt, answerer) = self.attempt(input);
        let attempt = match (&attempt, self.kind) {
            (Attempt::Fail { .. }, None) => {
                let text = self.problem.write(&input.cases).unwrap_or_default();
                self.confirmed(&text, attempt, Duration::ZERO)
            }
            _ => attempt,
        };
        match (attempt, answerer) {
            (Attempt::Pass, answerer) => {
                if self.kind.is_none() {
                    match answerer {
                        Some(Answerer::Oracle) => self.by_oracle += 1,
                        Some(Answerer::Fast) => self.by_fast += 1,
                        _ => self.by_both += 1,
                    }
                }
                Verdict::Agree
            }
            (Attempt::Fail { expected, verdict, kind, run, .. }, _) => match self.kind {
                Some(_) if !self.is_the_failure(kind, &verdict) => {
                    let input = self.problem.write(&input.cases).unwrap_or_default();
                    self.also.get_or_insert((verdict, input));
                    Verdict::Agree
                }
                _ => {
                    let verdict = self.unrecorded(verdict, &expected, &run);
                    self.keep(kind, &verdict);
                    Verdict::Disagree { expected, actual: verdict }
                }
            },
            (Attempt::Broken(verdict), _) => verdict,
        }
    }

    fn deadline_cuts_exhaustive(&self) -> bool {
        true
    }

    fn failure_recorded(&mut self, _: &str) {
        self.kind = None;
        self.recorded.extend(self.signature.take());
    }

    fn case_text(&self, input: &Self::Case) -> String {
        if let Some(which) = input.at_limit {
            return self.limit_text(which);
        }
        self.problem.write(&input.cases).unwrap_or_else(|reason| format!("(an input that cannot be written: {reason})"))
    }

    fn replay(&self, _: &str) -> String {
        String::new() // set once the failing input is saved
    }

    fn shrink_limits(&self) -> Limits {
        // Packed candidates make a try cheap where the format holds many games an input.
        let (below, grid) = match P::DATA.most_cases {
            0 | 1 => (200, 1),
            most => (20_000, most.min(MOST_BATCH)),
        };
        Limits { tries: 600, below, deadline: Some(shrink_deadline(self.budget.deadline)), grid, single: below }
    }

    fn shrink(&mut self, found: &Self::Case, failure: Failure) -> crate::shrink::Shrunk<Self::Case, Failure> {
        let limits = self.shrink_limits();
        let built;
        let found = match found.at_limit {
            Some(which) => {
                built = DuelInput::of(self.limit_cases(which));
                &built
            }
            None => found,
        };
        let (start, failure, steps) = match self.failing_game(found, limits) {
            Some((game, failure)) => (game, failure, 1),
            None => (found.clone(), failure, 0),
        };
        let mut shrunk = crate::shrink::shrink_batched(start, failure, limits, |cases, tried| {
            self.first_failing(cases, tried, limits)
        });
        shrunk.steps += steps;
        shrunk.minimality = self.inputs_only(shrunk.minimality, &shrunk.case, limits);
        shrunk
    }
}
