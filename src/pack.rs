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

use crate::budget::Budget;
use std::io::Write;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

use anyhow::Context;
use grundy_fast::{Fold, FoldUser, PileSolver, Tally};
use grundy_rules::RuleSet;

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

/// A whitespace-separated token scanner that knows the line and token number of each token.
struct Scanner<'a> {
    bytes: &'a [u8],
    at: usize,
    line: usize,
    token_in_line: usize,
}

impl Scanner<'_> {
    fn error(&self, message: impl Into<String>) -> PackError {
        PackError { line: self.line, token: self.token_in_line, message: message.into() }
    }

    /// Skips white space; `false` at the end of the input.
    #[inline]
    fn skip_space(&mut self) -> bool {
        while let Some(&byte) = self.bytes.get(self.at) {
            match byte {
                b'\n' => {
                    self.line += 1;
                    self.token_in_line = 0;
                }
                b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c' => {}
                _ => return true,
            }
            self.at += 1;
        }
        false
    }

    /// The next token as a `u64`; `what` names it in errors.
    #[inline]
    fn number(&mut self, what: &str) -> Result<u64, PackError> {
        if !self.skip_space() {
            self.token_in_line += 1;
            return Err(self.error(format!("expected {what}, found the end of the input")));
        }
        self.token_in_line += 1;
        let start = self.at;
        if let Some(value) = self.short_number() {
            return Ok(value);
        }
        // Up to 19 digits cannot overflow a u64: no check per digit.
        let mut value: u64 = 0;
        let digits = &self.bytes[start..];
        let mut length = 0;
        while length < 19 {
            match digits.get(length) {
                Some(&byte @ b'0'..=b'9') => value = value * 10 + u64::from(byte - b'0'),
                _ => break,
            }
            length += 1;
        }
        self.at += length;
        if length == 19 {
            while let Some(&byte @ b'0'..=b'9') = self.bytes.get(self.at) {
                value = match value.checked_mul(10).and_then(|v| v.checked_add(u64::from(byte - b'0'))) {
                    Some(v) => v,
                    None => return Err(self.error(format!("{what} is larger than {}", u64::MAX))),
                };
                self.at += 1;
            }
        }
        let ends_cleanly = self.bytes.get(self.at).is_none_or(|b| b.is_ascii_whitespace());
        if self.at == start || !ends_cleanly {
            let end =
                self.bytes[start..].iter().position(u8::is_ascii_whitespace).map_or(self.bytes.len(), |n| start + n);
            let token = String::from_utf8_lossy(&self.bytes[start..end.min(start + 40)]);
            return Err(self.error(format!("expected {what}, found `{token}`")));
        }
        Ok(value)
    }
}

impl Scanner<'_> {
    /// The common case, eight bytes at a time: a number of at most 7 digits followed by white
    /// space, with 8 bytes of input left. Leaves anything else to the byte-by-byte path.
    #[inline]
    fn short_number(&mut self) -> Option<u64> {
        let chunk: [u8; 8] = self.bytes.get(self.at..self.at + 8)?.try_into().ok()?;
        let (value, length) = short_number(u64::from_le_bytes(chunk))?;
        self.at += length;
        Some(u64::from(value))
    }

    /// The bulk of a large input: the plates of the current game while each is a number of at
    /// most six digits after a single space. Stops, leaving the rest to the general path, at
    /// anything else — a line end, a long number, the last 8 bytes of the input, or the game's
    /// last plate. Plates are parsed a batch at a time and then handed over, so that the parse
    /// loop keeps nothing but its place, and the batch's table look-ups overlap.
    #[inline(always)]
    fn short_plates(&mut self, games: &mut impl Games, left: &mut u64, batch: &mut Batch) {
        loop {
            let wanted = (*left).min(BATCH as u64) as usize;
            let (mut at, mut last) = (self.at, self.at);
            let mut read = 0;
            while read < wanted {
                let Some(chunk) = self.bytes.get(at..at + 8) else { break };
                let chunk: [u8; 8] = chunk.try_into().expect("eight bytes");
                let Some((value, length)) = spaced_number(u64::from_le_bytes(chunk)) else { break };
                batch[read] = value;
                last = at;
                at += 1 + length;
                read += 1;
            }
            // Each number's end was checked as the next one's leading space, except the last's.
            if read > 0 && self.bytes.get(at).is_some_and(|byte| !byte.is_ascii_whitespace()) {
                read -= 1;
                at = last;
            }
            games.short_plates(&batch[..read]);
            self.at = at;
            self.token_in_line += read;
            *left -= read as u64;
            if read < wanted || *left == 0 {
                return;
            }
        }
    }
}

