//! Differential testing of an external program ("对拍"): random inputs in a problem's contest
//! format, the program's output compared with the expected one, a failing input shrunk while it
//! still fails.
//!
//! Expected answers come from the oracle on small inputs (each confirmed by the fast side too,
//! so that a wrong expectation is caught as grundy's own bug) and from the fast side — verified
//! by `grundy check` — on large ones. Every run of the program is bounded: it runs in its own
//! process group, which is killed whole at the time limit; its output is read up to a limit;
//! and the harness never waits for descendants that keep its pipes open.
//!
//! An input the problem cannot write never passes: it is counted as "cannot run", and the duel
//! fails.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use crate::error::Error;
use crate::problem::Contest;
use crate::runner::{self, Exhaustive, Plan, Report, Status, Subject, Verdict};
use crate::shrink::{Batch, Limits, Shrink};

/// How the program under test is run.
#[derive(Debug, Clone)]
pub struct Program {
    /// The command, run through `sh -c`.
    pub command: String,
    /// Time limit for one run.
    pub timeout: Duration,
}

impl Program {
    /// This program with its time limit cut to what is left before `deadline` (the run's
    /// `--time`), so that no run outlives the run of grundy; at least a millisecond.
    pub fn within(&self, deadline: Option<Instant>) -> Program {
        let left = deadline.map_or(self.timeout, |deadline| deadline.saturating_duration_since(Instant::now()));
        Program { command: self.command.clone(), timeout: self.timeout.min(left).max(Duration::from_millis(1)) }
    }

    /// Whether `run`, of this program cut to `deadline`, timed out because the deadline came,
    /// not because the program took its own time limit: no verdict on the program.
    pub fn cut_by(&self, deadline: Option<Instant>, run: &std::io::Result<Run>) -> bool {
        matches!(run, Ok(Run::TimedOut { seconds, .. }) if *seconds < self.timeout.as_secs_f64())
            && crate::interrupt::past(deadline)
    }
}

/// Said of a run the time limit (`--time`) stopped: not the program's verdict.
pub const CUT_BY_TIME: &str = "the time budget (--time) ran out during a run";

/// What one run of the program did.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Run {
    /// It exited 0 and printed this.
    Output {
        /// Standard output.
        stdout: String,
        /// The end of its standard error.
        stderr: String,
    },
    /// It exited with a failure or was killed by a signal.
    Crashed {
        /// The exit status, in words.
        status: String,
        /// Its exit code, when it exited.
        code: Option<i32>,
        /// The end of its standard error.
        stderr: String,
    },
    /// It ran past the time limit; its process group was killed.
    TimedOut {
        /// The limit, in seconds.
        seconds: f64,
        /// The end of its standard error.
        stderr: String,
    },
    /// It printed more than the limit; its process group was killed.
    TooMuchOutput {
        /// The limit, in bytes.
        limit: u64,
    },
}

impl Run {
    /// The judge's verdict on this run against `expected`, or `None` when it is accepted.
    pub fn verdict(&self, expected: &str) -> Option<String> {
        match self {
            Run::Output { stdout, .. } => {
                first_difference(expected, stdout).map(|difference| format!("wrong answer: {difference}"))
            }
            Run::Crashed { status, stderr, .. } => Some(format!("runtime error ({status}){}", tail_note(stderr))),
            Run::TimedOut { seconds, .. } => Some(format!("time limit exceeded ({seconds} s)")),
            Run::TooMuchOutput { limit } => Some(format!("output limit exceeded (more than {limit} bytes)")),
        }
    }

    /// The short name of the verdict.
    pub fn kind(&self) -> &'static str {
        match self {
            Run::Output { .. } => "wrong answer",
            Run::Crashed { .. } => "runtime error",
            Run::TimedOut { .. } => "time limit exceeded",
            Run::TooMuchOutput { .. } => "output limit exceeded",
        }
    }
}

fn tail_note(stderr: &str) -> String {
    match stderr.trim().lines().last() {
        Some(line) => format!(": {}", line.trim()),
        None => String::new(),
    }
}

/// How much of a program's standard error is kept: its last bytes.
const STDERR_TAIL: usize = 2048;

/// Output beyond this many times the expected length (plus a mebibyte) is too much.
const OUTPUT_FACTOR: u64 = 16;

/// The output limit for an expected answer.
pub fn output_limit(expected: &str) -> u64 {
    (expected.len() as u64).saturating_mul(OUTPUT_FACTOR).saturating_add(1 << 20)
}

