//! `grundy bench --octal CODE --upto N`: a long table of an octal game ([`LongTable`], bounded as
//! `table --summary` keeps it) timed, and, where Beling's `ogsolve` is on the PATH, the same work
//! by its RC2 method timed right after, with the ratios. Its answer for the last heap is compared with grundy's: a difference is reported,
//! never hidden.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use grundy_fast::Unsupported;
use grundy_fast::long_table::LongTable;
use grundy_fast::sparse::Effort;
use serde::Serialize;

/// Why `bench --octal` has no time for grundy.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    /// The table did not reach its last heap within the budget.
    #[error(
        "bench: {game} reached heap {reached} of {upto} within the budget of {seconds:.0} s; give it more with --budget"
    )]
    OutOfTime {
        /// The game, `octal:0.…`.
        game: String,
        /// How far the table got.
        reached: u64,
        /// The last heap asked for.
        upto: u64,
        /// The budget.
        seconds: f64,
    },
    /// The fast side has no long table of the game.
    #[error(transparent)]
    Unsupported(#[from] Unsupported),
}

/// Why ogsolve gave no time (the report says so beside grundy's).
#[derive(Debug, thiserror::Error)]
enum NoTime {
    #[error("it did not start: {0}")]
    NotStarted(std::io::Error),
    #[error("it gave no output")]
    NoOutput,
    #[error("waiting for it failed: {0}")]
    Wait(std::io::Error),
    #[error("it ran past the budget of {0:.0} s and was stopped")]
    PastBudget(f64),
    #[error("it exited with {0}")]
    Exited(std::process::ExitStatus),
}

/// Most bytes kept of what ogsolve prints (it prints a few lines).
const MOST_OUTPUT: usize = 1 << 16;

/// One side's run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Run {
    /// Wall seconds.
    pub wall: f64,
    /// CPU seconds (user and system) of the run, where measured.
    pub cpu: Option<f64>,
    /// The value of the last heap.
    pub last_value: Option<u32>,
}

/// What `bench --octal` measured.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OctalBench {
    /// The game, `octal:0.…`.
    pub game: String,
    /// The last heap.
    pub upto: u64,
    /// grundy's worker threads.
    pub threads: usize,
    /// grundy's long table.
    pub grundy: Run,
    /// Bytes grundy's table takes.
    pub table_bytes: usize,
    /// ogsolve's run, when it ran.
    pub ogsolve: Option<Run>,
    /// Where ogsolve is, or why it did not run.
    pub ogsolve_note: String,
}

impl OctalBench {
    /// ogsolve's wall time over grundy's.
    pub fn wall_ratio(&self) -> Option<f64> {
        self.ogsolve.as_ref().map(|o| o.wall / self.grundy.wall)
    }

    /// ogsolve's CPU time over grundy's (every thread of grundy counted, waiting included).
    pub fn cpu_ratio(&self) -> Option<f64> {
        let ogsolve = self.ogsolve.as_ref()?;
        Some(ogsolve.cpu.unwrap_or(ogsolve.wall) / self.grundy.cpu?)
    }
}

/// Times `digits` to heap `upto` on grundy (on `threads` threads), then on ogsolve if it is on
/// the PATH, each within `budget`.
pub fn bench(digits: &[u8], upto: u64, budget: Duration, threads: usize) -> Result<OctalBench, BenchError> {
    let game = format!("octal:0.{}", grundy_fast::long_table::code(digits));
    let (cpu_before, started) = (cpu_seconds(), Instant::now());
    // The bounded table `table --summary` keeps (its first and newest heaps, its rare heaps).
    let mut table = LongTable::bounded(digits, grundy_fast::long_table::FIRST, grundy_fast::long_table::RING)?;
    table.reserve(upto);
    match table.extend(upto, Effort { threads, deadline: Some(started + budget) }) {
        Ok(()) => {}
        Err(Unsupported::OutOfTime { reached, .. }) => {
            return Err(BenchError::OutOfTime { game, reached, upto, seconds: budget.as_secs_f64() });
        }
        Err(other) => return Err(other.into()),
    }
    let wall = started.elapsed().as_secs_f64();
    let cpu = cpu_seconds().zip(cpu_before).map(|(after, before)| after - before);
    let grundy = Run { wall, cpu, last_value: Some(table.value(upto)) };
    let (ogsolve, ogsolve_note) = match find_on_path("ogsolve") {
        None => (None, "ogsolve is not on the PATH: install Beling's ogsolve to time it side by side".to_string()),
        Some(path) => match run_ogsolve(&path, digits, upto, budget) {
            Ok(run) => (Some(run), format!("{} (method RC2, one thread)", path.display())),
            Err(why) => (None, format!("{} did not give a time: {why}", path.display())),
        },
    };
    Ok(OctalBench { game, upto, threads, grundy, table_bytes: table.bytes(), ogsolve, ogsolve_note })
}

