//! A long input answered while it is read, on two threads, with no plate kept (see
//! [`super::solve_to`]): the tables are sized by its first lines, the rest is cut into chunks
//! at line starts that both threads claim, and each game is answered as it ends ([`Answer`]).
//! Whatever does not hold is left to the exact way.

use std::io::Write;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

use grundy_fast::{Fold, FoldUser, PileSolver, Tally};

use super::reader::{Expect, Games, PackReader, Reader, Store};
use super::solver_for;

/// Inputs at least this long are read and answered on two threads.
const PARALLEL_FROM: usize = 1 << 18;

/// How much of a long input is read first, to size the tables.
const PREFIX: usize = 1 << 17;

/// The games' answers, in parts: (bits, number of games).
type Wins = Vec<Part>;

/// Answers a long input while reading it, on two threads; `None` when the exact way must decide.
///
/// The second thread starts at once: while the first reads the first lines and builds the
/// tables, it touches the pages of the rest (so that the readers seldom wait on page faults),
/// then waits for the solver. The rest is cut into chunks at line starts, which both threads
/// claim until none is left: a thread that starts late (a sleeping core can take a millisecond
/// to wake) or runs slow simply reads fewer.
pub(super) fn stream(input: &[u8]) -> Option<Wins> {
    if input.len() < PARALLEL_FROM {
        return None;
    }
    let (prefix, rest) = input.split_at(line_start_after(input, PREFIX));
    let chunks = Chunks { rest, next: AtomicUsize::new(0) };
    let solver: OnceLock<Option<PileSolver>> = OnceLock::new();
    std::thread::scope(|scope| {
        let helper = scope.spawn(|| {
            touch_pages(rest, || solver.get().is_some());
            solver.wait().as_ref().and_then(|solver| solver.with_fold(&chunks))
        });
        let head = {
            // Whatever happens here, the helper must not wait for ever.
            let _unblock = Unblock(&solver);
            let mut head = PackReader::default();
            head.feed(prefix).ok()?;
            if head.expect != Expect::Count {
                return None;
            }
            let rules = head.rules()?;
            let seen = head.sink.plates.largest();
            let largest = seen.saturating_add(seen / 32);
            // A plate takes about eight bytes of a long input.
            let built = solver_for(&rules, largest, (input.len() / 8) as u64).ok();
            let _ = solver.set(built);
            head
        };
        let (first, mut parts) = solver.get()?.as_ref()?.with_fold(Head { head: &head.sink, chunks: &chunks })?;
        parts.extend(helper.join().ok().flatten()?);
        parts.sort_unstable_by_key(|&(chunk, _)| chunk);
        let wins: Wins = std::iter::once(first).chain(parts.into_iter().map(|(_, part)| part)).collect();
        let games: usize = wins.iter().map(|&(_, games)| games).sum();
        (games as u64 == head.games).then_some(wins)
    })
}

/// Sets the solver to none when dropped unset, so that the thread waiting for it stops.
struct Unblock<'a>(&'a OnceLock<Option<PileSolver>>);

impl Drop for Unblock<'_> {
    fn drop(&mut self) {
        let _ = self.0.set(None);
    }
}

/// Reads a byte of every page, so that the pages are mapped before the readers need them,
/// until `enough` says to stop (checked every 64 pages).
fn touch_pages(bytes: &[u8], enough: impl Fn() -> bool) {
    for pages in bytes.chunks(64 << 12) {
        if enough() {
            return;
        }
        let sum = pages.iter().step_by(1 << 12).fold(0u8, |sum, &byte| sum.wrapping_add(byte));
        std::hint::black_box(sum);
    }
}

/// The answers of a part of the input: (bits, number of games), as in [`Wins`].
type Part = (Vec<u64>, usize);

/// The input after its first lines, in chunks of about [`CHUNK`] bytes cut at line starts,
/// claimed one at a time by whichever thread is free.
struct Chunks<'a> {
    rest: &'a [u8],
    /// The next chunk to claim.
    next: AtomicUsize,
}

/// About how long a chunk is.
const CHUNK: usize = 1 << 18;

impl Chunks<'_> {
    /// Where chunk `k` starts: the first line start at or after `k · CHUNK` (the end when
    /// there is none), so that chunks cover the input one after another.
    fn start(&self, k: usize) -> usize {
        match k {
            0 => 0,
            _ => line_start_after(self.rest, k.saturating_mul(CHUNK) - 1),
        }
    }
}

