//! # grundy-definition: values of single heaps by their definition
//!
//! The second ground truth of `grundy`, one level above the oracle. The oracle plays whole
//! positions and knows no theory; that is why it is trusted, and why it stops early on games that
//! split heaps: a heap of `n` reaches every way of cutting `n` up. This crate computes the value
//! of every single heap `0..=n` straight from the definitions, and uses exactly one theorem:
//!
//! * **normal play** ([`Level`] `definition`): the Grundy value of a heap is the mex of the values
//!   of its options, and the value of an option of several heaps is the XOR of theirs — the
//!   Sprague–Grundy theorem, nothing else. This is how every published octal table is computed.
//! * **misère play**, only for operations that never split a heap: a heap's options are single
//!   heaps, so its misère Grundy value is the mex of theirs, and 1 when it has no option. No
//!   theorem at all. (For games that split heaps there is no such shortcut: the misère value of a
//!   sum is not a function of its parts' values — ONAG ch. 12 — so only the game tree decides
//!   them, and [`Definition::new`] says so.)
//!
//! The options of a heap are listed here again from the rule text of
//! [`grundy_rules::Operation`], on purpose apart from the oracle's and the fast side's code: this
//! crate depends on `grundy-rules` alone.
//!
//! ```
//! use grundy_definition::Definition;
//! use grundy_rules::{Operation, Play};
//! let kayles: Operation = "octal:0.77".parse().unwrap();
//! let mut table = Definition::new(&kayles, Play::Normal).unwrap();
//! table.extend_to(100, None).unwrap();
//! // Kayles is periodic with period 12 from heap 71; 57 and 70 are its last exceptions.
//! assert_eq!((table.value(57), table.value(57 + 12)), (Some(4), Some(8)));
//! assert_eq!((table.value(70), table.value(70 + 12)), (Some(6), Some(2)));
//! ```

#![warn(missing_docs)]

use std::time::Instant;

use grundy_rules::{Operation, Play};

/// Most heaps a table may hold (4 bytes each, plus the pair sets of games splitting into three).
pub const MOST_HEAPS: u64 = 1 << 28;

/// Why a table cannot be built or could not go on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Stopped {
    /// Misère play of a game that splits heaps has no definition level.
    #[error(
        "{0} splits heaps, and the misère value of several heaps is not a function of theirs (ONAG ch. 12): there are no misère values of single heaps by definition, only the game tree's"
    )]
    MisereSplits(String),
    /// More heaps than [`MOST_HEAPS`] were asked for.
    #[error("values by definition go up to heap {MOST_HEAPS}, not {0}")]
    TooLarge(u64),
    /// The deadline passed; the table holds the heaps before `reached`.
    #[error("the time ran out at heap {reached}")]
    Deadline {
        /// The first heap without a value.
        reached: u64,
    },
}

/// The name of this level in reports.
pub const LEVEL: &str = "by definition";

/// One way to leave a heap, as the rules list it: what is left after `k` tokens are taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Leaves {
    /// One heap of this size (0: an empty plate, which has no option).
    One(u64),
    /// Two non-empty heaps adding up to this; `unequal`: of different sizes only.
    Two { total: u64, unequal: bool },
    /// Three non-empty heaps adding up to this.
    Three(u64),
}

/// Every way the operation may leave a heap of `n`, in the words of the rules.
fn options_of(operation: &Operation, n: u64, out: &mut Vec<Leaves>) {
    out.clear();
    let take = |k: u64, out: &mut Vec<Leaves>| out.push(Leaves::One(n - k));
    match operation {
        Operation::Nim => (1..=n).for_each(|k| take(k, out)),
        Operation::Subtraction(set) => set.iter().filter(|&&k| k <= n).for_each(|&k| take(k, out)),
        Operation::UpTo(m) => (1..=n.min(*m)).for_each(|k| take(k, out)),
        Operation::Half => (1..=n / 2).for_each(|k| take(k, out)),
        Operation::Mod(m) => {
            let most = if n.is_multiple_of(*m) { 1 } else { 2 };
            (1..=n.min(most)).for_each(|k| take(k, out));
        }
        Operation::Split if n >= 2 => out.push(Leaves::Two { total: n, unequal: false }),
        Operation::Grundy if n >= 3 => out.push(Leaves::Two { total: n, unequal: true }),
        Operation::Split | Operation::Grundy => {}
        Operation::Octal(digits) => {
            for (k, &digit) in digits.iter().enumerate() {
                let Some(rest) = n.checked_sub(k as u64) else { break };
                if digit & 1 != 0 && rest == 0 {
                    out.push(Leaves::One(0));
                }
                if digit & 2 != 0 && rest >= 1 {
                    out.push(Leaves::One(rest));
                }
                if digit & 4 != 0 && rest >= 2 {
                    out.push(Leaves::Two { total: rest, unequal: false });
                }
                if digit & 8 != 0 && rest >= 3 {
                    out.push(Leaves::Three(rest));
                }
            }
        }
    }
}