impl Scanner<'_> {
    /// Whole lines `1 x` (one plate of at most six digits after a single space, then a line
    /// end) from a game's first token, at most `limit` and a batch of them: their plates, into
    /// `batch`. Anything else is left to the other paths.
    #[inline(always)]
    fn single_plate_games(&mut self, batch: &mut Batch, limit: u64) -> usize {
        let wanted = limit.min(BATCH as u64) as usize;
        let (mut at, mut read) = (self.at, 0);
        while read < wanted {
            // `1`, a space, up to six digits and a line end: nine bytes at most.
            let Some(&[b'1', ref rest @ ..]) = self.bytes.get(at..at + 9) else { break };
            let raw = u64::from_le_bytes(rest.try_into().expect("eight bytes"));
            let Some((value, length)) = spaced_number(raw) else { break };
            if rest[1 + length] != b'\n' {
                break;
            }
            batch[read] = value;
            at += 3 + length;
            read += 1;
        }
        if read > 0 {
            self.at = at;
            self.line += read;
            self.token_in_line = 0;
        }
        read
    }
}

/// Plates parsed and not yet handed over (see [`Scanner::short_plates`]); kept by the caller,
/// so that games of a plate or two do not set one up each.
type Batch = [u32; BATCH];
const BATCH: usize = 32;

/// A space and then a number of 1 to 6 digits, at the start of eight little-endian bytes:
/// the number and its length. The byte after the digits is not checked (it is the next
/// number's space, or checked by the caller).
#[inline(always)]
fn spaced_number(raw: u64) -> Option<(u32, usize)> {
    if raw as u8 != b' ' {
        return None;
    }
    // The seven bytes after the space, each 0..=9 where it is a digit.
    let digits = (raw >> 8) ^ 0x0030_3030_3030_3030;
    // High bit of each of the seven bytes that is not a digit.
    let not_digit = (digits.wrapping_add(0x0076_7676_7676_7676) | digits) & 0x0080_8080_8080_8080;
    let length = (not_digit.trailing_zeros() / 8) as usize;
    if !(1..=6).contains(&length) {
        return None;
    }
    // Right-align the digits (what follows them falls away), then combine pairs, quads and
    // octets by multiplication.
    let aligned = digits << (8 * (8 - length));
    let pairs = (aligned.wrapping_mul(10 * 256 + 1) >> 8) & 0x00ff_00ff_00ff_00ff;
    let quads = (pairs.wrapping_mul(100 * 65536 + 1) >> 16) & 0x0000_ffff_0000_ffff;
    let value = quads.wrapping_mul((10000 << 32) | 1) >> 32;
    // A plate of 0 is refused by the general path, which names it.
    (value != 0).then_some((value as u32, length))
}

/// A number of 1 to 7 digits at the start of eight little-endian bytes, followed by white
/// space: its value and length.
#[inline(always)]
fn short_number(raw: u64) -> Option<(u32, usize)> {
    let digits = raw ^ 0x3030_3030_3030_3030;
    // High bit of each byte that is not a digit 0..=9.
    let not_digit = (digits.wrapping_add(0x7676_7676_7676_7676) | digits) & 0x8080_8080_8080_8080;
    let length = (not_digit.trailing_zeros() / 8) as usize;
    // (The byte after the digits is taken from the register, not re-read from memory.)
    if length == 0 || length == 8 || !((raw >> (8 * length)) as u8).is_ascii_whitespace() {
        return None;
    }
    // Right-align the digits (leading zero bytes), then combine pairs, quads, octets.
    let aligned = digits << (8 * (8 - length));
    let pairs = ((aligned & 0x0f00_0f00_0f00_0f00) >> 8) + (aligned & 0x000f_000f_000f_000f) * 10;
    let quads = ((pairs & 0x00ff_0000_00ff_0000) >> 16) + (pairs & 0x0000_00ff_0000_00ff) * 100;
    let value = ((quads & 0x0000_ffff_0000_0000) >> 32) + (quads & 0x0000_0000_0000_ffff) * 10000;
    Some((value as u32, length))
}

