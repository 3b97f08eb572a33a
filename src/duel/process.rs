//! Running the program under test, bounded: its own process group, killed whole at the time
//! limit; its output read up to a limit; no wait for descendants that keep its pipes open.

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde::Serialize;

use super::judge::first_difference;

/// How the program under test is run.
#[derive(Debug, Clone)]
pub struct Program {
    /// The command, run through `sh -c`.
    pub command: String,
    /// Time limit for one run.
    pub timeout: Duration,
    /// Most bytes of address space the program may map (`RLIMIT_AS`, set on the child before it
    /// starts, and inherited by what it starts): past it, its allocations fail and it crashes, a
    /// runtime error. `None`: no limit.
    pub memory: Option<u64>,
}

impl Program {
    /// This program with its time limit cut to what is left before `deadline` (the run's
    /// `--time`), so that no run outlives the run of grundy; at least a millisecond.
    pub fn within(&self, deadline: Option<Instant>) -> Program {
        let left = deadline.map_or(self.timeout, |deadline| deadline.saturating_duration_since(Instant::now()));
        Program { timeout: self.timeout.min(left).max(Duration::from_millis(1)), ..self.clone() }
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

/// The last line of a program's standard error, as a note after a verdict.
pub(super) fn tail_note(stderr: &str) -> String {
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

/// How long the output of a program that has exited is waited for (its pipes close when its
/// group is killed; a descendant that left the group may hold them longer).
const PIPE_GRACE: Duration = Duration::from_secs(2);

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
    #[cfg(unix)]
    if let Some(bytes) = program.memory {
        // The soft limit only, within the hard one grundy runs under (raising the hard limit is
        // not allowed, and a shell's `ulimit -v` may have lowered it).
        let mut current = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
        // SAFETY: getrlimit writes into a value owned here.
        if unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut current) } == 0 {
            let soft = (bytes as libc::rlim_t).min(current.rlim_max);
            let limit = libc::rlimit { rlim_cur: soft, rlim_max: current.rlim_max };
            // SAFETY: between fork and exec the closure only calls setrlimit, which is
            // async-signal-safe, on a value it owns.
            unsafe {
                std::os::unix::process::CommandExt::pre_exec(&mut command, move || {
                    if libc::setrlimit(libc::RLIMIT_AS, &limit) == 0 {
                        Ok(())
                    } else {
                        Err(std::io::Error::last_os_error())
                    }
                });
            }
        }
    }
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
    let mut exited_at = None;
    loop {
        if status.is_none() {
            status = child.try_wait()?;
            if status.is_some() {
                // Descendants left behind may hold the pipes: end them too.
                kill_group(pid);
                exited_at = Some(Instant::now());
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
        // A program that exited within its time limit is judged on its whole output, even when
        // the readers deliver it after the limit (breaking at the limit here once judged such a
        // run by an empty output: a correct program taking most of its time limit was given
        // "wrong answer"). Only a descendant that left the group and holds a pipe is given up
        // on, PIPE_GRACE after the exit.
        match exited_at {
            None if Instant::now() >= deadline => {
                killed = true;
                kill_group(pid);
                let _ = child.kill();
                let _ = child.wait();
                break;
            }
            Some(at) if at.elapsed() >= PIPE_GRACE => break,
            _ => {}
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

#[cfg(test)]
mod tests {
    use super::*;

    fn program(command: &str, seconds: f64) -> Program {
        Program { command: command.to_string(), timeout: Duration::from_secs_f64(seconds), memory: None }
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

    /// A program that exits within its time limit is judged on its whole output, even when the
    /// output arrives after the limit (here a descendant that left the group holds the pipe
    /// past it); before, the run was judged on an empty output: "wrong answer".
    #[test]
    fn output_that_arrives_after_the_limit_from_a_program_that_exited_in_time_counts() {
        let late = program("echo 42; setsid sh -c 'sleep 0.6' &", 0.2);
        match run(&late, "", 100).unwrap() {
            Run::Output { stdout, .. } => assert_eq!(stdout, "42\n"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_program_past_its_memory_limit_crashes() {
        let hog =
            Program { memory: Some(64 << 20), ..program("python3 -c 'x = bytearray(512 << 20); print(1)'", 20.0) };
        assert!(matches!(run(&hog, "", 100).unwrap(), Run::Crashed { .. }));
        let small = Program { memory: Some(256 << 20), ..program("echo fits", 5.0) };
        assert!(matches!(run(&small, "", 100).unwrap(), Run::Output { .. }));
    }

    #[test]
    fn a_background_child_holding_the_output_does_not_hang_the_duel() {
        let started = Instant::now();
        let result = run(&program("(sleep 30 &); echo done", 1.0), "", 100).unwrap();
        assert!(matches!(result, Run::Output { .. } | Run::TimedOut { .. }), "{result:?}");
        assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
    }
}