/// Kills a whole process group.
fn kill_group(pid: u32) {
    #[cfg(unix)]
    // SAFETY: killpg only sends a signal; the group is the child's own (it was started as a group
    // leader), so no other process is touched.
    unsafe {
        libc::killpg(pid as libc::pid_t, libc::SIGKILL);
    }
}

/// Reads a pipe to its end, keeping at most `limit` bytes (`true` when it had more), or only
/// its last `tail` bytes.
fn read_capped(mut pipe: impl Read, limit: u64, tail: bool) -> (Vec<u8>, bool) {
    let mut kept = Vec::new();
    let mut buffer = [0u8; 1 << 16];
    loop {
        match pipe.read(&mut buffer) {
            Ok(0) | Err(_) => return (kept, false),
            Ok(read) => {
                kept.extend_from_slice(&buffer[..read]);
                if tail && kept.len() > 2 * STDERR_TAIL {
                    kept.drain(..kept.len() - STDERR_TAIL);
                } else if !tail && kept.len() as u64 > limit {
                    return (kept, true);
                }
            }
        }
    }
}

/// Runs `program` with `input` on its standard input, within its time limit, keeping at most
/// `limit` bytes of its output.
pub fn run(program: &Program, input: &str, limit: u64) -> std::io::Result<Run> {
    let mut command = Command::new("sh");
    command.arg("-c").arg(&program.command).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let mut child = command.spawn()?;
    let pid = child.id();
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.to_string();
    std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes()); // a program may exit without reading
    });
    let (sender, outputs) = mpsc::channel();
    let stdout = child.stdout.take().expect("stdout is piped");
    let stderr = child.stderr.take().expect("stderr is piped");
    let to_main = sender.clone();
    std::thread::spawn(move || {
        let _ = to_main.send((false, read_capped(stdout, limit, false)));
    });
    std::thread::spawn(move || {
        let _ = sender.send((true, read_capped(stderr, 0, true)));
    });
    let deadline = Instant::now() + program.timeout;
    let mut out: Option<(Vec<u8>, bool)> = None;
    let mut err: Option<Vec<u8>> = None;
    let mut status = None;
    let mut killed = false;
    loop {
        if status.is_none() {
            status = child.try_wait()?;
            if status.is_some() {
                // Descendants left behind may hold the pipes: end them too.
                kill_group(pid);
            }
        }
        match outputs.recv_timeout(Duration::from_millis(2)) {
            Ok((false, (bytes, over))) => {
                if over {
                    kill_group(pid);
                    let _ = child.kill();
                    let _ = child.wait();
                    return Ok(Run::TooMuchOutput { limit });
                }
                out = Some((bytes, over));
            }
            Ok((true, (bytes, _))) => err = Some(bytes),
            Err(_) => {}
        }
        if status.is_some() && out.is_some() && err.is_some() {
            break;
        }
        if Instant::now() >= deadline {
            if status.is_none() {
                killed = true;
                kill_group(pid);
                let _ = child.kill();
                let _ = child.wait();
            }
            break;
        }
    }
    let stderr_tail = |bytes: Option<Vec<u8>>| {
        let text = String::from_utf8_lossy(&bytes.unwrap_or_default()).into_owned();
        let mut start = text.len().saturating_sub(STDERR_TAIL);
        while !text.is_char_boundary(start) {
            start += 1;
        }
        text[start..].to_string()
    };
    if killed {
        return Ok(Run::TimedOut { seconds: program.timeout.as_secs_f64(), stderr: stderr_tail(err) });
    }
    let status = match status {
        Some(status) => status,
        None => child.wait()?,
    };
    if !status.success() {
        return Ok(Run::Crashed { status: status.to_string(), code: status.code(), stderr: stderr_tail(err) });
    }
    let stdout = out.map(|(bytes, _)| bytes).unwrap_or_default();
    Ok(Run::Output { stdout: String::from_utf8_lossy(&stdout).into_owned(), stderr: stderr_tail(err) })
}

/// Lines compared as a judge does: trailing white space on a line, and empty lines at the end,
/// do not count.
fn answer_lines(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    while lines.last().is_some_and(|line| line.is_empty()) {
        lines.pop();
    }
    lines
}

/// Whether two outputs are the same answer.
pub fn same_answer(expected: &str, actual: &str) -> bool {
    answer_lines(expected) == answer_lines(actual)
}