/// All plates of all games, one after another: 4 bytes a plate while every plate fits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Plates {
    /// Every plate is below 2^32.
    Narrow(Vec<u32>),
    /// Some plate is not.
    Wide(Vec<u64>),
}

impl Plates {
    #[inline(always)]
    fn push(&mut self, x: u64) {
        match self {
            Plates::Narrow(plates) => match u32::try_from(x) {
                Ok(x) => plates.push(x),
                Err(_) => {
                    let mut wide: Vec<u64> = plates.iter().map(|&x| u64::from(x)).collect();
                    wide.push(x);
                    *self = Plates::Wide(wide);
                }
            },
            Plates::Wide(plates) => plates.push(x),
        }
    }

    /// Number of plates.
    pub fn len(&self) -> usize {
        match self {
            Plates::Narrow(plates) => plates.len(),
            Plates::Wide(plates) => plates.len(),
        }
    }

    /// Whether there is no plate.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Plate `i`.
    #[inline]
    pub fn get(&self, i: usize) -> u64 {
        match self {
            Plates::Narrow(plates) => plates[i].into(),
            Plates::Wide(plates) => plates[i],
        }
    }

    /// The largest plate.
    pub fn largest(&self) -> u64 {
        match self {
            Plates::Narrow(plates) => plates.iter().copied().max().map_or(0, u64::from),
            Plates::Wide(plates) => plates.iter().copied().max().unwrap_or(0),
        }
    }
}

/// A parsed pack input: the rule set and every game's plates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackInput {
    /// The rule set `A B C D`.
    pub rules: RuleSet,
    /// Where each game's plates end in `plates`.
    pub ends: Vec<usize>,
    /// All plates of all games, game after game.
    pub plates: Plates,
}

/// What the reader expects next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Expect {
    /// The `i`-th of `A B C D T`.
    Header(usize),
    /// A game's `n`.
    Count,
    /// This many more plates of the current game.
    Plates(u64),
    /// Nothing: every game has been read.
    Done,
}

/// What a reader does with the games it reads: keeps their plates ([`Store`]) or answers each
/// one as it ends ([`Answer`]).
trait Games {
    /// Room for about this many games and plates.
    fn reserve(&mut self, _games: usize, _plates: usize) {}
    /// A plate of the current game.
    fn plate(&mut self, x: u64);
    /// Plates below 10^6, one after another: the bulk of an input.
    fn short_plates(&mut self, plates: &[u32]);
    /// The current game is complete.
    fn end_game(&mut self);
    /// How many games are complete.
    fn ended(&self) -> usize;
    /// Whole games of one plate each (below 10^6), one after another.
    #[inline(always)]
    fn single_plate_games(&mut self, plates: &[u32]) {
        for plate in plates {
            self.short_plates(std::slice::from_ref(plate));
            self.end_game();
        }
    }
}

/// Keeps every plate.
#[derive(Debug)]
struct Store {
    ends: Vec<usize>,
    plates: Plates,
}

impl Default for Store {
    fn default() -> Self {
        Store { ends: Vec::new(), plates: Plates::Narrow(Vec::new()) }
    }
}

impl Games for Store {
    fn reserve(&mut self, games: usize, plates: usize) {
        self.ends.reserve(games.min(1 << 20));
        if let Plates::Narrow(narrow) = &mut self.plates {
            narrow.reserve(plates);
        }
    }

    #[inline(always)]
    fn plate(&mut self, x: u64) {
        self.plates.push(x);
    }

    #[inline(always)]
    fn short_plates(&mut self, plates: &[u32]) {
        match &mut self.plates {
            Plates::Narrow(narrow) => narrow.extend_from_slice(plates),
            Plates::Wide(wide) => wide.extend(plates.iter().map(|&x| u64::from(x))),
        }
    }

