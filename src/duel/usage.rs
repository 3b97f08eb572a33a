//! What a program under test uses, measured as a judge measures it: the CPU time of its whole
//! process tree, and its resident memory.
//!
//! How it is read (Linux):
//! - **While it runs**, every process of its process group (the program is started as a group
//!   leader, and what it starts stays in the group unless it leaves on purpose) is read from
//!   `/proc/PID/stat`: user and system time, and the user and system time of the children it
//!   has waited for. Their sum is the tree's CPU time so far. Each one's memory is read from
//!   `/proc/PID/statm`: its resident pages less those shared with files (its code, its
//!   libraries), that is, the memory it allocated — what a contest's memory limit is about,
//!   and not the size of an interpreter's or a runtime's mapped files. The largest of one process
//!   is the memory figure. Samples are taken every 10 ms for the first second, then every 25 ms;
//!   a run is stopped once its CPU time passes its limit or its memory its limit. (A peak shorter
//!   than that may go unseen, where a judge's cgroup would count it.)
//! - **When it has exited**, `wait4`'s resource usage of the group leader (`sh`) counts the CPU
//!   time of every descendant it and they have waited for. The verdict takes the larger of that
//!   and the last sample.
//!
//! CPU time, not wall time, is what a judge limits: a machine busy with other work slows a
//! program's wall clock, not its CPU time. Wall time is only a backstop, for a program that
//! waits instead of working.

use std::time::Duration;

use serde::Serialize;

/// What one run used.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct Usage {
    /// CPU seconds (user and system) of the program's process tree.
    pub cpu_seconds: f64,
    /// Wall-clock seconds from start to exit.
    pub wall_seconds: f64,
    /// Peak memory, in bytes: the largest sample of one process's resident pages not shared
    /// with files (what it allocated).
    pub peak_bytes: u64,
}

impl Usage {
    /// The larger of each figure.
    pub fn max(self, other: Usage) -> Usage {
        Usage {
            cpu_seconds: self.cpu_seconds.max(other.cpu_seconds),
            wall_seconds: self.wall_seconds.max(other.wall_seconds),
            peak_bytes: self.peak_bytes.max(other.peak_bytes),
        }
    }

    /// In words: `0.42 s CPU, 0.50 s wall, 12.3 MiB`.
    pub fn words(&self) -> String {
        format!("{:.2} s CPU, {:.2} s wall, {}", self.cpu_seconds, self.wall_seconds, mebibytes(self.peak_bytes))
    }
}

/// Bytes in mebibytes, as judges state memory limits: `12.3 MiB`.
pub fn mebibytes(bytes: u64) -> String {
    format!("{:.1} MiB", bytes as f64 / f64::from(1u32 << 20))
}

/// The CPU time of the live processes of process group `group` (their own and their waited-for
/// children's), and the largest memory one of them holds (resident pages not shared with
/// files), read from `/proc`; `None` where `/proc` cannot be read (then only the wall clock
/// limits a run).
pub fn group_sample(group: i32) -> Option<(Duration, u64)> {
    #[cfg(target_os = "linux")]
    {
        let (ticks, page) = machine();
        let mut cpu_ticks = 0u64;
        let mut most_pages = 0u64;
        for entry in std::fs::read_dir("/proc").ok()?.flatten() {
            let name = entry.file_name();
            let Some(pid) = name.to_str().filter(|name| name.bytes().all(|b| b.is_ascii_digit())) else { continue };
            let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else { continue };
            let Some((true, cpu)) = parse_stat(&stat, group) else { continue };
            cpu_ticks += cpu;
            if let Some(pages) = std::fs::read_to_string(format!("/proc/{pid}/statm")).ok().and_then(|m| allocated(&m))
            {
                most_pages = most_pages.max(pages);
            }
        }
        Some((Duration::from_secs_f64(cpu_ticks as f64 / ticks as f64), most_pages.saturating_mul(page)))
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = group;
        None
    }
}

/// Clock ticks a second and bytes a page.
#[cfg(target_os = "linux")]
fn machine() -> (u64, u64) {
    // SAFETY: sysconf only reads configuration values.
    let (ticks, page) = unsafe { (libc::sysconf(libc::_SC_CLK_TCK), libc::sysconf(libc::_SC_PAGESIZE)) };
    (
        u64::try_from(ticks).ok().filter(|&t| t > 0).unwrap_or(100),
        u64::try_from(page).ok().filter(|&p| p > 0).unwrap_or(4096),
    )
}

/// From one `/proc/PID/stat` line: whether the process is in `group`, and its CPU ticks (its
/// own and its waited-for children's, user and system). The command name (field 2) may hold
/// spaces and parentheses: the fields are read after its last `)`.
fn parse_stat(stat: &str, group: i32) -> Option<(bool, u64)> {
    let rest = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // Fields from 3 on (state is 3): pgrp 5, utime 14, stime 15, cutime 16, cstime 17.
    let field = |n: usize| fields.get(n - 3).and_then(|value| value.parse::<i64>().ok());
    let in_group = field(5)? == i64::from(group);
    let cpu = [14, 15, 16, 17].iter().map(|&n| field(n).map(|t| t.max(0) as u64)).sum::<Option<u64>>()?;
    Some((in_group, cpu))
}

/// From one `/proc/PID/statm` line: the resident pages not shared with files (resident less
/// shared), what the process allocated.
fn allocated(statm: &str) -> Option<u64> {
    let mut fields = statm.split_whitespace().skip(1).map(|field| field.parse::<u64>().ok());
    let (resident, shared) = (fields.next()??, fields.next()??);
    Some(resident.saturating_sub(shared))
}

/// The CPU time (user and system) in a resource usage (`wait4`'s of an exited child counts
/// the descendants it waited for).
#[cfg(unix)]
pub fn cpu_of(usage: &libc::rusage) -> Duration {
    let time = |t: libc::timeval| Duration::new(t.tv_sec.max(0) as u64, (t.tv_usec.max(0) as u32) * 1000);
    time(usage.ru_utime) + time(usage.ru_stime)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stat_lines_are_read_after_the_command_name() {
        // A command name with a space and a parenthesis; pgrp 77, times 10+5+3+2.
        let line = "123 (a (b) c) R 1 77 77 0 -1 0 0 0 0 0 10 5 3 2 20 0 1 0 100 4096 300 0";
        assert_eq!(parse_stat(line, 77), Some((true, 20)));
        assert_eq!(parse_stat(line, 78), Some((false, 20)));
        assert_eq!(parse_stat("garbage", 1), None);
        assert_eq!(allocated("4000 1200 1000 20 0 300 0"), Some(200));
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_group_of_this_process_is_measured() {
        // SAFETY: getpgrp only reads this process's group.
        let group = unsafe { libc::getpgrp() };
        let (_, allocated) = group_sample(group).expect("/proc is readable");
        assert!(allocated > 0);
    }
}
