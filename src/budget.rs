//! The run's budget: one value, built once from the command line (`--time`, `--max-memory`)
//! and carried by the plan to everything that can grow — each oracle, each fast solver's tables,
//! each script engine, each child process. Nothing reads a budget from a global: a command that
//! did not get one cannot spend one.
//!
//! Each engine keeps its limits in its own configuration ([`grundy_oracle::Budget`], the fast
//! side's tables); this value is what they are made from, so that `--time` and `--max-memory`
//! mean the same on every command and path.

use std::time::{Duration, Instant};

/// What one run may spend.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// When everything stops (`--time`), if ever: a hard limit.
    pub deadline: Option<Instant>,
    /// Most bytes the run's searches may hold together (`--max-memory`).
    pub max_bytes: usize,
}

impl Default for Budget {
    /// Half of this machine's memory ([`grundy_oracle::default_memory`]) and no deadline.
    fn default() -> Budget {
        Budget { deadline: None, max_bytes: grundy_oracle::default_memory() }
    }
}

impl Budget {
    /// `max_bytes` in all and no deadline.
    pub fn with_bytes(max_bytes: usize) -> Budget {
        Budget { deadline: None, max_bytes }
    }

    /// This budget stopping `seconds` from now (none: as it is).
    pub fn for_seconds(self, seconds: Option<f64>) -> Budget {
        match seconds {
            Some(seconds) => self.until(Instant::now().checked_add(Duration::from_secs_f64(seconds.max(0.0)))),
            None => self,
        }
    }

    /// This budget stopping at `deadline` too (the earlier of the two).
    pub fn until(self, deadline: Option<Instant>) -> Budget {
        let deadline = match (self.deadline, deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Budget { deadline, ..self }
    }

    /// Whether the deadline has passed, or Ctrl-C asked everything to stop.
    pub fn expired(&self) -> bool {
        crate::interrupt::past(self.deadline)
    }

    /// The time left, if there is a deadline.
    pub fn left(&self) -> Option<Duration> {
        self.deadline.map(|deadline| deadline.saturating_duration_since(Instant::now()))
    }

    /// The same budget with half the memory: what a scripted game's searches get, beside the
    /// script's own values.
    pub fn halved(&self) -> Budget {
        Budget { max_bytes: self.max_bytes / 2, ..*self }
    }

    /// The memory as people read it (`12.0G`).
    pub fn memory_words(&self) -> String {
        grundy_oracle::engine::human_bytes(self.max_bytes)
    }

    /// One oracle's budget: its share of the memory (one oracle at a time on each core, as
    /// `grundy check` runs them) and the deadline; the engine's own limits on positions and moves.
    pub fn oracle(&self) -> grundy_oracle::Budget {
        let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
        grundy_oracle::Budget { deadline: self.deadline, ..grundy_oracle::Budget::with_bytes(self.max_bytes / workers) }
    }

    /// The budget of the one search a command runs alone: all the memory and the deadline.
    pub fn oracle_alone(&self) -> grundy_oracle::Budget {
        grundy_oracle::Budget { deadline: self.deadline, ..grundy_oracle::Budget::with_bytes(self.max_bytes) }
    }
}

/// This process's resident memory, in bytes (Linux: `/proc/self/statm`); `None` where it
/// cannot be read. What `grundy duel` holds against `--max-memory` while it shrinks.
pub fn resident_bytes() -> Option<usize> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: usize = statm.split_whitespace().nth(1)?.parse().ok()?;
    // SAFETY: sysconf only reads a configuration value.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    pages.checked_mul(usize::try_from(page).ok().filter(|&page| page > 0)?)
}

/// The memory of a duel when `--max-memory` is not given: 4 GiB for the program under test
/// (its address space) and, apart, 4 GiB for grundy's own (its resident set, held while it
/// shrinks); together a third of this 24 GiB machine, where the global default (half the
/// machine) would let the two reach all of it.
pub const DUEL_MEMORY: usize = 4 << 30;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_earlier_deadline_holds() {
        let now = Instant::now();
        let later = now + Duration::from_secs(10);
        let budget = Budget::with_bytes(1 << 30).until(Some(later)).until(Some(now));
        assert_eq!(budget.deadline, Some(now));
        assert_eq!(budget.until(None).deadline, Some(now));
        assert!(budget.expired());
        assert!(!Budget::with_bytes(1 << 30).expired());
    }

    #[test]
    fn an_oracle_gets_a_share_of_the_memory_and_the_deadline() {
        let deadline = Some(Instant::now() + Duration::from_secs(5));
        let budget = Budget { deadline, max_bytes: 8 << 30 };
        let oracle = budget.oracle();
        assert_eq!(oracle.deadline, deadline);
        assert!(oracle.max_bytes <= 8 << 30 && oracle.max_bytes >= (8 << 30) / 1024);
        assert_eq!(budget.oracle_alone().max_bytes, 8 << 30);
    }
}