/// The first line (from 0) where `actual` differs from `expected`; `None` when they agree.
fn first_differing_line(expected: &str, actual: &str) -> Option<usize> {
    let (expected, actual) = (answer_lines(expected), answer_lines(actual));
    (0..expected.len().max(actual.len())).find(|&i| expected.get(i) != actual.get(i))
}

/// The first line where `actual` differs from `expected`, in words; `None` when they agree.
pub fn first_difference(expected: &str, actual: &str) -> Option<String> {
    let at = first_differing_line(expected, actual)?;
    let (expected, actual) = (answer_lines(expected), answer_lines(actual));
    let shown = |line: Option<&&str>| match line {
        Some(line) => format!("`{}`", truncate(line, 80)),
        None => "nothing".to_string(),
    };
    Some(format!("line {}: expected {}, found {}", at + 1, shown(expected.get(at)), shown(actual.get(at))))
}

fn truncate(text: &str, most: usize) -> String {
    if text.chars().count() <= most { text.to_string() } else { text.chars().take(most).collect::<String>() + "…" }
}

/// One duel input: the cases of one contest input.
#[derive(Debug, Clone, PartialEq)]
pub struct DuelInput<I> {
    /// The cases, in the order of their answers.
    pub cases: Vec<I>,
}

impl<I: Shrink> Shrink for DuelInput<I> {
    fn shape(&self) -> crate::shape::Shape {
        self.cases.shape()
    }

    fn with_shape(&self, shape: &crate::shape::Shape) -> Option<Self> {
        Some(DuelInput { cases: self.cases.with_shape(shape)? })
    }
}

/// Longest a shrink of a program's failure takes when the run has no `--time`: each try runs
/// the program, up to its time limit (a failure by time-out pays it on every try).
pub const SHRINK_SECONDS: u64 = 60;

/// When shrinking a failure found now must stop: at the run's deadline, or [`SHRINK_SECONDS`]
/// from now, whichever is first.
pub fn shrink_deadline(run_deadline: Option<Instant>) -> Instant {
    let cap = Instant::now() + Duration::from_secs(SHRINK_SECONDS);
    run_deadline.map_or(cap, |deadline| deadline.min(cap))
}

/// Inputs one in this many are large.
const LARGE_ONE_IN: u32 = 5;

/// The oracle's reach in a duel: most positions one memo keeps, and most moves it generates.
/// Deterministic (no clock), so a seed replays which side answered each game. A game past them
/// is answered by the fast side (verified by `grundy check`); the run's `--time` stops the
/// oracle too.
const DUEL_STATES: usize = 1 << 19;
const DUEL_MOVES: usize = 1 << 21;

/// Most inputs of the small space: each is a run of the program.
const MOST_SMALL_INPUTS: usize = 120;

/// Most games tried at once when shrinking (candidates packed into one input).
const MOST_BATCH: usize = 4096;

/// A failure as the shrinker keeps it: the expected output and the verdict.
type Failure = (String, String);

/// Who gave the expected answers of one input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Answerer {
    Oracle,
    Fast,
    Both,
}

impl Answerer {
    fn words(self) -> &'static str {
        match self {
            Answerer::Oracle => "oracle",
            Answerer::Fast => "fast side",
            Answerer::Both => "oracle and fast side",
        }
    }
}

/// What one run of the program on one input showed.
enum Attempt {
    /// Accepted.
    Pass,
    /// Rejected: the expected output, the verdict, its kind, and for a wrong answer the first
    /// line (from 0) where the output differs.
    Fail { expected: String, verdict: String, kind: &'static str, line: Option<usize> },
    /// grundy could not judge it (no expected answer, the input cannot be written, the program
    /// cannot be started).
    Broken(Verdict),
}

/// A program against a contest problem.
struct DuelSubject<'a, P: Contest> {
    problem: &'a P,
    program: &'a Program,
    memo: P::Memo,
    /// Whether the memo has answered since it was made (a fresh one is tried before a game is
    /// given up as beyond the oracle's reach).
    memo_used: bool,
    /// Sizes (a game's items, its largest number) at which the oracle ran past its reach on a
    /// fresh memo: games as large in both go to the fast side at once.
    beyond: Vec<(u64, u64)>,
    /// The run's budget: its deadline stops the duel, shrinking included; the oracle works
    /// within it.
    budget: crate::budget::Budget,
    /// Inputs until the first failure whose expected answers all came from the oracle, all from
    /// the fast side, or from both.
    by_oracle: u64,
    by_fast: u64,
    by_both: u64,
    /// The kind of the first failure (wrong answer, runtime error…): shrinking keeps it.
    kind: Option<&'static str>,
    /// Another kind of failure met while shrinking, reported apart: its verdict and input.
    also: Option<(String, String)>,
    /// Whether shrinking tried one-game candidates packed, many to an input.
    packed: bool,
    /// Told the number of runs so far while shrinking (progress on a terminal).
    shrinking: &'a dyn Fn(usize),
}

