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
use crate::shrink::{Limits, Shrink};

/// How the program under test is run.
#[derive(Debug, Clone)]
pub struct Program {
    /// The command, run through `sh -c`.
    pub command: String,
    /// Time limit for one run.
    pub timeout: Duration,
}

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

/// The first line where `actual` differs from `expected`, in words; `None` when they agree.
pub fn first_difference(expected: &str, actual: &str) -> Option<String> {
    let (expected, actual) = (answer_lines(expected), answer_lines(actual));
    let shown = |line: Option<&&str>| match line {
        Some(line) => format!("`{}`", truncate(line, 80)),
        None => "nothing".to_string(),
    };
    (0..expected.len().max(actual.len()))
        .find(|&i| expected.get(i) != actual.get(i))
        .map(|i| format!("line {}: expected {}, found {}", i + 1, shown(expected.get(i)), shown(actual.get(i))))
}

fn truncate(text: &str, most: usize) -> String {
    if text.chars().count() <= most { text.to_string() } else { text.chars().take(most).collect::<String>() + "…" }
}

/// One duel input: the cases of one contest input, and whether it is a large one (answered by
/// the fast side alone).
#[derive(Debug, Clone, PartialEq)]
pub struct DuelInput<I> {
    /// The cases, in the order of their answers.
    pub cases: Vec<I>,
    /// Large: beyond the oracle; the verified fast side gives the expected answers.
    pub large: bool,
}

impl<I: Shrink + PartialEq> Shrink for DuelInput<I> {
    fn candidates(&self) -> Vec<Self> {
        self.cases.candidates().into_iter().map(|cases| DuelInput { cases, large: self.large }).collect()
    }

    fn below(&self, bound: u64, most: usize) -> Option<Vec<Self>> {
        Some(self.cases.below(bound, most)?.into_iter().map(|cases| DuelInput { cases, large: self.large }).collect())
    }

    fn magnitude(&self) -> u64 {
        self.cases.magnitude()
    }

    fn weight(&self) -> (u64, u128) {
        self.cases.weight()
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

/// A program against a contest problem.
struct DuelSubject<'a, P: Contest> {
    problem: &'a P,
    program: &'a Program,
    memo: P::Memo,
    deadline: Option<Instant>,
    /// Inputs whose expected answers all came from the oracle, until the first failure.
    by_oracle: u64,
    failed: bool,
}

impl<P: Contest> DuelSubject<'_, P> {
    /// The expected output of `input`, and whether the oracle gave all of it; an error when
    /// neither side can, or when they disagree (a bug of grundy's).
    fn expected(&mut self, input: &DuelInput<P::Instance>) -> Result<(String, bool), String> {
        let problem = self.problem;
        if input.large {
            let answers = problem.fast_all(&input.cases).map_err(|e| format!("the fast side cannot answer: {e}"))?;
            return Ok((answers.iter().map(|a| problem.answer_line(a)).collect(), false));
        }
        let mut text = String::new();
        let mut all_oracle = true;
        for instance in &input.cases {
            let fast = problem.fast(instance);
            let answer = match (problem.oracle(&mut self.memo, instance), fast) {
                (Ok(truth), Ok(fast)) if truth != fast => {
                    return Err(format!(
                        "grundy's fast side says {fast} where the oracle says {truth} on `{}`: run {}",
                        problem.case_text(instance),
                        crate::problem::replay_command(&problem.name(), &problem.case_text(instance))
                    ));
                }
                (Ok(truth), _) => truth,
                (Err(_), Ok(fast)) => {
                    all_oracle = false;
                    fast
                }
                (Err(error), Err(reason)) => {
                    return Err(format!("no expected answer for `{}`: {error}; {reason}", problem.case_text(instance)));
                }
            };
            text.push_str(&problem.answer_line(&answer));
        }
        Ok((text, all_oracle))
    }
}

