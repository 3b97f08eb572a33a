//! Running the program under test as a judge does: its own process group, its CPU time and
//! memory measured over the whole tree ([`super::usage`]) and held to its limits, a
//! generous wall clock only as a backstop; its output read up to a limit; no wait for
//! descendants that keep its pipes open.

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde::Serialize;

use super::judge::first_difference;
use super::usage::{Usage, mebibytes};

/// How the program under test is run.
#[derive(Debug, Clone)]
pub struct Program {
    /// The command, run through `sh -c`.
    pub command: String,
    /// Time limit for one run: CPU time of its whole process tree, as a judge counts it.
    pub timeout: Duration,
    /// Most bytes of address space the program may map (`RLIMIT_AS`, set on the child before it
    /// starts, and inherited by what it starts): past it, its allocations fail and it crashes, a
    /// runtime error. A backstop for the machine, not the judge's limit. `None`: no limit.
    pub memory: Option<u64>,
    /// The judge's memory limit: memory past it in one process of the tree ([`super::usage`])
    /// is "memory limit exceeded" (the run is stopped there). `None`: no limit.
    pub memory_limit: Option<u64>,
    /// When every run must stop, whatever it is doing (the duel's `--time`): a run stopped so
    /// is [`Run::Cut`], no verdict on the program.
    pub deadline: Option<Instant>,
    /// How many times the usual wall-clock backstop a run gets: 2 when a failure is confirmed,
    /// so that a machine that was busy once does not fail the program twice.
    pub patience: u32,
}

impl Program {
    /// `command` under a CPU time limit of `timeout`, with no memory limits.
    pub fn new(command: &str, timeout: Duration) -> Program {
        Program { command: command.to_string(), timeout, memory: None, memory_limit: None, deadline: None, patience: 1 }
    }

    /// This program stopped at `deadline` (the run's `--time`) too, if that comes first, so that
    /// no run outlives the run of grundy.
    pub fn within(&self, deadline: Option<Instant>) -> Program {
        let deadline = match (self.deadline, deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Program { deadline, ..self.clone() }
    }

    /// This program as a failure is confirmed: twice the wall-clock backstop.
    pub fn confirming(&self) -> Program {
        Program { patience: 2, ..self.clone() }
    }

    /// The wall-clock backstop: three times the CPU limit and two seconds (twice that when
    /// confirming). A program that keeps within its CPU time and is slowed only by a busy
    /// machine finishes well within it; one that waits (for input it already has, on a sleep)
    /// is "idleness limit exceeded" past it.
    pub fn wall_limit(&self) -> Duration {
        (self.timeout.mul_f64(3.0) + Duration::from_secs(2)) * self.patience.max(1)
    }
}

/// Whether a run was cut by the run's `--time` (no verdict on the program).
pub fn was_cut(run: &std::io::Result<Run>) -> bool {
    matches!(run, Ok(Run::Cut))
}

/// Said of a run the time limit (`--time`) stopped: not the program's verdict.
pub const CUT_BY_TIME: &str = "the time budget (--time) ran out during a run";

/// What one run of the program did.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Run {
    /// It exited 0 within its limits and printed this.
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
    /// Its CPU time passed the time limit; its process group was killed there.
    TimedOut {
        /// The limit, in seconds of CPU time.
        seconds: f64,
        /// The CPU seconds it had used.
        cpu_seconds: f64,
        /// The end of its standard error.
        stderr: String,
    },
    /// It used little CPU time but ran past the wall-clock backstop: it waited, not worked.
    Idle {
        /// The backstop, in seconds of wall time.
        wall_seconds: f64,
        /// The CPU seconds it had used.
        cpu_seconds: f64,
        /// The end of its standard error.
        stderr: String,
    },
    /// The memory one of its processes allocated (resident, not shared with files) passed the
    /// memory limit; its process group was killed there.
    MemoryExceeded {
        /// The limit, in bytes.
        limit: u64,
        /// The peak it reached, in bytes.
        peak: u64,
        /// The end of its standard error.
        stderr: String,
    },
    /// It printed more than the limit; its process group was killed.
    TooMuchOutput {
        /// The limit, in bytes.
        limit: u64,
    },
    /// The run's own time budget (`--time`) ran out during it: no verdict on the program.
    Cut,
}