impl<'a, P: Contest> DuelSubject<'a, P> {
    fn new(problem: &'a P, program: &'a Program, budget: crate::budget::Budget) -> DuelSubject<'a, P> {
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
            shrinking: &|_| {},
        }
    }

    /// The oracle's reach in a duel, within the run's budget.
    fn oracle_budget(budget: &crate::budget::Budget) -> grundy_oracle::Budget {
        grundy_oracle::Budget { max_states: DUEL_STATES, max_moves: DUEL_MOVES, ..budget.oracle() }
    }

    /// The oracle's answer on one game, if it lies within the oracle's reach.
    fn by_oracle(&mut self, instance: &P::Instance) -> Option<P::Answer> {
        let (items, largest) = (instance.weight().0, instance.magnitude());
        if self.beyond.iter().any(|&(n, most)| items >= n && largest >= most) {
            return None;
        }
        loop {
            let fresh = !self.memo_used;
            match self.problem.oracle(&mut self.memo, instance) {
                Ok(answer) => {
                    self.memo_used = true;
                    return Some(answer);
                }
                Err(grundy_oracle::OracleError::TimeExceeded) => return None,
                Err(_) => {
                    // The memo, spent, starts afresh. Past the reach of a fresh one, the game is
                    // beyond; else the memo may have filled with earlier games: one more try.
                    self.memo = self.problem.memo(Self::oracle_budget(&self.budget));
                    self.memo_used = false;
                    if fresh {
                        self.beyond.push((items, largest));
                        return None;
                    }
                }
            }
        }
    }

    /// The expected output of `input`, and who gave it: the oracle where it reaches, else the
    /// fast side; an error when neither can, or when they disagree (a bug of grundy's).
    fn expected(&mut self, input: &DuelInput<P::Instance>) -> Result<(String, Answerer), Verdict> {
        let problem = self.problem;
        // A problem whose cases share a table builds it once; one the fast side declines is
        // answered case by case.
        // (A declined case is asked again alone only where the oracle does not answer it: a
        // fast side that declines may have spent its whole budget on each try.)
        let all = problem.fast_all(&input.cases).ok();
        let mut text = String::new();
        let (mut oracle, mut fast_only) = (0usize, 0usize);
        for (i, instance) in input.cases.iter().enumerate() {
            // The oracle answers where it reaches: a game whose positions are bounded within
            // its budget is tried (a game with no known bound too: past the budget it is given
            // up, and as large ones after it), one bounded past it goes to the fast side at once.
            let truth = match problem.oracle_positions(instance) {
                Some(bound) if bound > DUEL_STATES as u128 => None,
                _ => self.by_oracle(instance),
            };
            let line = match (truth, all.as_ref().map(|answers| &answers[i])) {
                (Some(truth), Some(fast)) if !problem.agrees(&truth, fast) => {
                    return Err(Verdict::Failed(format!(
                        "grundy's fast side says {fast} where the oracle says {truth} on `{}`: run {}",
                        problem.case_text(instance),
                        crate::problem::replay_command(&problem.name(), &problem.case_text(instance))
                    )));
                }
                (Some(truth), _) => {
                    oracle += 1;
                    problem.answer_line(&truth)
                }
                (None, Some(fast)) => {
                    fast_only += 1;
                    problem.answer_line(fast)
                }
                (None, None) => match problem.fast(instance) {
                    Ok(fast) => {
                        fast_only += 1;
                        problem.answer_line(&fast)
                    }
                    Err(reason) => {
                        return Err(Verdict::Failed(format!(
                            "no expected answer for `{}`: beyond the oracle's reach, and the fast side: {reason}",
                            problem.case_text(instance)
                        )));
                    }
                },
            };
            text.push_str(&line);
        }
        let answerer = match (oracle, fast_only) {
            (_, 0) => Answerer::Oracle,
            (0, _) => Answerer::Fast,
            _ => Answerer::Both,
        };
        Ok((text, answerer))
    }

    /// Runs the program on `input` and judges its output.
    fn attempt(&mut self, input: &DuelInput<P::Instance>) -> (Attempt, Option<Answerer>) {
        let text = match self.problem.write(&input.cases) {
            Ok(text) => text,
            Err(reason) => {
                return (Attempt::Broken(Verdict::CannotRun(format!("the input cannot be written: {reason}"))), None);
            }
        };
        let (expected, answerer) = match self.expected(input) {
            Ok(expected) => expected,
            Err(verdict) => return (Attempt::Broken(verdict), None),
        };
        let run = run(&self.program.within(self.budget.deadline), &text, output_limit(&expected));
        if self.program.cut_by(self.budget.deadline, &run) {
            return (Attempt::Broken(Verdict::Failed(CUT_BY_TIME.to_string())), None);
        }
        let run = match run {
            Ok(run) => run,
            Err(error) => {
                let error = format!("the program could not be started: {error}");
                return (Attempt::Broken(Verdict::Failed(error)), None);
            }
        };
        if let Run::Crashed { code: Some(code @ (126 | 127)), stderr, .. } = &run {
            let error =
                format!("the program `{}` could not be run (exit {code}){}", self.program.command, tail_note(stderr));
            return (Attempt::Broken(Verdict::Failed(error)), None);
        }
        match run.verdict(&expected) {
            None => (Attempt::Pass, Some(answerer)),
            Some(verdict) => {
                let line = match &run {
                    Run::Output { stdout, .. } => first_differing_line(&expected, stdout),
                    _ => None,
                };
                (Attempt::Fail { expected, verdict, kind: run.kind(), line }, Some(answerer))
            }
        }
    }

    /// For a wrong answer on an input whose games answer a line each, the game of the first
    /// wrong line, alone, when it is answered wrongly alone too (two runs, where removing games
    /// a half at a time takes about twice the logarithm of their number).
    fn failing_game(&mut self, found: &DuelInput<P::Instance>) -> Option<(DuelInput<P::Instance>, Failure)> {
        if self.kind != Some("wrong answer") || found.cases.len() < 2 {
            return None;
        }
        let (Attempt::Fail { expected, line: Some(line), .. }, _) = self.attempt(found) else { return None };
        let game = found.cases.get(line).filter(|_| expected.lines().count() == found.cases.len())?;
        let alone = DuelInput { cases: vec![game.clone()] };
        match self.attempt(&alone).0 {
            Attempt::Fail { expected, verdict, kind: "wrong answer", .. } => Some((alone, (expected, verdict))),
            _ => None,
        }
    }

    /// The problem's small space, whole, packed into as few inputs as its format allows.
    fn small_space(&self) -> Exhaustive<DuelInput<P::Instance>> {
        let space = self.problem.small_space();
        let most = self.problem.most_cases().max(1);
        let (mut inputs, mut chunk, mut games, mut left_out) = (Vec::new(), Vec::new(), 0usize, 0usize);
        for case in space.cases {
            if self.problem.write(std::slice::from_ref(&case)).is_err() {
                left_out += 1;
                continue;
            }
            let fits = chunk.len() < most
                && chunk
                    .first()
                    .is_none_or(|first: &P::Instance| self.problem.write(&[first.clone(), case.clone()]).is_ok());
            if !fits {
                inputs.push(DuelInput { cases: std::mem::take(&mut chunk) });
            }
            chunk.push(case);
            games += 1;
        }
        if !chunk.is_empty() {
            inputs.push(DuelInput { cases: chunk });
        }
        // A format of few games an input: the smallest games first, as many inputs as a duel
        // affords (each is a run of the program), and the report says how far they went.
        if inputs.len() > MOST_SMALL_INPUTS {
            let all = games;
            inputs.truncate(MOST_SMALL_INPUTS);
            games = inputs.iter().map(|input| input.cases.len()).sum();
            let description = format!(
                "{}, smallest first: {} of the {all} games, in {} (the rest are left to the random inputs)",
                space.description,
                games,
                plural(inputs.len(), "input")
            );
            return Exhaustive { cases: inputs, description };
        }
        let left_out = match left_out {
            0 => String::new(),
            n => format!("; {} the format cannot hold left out", plural(n, "game")),
        };
        let description =
            format!("{}: {} in {}{left_out}", space.description, plural(games, "game"), plural(inputs.len(), "input"));
        Exhaustive { cases: inputs, description }
    }

    /// Whether shrinking must stop: the run's deadline has passed.
    fn out_of_time(&self) -> bool {
        self.budget.expired()
    }

    /// The first of `cases` that fails as the failure being shrunk does, trying many at once:
    /// their games packed into one input (as many as the format allows), and a failing pack split
    /// in halves until one case is left. Each run of the program counts one try.
    fn first_failing(&mut self, cases: &[DuelInput<P::Instance>], tried: &mut usize, limits: Limits) -> Batch<Failure> {
        let most = self.problem.most_cases().clamp(1, MOST_BATCH);
        let mut start = 0;
        while start < cases.len() {
            // The longest run of one-game cases from `start` that fits one input. Cases of several
            // games are tried alone: a program whose answer on a game depends on the games before
            // it (state left over, a bug on the first game) is judged on each as it is.
            let mut end = start + 1;
            if cases[start].cases.len() == 1 {
                while end < cases.len() && cases[end].cases.len() == 1 && end - start < most {
                    end += 1;
                }
            }
            if end - start > 1 {
                self.packed = true;
            }
            match self.first_failing_in(cases, start..end, false, tried, limits) {
                Batch::Hold => start = end,
                found => return found,
            }
        }
        Batch::Hold
    }

    fn first_failing_in(
        &mut self,
        cases: &[DuelInput<P::Instance>],
        range: std::ops::Range<usize>,
        fails: bool,
        tried: &mut usize,
        limits: Limits,
    ) -> Batch<Failure> {
        if limits.expired(*tried) || self.out_of_time() {
            return Batch::Expired;
        }
        if fails && range.len() > 1 {
            return self.halves(cases, range, tried, limits);
        }
        *tried += 1;
        (self.shrinking)(*tried);
        let merged =
            DuelInput { cases: cases[range.clone()].iter().flat_map(|case| case.cases.iter().cloned()).collect() };
        let attempt = self.attempt(&merged).0;
        if range.len() == 1 {
            return match attempt {
                Attempt::Pass | Attempt::Broken(_) => Batch::Hold,
                Attempt::Fail { expected, verdict, kind, .. } if Some(kind) == self.kind => {
                    Batch::Fails(range.start, (expected, verdict))
                }
                Attempt::Fail { verdict, .. } => {
                    // Another kind of failure: reported apart, never swapped in.
                    let input = self.problem.write(&merged.cases).unwrap_or_default();
                    self.also.get_or_insert((verdict, input));
                    Batch::Hold
                }
            };
        }
        match attempt {
            Attempt::Pass => return Batch::Hold,
            // A wrong answer in a pack whose games answer a line each points at its game: the
            // games before it were answered right. It is tried alone (a program may answer a
            // game otherwise alone); failing so, it is the first failing case.
            Attempt::Fail { expected, line: Some(line), .. }
                if self.kind == Some("wrong answer") && expected.lines().count() == range.len() =>
            {
                let at = range.start + line;
                if let found @ (Batch::Fails(..) | Batch::Expired) =
                    self.first_failing_in(cases, at..at + 1, false, tried, limits)
                {
                    return found;
                }
            }
            _ => {}
        }
        self.halves(cases, range, tried, limits)
    }

    /// The first failing case of a pack that fails (or cannot be judged whole): in its first
    /// half, else in its second, which is then known to fail whole and is split at once (each
    /// single case is still tried alone).
    fn halves(
        &mut self,
        cases: &[DuelInput<P::Instance>],
        range: std::ops::Range<usize>,
        tried: &mut usize,
        limits: Limits,
    ) -> Batch<Failure> {
        let middle = range.start + range.len() / 2;
        match self.first_failing_in(cases, range.start..middle, false, tried, limits) {
            Batch::Hold => self.first_failing_in(cases, middle..range.end, true, tried, limits),
            found => found,
        }
    }
}