impl<P: Contest> Subject for DuelSubject<'_, P> {
    type Case = DuelInput<P::Instance>;

    fn name(&self) -> String {
        format!("duel/{}", self.problem.name())
    }

    fn sides(&self) -> (&'static str, &'static str) {
        ("oracle and fast side", "program")
    }

    fn exhaustive(&self) -> Exhaustive<Self::Case> {
        Exhaustive::none("random inputs only")
    }

    fn random(&self, rng: &mut ChaCha8Rng) -> Self::Case {
        let large = rng.random_ratio(1, LARGE_ONE_IN);
        DuelInput { cases: self.problem.random_input(rng, large), large }
    }

    fn judge(&mut self, input: &Self::Case) -> Verdict {
        let text = match self.problem.write(&input.cases) {
            Ok(text) => text,
            Err(reason) => return Verdict::CannotRun(format!("the input cannot be written: {reason}")),
        };
        let (expected, by_oracle) = match self.expected(input) {
            Ok(expected) => expected,
            Err(error) => return Verdict::Failed(error),
        };
        if self.deadline.is_some_and(|deadline| Instant::now() >= deadline) && self.failed {
            return Verdict::Agree; // out of time while shrinking: stop accepting candidates
        }
        let run = match run(self.program, &text, output_limit(&expected)) {
            Ok(run) => run,
            Err(error) => return Verdict::Failed(format!("the program could not be started: {error}")),
        };
        if let Run::Crashed { code: Some(code @ (126 | 127)), stderr, .. } = &run {
            return Verdict::Failed(format!(
                "the program `{}` could not be run (exit {code}){}",
                self.program.command,
                tail_note(stderr)
            ));
        }
        match run.verdict(&expected) {
            None => {
                if !self.failed {
                    self.by_oracle += u64::from(by_oracle);
                }
                Verdict::Agree
            }
            Some(verdict) => {
                self.failed = true;
                Verdict::Disagree { expected, actual: verdict }
            }
        }
    }

    fn case_text(&self, input: &Self::Case) -> String {
        self.problem.write(&input.cases).unwrap_or_else(|reason| format!("(an input that cannot be written: {reason})"))
    }

    fn replay(&self, _: &str) -> String {
        String::new() // set once the failing input is saved
    }

    fn shrink_limits(&self) -> Limits {
        Limits { tries: 400, below: 200, deadline: Some(shrink_deadline(self.deadline)) }
    }
}

/// How a duel ended.
#[derive(Debug, Clone, Serialize)]
pub struct DuelReport {
    /// The run: inputs tried, what held, the minimal failing input.
    #[serde(flatten)]
    pub report: Report,
    /// Inputs whose expected answers all came from the oracle.
    pub by_oracle: u64,
    /// The program's run on the minimal failing input.
    pub failure: Option<DuelFailure>,
}

/// The minimal failing input, as the program saw it.
#[derive(Debug, Clone, Serialize)]
pub struct DuelFailure {
    /// The input.
    pub input: String,
    /// The expected output.
    pub expected: String,
    /// Who gave it: "oracle" or "fast side".
    pub expected_by: String,
    /// What the program did.
    pub run: Run,
    /// The verdict, with the first differing line.
    pub verdict: String,
    /// Where the input was saved.
    pub saved: Option<PathBuf>,
}

/// Duels `program` on random inputs of `problem`.
pub fn duel<P: Contest>(problem: &P, program: &Program, plan: &Plan, progress: &dyn Fn(u64)) -> DuelReport {
    let mut subject = DuelSubject {
        problem,
        program,
        memo: problem.memo(crate::problem::oracle_budget()),
        deadline: plan.deadline,
        by_oracle: 0,
        failed: false,
    };
    let report = runner::run(&mut subject, plan, progress);
    finish(subject, report)
}

/// Judges `program` on one given input of `problem` (a saved failure), without shrinking.
pub fn duel_input<P: Contest>(problem: &P, program: &Program, input: &str) -> Result<DuelReport, Error> {
    let cases = problem.read(input)?;
    let mut subject = DuelSubject {
        problem,
        program,
        memo: problem.memo(crate::problem::oracle_budget()),
        deadline: None,
        by_oracle: 0,
        failed: false,
    };
    let report = runner::replay(&mut subject, &DuelInput { cases, large: false });
    Ok(finish(subject, report))
}

/// Runs the program once more on the minimal failing input, to report what it did there.
fn finish<P: Contest>(mut subject: DuelSubject<'_, P>, report: Report) -> DuelReport {
    let failure = report.counterexample.as_ref().and_then(|counterexample| {
        let cases = subject.problem.read(&counterexample.case).ok()?;
        let input = DuelInput { cases, large: false };
        let (expected, by_oracle) = subject.expected(&input).ok()?;
        let run = run(subject.program, &counterexample.case, output_limit(&expected)).ok()?;
        Some(DuelFailure {
            input: counterexample.case.clone(),
            verdict: run
                .verdict(&expected)
                .unwrap_or_else(|| "accepted on a second run (a flaky program?)".to_string()),
            expected,
            expected_by: if by_oracle { "oracle" } else { "fast side" }.to_string(),
            run,
            saved: None,
        })
    });
    DuelReport { by_oracle: subject.by_oracle, report, failure }
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