/// The values of single heaps `0, 1, 2, …` of one operation under one convention, by
/// definition, computed in order as far as asked.
#[derive(Debug, Clone)]
pub struct Definition {
    operation: Operation,
    play: Play,
    values: Vec<u32>,
    /// `pairs[s]`: every XOR of the values of two non-empty heaps adding up to `s` (kept only
    /// for operations that split a heap into three).
    pairs: Vec<Vec<u32>>,
    /// `seen[v] == stamp` when `v` is the value of an option of the heap being computed.
    seen: Vec<u64>,
    stamp: u64,
    /// The largest value so far.
    largest: u32,
    leaves: Vec<Leaves>,
}

impl Definition {
    /// An empty table of `operation` under `play`; misère play of a game that splits heaps has
    /// no definition level.
    pub fn new(operation: &Operation, play: Play) -> Result<Definition, Stopped> {
        if play == Play::Misere && operation.splits() {
            return Err(Stopped::MisereSplits(operation.to_string()));
        }
        Ok(Definition {
            operation: operation.clone(),
            play,
            values: Vec::new(),
            pairs: Vec::new(),
            seen: vec![0; 64],
            stamp: 0,
            largest: 0,
            leaves: Vec::new(),
        })
    }

    /// The operation.
    pub fn operation(&self) -> &Operation {
        &self.operation
    }

    /// The convention.
    pub fn play(&self) -> Play {
        self.play
    }

    /// How many heaps have a value: heaps `0..len()`.
    pub fn len(&self) -> u64 {
        self.values.len() as u64
    }

    /// Whether no heap has a value yet.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The value of heap `x`, once computed.
    pub fn value(&self, x: u64) -> Option<u32> {
        usize::try_from(x).ok().and_then(|x| self.values.get(x)).copied()
    }

    /// The values computed so far, of heaps `0, 1, …`.
    pub fn values(&self) -> &[u32] {
        &self.values
    }

    /// Computes every heap up to `n`, or stops at `deadline` keeping the heaps done.
    pub fn extend_to(&mut self, n: u64, deadline: Option<Instant>) -> Result<(), Stopped> {
        if n >= MOST_HEAPS {
            return Err(Stopped::TooLarge(n));
        }
        let three = matches!(&self.operation, Operation::Octal(digits) if digits.iter().any(|&d| d & 8 != 0));
        let mut since_clock = 0u64;
        while self.len() <= n {
            let heap = self.len();
            if three {
                let pairs = self.pair_values(heap);
                self.pairs.push(pairs);
            }
            let value = self.next_value(heap);
            self.values.push(value);
            // Reading the clock costs about as much as a small heap: read it once per step of
            // about a million option values.
            since_clock += heap + 1;
            if since_clock > 1 << 20 {
                since_clock = 0;
                if deadline.is_some_and(|deadline| Instant::now() >= deadline) && self.len() <= n {
                    return Err(Stopped::Deadline { reached: self.len() });
                }
            }
        }
        Ok(())
    }

    /// Every XOR of the values of two non-empty heaps adding up to `total`, each once, sorted.
    fn pair_values(&mut self, total: u64) -> Vec<u32> {
        self.stamp += 1;
        let mut found = Vec::new();
        let total = total as usize;
        for a in 1..=total / 2 {
            let v = self.values[a] ^ self.values[total - a];
            let slot = v as usize;
            if slot >= self.seen.len() {
                self.seen.resize((slot + 1).next_power_of_two(), 0);
            }
            if self.seen[slot] != self.stamp {
                self.seen[slot] = self.stamp;
                found.push(v);
            }
        }
        found.sort_unstable();
        found
    }