    fn end_game(&mut self) {
        self.ends.push(self.plates.len());
    }

    fn ended(&self) -> usize {
        self.ends.len()
    }
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

/// Reads a pack input piece by piece (each piece ending in white space, or the last), so that
/// a large input is never held whole.
#[derive(Debug)]
struct Reader<G> {
    line: usize,
    token_in_line: usize,
    expect: Expect,
    code: [u8; 4],
    games: u64,
    sink: G,
}

/// The reader that keeps every plate.
type PackReader = Reader<Store>;

const HEADER: [(&str, u64); 5] = [("A", 4), ("B", 2), ("C", 1), ("D", 1), ("T, the number of games", u64::MAX)];

impl Default for PackReader {
    fn default() -> Self {
        Reader::with(Store::default())
    }
}

impl<G: Games> Reader<G> {
    fn with(sink: G) -> Reader<G> {
        Reader { line: 1, token_in_line: 0, expect: Expect::Header(0), code: [0; 4], games: 0, sink }
    }

    /// A reader for the rest of an input cut just before one of its games (at a line start):
    /// it reads games until the end, not knowing how many came before.
    fn from_game(mut sink: G, bytes: usize) -> Reader<G> {
        sink.reserve(bytes / 4, bytes / 2);
        Reader { expect: Expect::Count, games: u64::MAX, ..Reader::with(sink) }
    }

    /// Reads one piece; it must not end inside a token (end it after white space, or make it the
    /// last piece).
    pub fn feed(&mut self, piece: &[u8]) -> Result<(), PackError> {
        let mut scanner = Scanner { bytes: piece, at: 0, line: self.line, token_in_line: self.token_in_line };
        let result = self.read(&mut scanner);
        self.line = scanner.line;
        self.token_in_line = scanner.token_in_line;
        result
    }

    fn read(&mut self, scanner: &mut Scanner<'_>) -> Result<(), PackError> {
        while scanner.skip_space() {
            match self.expect {
                Expect::Header(i) => {
                    let (name, limit) = HEADER[i];
                    let value = scanner.number(name)?;
                    if value > limit {
                        return Err(scanner.error(format!("{name} must be between 0 and {limit}, found {value}")));
                    }
                    if i < 4 {
                        self.code[i] = value as u8;
                        self.expect = Expect::Header(i + 1);
                    } else {
                        self.games = value;
                        // A plate takes at least two bytes: a digit and a separator.
                        self.sink.reserve(value.min(usize::MAX as u64) as usize, scanner.bytes.len() / 2);
                        self.expect = if value == 0 { Expect::Done } else { Expect::Count };
                    }
                }
                Expect::Count => {
                    if self.short_games(scanner) {
                        continue;
                    }
                    let count = scanner.number("n, the number of plates")?;
                    if count == 0 {
                        return Err(scanner.error("a game needs at least one plate (n = 0)"));
                    }
                    self.expect = Expect::Plates(count);
                }
                Expect::Plates(mut left) => {
                    let mut batch = [0; BATCH];
                    while left > 0 {
                        scanner.short_plates(&mut self.sink, &mut left, &mut batch);
                        if left == 0 || !scanner.skip_space() {
                            break;
                        }
                        let plate = scanner.number("a plate size")?;
                        if plate == 0 {
                            return Err(scanner.error("a plate size must be at least 1, found 0"));
                        }
                        self.sink.plate(plate);
                        left -= 1;
                    }
                    if left > 0 {
                        self.expect = Expect::Plates(left);
                        break;
                    }
                    self.sink.end_game();
                    self.expect = if self.sink.ended() as u64 == self.games { Expect::Done } else { Expect::Count };
                }
                Expect::Done => {
                    scanner.token_in_line += 1;
                    return Err(scanner.error(format!("unexpected input after the last of the {} games", self.games)));
                }
            }
        }
        Ok(())
    }