/// The report, as text.
pub fn text(bench: &OctalBench) -> String {
    let value = |run: &Run| run.last_value.map_or("?".to_string(), |v| v.to_string());
    let cpu = bench.grundy.cpu.map_or(String::new(), |cpu| format!(", {cpu:.2} s CPU"));
    let mut out = format!(
        "{} to {}: grundy {:.2} s wall on {} thread{}{cpu}, table {}; G({}) = {}\n",
        bench.game,
        bench.upto,
        bench.grundy.wall,
        bench.threads,
        if bench.threads == 1 { "" } else { "s" },
        grundy_oracle::engine::human_bytes(bench.table_bytes),
        bench.upto,
        value(&bench.grundy)
    );
    match &bench.ogsolve {
        None => out.push_str(&format!("  ogsolve: {}\n", bench.ogsolve_note)),
        Some(run) => {
            let cpu = run.cpu.map_or(String::new(), |cpu| format!(", {cpu:.2} s CPU"));
            out.push_str(&format!(
                "  ogsolve {}: {:.2} s wall{cpu}; G({}) = {}\n",
                bench.ogsolve_note,
                run.wall,
                bench.upto,
                value(run)
            ));
            // Speeds, so that more is better and the numbers read the same way round: ogsolve's
            // time over grundy's.
            let per_core = bench.cpu_ratio().map_or(String::new(), |r| format!(", {r:.2}× per core (by CPU time)"));
            out.push_str(&format!(
                "  grundy runs at {:.2}× ogsolve's speed by wall time (ogsolve {:.2} s / grundy {:.2} s){per_core}\n",
                bench.wall_ratio().unwrap_or(0.0),
                run.wall,
                bench.grundy.wall
            ));
            if run.last_value.is_some() && run.last_value != bench.grundy.last_value {
                out.push_str(&format!("  the two disagree on G({}): look into it\n", bench.upto));
            }
        }
    }
    out
}

/// The first executable file named `name` in the directories of PATH.
fn find_on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|dir| dir.join(name)).find(|file| is_executable(file))
}

fn is_executable(file: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    file.metadata().is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// Runs `ogsolve 0.CODE -m rc2 -n N` within `budget` and reads its last value from
/// `nimber of N: V`; the times are grundy's own measure of the child's wall time and the CPU
/// time the system accounts to it.
fn run_ogsolve(path: &Path, digits: &[u8], upto: u64, budget: Duration) -> Result<Run, NoTime> {
    let code = format!("0.{}", grundy_fast::long_table::code(digits));
    let children_before = children_cpu_seconds();
    let started = Instant::now();
    let mut child = Command::new(path)
        .args([code.as_str(), "-m", "rc2", "-n", &upto.to_string()])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(NoTime::NotStarted)?;
    let mut stdout = child.stdout.take().ok_or(NoTime::NoOutput)?;
    let reader = std::thread::spawn(move || {
        let mut kept = Vec::new();
        let _ = (&mut stdout).take(MOST_OUTPUT as u64).read_to_end(&mut kept);
        // Whatever is past the limit is read and dropped, so that the child never blocks.
        let _ = std::io::copy(&mut stdout, &mut std::io::sink());
        kept
    });
    let status = loop {
        if let Some(status) = child.try_wait().map_err(NoTime::Wait)? {
            break status;
        }
        if started.elapsed() > budget {
            let _ = child.kill();
            let _ = child.wait();
            return Err(NoTime::PastBudget(budget.as_secs_f64()));
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let wall = started.elapsed().as_secs_f64();
    // ogsolve's own CPU time (it is the only child waited for meanwhile): on a loaded machine its
    // wall time is not its work.
    let cpu = children_cpu_seconds().zip(children_before).map(|(after, before)| after - before);
    let output = String::from_utf8_lossy(&reader.join().unwrap_or_default()).to_string();
    if !status.success() {
        return Err(NoTime::Exited(status));
    }
    let marker = format!("nimber of {upto}:");
    let last_value = output
        .lines()
        .find_map(|line| line.trim().strip_prefix(&marker))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|value| value.parse().ok());
    Ok(Run { wall, cpu, last_value })
}

/// CPU seconds this process has used (user and system), where the platform says.
fn cpu_seconds() -> Option<f64> {
    rusage_seconds(libc::RUSAGE_SELF)
}

/// CPU seconds of this process's children that have ended and been waited for.
fn children_cpu_seconds() -> Option<f64> {
    rusage_seconds(libc::RUSAGE_CHILDREN)
}

/// User and system seconds `getrusage(who)` reports.
fn rusage_seconds(who: libc::c_int) -> Option<f64> {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::uninit();
    // SAFETY: getrusage writes a whole rusage into the pointer it is given, and returns 0 then.
    let usage = unsafe {
        if libc::getrusage(who, usage.as_mut_ptr()) != 0 {
            return None;
        }
        usage.assume_init()
    };
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    Some(seconds(usage.ru_utime) + seconds(usage.ru_stime))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ratio reads the right way round: grundy in 0.27 s where ogsolve took 0.95 s is 3.52×
    /// ogsolve's speed, not 3.52× its time.
    #[test]
    fn the_ratio_is_a_speed() {
        let bench = OctalBench {
            game: "octal:0.6".to_string(),
            upto: 3_000_000,
            threads: 2,
            grundy: Run { wall: 0.27, cpu: Some(0.5), last_value: Some(7) },
            table_bytes: 1 << 20,
            ogsolve: Some(Run { wall: 0.95, cpu: None, last_value: Some(7) }),
            ogsolve_note: "ogsolve (method RC2, one thread)".to_string(),
        };
        let text = text(&bench);
        assert!(
            text.contains(
                "grundy runs at 3.52× ogsolve's speed by wall time (ogsolve 0.95 s / grundy 0.27 s), 1.90× per core"
            ),
            "{text}"
        );
        assert!(!text.contains("disagree"), "{text}");
    }
}
