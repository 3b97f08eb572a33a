//! Game Pack's contest format (Xmas Contest 2024): `A B C D T`, then `T` lines `n x1 … xn`;
//! one line `Black` (the first player wins) or `White` per game.
//!
//! Built for bulk input: a file on standard input is mapped, not copied; numbers are parsed eight
//! bytes at a time, a batch of plates (or of one-plate games) before their table look-ups, which
//! are compiled for the rule set's combination ([`Fold`]). A long input is answered while it is
//! read, on two threads, with no plate kept: the tables are sized by its first lines (see
//! [`solve_to`]). Otherwise — a short input, a pipe (read a megabyte at a time), or a long input
//! the quick way cannot vouch for — every plate is kept and the tables are built once, up to the
//! largest plate.
//!
//! * `scan`: tokens, and numbers eight bytes at a time, each error naming its line and token.
//! * `reader`: the format, read a piece at a time: every plate kept ([`PackInput`]), or each
//!   game answered as it ends.
//! * `stream`: a long input answered while it is read, on two threads.
//!
//! [`Fold`]: grundy_fast::Fold

mod reader;
mod scan;
mod stream;

use std::io::Write;

use crate::budget::Budget;
use grundy_fast::PileSolver;
use grundy_rules::RuleSet;

use self::reader::PackReader;
pub use self::reader::{PackInput, Plates};
use self::stream::{stream, write_wins};

/// A malformed or unsupported pack input, in one line naming the line and token.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("pack input line {line}, token {token}: {message}")]
pub struct PackError {
    /// 1-based input line.
    pub line: usize,
    /// 1-based token number within that line.
    pub token: usize,
    /// What is wrong.
    pub message: String,
}

/// Reads a whole pack input held in memory.
pub fn parse(input: &[u8]) -> Result<PackInput, PackError> {
    let mut reader = PackReader::default();
    reader.feed(input)?;
    reader.finish()
}

/// Why a pack input could not be answered, in one line.
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    /// The input is malformed: where and what.
    #[error(transparent)]
    Input(#[from] PackError),
    /// The input's plates would not fit in the memory budget.
    #[error(
        "pack input: more than {most} bytes, whose plates would not fit in the memory budget (--max-memory {budget})"
    )]
    OverBudget {
        /// Most bytes of input kept.
        most: u64,
        /// The budget, as `--max-memory` takes it.
        budget: String,
    },
    /// A token longer than any number.
    #[error("pack input: a token of more than {MOST_TOKEN} bytes from byte {at}, where a number has at most 20 digits")]
    LongToken {
        /// Byte offset where the token starts, or before it.
        at: u64,
    },
    /// The fast side declines the rule set.
    #[error("pack rule set {rules}: {cause}")]
    Rules {
        /// The rule set, as the input states it.
        rules: RuleSet,
        /// Why.
        cause: grundy_fast::Unsupported,
    },
    /// The fast side declines one game.
    #[error("pack game {game}: {cause}")]
    Game {
        /// 1-based game number.
        game: usize,
        /// Why.
        cause: grundy_fast::Unsupported,
    },
    /// Reading the input or writing the answers failed.
    #[error("{what}: {cause}")]
    Io {
        /// What was being read or written.
        what: &'static str,
        /// Why it failed.
        cause: std::io::Error,
    },
}

/// Reads a pack input from a stream, a megabyte at a time, keeping what `budget` holds.
pub fn read(mut source: impl std::io::Read, budget: &Budget) -> Result<PackInput, SolveError> {
    let mut reader = PackReader::default();
    let mut buffer = vec![0u8; 1 << 20];
    let mut filled = 0;
    let mut consumed = 0u64;
    let most = most_kept_bytes(budget);
    loop {
        let read = match source.read(&mut buffer[filled..]) {
            Ok(read) => read,
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(cause) => return Err(SolveError::Io { what: "reading the pack input", cause }),
        };
        let scanned = filled;
        filled += read;
        if consumed + filled as u64 > most {
            return Err(over_budget(budget));
        }
        if read == 0 {
            reader.feed(&buffer[..filled])?;
            return Ok(reader.finish()?);
        }
        // Feed up to the last white space; keep the unfinished token for the next piece. Only
        // the new bytes are scanned (the kept ones hold no white space), so a long token costs
        // linear time, and one longer than any number stops the read.
        match buffer[scanned..filled].iter().rposition(u8::is_ascii_whitespace) {
            Some(at) => {
                let cut = scanned + at;
                reader.feed(&buffer[..=cut])?;
                buffer.copy_within(cut + 1..filled, 0);
                filled -= cut + 1;
                consumed += cut as u64 + 1;
            }
            None if filled > MOST_TOKEN => return Err(SolveError::LongToken { at: consumed }),
            None => {}
        }
    }
}