/// Claims chunks until none is left, and reads and answers each: (chunk, answers) for each,
/// or `None` when anything is off.
impl FoldUser for &Chunks<'_> {
    type Output = Option<Vec<(usize, Part)>>;

    fn with<F: Fold>(self, fold: &F) -> Option<Vec<(usize, Part)>> {
        let mut parts = Vec::new();
        loop {
            let k = self.next.fetch_add(1, Ordering::Relaxed);
            let start = self.start(k);
            if start >= self.rest.len() {
                return Some(parts);
            }
            let end = self.start(k + 1);
            if start < end {
                let answer = read_games(fold, &self.rest[start..end])?;
                parts.push((k, (answer.wins, answer.ended)));
            }
        }
    }
}

/// The kept first lines, answered; then chunks, as [`Chunks`] claims them.
struct Head<'a> {
    head: &'a Store,
    chunks: &'a Chunks<'a>,
}

impl FoldUser for Head<'_> {
    type Output = Option<(Part, Vec<(usize, Part)>)>;

    fn with<F: Fold>(self, fold: &F) -> Option<(Part, Vec<(usize, Part)>)> {
        let mut first = Answer::new(fold);
        let Store { ends, plates } = self.head;
        let mut start = 0;
        for &end in ends {
            for x in start..end {
                first.plate(plates.get(x));
            }
            first.end_game();
            start = end;
        }
        if first.failed {
            return None;
        }
        let parts = self.chunks.with(fold)?;
        Some(((first.wins, first.ended), parts))
    }
}

/// Where the line after `from` starts (the end, when no line starts after it).
fn line_start_after(bytes: &[u8], from: usize) -> usize {
    bytes
        .get(from..)
        .and_then(|rest| rest.iter().position(|&byte| byte == b'\n'))
        .map_or(bytes.len(), |at| from + at + 1)
}

/// Reads and answers the whole games of `bytes`; `None` when anything is off.
fn read_games<'s, F: Fold>(fold: &'s F, bytes: &[u8]) -> Option<Answer<'s, F>> {
    let mut reader = Reader::from_game(Answer::new(fold), bytes.len());
    reader.feed(bytes).ok()?;
    (reader.expect == Expect::Count && !reader.sink.failed).then_some(reader.sink)
}

/// Writes one `Black` / `White` line per game, a buffer at a time.
pub(super) fn write_wins(parts: &[(Vec<u64>, usize)], out: &mut impl Write) -> std::io::Result<()> {
    const BUFFER: usize = 1 << 16;
    let mut buffer = Vec::with_capacity(BUFFER);
    for (wins, games) in parts {
        for game in 0..*games {
            let first_wins = (wins[game / 64] >> (game % 64)) & 1 == 1;
            buffer.extend_from_slice(if first_wins { b"Black\n" } else { b"White\n" });
            if buffer.len() > BUFFER - 8 {
                out.write_all(&buffer)?;
                buffer.clear();
            }
        }
    }
    out.write_all(&buffer)
}

/// Answers each game as it ends, against a solver built before reading: one bit per game. A
/// plate beyond the solver's tables, or a game it cannot answer, is remembered, not reported:
/// the caller then reads the input again the exact way.
struct Answer<'s, F: Fold> {
    fold: &'s F,
    tally: Tally,
    empty: Tally,
    /// Bit `g` (of word `g / 64`): whether the first player wins game `g`.
    wins: Vec<u64>,
    ended: usize,
    /// Some plate was beyond the solver's tables, or some game unsupported.
    failed: bool,
}

impl<'s, F: Fold> Answer<'s, F> {
    fn new(fold: &'s F) -> Answer<'s, F> {
        let empty = fold.tally();
        Answer { fold, tally: empty, empty, wins: Vec::new(), ended: 0, failed: false }
    }
}

impl<F: Fold> Games for Answer<'_, F> {
    fn reserve(&mut self, games: usize, _plates: usize) {
        self.wins.reserve(games.min(1 << 26) / 64 + 1);
    }

    #[inline(always)]
    fn plate(&mut self, x: u64) {
        self.failed |= !self.fold.add(&mut self.tally, x);
    }

    #[inline(always)]
    fn short_plates(&mut self, plates: &[u32]) {
        let mut fits = true;
        for &x in plates {
            fits &= self.fold.add(&mut self.tally, x.into());
        }
        self.failed |= !fits;
    }