impl Run {
    /// The judge's verdict on this run against `expected`, or `None` when it is accepted.
    pub fn verdict(&self, expected: &str) -> Option<String> {
        match self {
            Run::Output { stdout, .. } => {
                first_difference(expected, stdout).map(|difference| format!("wrong answer: {difference}"))
            }
            Run::Crashed { status, stderr, .. } => Some(format!("runtime error ({status}){}", tail_note(stderr))),
            Run::TimedOut { seconds, cpu_seconds, .. } => {
                Some(format!("time limit exceeded ({cpu_seconds:.2} s of CPU time, the limit is {seconds} s)"))
            }
            Run::Idle { wall_seconds, cpu_seconds, .. } => Some(format!(
                "idleness limit exceeded ({wall_seconds:.1} s of wall time with only {cpu_seconds:.2} s of CPU time)"
            )),
            Run::MemoryExceeded { limit, peak, .. } => {
                Some(format!("memory limit exceeded ({} in use, the limit is {})", mebibytes(*peak), mebibytes(*limit)))
            }
            Run::TooMuchOutput { limit } => Some(format!("output limit exceeded (more than {limit} bytes)")),
            Run::Cut => Some(CUT_BY_TIME.to_string()),
        }
    }

    /// The short name of the verdict.
    pub fn kind(&self) -> &'static str {
        match self {
            Run::Output { .. } => "wrong answer",
            Run::Crashed { .. } => "runtime error",
            Run::TimedOut { .. } => "time limit exceeded",
            Run::Idle { .. } => "idleness limit exceeded",
            Run::MemoryExceeded { .. } => "memory limit exceeded",
            Run::TooMuchOutput { .. } => "output limit exceeded",
            Run::Cut => "cut short",
        }
    }

    /// Whether a failure of this kind is the program's own doing whatever the machine: a wrong
    /// answer, too much output, or a crash other than `SIGKILL` (which the system's
    /// out-of-memory killer sends). A time, memory or idleness limit, or a kill from outside,
    /// may depend on how busy the machine was.
    pub fn is_the_programs_own(&self) -> bool {
        match self {
            Run::Output { .. } | Run::TooMuchOutput { .. } => true,
            Run::Crashed { status, .. } => !status.contains("SIGKILL"),
            _ => false,
        }
    }

    /// The end of the program's standard error, where it was kept.
    pub fn stderr(&self) -> &str {
        match self {
            Run::Output { stderr, .. }
            | Run::Crashed { stderr, .. }
            | Run::TimedOut { stderr, .. }
            | Run::Idle { stderr, .. }
            | Run::MemoryExceeded { stderr, .. } => stderr,
            Run::TooMuchOutput { .. } | Run::Cut => "",
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

/// Runs `program` with `input` on its standard input, within its limits, keeping at most
/// `limit` bytes of its output.
pub fn run(program: &Program, input: &str, limit: u64) -> std::io::Result<Run> {
    run_measured(program, input, limit).map(|(run, _)| run)
}

/// How often the tree's CPU time and memory are read while it runs: often at first (most runs
/// are short), then less.
fn sample_every(elapsed: Duration) -> Duration {
    if elapsed < Duration::from_secs(1) { Duration::from_millis(10) } else { Duration::from_millis(25) }
}

/// What stopped a run before it exited.
enum Stop {
    Cpu,
    Memory,
    Wall,
    Deadline,
}

/// [`run`], and what the run used.
pub fn run_measured(program: &Program, input: &str, limit: u64) -> std::io::Result<(Run, Usage)> {
    if crate::interrupt::past(program.deadline) {
        return Ok((Run::Cut, Usage::default()));
    }
    let mut command = Command::new("sh");
    command.arg("-c").arg(&program.command).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    #[cfg(unix)]
    if let Some(bytes) = program.memory {
        limit_address_space(&mut command, bytes);
    }
    let started = Instant::now();
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
    let wall_limit = program.wall_limit();
    let mut out: Option<(Vec<u8>, bool)> = None;
    let mut err: Option<Vec<u8>> = None;
    let mut exit: Option<(std::process::ExitStatus, Usage)> = None;
    let mut stop = None;
    let mut exited_at = None;
    let mut sampled = Usage::default();
    let mut next_sample = started;
    loop {
        if exit.is_none() {
            exit = reap(pid)?;
            if let Some((_, usage)) = &mut exit {
                usage.wall_seconds = started.elapsed().as_secs_f64();
                // Descendants left behind may hold the pipes: end them too.
                kill_group(pid);
                exited_at = Some(Instant::now());
            }
        }
        match outputs.recv_timeout(Duration::from_millis(2)) {
            Ok((false, (bytes, over))) => {
                if over {
                    kill_group(pid);
                    wait_for(pid, exit.is_some());
                    return Ok((Run::TooMuchOutput { limit }, sampled));
                }
                out = Some((bytes, over));
            }
            Ok((true, (bytes, _))) => err = Some(bytes),
            Err(_) => {}
        }
        if exit.is_some() && out.is_some() && err.is_some() {
            break;
        }
        // A program that exited within its limits is judged on its whole output, even when the
        // readers deliver it late. Only a descendant that left the group and holds a pipe is
        // given up on, PIPE_GRACE after the exit.
        if let Some(at) = exited_at {
            if at.elapsed() >= PIPE_GRACE {
                break;
            }
            continue;
        }
        let now = Instant::now();
        if now >= next_sample {
            let elapsed = now.duration_since(started);
            next_sample = now + sample_every(elapsed);
            sampled.wall_seconds = elapsed.as_secs_f64();
            // Where /proc cannot be read, the wall clock stands for the CPU time.
            let (cpu, memory) = super::usage::group_sample(pid as i32).unwrap_or((elapsed, 0));
            sampled.cpu_seconds = sampled.cpu_seconds.max(cpu.as_secs_f64());
            sampled.peak_bytes = sampled.peak_bytes.max(memory);
            stop = if cpu > program.timeout {
                Some(Stop::Cpu)
            } else if program.memory_limit.is_some_and(|most| memory > most) {
                Some(Stop::Memory)
            } else if elapsed > wall_limit {
                Some(Stop::Wall)
            } else if crate::interrupt::past(program.deadline) {
                Some(Stop::Deadline)
            } else {
                None
            };
            if stop.is_some() {
                kill_group(pid);
                if let Some((_, usage)) = wait_for(pid, false) {
                    sampled = sampled.max(usage);
                }
                break;
            }
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
    let (status, usage) = match (stop, exit) {
        (Some(stop), _) => {
            let stderr = stderr_tail(err);
            let run = match stop {
                Stop::Cpu => {
                    Run::TimedOut { seconds: program.timeout.as_secs_f64(), cpu_seconds: sampled.cpu_seconds, stderr }
                }
                Stop::Memory => Run::MemoryExceeded {
                    limit: program.memory_limit.unwrap_or_default(),
                    peak: sampled.peak_bytes,
                    stderr,
                },
                Stop::Wall => {
                    Run::Idle { wall_seconds: sampled.wall_seconds, cpu_seconds: sampled.cpu_seconds, stderr }
                }
                Stop::Deadline => Run::Cut,
            };
            return Ok((run, sampled));
        }
        (None, Some((status, usage))) => (status, usage.max(sampled)),
        (None, None) => return Err(std::io::Error::other("the program's exit was not seen")),
    };
    let stderr = stderr_tail(err);
    // Judged after the exit as during the run: CPU time first, then memory.
    if usage.cpu_seconds > program.timeout.as_secs_f64() {
        let seconds = program.timeout.as_secs_f64();
        return Ok((Run::TimedOut { seconds, cpu_seconds: usage.cpu_seconds, stderr }, usage));
    }
    if let Some(most) = program.memory_limit.filter(|&most| usage.peak_bytes > most) {
        return Ok((Run::MemoryExceeded { limit: most, peak: usage.peak_bytes, stderr }, usage));
    }
    if !status.success() {
        return Ok((Run::Crashed { status: status.to_string(), code: status.code(), stderr }, usage));
    }
    let stdout = out.map(|(bytes, _)| bytes).unwrap_or_default();
    Ok((Run::Output { stdout: String::from_utf8_lossy(&stdout).into_owned(), stderr }, usage))
}

/// Sets the child's soft `RLIMIT_AS` to `bytes`, within the hard limit grundy runs under.
#[cfg(unix)]
fn limit_address_space(command: &mut Command, bytes: u64) {
    // The soft limit only, within the hard one grundy runs under (raising the hard limit is not
    // allowed, and a shell's `ulimit -v` may have lowered it).
    let mut current = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit writes into a value owned here.
    if unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut current) } == 0 {
        let soft = (bytes as libc::rlim_t).min(current.rlim_max);
        let limit = libc::rlimit { rlim_cur: soft, rlim_max: current.rlim_max };
        // SAFETY: between fork and exec the closure only calls setrlimit, which is
        // async-signal-safe, on a value it owns.
        unsafe {
            std::os::unix::process::CommandExt::pre_exec(command, move || {
                if libc::setrlimit(libc::RLIMIT_AS, &limit) == 0 {
                    Ok(())
                } else {
                    Err(std::io::Error::last_os_error())
                }
            });
        }
    }
}

/// The child's exit status and what its tree used, if it has exited (`wait4` without waiting).
/// The child is reaped here, never by `std::process::Child`.
fn reap(pid: u32) -> std::io::Result<Option<(std::process::ExitStatus, Usage)>> {
    wait4(pid, libc::WNOHANG)
}

/// Waits for the child, killed, to be reaped (unless it was), and returns what it used.
fn wait_for(pid: u32, reaped: bool) -> Option<(std::process::ExitStatus, Usage)> {
    if reaped {
        return None;
    }
    wait4(pid, 0).ok().flatten()
}

fn wait4(pid: u32, options: libc::c_int) -> std::io::Result<Option<(std::process::ExitStatus, Usage)>> {
    use std::os::unix::process::ExitStatusExt;
    let mut status: libc::c_int = 0;
    // SAFETY: an all-zero rusage is a valid value for wait4 to overwrite.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: wait4 writes into the two values owned here; the pid is our own child's, not
        // yet reaped (std's Child is never asked to wait for it).
        let reaped = unsafe { libc::wait4(pid as libc::pid_t, &mut status, options, &mut usage) };
        if reaped == 0 {
            return Ok(None);
        }
        if reaped < 0 {
            let error = std::io::Error::last_os_error();
            if error.kind() == std::io::ErrorKind::Interrupted {
                continue;
            }
            return Err(error);
        }
        let cpu = super::usage::cpu_of(&usage);
        let usage = Usage { cpu_seconds: cpu.as_secs_f64(), wall_seconds: 0.0, peak_bytes: 0 };
        return Ok(Some((std::process::ExitStatus::from_raw(status), usage)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn program(command: &str, seconds: f64) -> Program {
        Program::new(command, Duration::from_secs_f64(seconds))
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
        // CPU time is limited; a program that only waits is stopped by the wall-clock backstop.
        assert!(matches!(run(&program("while :; do :; done", 0.3), "", 100).unwrap(), Run::TimedOut { .. }));
        let started = Instant::now();
        assert!(matches!(run(&program("sleep 30", 0.1), "", 100).unwrap(), Run::Idle { .. }));
        assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
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
        // The judge's limit is on resident memory: touched pages, not mapped ones.
        let resident = Program {
            memory_limit: Some(64 << 20),
            ..program("python3 -c 'x = bytearray(256 << 20); print(1)'", 20.0)
        };
        match run(&resident, "", 100).unwrap() {
            Run::MemoryExceeded { limit, peak, .. } => assert!(limit == 64 << 20 && peak > limit),
            other => panic!("{other:?}"),
        }
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
