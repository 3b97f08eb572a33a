//! How the contexts of a layer stand for the options through a plate, when the rules allow.
//!
//! **Running unions.** When the rules' own list of a plate's options is `0, …, x − 1` for every
//! plate `x` of the box (Nim's; checked plate by plate before it is used), the options through
//! one plate of a position are `c + y` for the other plates `c` (its *context*) and every
//! `y < x`: those of `c + (x − 1)` and `c + (x − 1)` itself. So for a Grundy value or an outcome,
//! which depend only on the set of values of the options, each context keeps the set of values
//! of `c + y` solved so far: a word with a bit for each value below its width (16 bits while the
//! layer before held no value above 15, else 64), and apart, one bit for "some value is as large
//! as the width or more". A position then reads one word per plate and adds its own value to
//! each: `O(plates)` instead of `O(plates × tokens)`. The bits apart matter only when every
//! value below the width occurs; only then are they read, and the plates whose contexts have
//! them are read option by option. The position `c + x` is the only one of its wave (equal
//! totals) with context `c`, so a wave's positions never share a word.
//!
//! **Running windows.** When instead the rules' options of every plate `x` are `x − d` for the
//! offsets `d ≤ x` of one fixed set, none above 8 (`sub:S`, `upto:m`; checked plate by plate
//! the same way), each context keeps the values of its last positions solved, `c + (x − 1)`, …,
//! `c + (x − w)`, a byte each (a mex is at most the number of options, at most 15 plates × 8
//! offsets, so it fits). The contexts' positions `c + y` are solved in order of `y` (one a
//! wave), so the window slides by one as each is solved. A position reads one word per plate
//! and picks its offsets' bytes, instead of ranking and reading each option.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU16, AtomicU32, AtomicU64, Ordering};

use super::column::{Room, zeroed};
use crate::engine::OracleError;
use crate::pile::{PileGame, PlateOption};

/// How the contexts' words stand for the options through a plate (see the module doc).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Mode {
    /// The set of values of `c + y` for every `y` solved so far: the options of every plate `x`
    /// are `0, …, x − 1`.
    Unions,
    /// The values of `c + (x − 1)`, …, `c + (x − 8)`, a byte each: the options of every plate
    /// `x` are `x − d` for the offsets `d ≤ x` in `offsets` (bit `d − 1` for `d`).
    Window { offsets: u8 },
}

/// The running unions or windows of one layer's contexts (see the module doc).
pub(super) struct Unions {
    pub(super) mode: Mode,
    words: Words,
    /// Unions only, bit `c`: some value of context `c` is as large as the words' width, or
    /// larger.
    large: Vec<AtomicU64>,
}

/// A word for each context: for unions, bit `v` for value `v` below the width; for windows, the
/// last values a byte each, the latest lowest.
enum Words {
    Narrow(Vec<AtomicU16>),
    Middle(Vec<AtomicU32>),
    Wide(Vec<AtomicU64>),
}

impl Unions {
    /// Empty words for `contexts` contexts, their bytes taken from `room`: for unions, 16 bits
    /// wide if `narrow`, else 64; for windows, as wide as the largest offset's byte needs.
    pub(super) fn new(contexts: usize, mode: Mode, narrow: bool, room: &mut Room) -> Result<Unions, OracleError> {
        let (word, large) = match mode {
            Mode::Unions => (if narrow { 2 } else { 8 }, contexts.div_ceil(64)),
            Mode::Window { offsets } => ((8 - offsets.leading_zeros() as usize).next_power_of_two().max(2), 0),
        };
        room.take(contexts * word + large * 8)?;
        let max_bytes = room.max_bytes;
        let words = match word {
            2 => Words::Narrow(zeroed(contexts, max_bytes)?),
            4 => Words::Middle(zeroed(contexts, max_bytes)?),
            _ => Words::Wide(zeroed(contexts, max_bytes)?),
        };
        let large = zeroed(large, max_bytes)?;
        Ok(Unions { mode, words, large })
    }

    pub(super) fn bytes(&self) -> usize {
        let words = match &self.words {
            Words::Narrow(words) => words.len() * 2,
            Words::Middle(words) => words.len() * 4,
            Words::Wide(words) => words.len() * 8,
        };
        words + self.large.len() * 8
    }

    /// Context `c`'s word.
    #[inline(always)]
    pub(super) fn word(&self, c: usize) -> u64 {
        match &self.words {
            Words::Narrow(words) => words[c].load(Ordering::Relaxed).into(),
            Words::Middle(words) => words[c].load(Ordering::Relaxed).into(),
            Words::Wide(words) => words[c].load(Ordering::Relaxed),
        }
    }