    #[inline]
    fn end_game(&mut self) {
        let first_wins = self.fold.first_wins(&self.tally).unwrap_or_else(|| {
            self.failed = true;
            false
        });
        self.tally = self.empty;
        if self.ended.is_multiple_of(64) {
            self.wins.push(0);
        }
        // No branch on the answer: it comes from a table look-up that may miss the cache, and a
        // mispredicted branch on it would wait for the load (games of one plate are all look-ups).
        *self.wins.last_mut().expect("a word for this game") |= u64::from(first_wins) << (self.ended % 64);
        self.ended += 1;
    }

    fn ended(&self) -> usize {
        self.ended
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pack::{SolveError, answer, parse};

    /// [`crate::pack::solve`] within the default budget.
    fn solve(input: &[u8]) -> Result<Vec<u8>, SolveError> {
        crate::pack::solve(input, &crate::budget::Budget::default())
    }
    /// A long input of `games` games of `plates` plates each, one game per line or (with
    /// `spread`) one number per line.
    fn long_input(rules: &str, games: usize, plates: usize, spread: bool) -> String {
        use std::fmt::Write;
        let separator = if spread { '\n' } else { ' ' };
        let mut text = format!("{rules} {games}\n");
        for game in 0..games {
            write!(text, "{plates}").unwrap();
            for plate in 0..plates {
                write!(text, "{separator}{}", 1 + (game * 7919 + plate * 104_729) % 100_000).unwrap();
            }
            text.push('\n');
        }
        text
    }

    #[test]
    fn long_inputs_read_on_two_threads_answer_as_on_one() {
        // Many chunks of many lines; lines longer than a chunk (chunks with no line start).
        for (games, plates) in [(1500, 150), (6, 60_000), (150_000, 1)] {
            for rules in ["0 0 0 0", "1 2 1 1", "4 1 0 1", "3 0 0 1"] {
                let text = long_input(rules, games, plates, false);
                assert!(text.len() > 4 * CHUNK);
                assert!(stream(text.as_bytes()).is_some(), "{rules}: the cuts fall between games");
                let alone = answer(&parse(text.as_bytes()).unwrap()).unwrap();
                assert_eq!(solve(text.as_bytes()).unwrap(), alone, "{rules}");
            }
        }
    }

    #[test]
    fn plates_beyond_the_tables_built_from_the_first_lines_are_answered_the_exact_way() {
        use std::fmt::Write;
        // Growing plates: every later line has plates beyond the first lines' largest.
        let mut text = String::from("1 2 0 1 400\n");
        for game in 0..400 {
            write!(text, "100").unwrap();
            for plate in 0..100 {
                write!(text, " {}", 1 + game * 100 + plate).unwrap();
            }
            text.push('\n');
        }
        assert!(stream(text.as_bytes()).is_none());
        assert_eq!(solve(text.as_bytes()).unwrap(), answer(&parse(text.as_bytes()).unwrap()).unwrap());
    }

    #[test]
    fn a_game_across_the_cut_is_read_on_one_thread() {
        // One game, one plate per line: the cut falls inside it.
        let text = long_input("2 1 0 0", 1, 60_000, true);
        assert!(stream(text.as_bytes()).is_none());
        assert_eq!(solve(text.as_bytes()).unwrap(), answer(&parse(text.as_bytes()).unwrap()).unwrap());
    }

    #[test]
    fn errors_in_long_inputs_name_the_line_and_token() {
        let text = long_input("0 0 0 0", 300, 200, false);
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        lines[250] = lines[250].replacen(' ', " 12x ", 1);
        let broken = lines.join("\n");
        let message = solve(broken.as_bytes()).unwrap_err().to_string();
        assert_eq!(message, "pack input line 251, token 2: expected a plate size, found `12x`");
        let extra = format!("{text}1 5\n");
        let message = solve(extra.as_bytes()).unwrap_err().to_string();
        assert_eq!(message, "pack input line 302, token 1: unexpected input after the last of the 300 games");
        let short = text.replacen(" 300\n", " 301\n", 1);
        let message = solve(short.as_bytes()).unwrap_err().to_string();
        assert!(message.starts_with("pack input line 302, token 1: expected n"), "{message}");
        // Games of one plate, read a batch at a time.
        let singles = long_input("0 1 0 1", 40_000, 1, false);
        let mut lines: Vec<String> = singles.lines().map(str::to_string).collect();
        lines[30_000] = lines[30_000].replacen(' ', " 7x", 1);
        let message = solve(lines.join("\n").as_bytes()).unwrap_err().to_string();
        assert!(message.starts_with("pack input line 30001, token 2: expected a plate size, found `7x"), "{message}");
    }
}
