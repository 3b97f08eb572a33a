//! What an engine may spend and what it spent: the limits on its work ([`Budget`]), the error
//! that names the limit it reached or what else stopped it ([`OracleError`]), and the size of
//! what it explored ([`Stats`]). The box mode ([`crate::boxed`]) and the search of loopy games
//! ([`crate::explore`]) answer to the same budget.

/// Limits on one engine's work. Beyond any, the engine stops with an [`OracleError`] naming it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Most distinct positions kept.
    pub max_states: usize,
    /// Most moves generated, over all positions.
    pub max_moves: usize,
    /// Most bytes held.
    pub max_bytes: usize,
    /// When to stop (`--time`), if at all.
    pub deadline: Option<std::time::Instant>,
}

impl Budget {
    /// The default budget with another memory limit.
    pub fn with_bytes(max_bytes: usize) -> Budget {
        Budget { max_bytes, ..Budget::default() }
    }

    /// Whether the deadline has passed (checked by the engines every few thousand positions).
    pub fn out_of_time(&self) -> bool {
        self.deadline.is_some_and(|deadline| std::time::Instant::now() >= deadline)
    }
}

impl Default for Budget {
    /// 200 million positions, a billion moves, and half of this machine's memory.
    fn default() -> Self {
        Budget { max_states: 200_000_000, max_moves: 1_000_000_000, max_bytes: default_memory(), deadline: None }
    }
}

/// Half of the memory this process may have: the least of the machine's physical memory
/// (`/proc/meminfo`), the process's address-space limit (`ulimit -v`, from `/proc/self/limits`)
/// and its control group's limit (`/sys/fs/cgroup/memory.max`); 4 GiB when none can be read.
pub fn default_memory() -> usize {
    static MEMORY: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *MEMORY.get_or_init(|| {
        let read = |path: &str| std::fs::read_to_string(path).ok();
        let physical = read("/proc/meminfo").and_then(|text| {
            let line = text.lines().find(|line| line.starts_with("MemTotal:"))?;
            let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
            kib.checked_mul(1024)
        });
        let address_space = read("/proc/self/limits").and_then(|text| {
            let line = text.lines().find(|line| line.starts_with("Max address space"))?;
            line.trim_start_matches("Max address space").split_whitespace().next()?.parse::<usize>().ok()
        });
        let control_group = read("/sys/fs/cgroup/memory.max").and_then(|text| text.trim().parse::<usize>().ok());
        // Address space holds more than the memory used (thread stacks, allocator reservations):
        // a quarter of it, against half of real memory.
        let address_space = address_space.map(|bytes| bytes / 2);
        [physical, address_space, control_group].into_iter().flatten().min().map_or(4 << 30, |bytes| bytes / 2)
    })
}

/// Why the oracle could not answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OracleError {
    /// More distinct positions than [`Budget::max_states`].
    #[error("the oracle's state budget ({max_states} positions, --max-states) was exceeded")]
    StatesExceeded {
        /// The budget.
        max_states: usize,
    },
    /// More moves than [`Budget::max_moves`].
    #[error("the oracle's move budget ({max_moves} moves, --max-moves) was exceeded")]
    MovesExceeded {
        /// The budget.
        max_moves: usize,
    },
    /// More bytes than [`Budget::max_bytes`].
    #[error("the oracle's memory budget ({}, its share of --max-memory) was exceeded", human_bytes(*max_bytes))]
    MemoryExceeded {
        /// The budget.
        max_bytes: usize,
    },
    /// This game lies beyond what the oracle can play (say, geography on more than 64 vertices).
    #[error("the oracle cannot play this: {0}")]
    Beyond(String),
    /// The deadline passed.
    #[error("the oracle's time budget (--time) ran out")]
    TimeExceeded,
    /// The rules themselves failed on a position (a scripted rule that threw, or returned what
    /// is not a position): what failed and where.
    #[error("{0}")]
    Rules(String),
    /// A position can be reached again from itself.
    #[error("the game is loopy: the position {position} can be reached again from itself (cycle of {length} moves)")]
    Loopy {
        /// A position on the cycle.
        position: String,
        /// The number of moves on the cycle found.
        length: usize,
    },
}

/// A number of bytes in words: `512 MiB`, `1.5 GiB`.
pub fn human_bytes(bytes: usize) -> String {
    let units = [(1usize << 40, "TiB"), (1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")];
    match units.iter().find(|&&(unit, _)| bytes >= unit) {
        Some(&(unit, name)) if bytes.is_multiple_of(unit) => format!("{} {name}", bytes / unit),
        Some(&(unit, name)) => format!("{:.1} {name}", bytes as f64 / unit as f64),
        None => format!("{bytes} bytes"),
    }
}

/// Size of the explored graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stats {
    /// Distinct positions kept.
    pub positions: usize,
    /// Moves generated.
    pub generated: usize,
    /// Bytes held by the engine.
    pub bytes: usize,
}

/// What several engines hold together.
impl std::iter::Sum for Stats {
    fn sum<I: Iterator<Item = Stats>>(all: I) -> Stats {
        all.fold(Stats { positions: 0, generated: 0, bytes: 0 }, |total, stats| Stats {
            positions: total.positions + stats.positions,
            generated: total.generated + stats.generated,
            bytes: total.bytes + stats.bytes,
        })
    }
}

impl Stats {
    /// Bytes held per position.
    pub fn bytes_per_position(&self) -> f64 {
        self.bytes as f64 / self.positions.max(1) as f64
    }
}