    /// Sets context `c`'s word to `word` (cut to the width). No other position of a wave has
    /// the same context: a plain store.
    #[inline(always)]
    fn store(&self, c: usize, word: u64) {
        match &self.words {
            Words::Narrow(words) => words[c].store(word as u16, Ordering::Relaxed),
            Words::Middle(words) => words[c].store(word as u32, Ordering::Relaxed),
            Words::Wide(words) => words[c].store(word, Ordering::Relaxed),
        }
    }

    /// Whether `small` (a bit for each value below 64 that occurs) holds every value below the
    /// width: only then can a larger value change a mex.
    #[inline(always)]
    pub(super) fn full(&self, small: u64) -> bool {
        let below = match &self.words {
            Words::Narrow(_) => u64::from(u16::MAX),
            Words::Middle(_) => u64::from(u32::MAX),
            Words::Wide(_) => u64::MAX,
        };
        small & below == below
    }

    /// Whether some value of context `c` is as large as the width, or larger.
    pub(super) fn large(&self, c: usize) -> bool {
        self.large[c / 64].load(Ordering::Relaxed) >> (c % 64) & 1 == 1
    }

    /// Adds the value `value` of the position `c + x` to context `c`: to its union, or as the
    /// latest of its window. No other position of a wave has the same context, so a word takes
    /// a plain load and store; the bits apart are shared by 64 contexts, so they are set
    /// atomically.
    #[inline(always)]
    pub(super) fn add(&self, c: usize, value: u32) {
        let width = match &self.words {
            Words::Narrow(_) => 16,
            Words::Middle(_) => 32,
            Words::Wide(_) => 64,
        };
        match self.mode {
            Mode::Window { .. } => {
                // A mex of at most 15 × 8 options fits a byte (see the module doc).
                debug_assert!(value < 256);
                self.store(c, self.word(c) << 8 | u64::from(value));
            }
            Mode::Unions if value < width => self.store(c, self.word(c) | 1 << value),
            Mode::Unions => {
                self.large[c / 64].fetch_or(1 << (c % 64), Ordering::Relaxed);
            }
        }
    }
}

/// The offsets `d` (bit `d − 1`) such that the rules' own options of every plate `x ≤ size` are
/// exactly `x − d` for the offsets `d ≤ x`, each once, when there are such offsets, none above
/// 8 (`sub:S`, `upto:m`); then a window of the last 8 positions of a context holds the options
/// through a plate. Each option listed counts as a move.
pub(super) fn fixed_offsets(
    game: &PileGame,
    size: u64,
    moves: &mut usize,
    max_moves: usize,
) -> Result<Option<u8>, OracleError> {
    let mut lists = Vec::with_capacity(size as usize + 1);
    for x in 0..=size {
        let mut offsets = 0u8;
        let mut fits = true;
        let _ = game.plate_options(x, |option| {
            *moves += 1;
            match option {
                PlateOption::One(y) if y < x && x - y <= 8 && offsets >> (x - y - 1) & 1 == 0 => {
                    offsets |= 1 << (x - y - 1);
                }
                _ => fits = false,
            }
            if fits && *moves <= max_moves { ControlFlow::Continue(()) } else { ControlFlow::Break(()) }
        });
        if *moves > max_moves {
            return Err(OracleError::MovesExceeded { max_moves });
        }
        if !fits {
            return Ok(None);
        }
        lists.push(offsets);
    }
    let all = lists.iter().fold(0u8, |all, &offsets| all | offsets);
    // Plate x has the offsets d ≤ x: bits 0..x of `all`.
    let every = lists.iter().enumerate().all(|(x, &offsets)| offsets == all & (((1u16 << x.min(8)) - 1) as u8));
    Ok((every && all != 0).then_some(all))
}