    /// The bulk of an input of many small games: whole games, each `n x1 … xn` with single
    /// spaces and short numbers and ending its line, from a game's first token. `false` when it
    /// read nothing; it stops, leaving the rest to the general path, at anything else (an error
    /// included, which the general path then reports).
    #[inline]
    fn short_games(&mut self, scanner: &mut Scanner<'_>) -> bool {
        let start = scanner.at;
        let mut batch = [0; BATCH];
        while let Some(chunk) = scanner.bytes.get(scanner.at..scanner.at + 8) {
            // Games of one plate, a line each, are read a batch at a time and then answered
            // together, so that their table look-ups overlap.
            let left = self.games - self.sink.ended() as u64;
            let read = scanner.single_plate_games(&mut batch, left);
            if read > 0 {
                self.sink.single_plate_games(&batch[..read]);
                if self.sink.ended() as u64 == self.games {
                    self.expect = Expect::Done;
                    return true;
                }
                continue;
            }
            let chunk: [u8; 8] = chunk.try_into().expect("eight bytes");
            let Some((count, length)) = short_number(u64::from_le_bytes(chunk)) else { break };
            if count == 0 || chunk[length] != b' ' {
                break;
            }
            scanner.at += length;
            scanner.token_in_line += 1;
            let mut left = u64::from(count);
            scanner.short_plates(&mut self.sink, &mut left, &mut batch);
            if left > 0 {
                self.expect = Expect::Plates(left);
                return true;
            }
            self.sink.end_game();
            if self.sink.ended() as u64 == self.games {
                self.expect = Expect::Done;
                return true;
            }
            if scanner.bytes.get(scanner.at) != Some(&b'\n') {
                return true;
            }
            scanner.at += 1;
            scanner.line += 1;
            scanner.token_in_line = 0;
        }
        scanner.at != start
    }

