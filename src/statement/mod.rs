//! Each catalog problem's statement, transcribed: where it was read (judge and problem), every
//! variable's range, the number of tests and any bound on a sum, the time and memory limits;
//! and a **validator** written from it, as a judge's validator is (testlib's `validator.cpp`):
//! token by token, every space and line end in its place, every number in its range.
//!
//! `grundy duel` holds every input it writes to the validator before a program sees it: an
//! input beyond the statement is no evidence against a program (a correct solution may assume
//! what the statement promises). The validators read the text alone and share no code with the
//! generators, the readers of `grundy problem` (which read further than the statements) or
//! the writers, so that a generator's mistake cannot hide behind the same mistake here.
//!
//! Where no statement could be found, the [`Statement`] says so and names whose limits stand
//! in for it.

mod candy;
mod coins;
mod coloring;
mod cutting;
mod dig;
mod fibonacci;
mod gems;
mod geography;
mod lock;
mod nullify;
mod pack;
mod prime;
mod steins;
mod stripes;
mod tokens;
mod validator;
mod wythoff;

pub use candy::CANDY;
pub use coins::COINS;
pub use coloring::COLORING;
pub use cutting::CUTTING;
pub use dig::DIG;
pub use fibonacci::FIBONACCI;
pub use gems::GEMS;
pub use geography::GEOGRAPHY;
pub use lock::LOCK;
pub use nullify::NULLIFY;
pub use pack::PACK;
pub use prime::PRIME;
pub use steins::STEINS;
pub use stripes::STRIPES;
pub use tokens::TOKENS;
pub use validator::{Invalid, Validator};
pub use wythoff::WYTHOFF;

use std::time::Duration;

/// Where a statement's facts come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// The statement itself (or a verbatim copy of it), read at this address.
    Statement {
        /// The judge and problem, e.g. `Codeforces 1451F`.
        problem: &'static str,
        /// Where it was read.
        url: &'static str,
    },
    /// A mirror's copy of the statement (another judge's, which may have changed the limits).
    Mirror {
        /// The original judge and problem.
        problem: &'static str,
        /// The mirror and where it was read.
        mirror: &'static str,
    },
    /// No statement was found: the limits are someone else's, named here.
    NotFound {
        /// The contest the problem is said to come from.
        problem: &'static str,
        /// Whose limits are used instead, and why.
        uses: &'static str,
    },
    /// No contest: grundy's own format and limits.
    Own,
}

/// One problem's statement, as far as its limits go.
#[derive(Debug, Clone, Copy)]
pub struct Statement {
    /// Where it comes from.
    pub source: Source,
    /// Every variable's range, the number of tests and any bound on a sum, in one line.
    pub constraints: &'static str,
    /// The time limit in milliseconds: CPU time, as the judge states it.
    pub time_ms: u32,
    /// The memory limit in KiB, as the judge states it (256 MB is 262144).
    pub memory_kib: u32,
    /// Where the time and memory limits come from, when not from `source`.
    pub limits_from: Option<&'static str>,
    /// The validator: `Ok` when the input is one the statement allows.
    pub validate: fn(&mut Validator<'_>) -> Result<(), Invalid>,
}

impl Statement {
    /// The time limit.
    pub fn time_limit(&self) -> Duration {
        Duration::from_millis(u64::from(self.time_ms))
    }

    /// The memory limit in bytes.
    pub fn memory_limit(&self) -> u64 {
        u64::from(self.memory_kib) * 1024
    }

    /// Whether `input` is one the statement allows; where not, the first place it is not.
    pub fn check(&self, input: &str) -> Result<(), Invalid> {
        let mut validator = Validator::new(input);
        (self.validate)(&mut validator)?;
        validator.end()
    }

    /// The source in a few words: `Codeforces 1451F`, `HDU 4778 (as mirrored by …)`, `no
    /// statement found: …`.
    pub fn source_words(&self) -> String {
        match self.source {
            Source::Statement { problem, .. } => problem.to_string(),
            Source::Mirror { problem, mirror } => format!("{problem}, as {mirror} gives it"),
            Source::NotFound { problem, uses } => format!("{problem}: no statement found; {uses}"),
            Source::Own => "grundy's own format and limits (no contest)".to_string(),
        }
    }

    /// The time and memory limits in words: `2 s, 256 MiB`, and where they come from when
    /// that is not the statement.
    pub fn limits_words(&self) -> String {
        let time = match self.time_ms % 1000 {
            0 => format!("{} s", self.time_ms / 1000),
            _ => format!("{} s", f64::from(self.time_ms) / 1000.0),
        };
        let memory = match self.memory_kib % 1024 {
            0 => format!("{} MiB", self.memory_kib / 1024),
            _ => format!("{} KiB", self.memory_kib),
        };
        match self.limits_from {
            Some(from) => format!("{time}, {memory} ({from})"),
            None => format!("{time}, {memory}"),
        }
    }
}

/// Limits grundy uses where a statement gives none: a duel's old default time, and the most
/// common memory limit of contests.
pub const DEFAULT_TIME_MS: u32 = 2000;
/// 256 MiB.
pub const DEFAULT_MEMORY_KIB: u32 = 256 * 1024;