/// Whether the rules' own options of every plate `x ≤ size` are the plates `0, …, x − 1`, each
/// once (Nim's): then the options through a plate are those through one token less and that
/// plate. Each option listed counts as a move.
pub(super) fn options_are_every_smaller_plate(
    game: &PileGame,
    size: u64,
    moves: &mut usize,
    max_moves: usize,
) -> Result<bool, OracleError> {
    let mut seen = Vec::new();
    for x in 0..=size {
        seen.clear();
        seen.resize(x as usize, false);
        let mut every = true;
        let _ = game.plate_options(x, |option| {
            *moves += 1;
            match option {
                PlateOption::One(y) if y < x && !seen[y as usize] => seen[y as usize] = true,
                _ => every = false,
            }
            if every && *moves <= max_moves { ControlFlow::Continue(()) } else { ControlFlow::Break(()) }
        });
        if *moves > max_moves {
            return Err(OracleError::MovesExceeded { max_moves });
        }
        if !every || !seen.iter().all(|&s| s) {
            return Ok(false);
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use grundy_rules::{RuleSet, ValueKind};

    use crate::boxed::ranks::next_multiset;
    use crate::boxed::tests::agrees;
    use crate::boxed::{PileBox, last_of_equal};
    use crate::engine::Budget;
    use crate::pile::PileGame;
    /// Over every position of the box that is not over: the options through its distinct
    /// plates, and how many distinct plates it has.
    fn options_and_plates(rules: &RuleSet, plates: usize, size: u64) -> (usize, usize) {
        let game = PileGame::new(rules.clone());
        let (mut options, mut distinct) = (0, 0);
        for k in 0..=plates {
            let mut position = vec![0u64; k];
            loop {
                if !game.is_over(&position) {
                    for i in (0..k).filter(|&i| last_of_equal(&position, i)) {
                        distinct += 1;
                        options += game.option_count(position[i]) as usize;
                    }
                }
                if !next_multiset(&mut position, size) {
                    break;
                }
            }
        }
        (options, distinct)
    }

    /// Running unions stand for the options of a plate when its options are every smaller
    /// plate (Nim's, and an octal code's within its digits): one union is read a plate instead
    /// of its options, and the values agree with the engine's, 63 and more included.
    #[test]
    fn running_unions_agree_with_the_engine() {
        for rules in ["nim/disjunctive/misere", "nim/shortened", "octal:0.333333", "octal:0.333333/shortened/misere"] {
            agrees(rules, 4, 6);
        }
        let nim: RuleSet = "nim".parse().unwrap();
        let boxed = PileBox::solve(&nim, ValueKind::Grundy, 4, 20, Budget::default()).unwrap();
        let (options, distinct) = options_and_plates(&nim, 4, 20);
        // The check of the rules lists the options of every plate once; then one read a plate.
        // The words of one plate's single context are 16 bits wide (the empty position before
        // them has value 0): plates 17 to 20, whose options hold every value below 16, are read
        // option by option instead. The 64-bit words of two plates and more hold every value.
        assert_eq!(boxed.stats().generated, 20 * 21 / 2 + distinct + (17 + 18 + 19 + 20 - 4));
        assert!(distinct * 5 < options, "{distinct} {options}");
        // Past its digits, an octal code's options are not every smaller plate.
        agrees("octal:0.333", 3, 8);
    }

    /// Running windows stand for the options of a plate when they are `x − d` for a fixed set
    /// of offsets (subtraction games, and `octal:0.333` past its digits): one word is read a
    /// plate, and the values agree with the engine's, in the compounds that move one plate.
    #[test]
    fn running_windows_agree_with_the_engine() {
        for operation in ["sub:1,2,3", "sub:2", "sub:1,8", "upto:5", "sub:3,4,7", "octal:0.333"] {
            for rules in ["disjunctive/normal", "disjunctive/misere", "shortened/normal", "shortened/misere"] {
                agrees(&format!("{operation}/{rules}"), 4, 12);
            }
        }
        let sub: RuleSet = "sub:1,2,3".parse().unwrap();
        let boxed = PileBox::solve(&sub, ValueKind::Grundy, 4, 20, Budget::default()).unwrap();
        let (options, distinct) = options_and_plates(&sub, 4, 20);
        // The checks list the options of plates 0 to 4 (0 + 1 + 2 + 3 + 3; plate 4's are not
        // every smaller plate), then every plate's (three a plate from 3 on); then one read a
        // plate.
        let listed = 9 + (1 + 2 + 18 * 3);
        assert_eq!(boxed.stats().generated, listed + distinct);
        assert!(distinct * 2 < options, "{distinct} {options}");
        // A rule set whose offsets change with the plate (`mod:3`) reads each option.
        let moded: RuleSet = "mod:3".parse().unwrap();
        let boxed = PileBox::solve(&moded, ValueKind::Grundy, 3, 8, Budget::default()).unwrap();
        assert!(boxed.stats().generated >= options_and_plates(&moded, 3, 8).0);
    }
}