    /// The rule set of the header.
    fn rules(&self) -> Option<RuleSet> {
        let [a, b, c, d] = self.code;
        matches!(self.expect, Expect::Count | Expect::Plates(_) | Expect::Done)
            .then(|| RuleSet::from_pack(a, b, c, d))
            .flatten()
    }
}

impl PackReader {
    /// The whole input, once every piece has been read.
    pub fn finish(self) -> Result<PackInput, PackError> {
        let missing = match self.expect {
            Expect::Header(i) => HEADER[i].0,
            Expect::Count => "n, the number of plates",
            Expect::Plates(_) => "a plate size",
            Expect::Done => {
                let [a, b, c, d] = self.code;
                let rules = RuleSet::from_pack(a, b, c, d).expect("A, B, C, D were checked");
                return Ok(PackInput { rules, ends: self.sink.ends, plates: self.sink.plates });
            }
        };
        Err(PackError {
            line: self.line,
            token: self.token_in_line + 1,
            message: format!("expected {missing}, found the end of the input"),
        })
    }
}

/// Reads a whole pack input held in memory.
pub fn parse(input: &[u8]) -> Result<PackInput, PackError> {
    let mut reader = PackReader::default();
    reader.feed(input)?;
    reader.finish()
}

/// Reads a pack input from a stream, a megabyte at a time, keeping what `budget` holds.
pub fn read(mut source: impl std::io::Read, budget: &Budget) -> anyhow::Result<PackInput> {
    let mut reader = PackReader::default();
    let mut buffer = vec![0u8; 1 << 20];
    let mut filled = 0;
    let mut consumed = 0u64;
    let most = most_kept_bytes(budget);
    loop {
        let read = match source.read(&mut buffer[filled..]) {
            Ok(read) => read,
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(anyhow::Error::new(error).context("reading the pack input")),
        };
        let scanned = filled;
        filled += read;
        if consumed + filled as u64 > most {
            anyhow::bail!("{}", over_budget(budget));
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
            None if filled > MOST_TOKEN => anyhow::bail!(
                "pack input: a token of more than {MOST_TOKEN} bytes from byte {consumed}, where a number has at most 20 digits"
            ),
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

fn over_budget(budget: &Budget) -> String {
    format!(
        "pack input: more than {} bytes, whose plates would not fit in the memory budget (--max-memory {})",
        most_kept_bytes(budget),
        budget.memory_words()
    )
}

/// Longest unfinished token [`read`] keeps: longer than any number, by far.
const MOST_TOKEN: usize = 1 << 16;

/// Answers the pack input on standard input into `out`: mapped into memory when it is a file
/// (and then, when long, read and answered on two threads), read a piece at a time otherwise.
pub fn solve_stdin(out: &mut impl Write, budget: &Budget) -> anyhow::Result<()> {
    match map_stdin() {
        Some(map) => solve_to(&map, out, budget),
        None => {
            let lines = answer(&read(std::io::stdin().lock(), budget)?)?;
            out.write_all(&lines).context("writing the answers")
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

/// Inputs at least this long are read and answered on two threads.
const PARALLEL_FROM: usize = 1 << 18;

/// How much of a long input is read first, to size the tables.
const PREFIX: usize = 1 << 17;

/// Solves a pack input held in memory: one `Black` / `White` line per game.
pub fn solve(input: &[u8], budget: &Budget) -> anyhow::Result<Vec<u8>> {
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
pub fn solve_to(input: &[u8], out: &mut impl Write, budget: &Budget) -> anyhow::Result<()> {
    match stream(input) {
        Some(parts) => write_wins(&parts, out),
        None if input.len() as u64 > most_kept_bytes(budget) => anyhow::bail!("{}", over_budget(budget)),
        None => out.write_all(&answer(&parse(input)?)?),
    }
    .context("writing the answers")
}

/// The games' answers, in parts: (bits, number of games).
type Wins = Vec<Part>;

/// Answers a long input while reading it, on two threads; `None` when the exact way must decide.
///
/// The second thread starts at once: while the first reads the first lines and builds the
/// tables, it touches the pages of the rest (so that the readers seldom wait on page faults),
/// then waits for the solver. The rest is cut into chunks at line starts, which both threads
/// claim until none is left: a thread that starts late (a sleeping core can take a millisecond
/// to wake) or runs slow simply reads fewer.
fn stream(input: &[u8]) -> Option<Wins> {
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
fn write_wins(parts: &[(Vec<u64>, usize)], out: &mut impl Write) -> std::io::Result<()> {
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

/// The `Black` / `White` lines of a parsed input.
pub fn answer(input: &PackInput) -> anyhow::Result<Vec<u8>> {
    let solver = solver_for(&input.rules, input.plates.largest(), input.plates.len() as u64)
        .map_err(|e| anyhow::anyhow!("pack rule set {}: {e}", input.rules))?;
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
) -> anyhow::Result<Vec<u8>> {
    let mut output = Vec::with_capacity(ends.len() * 6);
    let mut start = 0;
    for (game, &end) in ends.iter().enumerate() {
        let first_wins = solver
            .first_wins(plates[start..end].iter().map(|&x| x.into()))
            .map_err(|e| anyhow::anyhow!("pack game {}: {e}", first_game + game + 1))?;
        output.extend_from_slice(if first_wins { b"Black\n" } else { b"White\n" });
        start = end;
    }
    Ok(output)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`super::solve`] within the default budget.
    fn solve(input: &[u8]) -> anyhow::Result<Vec<u8>> {
        super::solve(input, &Budget::default())
    }

    /// [`super::read`] within the default budget.
    fn read(source: impl std::io::Read) -> anyhow::Result<PackInput> {
        super::read(source, &Budget::default())
    }

    #[test]
    fn the_sample() {
        assert_eq!(solve(b"0 0 0 0 2\n2 1 1\n3 1 2 3\n").unwrap(), b"White\nWhite\n");
    }

    #[test]
    fn errors_name_line_and_token() {
        let error = |input: &str| parse(input.as_bytes()).unwrap_err().to_string();
        assert_eq!(error("0 0 0 0 1\n2 1 x\n"), "pack input line 2, token 3: expected a plate size, found `x`");
        assert_eq!(error("0 3 0 0 1\n1 1\n"), "pack input line 1, token 2: B must be between 0 and 2, found 3");
        assert_eq!(
            error("0 0 0 0 2\n1 1\n"),
            "pack input line 3, token 1: expected n, the number of plates, found the end of the input"
        );
        assert_eq!(error("0 0 0 0 1\n0\n"), "pack input line 2, token 1: a game needs at least one plate (n = 0)");
        assert_eq!(
            error("0 0 0 0 1\n1 1 1\n"),
            "pack input line 2, token 3: unexpected input after the last of the 1 games"
        );
        assert!(error("0 0 0 0 1\n1 99999999999999999999\n").contains("larger than"));
        assert!(error("0 0 0 0 1\n1 -3\n").contains("found `-3`"));
        assert!(error("0 0 0 0 1\n1 3x\n").contains("found `3x`"));
    }

    #[test]
    fn numbers_of_every_length_parse() {
        let mut text = String::from("0 0 0 0 1\n20");
        let mut expected = Vec::new();
        let mut x: u64 = 1;
        for _ in 0..20 {
            text.push_str(&format!(" {x}"));
            expected.push(x);
            x = x.saturating_mul(10).saturating_add(7);
        }
        text.push_str(" 9\n");
        expected.push(9);
        let Plates::Wide(mut parsed) = parse(text.replace("\n20", "\n21").as_bytes()).unwrap().plates else {
            panic!("a plate beyond u32 makes the plates wide")
        };
        parsed.sort_unstable();
        expected.sort_unstable();
        assert_eq!(parsed, expected);
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

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]
        /// A malformed plate anywhere in a line of short plates is named by its line and token,
        /// whole, however the plates around it are read.
        #[test]
        fn a_malformed_plate_is_named_whole(
            plates in proptest::collection::vec(1u32..1_000_000, 1..80),
            at in proptest::prelude::any::<proptest::sample::Index>(),
            digits in 0u32..10_000_000,
            suffix in proptest::sample::select(vec!["x", "-", ".5", "é", "_1"]),
            lines_before in 0usize..3,
        ) {
            use std::fmt::Write;
            let at = at.index(plates.len());
            let mut text = format!("0 0 0 0 {}\n", lines_before + 1);
            for _ in 0..lines_before {
                text.push_str("2 1 2\n");
            }
            write!(text, "{}", plates.len()).unwrap();
            for (i, plate) in plates.iter().enumerate() {
                if i == at {
                    write!(text, " {digits}{suffix}").unwrap();
                } else {
                    write!(text, " {plate}").unwrap();
                }
            }
            text.push('\n');
            let message = parse(text.as_bytes()).unwrap_err().to_string();
            let expected = format!(
                "pack input line {}, token {}: expected a plate size, found `{digits}{suffix}`",
                lines_before + 2,
                at + 2
            );
            proptest::prop_assert_eq!(message, expected);
        }
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

    fn plate_list(plates: &Plates) -> Vec<u64> {
        match plates {
            Plates::Narrow(plates) => plates.iter().map(|&x| u64::from(x)).collect(),
            Plates::Wide(plates) => plates.clone(),
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]
        /// Any white space between tokens, and numbers of any length, read as the same plates.
        #[test]
        fn every_layout_reads_the_same_plates(
            games in proptest::collection::vec(
                proptest::collection::vec(
                    (
                        proptest::prop_oneof![1u64..10, 1u64..10_000_000, 1u64..=u64::MAX],
                        0usize..5,
                        proptest::prop_oneof![3 => proptest::strategy::Just(0usize), 1 => 1usize..4],
                    ),
                    1..40,
                ),
                1..6,
            ),
        ) {
            use std::fmt::Write;
            const SEPARATORS: [&str; 5] = [" ", " ", "  ", "\n", "\t \r\n "];
            let mut text = format!("0 0 0 0 {}\n", games.len());
            for game in &games {
                write!(text, "{}", game.len()).unwrap();
                for &(plate, separator, zeros) in game {
                    write!(text, "{}{}{plate}", SEPARATORS[separator], "0".repeat(zeros)).unwrap();
                }
                text.push('\n');
            }
            let input = parse(text.as_bytes()).unwrap();
            let expected: Vec<u64> = games.iter().flatten().map(|&(plate, _, _)| plate).collect();
            proptest::prop_assert_eq!(plate_list(&input.plates), expected);
            let ends: Vec<usize> = games.iter().scan(0, |end, game| { *end += game.len(); Some(*end) }).collect();
            proptest::prop_assert_eq!(input.ends, ends);
        }
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