/// Most bytes of input whose plates are kept: each plate takes at least two bytes of input and
/// at most four of memory (or eight, when its ten or more digits take eleven), each game at
/// least four bytes and eight of memory; so what is kept is under four times the input, which
/// must fit in the memory budget (`--max-memory`).
fn most_kept_bytes(budget: &Budget) -> u64 {
    budget.max_bytes as u64 / 4
}

fn over_budget(budget: &Budget) -> SolveError {
    SolveError::OverBudget { most: most_kept_bytes(budget), budget: budget.memory_words() }
}

/// Longest unfinished token [`read`] keeps: longer than any number, by far.
const MOST_TOKEN: usize = 1 << 16;

/// Answers the pack input on standard input into `out`: mapped into memory when it is a file
/// (and then, when long, read and answered on two threads), read a piece at a time otherwise.
pub fn solve_stdin(out: &mut impl Write, budget: &Budget) -> Result<(), SolveError> {
    match map_stdin() {
        Some(map) => solve_to(&map, out, budget),
        None => {
            let lines = answer(&read(std::io::stdin().lock(), budget)?)?;
            out.write_all(&lines).map_err(|cause| SolveError::Io { what: "writing the answers", cause })
        }
    }
}

/// The rest of standard input (from its current offset) mapped into memory, when it is a
/// regular file with something left to read. Pages are mapped as the readers reach them (each
/// fault maps its neighbours too), which costs less than mapping them all up front.
#[cfg(unix)]
fn map_stdin() -> Option<memmap2::Mmap> {
    use std::io::Seek;
    use std::os::fd::AsFd;
    let mut file = std::fs::File::from(std::io::stdin().as_fd().try_clone_to_owned().ok()?);
    let metadata = file.metadata().ok()?;
    let start = file.stream_position().ok()?;
    if !metadata.is_file() || metadata.len() <= start {
        return None;
    }
    // SAFETY: the map is only ever read, and every byte is validated as untrusted input, so
    // contents changing underneath cannot break an invariant; a file truncated by another
    // process while it is read is the one hazard (SIGBUS), as with every reader that maps files.
    unsafe { memmap2::MmapOptions::new().offset(start).map(&file) }.ok()
}

#[cfg(not(unix))]
fn map_stdin() -> Option<memmap2::Mmap> {
    None
}

/// Solves a pack input held in memory: one `Black` / `White` line per game.
pub fn solve(input: &[u8], budget: &Budget) -> Result<Vec<u8>, SolveError> {
    let mut out = Vec::new();
    solve_to(input, &mut out, budget)?;
    Ok(out)
}

/// Solves a pack input held in memory into `out`.
///
/// A long input is answered as it is read, with no plate kept: its first lines (at least
/// 128 KiB) are read and kept, which gives the largest plate so far; the solver's tables
/// are built to 1/32 beyond it; then the rest is cut into chunks of about 256 KiB at line
/// starts, which two threads claim and answer, each chunk read as if a game started there. That
/// is checked afterwards; when anything does not hold (a game spanning lines across a cut, a plate
/// beyond the tables, a malformed input, a game the solver declines), the input is read again
/// from the start the exact way: every plate kept, tables up to the largest one, and the first
/// error named by line and token.
pub fn solve_to(input: &[u8], out: &mut impl Write, budget: &Budget) -> Result<(), SolveError> {
    match stream(input) {
        Some(parts) => write_wins(&parts, out),
        None if input.len() as u64 > most_kept_bytes(budget) => return Err(over_budget(budget)),
        None => out.write_all(&answer(&parse(input)?)?),
    }
    .map_err(|cause| SolveError::Io { what: "writing the answers", cause })
}

/// The `Black` / `White` lines of a parsed input.
pub fn answer(input: &PackInput) -> Result<Vec<u8>, SolveError> {
    let solver = solver_for(&input.rules, input.plates.largest(), input.plates.len() as u64)
        .map_err(|cause| SolveError::Rules { rules: input.rules.clone(), cause })?;
    match &input.plates {
        Plates::Narrow(plates) => answer_games(&solver, 0, &input.ends, plates),
        Plates::Wide(plates) => answer_games(&solver, 0, &input.ends, plates),
    }
}