/// `n word`, with an `s` unless `n` is 1.
fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

impl<P: Contest> Subject for DuelSubject<'_, P> {
    type Case = DuelInput<P::Instance>;

    fn name(&self) -> String {
        format!("duel/{}", self.problem.name())
    }

    fn sides(&self) -> (&'static str, &'static str) {
        ("oracle and fast side", "program")
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
            .map(|cases| DuelInput { cases })
            .collect();
        if extremes.is_empty() {
            return Exhaustive { cases, description };
        }
        let games: usize = extremes.iter().map(|input| input.cases.len()).sum();
        let description = format!(
            "{description}; then every number at the ends of its range (see `grundy list`): {} in {}",
            plural(games, "game"),
            plural(extremes.len(), "input")
        );
        cases.extend(extremes);
        Exhaustive { cases, description }
    }

    fn random(&self, rng: &mut ChaCha8Rng) -> Self::Case {
        let large = rng.random_ratio(1, LARGE_ONE_IN);
        DuelInput { cases: self.problem.random_input(rng, large) }
    }

    fn judge(&mut self, input: &Self::Case) -> Verdict {
        if self.kind.is_some() && self.out_of_time() {
            return Verdict::Agree; // out of time while shrinking: stop accepting candidates
        }
        match self.attempt(input) {
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
            (Attempt::Fail { expected, verdict, kind, .. }, _) => match self.kind {
                Some(kept) if kept != kind => {
                    let input = self.problem.write(&input.cases).unwrap_or_default();
                    self.also.get_or_insert((verdict, input));
                    Verdict::Agree
                }
                _ => {
                    self.kind = Some(kind);
                    Verdict::Disagree { expected, actual: verdict }
                }
            },
            (Attempt::Broken(verdict), _) => verdict,
        }
    }

    fn deadline_cuts_exhaustive(&self) -> bool {
        true
    }

    fn case_text(&self, input: &Self::Case) -> String {
        self.problem.write(&input.cases).unwrap_or_else(|reason| format!("(an input that cannot be written: {reason})"))
    }

    fn replay(&self, _: &str) -> String {
        String::new() // set once the failing input is saved
    }

    fn shrink_limits(&self) -> Limits {
        // Packed candidates make a try cheap where the format holds many games an input.
        let (below, grid) = match self.problem.most_cases() {
            0 | 1 => (200, 1),
            most => (20_000, most.min(MOST_BATCH)),
        };
        Limits { tries: 600, below, deadline: Some(shrink_deadline(self.budget.deadline)), grid }
    }

    fn shrink(&mut self, found: &Self::Case, failure: Failure) -> crate::shrink::Shrunk<Self::Case, Failure> {
        let limits = self.shrink_limits();
        let (start, failure, steps) = match self.failing_game(found) {
            Some((game, failure)) => (game, failure, 1),
            None => (found.clone(), failure, 0),
        };
        let mut shrunk = crate::shrink::shrink_batched(start, failure, limits, |cases, tried| {
            self.first_failing(cases, tried, limits)
        });
        shrunk.steps += steps;
        shrunk
    }
}