    /// The value of `heap`, every smaller heap's being known: the mex of its options' values
    /// (misère: 1 when it has no option).
    fn next_value(&mut self, heap: u64) -> u32 {
        let mut leaves = std::mem::take(&mut self.leaves);
        options_of(&self.operation, heap, &mut leaves);
        self.stamp += 1;
        let stamp = self.stamp;
        // Every value so far is below `width`, a power of two, and so is the XOR of any of them:
        // the slate is that wide, and `& mask` keeps the indexing free of bounds checks.
        let width = (self.largest as usize + 1).next_power_of_two();
        if self.seen.len() < width {
            self.seen.resize(width, 0);
        }
        let mask = width - 1;
        let values = &self.values;
        let seen = &mut self.seen[..width];
        for &leave in &leaves {
            match leave {
                Leaves::One(y) => seen[values[y as usize] as usize & mask] = stamp,
                Leaves::Two { total, unequal } => {
                    let total = total as usize;
                    let most = if unequal { (total - 1) / 2 } else { total / 2 };
                    for (a, b) in values[1..=most].iter().zip(values[total - most..total].iter().rev()) {
                        seen[(a ^ b) as usize & mask] = stamp;
                    }
                }
                Leaves::Three(total) => {
                    let total = total as usize;
                    for a in 1..=total - 2 {
                        for &pair in &self.pairs[total - a] {
                            seen[(values[a] ^ pair) as usize & mask] = stamp;
                        }
                    }
                }
            }
        }
        let options = !leaves.is_empty();
        self.leaves = leaves;
        if !options && self.play == Play::Misere {
            self.largest = self.largest.max(1);
            return 1;
        }
        // The mex is at most `width`: one past the slate when every slot is marked.
        let mex = seen.iter().position(|&s| s != stamp).unwrap_or(width) as u32;
        self.largest = self.largest.max(mex);
        mex
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(operation: &str, play: Play, n: u64) -> Vec<u32> {
        let mut table = Definition::new(&operation.parse().unwrap(), play).unwrap();
        table.extend_to(n, None).unwrap();
        table.values().to_vec()
    }

    #[test]
    fn nim_and_subtraction_games_by_hand() {
        assert_eq!(values("nim", Play::Normal, 6), [0, 1, 2, 3, 4, 5, 6]);
        // Misère Nim: a heap of 0 or 1 swaps 0 and 1; larger heaps keep their value.
        assert_eq!(values("nim", Play::Misere, 4), [1, 0, 2, 3, 4]);
        assert_eq!(values("sub:1,2,3", Play::Normal, 8), [0, 1, 2, 3, 0, 1, 2, 3, 0]);
        assert_eq!(values("sub:1,2,3", Play::Misere, 8), [1, 0, 2, 3, 1, 0, 2, 3, 1]);
        assert_eq!(values("mod:3", Play::Normal, 7), [0, 1, 2, 0, 1, 2, 0, 1]);
        assert_eq!(values("half", Play::Normal, 6), [0, 0, 1, 0, 2, 1, 3]);
    }

    #[test]
    fn splitting_games_by_hand() {
        // Split: a heap of n ≥ 2 becomes two heaps; heap 2 → 1 1 (value 0), heap 3 → 1 2 (0 ^ 1).
        assert_eq!(values("split", Play::Normal, 4), [0, 0, 1, 0, 1]);
        // Grundy's game (OEIS A002188): 0 0 0 1 0 2 1 0 2 1 0 2 1 3.
        assert_eq!(values("grundy", Play::Normal, 13), [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3]);
        // An empty plate left by taking the whole heap has value 0; d0 = 4 splits without taking,
        // as `split` does.
        assert_eq!(values("octal:0.1", Play::Normal, 2), [0, 1, 0]);
        assert_eq!(values("octal:4.0", Play::Normal, 6), values("split", Play::Normal, 6));
        // 0.8: take one token and leave three non-empty heaps: heap 4 → 1 1 1 (value 0); heap 5
        // → 1 1 2 (value 0 too, as every heap below 4 has value 0).
        assert_eq!(values("octal:0.8", Play::Normal, 6), [0, 0, 0, 0, 1, 1, 1]);
    }

    #[test]
    fn misere_play_of_a_splitting_game_has_no_definition_level() {
        let error = Definition::new(&"octal:0.77".parse().unwrap(), Play::Misere).unwrap_err();
        assert!(matches!(error, Stopped::MisereSplits(_)), "{error}");
        assert!(error.to_string().contains("game tree"), "{error}");
    }

    #[test]
    fn a_deadline_stops_the_table_and_keeps_what_was_done() {
        let mut table = Definition::new(&Operation::Nim, Play::Normal).unwrap();
        let error = table.extend_to(1 << 20, Some(Instant::now())).unwrap_err();
        let Stopped::Deadline { reached } = error else { panic!("{error}") };
        assert_eq!(reached, table.len());
        assert!(reached < 1 << 20);
        assert!(table.values().iter().enumerate().all(|(x, &v)| v as usize == x));
        table.extend_to(reached + 5, None).unwrap();
        assert_eq!(table.value(reached + 5), Some(reached as u32 + 5));
        assert_eq!(table.extend_to(MOST_HEAPS, None), Err(Stopped::TooLarge(MOST_HEAPS)));
    }
}