/// The solver for plates up to `largest`, about `plates` of them: when they are many, a look-up
/// per plate is cheaper than a closed form per plate, so closed forms become tables.
fn solver_for(rules: &RuleSet, largest: u64, plates: u64) -> Result<PileSolver, grundy_fast::Unsupported> {
    let mut solver = PileSolver::new(rules, largest)?;
    if plates >= largest {
        solver.tabulate(largest);
    }
    Ok(solver)
}

/// The lines of games `first_game + 1, …` (numbered for errors), whose plates end at `ends`.
fn answer_games<T: Copy + Into<u64>>(
    solver: &PileSolver,
    first_game: usize,
    ends: &[usize],
    plates: &[T],
) -> Result<Vec<u8>, SolveError> {
    let mut output = Vec::with_capacity(ends.len() * 6);
    let mut start = 0;
    for (game, &end) in ends.iter().enumerate() {
        let first_wins = solver
            .first_wins(plates[start..end].iter().map(|&x| x.into()))
            .map_err(|cause| SolveError::Game { game: first_game + game + 1, cause })?;
        output.extend_from_slice(if first_wins { b"Black\n" } else { b"White\n" });
        start = end;
    }
    Ok(output)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`super::solve`] within the default budget.
    fn solve(input: &[u8]) -> Result<Vec<u8>, SolveError> {
        super::solve(input, &Budget::default())
    }

    /// [`super::read`] within the default budget.
    fn read(source: impl std::io::Read) -> Result<PackInput, SolveError> {
        super::read(source, &Budget::default())
    }
    #[test]
    fn the_sample() {
        assert_eq!(solve(b"0 0 0 0 2\n2 1 1\n3 1 2 3\n").unwrap(), b"White\nWhite\n");
    }

    #[test]
    fn pieces_of_any_size_read_the_same() {
        let text = b"1 0 0 1 3\n2 5 17\n1 4\n3 1 2 3\n";
        /// A stream that hands out at most `.1` bytes per read.
        struct Trickle<'a>(&'a [u8], usize);
        impl std::io::Read for Trickle<'_> {
            fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
                let n = self.1.min(self.0.len()).min(buffer.len());
                buffer[..n].copy_from_slice(&self.0[..n]);
                self.0 = &self.0[n..];
                Ok(n)
            }
        }
        let whole = parse(text).unwrap();
        for piece in 1..text.len() {
            assert_eq!(read(Trickle(text, piece)).unwrap(), whole);
        }
        let error = read(Trickle(b"0 0 0 0 1\n2 1 x\n", 3)).unwrap_err().to_string();
        assert_eq!(error, "pack input line 2, token 3: expected a plate size, found `x`");
    }

    #[test]
    fn plates_of_zero_are_refused_where_they_stand() {
        // The format says 1 ≤ xi: a 0 (or 00) is an error naming its line and token, on every path.
        for (input, place) in [
            (&b"0 0 0 0 2\n2 1 5\n2 3 0\n"[..], "line 3, token 3"),
            (b"0 0 0 0 2\n1 0\n1 7\n", "line 2, token 2"),
            (b"0 0 0 0 1\n3 4 00 5\n", "line 2, token 3"),
            (b"0 0 0 0 1\n1\n0", "line 3, token 1"),
        ] {
            let message = solve(input).unwrap_err().to_string();
            assert!(message.contains(place) && message.contains("at least 1"), "{message}");
        }
    }

    #[test]
    fn sizes_beyond_the_table_limit_are_errors() {
        // Half, selective: no closed form nor proven period, and no table that large.
        let message = solve(b"2 1 0 0 1\n1 18446744073709551615\n").unwrap_err().to_string();
        assert!(message.contains("larger than the fast side's limit"), "{message}");
        // Half, disjunctive: Levine's closed form; 2^64 − 1 is all ones, so g = 0.
        assert_eq!(solve(b"2 0 0 0 1\n1 18446744073709551615\n").unwrap(), b"White\n");
        // Closed forms need no table: split, conjunctive, normal play has remoteness 1 for x ≥ 2.
        assert_eq!(solve(b"4 2 1 0 1\n1 18446744073709551615\n").unwrap(), b"Black\n");
    }
}