/// How a duel ended.
#[derive(Debug, Clone, Serialize)]
pub struct DuelReport {
    /// The run: inputs tried, what held, the minimal failing input.
    #[serde(flatten)]
    pub report: Report,
    /// Inputs (before a failure) whose expected answers all came from the oracle.
    pub by_oracle: u64,
    /// Inputs whose expected answers all came from the fast side (games past the oracle's reach).
    pub by_fast_side: u64,
    /// Inputs answered in part by each.
    pub by_both: u64,
    /// The program's run on the minimal failing input.
    pub failure: Option<DuelFailure>,
    /// Another kind of failure met while shrinking (shrinking keeps the kind it started from):
    /// its verdict and input.
    pub also_met: Option<AlsoMet>,
    /// Whether shrinking tried one-game candidates packed, many to an input (each game's answer
    /// judged on its own line).
    pub shrink_packed: bool,
}

/// A failure of another kind than the one shrunk, met on the way.
#[derive(Debug, Clone, Serialize)]
pub struct AlsoMet {
    /// The verdict.
    pub verdict: String,
    /// The input.
    pub input: String,
}

/// The minimal failing input, as the program saw it.
#[derive(Debug, Clone, Serialize)]
pub struct DuelFailure {
    /// The input.
    pub input: String,
    /// The input first found failing, before shrinking.
    pub found: String,
    /// The command line of the user's generator that wrote `found` (a generic duel), to run
    /// it again.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub generated_by: Option<String>,
    /// The expected output.
    pub expected: String,
    /// Who gave it: "oracle", "fast side", or "oracle and fast side".
    pub expected_by: String,
    /// What the program did.
    pub run: Run,
    /// The verdict, with the first differing line.
    pub verdict: String,
    /// Where the input was saved.
    pub saved: Option<PathBuf>,
}

