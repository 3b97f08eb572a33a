//! The pack format, `A B C D T` and then `T` lines `n x1 … xn`, read a piece at a time (each
//! piece ending in white space), so that a large input is never held whole: what is read goes to
//! a [`Games`], which keeps every plate ([`Store`], giving a [`PackInput`]) or answers each game
//! as it ends ([`super::stream`](mod@super::stream)).

use grundy_rules::RuleSet;

use super::PackError;
use super::scan::{BATCH, Scanner, short_number};

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
pub(super) enum Expect {
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
/// one as it ends (`Answer`, in [`super::stream`](mod@super::stream)).
pub(super) trait Games {
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
pub(super) struct Store {
    pub(super) ends: Vec<usize>,
    pub(super) plates: Plates,
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

/// Reads a pack input piece by piece (each piece ending in white space, or the last), so that
/// a large input is never held whole.
#[derive(Debug)]
pub(super) struct Reader<G> {
    line: usize,
    token_in_line: usize,
    pub(super) expect: Expect,
    code: [u8; 4],
    pub(super) games: u64,
    pub(super) sink: G,
}

/// The reader that keeps every plate.
pub(super) type PackReader = Reader<Store>;

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
    pub(super) fn from_game(mut sink: G, bytes: usize) -> Reader<G> {
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
    pub(super) fn rules(&self) -> Option<RuleSet> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pack::parse;
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
}