/// Duels `program` on `problem`: its small space whole, then random inputs.
/// `progress` is told of each input judged, `shrinking` of each run while a failure is shrunk.
pub fn duel<P: Contest>(
    problem: &P,
    program: &Program,
    plan: &Plan,
    progress: &dyn Fn(u64),
    shrinking: &dyn Fn(usize),
) -> DuelReport {
    let mut subject = DuelSubject::new(problem, program, plan.budget.until(plan.deadline));
    subject.shrinking = shrinking;
    let report = runner::run(&mut subject, plan, progress);
    finish(subject, report)
}

/// Judges `program` on one given input of `problem` (a saved failure), without shrinking.
pub fn duel_input<P: Contest>(
    problem: &P,
    program: &Program,
    input: &str,
    budget: crate::budget::Budget,
) -> Result<DuelReport, Error> {
    let cases = problem.read(input)?;
    let mut subject = DuelSubject::new(problem, program, budget);
    let report = runner::replay(&mut subject, &DuelInput { cases });
    Ok(finish(subject, report))
}

/// Runs the program once more on the minimal failing input, to report what it did there.
fn finish<P: Contest>(mut subject: DuelSubject<'_, P>, report: Report) -> DuelReport {
    let failure = report.counterexample.as_ref().and_then(|counterexample| {
        let cases = subject.problem.read(&counterexample.case).ok()?;
        let input = DuelInput { cases };
        let (expected, answerer) = subject.expected(&input).ok()?;
        let run = run(subject.program, &counterexample.case, output_limit(&expected)).ok()?;
        Some(DuelFailure {
            input: counterexample.case.clone(),
            found: counterexample.found.clone(),
            generated_by: None,
            verdict: run
                .verdict(&expected)
                .unwrap_or_else(|| "accepted on a second run (a flaky program?)".to_string()),
            expected,
            expected_by: answerer.words().to_string(),
            run,
            saved: None,
        })
    });
    let also_met = subject.also.take().map(|(verdict, input)| AlsoMet { verdict, input });
    DuelReport {
        by_oracle: subject.by_oracle,
        by_fast_side: subject.by_fast,
        by_both: subject.by_both,
        report,
        failure,
        also_met,
        shrink_packed: subject.packed,
    }
}

impl DuelReport {
    /// Whether the program passed.
    pub fn passed(&self) -> bool {
        self.report.status == Status::Ok
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn program(command: &str, seconds: f64) -> Program {
        Program { command: command.to_string(), timeout: Duration::from_secs_f64(seconds) }
    }

    #[test]
    fn answers_compare_by_lines() {
        assert!(same_answer("White\nBlack\n", "White  \nBlack"));
        assert!(!same_answer("White\n", "Black\n"));
        assert_eq!(first_difference("a\nb\n", "a\nc\n").unwrap(), "line 2: expected `b`, found `c`");
        assert_eq!(first_difference("a\n", "").unwrap(), "line 1: expected `a`, found nothing");
    }

    #[test]
    fn runs_report_crashes_timeouts_and_floods() {
        assert_eq!(
            run(&program("cat", 2.0), "hi\n", 100).unwrap(),
            Run::Output { stdout: "hi\n".to_string(), stderr: String::new() }
        );
        match run(&program("echo boom >&2; exit 3", 2.0), "", 100).unwrap() {
            Run::Crashed { code: Some(3), stderr, .. } => assert_eq!(stderr.trim(), "boom"),
            other => panic!("{other:?}"),
        }
        let started = Instant::now();
        assert!(matches!(run(&program("sleep 5", 0.3), "", 100).unwrap(), Run::TimedOut { .. }));
        assert!(started.elapsed() < Duration::from_secs(3));
        assert!(matches!(run(&program("yes", 5.0), "", 1 << 16).unwrap(), Run::TooMuchOutput { .. }));
    }

    #[test]
    fn a_background_child_holding_the_output_does_not_hang_the_duel() {
        let started = Instant::now();
        let result = run(&program("(sleep 30 &); echo done", 1.0), "", 100).unwrap();
        assert!(matches!(result, Run::Output { .. } | Run::TimedOut { .. }), "{result:?}");
        assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
    }
}
