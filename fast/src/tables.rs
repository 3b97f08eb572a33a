//! Per-heap value tables for operations that leave one heap: Grundy values (normal and misère),
//! foreclosed Grundy values, outcomes, remotenesses and suspense numbers, for sizes `0..=n`.
//!
//! Each value of `x` is a function of the values of its options (mex, or an extreme of a parity
//! class, or "is there a losing option"), so a table is filled in increasing `x`. When the options
//! form an interval with non-decreasing ends the function is kept up to date over a sliding
//! window ([`crate::window`]), O(n) updates in all; otherwise each option is visited, O(n·|S|).

use crate::Unsupported;
use crate::moves::{Heap, HeapMoves};
use crate::window::{Extremes, MexSet, ParityWindow};

/// Largest table the fast side builds, in entries.
pub const MAX_TABLE: u64 = 1 << 27;

/// Foreclosed value marker: the heap cannot move (the compound is over).
pub(crate) const ENDED: u32 = u32::MAX;
/// Foreclosed value marker (normal play): some option cannot move.
pub(crate) const IMMINENT: u32 = u32::MAX - 1;

/// A zeroed table for sizes `0..=n`, or why not.
pub(crate) fn new_table(n: u64) -> Result<Vec<u32>, Unsupported> {
    let mut table = empty_table(n)?;
    table.resize(n as usize + 1, 0);
    Ok(table)
}

/// An empty table with room for heaps `0..=n`, or why there is none.
fn empty_table<T>(n: u64) -> Result<Vec<T>, Unsupported> {
    if n >= MAX_TABLE {
        return Err(Unsupported::TooLarge { size: n, limit: MAX_TABLE });
    }
    let mut table = Vec::new();
    table.try_reserve_exact(n as usize + 1).map_err(|_| Unsupported::OutOfMemory { size: n })?;
    Ok(table)
}

/// Which mex-based value to tabulate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum MexRule {
    /// Grundy value; `terminal` for a heap with no option (0 normal, 1 misère).
    Grundy { terminal: u32 },
    /// Foreclosed value, normal play: [`ENDED`], [`IMMINENT`], or the mex of the other options.
    ForeclosedNormal,
    /// Foreclosed value, misère play: [`ENDED`], or the mex of the options that are not ended.
    ForeclosedMisere,
}

impl MexRule {
    fn terminal(self) -> u32 {
        match self {
            MexRule::Grundy { terminal } => terminal,
            MexRule::ForeclosedNormal | MexRule::ForeclosedMisere => ENDED,
        }
    }

    fn value(self, ended_options: usize, mex: impl FnOnce() -> u32) -> u32 {
        match self {
            MexRule::ForeclosedNormal if ended_options > 0 => IMMINENT,
            _ => mex(),
        }
    }
}

/// Mex-based values of heaps `0..=n`.
pub(crate) fn mex_table(heap: &Heap, n: u64, rule: MexRule) -> Result<Vec<u32>, Unsupported> {
    let mut table = new_table(n)?;
    match heap.moves() {
        // Options 0..x (Nim): the window only grows, so its mex only grows.
        HeapMoves::Interval if heap.widest_interval().is_none() && heap.interval(n).is_some_and(|(lo, _)| lo == 0) => {
            let mut present = vec![false; n as usize + 2];
            let (mut mex, mut ended, mut high_end) = (0usize, 0usize, 0usize);
            for x in 0..=n {
                let Some((_, hi)) = heap.interval(x) else {
                    table[x as usize] = rule.terminal();
                    continue;
                };
                while high_end <= hi as usize {
                    match table[high_end] {
                        ENDED => ended += 1,
                        IMMINENT => {}
                        value => present[value as usize] = true,
                    }
                    high_end += 1;
                }
                while present[mex] {
                    mex += 1;
                }
                table[x as usize] = rule.value(ended, || mex as u32);
            }
        }
        HeapMoves::Interval => {
            let mut window = MexSet::new(n as usize + 2);
            let mut ended = 0usize;
            let (mut low, mut high_end) = (0usize, 0usize);
            for x in 0..=n {
                let Some((lo, hi)) = heap.interval(x) else {
                    table[x as usize] = rule.terminal();
                    continue;
                };
                while high_end <= hi as usize {
                    match table[high_end] {
                        ENDED => ended += 1,
                        IMMINENT => {}
                        value => window.insert(value),
                    }
                    high_end += 1;
                }
                while low < lo as usize {
                    match table[low] {
                        ENDED => ended -= 1,
                        IMMINENT => {}
                        value => window.remove(value),
                    }
                    low += 1;
                }
                table[x as usize] = rule.value(ended, || window.mex());
            }
        }
        HeapMoves::Listed(_) | HeapMoves::Octal(_) => {
            let mut seen = vec![false; heap.most_options() + 1];
            for x in 0..=n {
                if !heap.is_operable(x) {
                    table[x as usize] = rule.terminal();
                    continue;
                }
                seen.fill(false);
                let mut ended = 0;
                heap.for_each_option(x, |y| match table[y as usize] {
                    ENDED => ended += 1,
                    IMMINENT => {}
                    value => {
                        if let Some(slot) = seen.get_mut(value as usize) {
                            *slot = true;
                        }
                    }
                });
                table[x as usize] = rule.value(ended, || seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32);
            }
        }
        HeapMoves::Splitting => unreachable!("splitting operations use closed forms"),
    }
    Ok(table)
}

/// Outcomes of heaps `0..=n` as 1 (the player to move wins) or 0, a byte each. A heap with no
/// option is won by the player to move iff `terminal_first_wins`.
pub(crate) fn outcome_table(heap: &Heap, n: u64, terminal_first_wins: bool) -> Result<Vec<u8>, Unsupported> {
    let mut table: Vec<u8> = empty_table(n)?;
    match heap.moves() {
        HeapMoves::Interval => {
            // How many second-player wins the window `table[lo..=hi]` holds; the window's ends
            // never move down for these operations (and it is counted afresh if they did).
            let (mut lo, mut end, mut losing) = (0usize, 0usize, 0usize);
            for x in 0..=n as usize {
                let value = match heap.interval(x as u64) {
                    None => terminal_first_wins,
                    Some((low, high)) => {
                        let (low, high_end) = (low as usize, high as usize + 1);
                        if low < lo || high_end < end {
                            (lo, end) = (low, high_end);
                            losing = table[lo..end].iter().filter(|&&won| won == 0).count();
                        }
                        while end < high_end {
                            losing += usize::from(table[end] == 0);
                            end += 1;
                        }
                        while lo < low {
                            losing -= usize::from(table[lo] == 0);
                            lo += 1;
                        }
                        losing > 0
                    }
                };
                table.push(u8::from(value));
            }
        }
        HeapMoves::Listed(_) | HeapMoves::Octal(_) => {
            for x in 0..=n {
                let value = if !heap.is_operable(x) {
                    terminal_first_wins
                } else {
                    let mut wins = false;
                    heap.for_each_option(x, |y| wins |= table[y as usize] == 0);
                    wins
                };
                table.push(u8::from(value));
            }
        }
        HeapMoves::Splitting => unreachable!("splitting operations use closed forms"),
    }
    Ok(table)
}

/// Which parity-extreme value to tabulate: remoteness or suspense, normal or misère.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ParityRule {
    /// The parity the player to move looks for first: options of this parity are losses for the
    /// opponent (0, even, in normal play; 1, odd, in misère play).
    pub(crate) wanted: usize,
    /// Remoteness (the winner hurries: smallest wanted, else largest other) rather than suspense
    /// (the winner dawdles: largest wanted, else smallest other).
    pub(crate) hurry: bool,
}

impl ParityRule {
    pub(crate) fn choose(self, extremes: Extremes) -> u32 {
        let other = 1 - self.wanted;
        let (wanted, fallback) = if self.hurry {
            (extremes.min[self.wanted], extremes.max[other])
        } else {
            (extremes.max[self.wanted], extremes.min[other])
        };
        wanted.or(fallback).map_or(0, |v| v + 1)
    }
}

/// The parity extremes of the options of `x`, option by option.
#[inline]
fn scan_extremes(heap: &Heap, x: u64, table: &[u32]) -> Extremes {
    // Sentinels instead of options in the loop: `u32::MAX` is no value's minimum (values are
    // below the table length), and a maximum counts only where a minimum was seen.
    let (mut min, mut max) = ([u32::MAX; 2], [0u32; 2]);
    heap.for_each_option(x, |y| {
        let value = table[y as usize];
        let parity = (value % 2) as usize;
        min[parity] = min[parity].min(value);
        max[parity] = max[parity].max(value);
    });
    let seen = |parity: usize| min[parity] != u32::MAX;
    Extremes {
        min: [0, 1].map(|parity| seen(parity).then_some(min[parity])),
        max: [0, 1].map(|parity| seen(parity).then_some(max[parity])),
    }
}

/// Remotenesses or suspense numbers of heaps `0..=n` (0 for a heap with no option).
pub(crate) fn parity_table(heap: &Heap, n: u64, rule: ParityRule) -> Result<Vec<u32>, Unsupported> {
    let mut table = new_table(n)?;
    // Narrow intervals are cheaper to scan than to keep in deques.
    let narrow = heap.widest_interval().is_some_and(|width| width <= 16);
    match heap.moves() {
        HeapMoves::Interval if narrow => {
            for x in 0..=n {
                table[x as usize] = rule.choose(scan_extremes(heap, x, &table));
            }
        }
        HeapMoves::Interval => {
            let mut window = ParityWindow::new(rule.wanted, rule.hurry);
            let mut high_end = 0usize;
            for x in 0..=n as usize {
                let Some((lo, hi)) = heap.interval(x as u64) else {
                    table[x] = 0;
                    continue;
                };
                while high_end <= hi as usize {
                    window.push(&table, high_end);
                    high_end += 1;
                }
                window.advance_low(lo as usize);
                table[x] = window.pick().map_or(0, |v| v + 1);
            }
        }
        HeapMoves::Listed(_) | HeapMoves::Octal(_) => {
            for x in 0..=n {
                table[x as usize] = rule.choose(scan_extremes(heap, x, &table));
            }
        }
        HeapMoves::Splitting => unreachable!("splitting operations use closed forms"),
    }
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn heap(operation: &str) -> Heap {
        Heap::new(&operation.parse().unwrap())
    }

    /// The same tables, computed option by option, for every operation the window handles.
    #[test]
    fn windows_agree_with_listing_every_option() {
        for operation in [
            "nim",
            "upto:3",
            "upto:40",
            "sub:2,3,4",
            "sub:3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20",
            "half",
            "mod:5",
            "mod:1",
            "sub:1,2,3",
        ] {
            let fast = heap(operation);
            let n = 300;
            for rule in [
                MexRule::Grundy { terminal: 0 },
                MexRule::Grundy { terminal: 1 },
                MexRule::ForeclosedNormal,
                MexRule::ForeclosedMisere,
            ] {
                let table = mex_table(&fast, n, rule).unwrap();
                for x in 0..=n {
                    let mut values = Vec::new();
                    let mut ended = 0;
                    fast.for_each_option(x, |y| match table[y as usize] {
                        ENDED => ended += 1,
                        IMMINENT => {}
                        v => values.push(v),
                    });
                    let expected = if !fast.is_operable(x) {
                        rule.terminal()
                    } else if rule == MexRule::ForeclosedNormal && ended > 0 {
                        IMMINENT
                    } else {
                        (0..).find(|v| !values.contains(v)).unwrap()
                    };
                    assert_eq!(table[x as usize], expected, "{operation} {rule:?} at {x}");
                }
            }
            for wanted in 0..2 {
                for hurry in [true, false] {
                    let rule = ParityRule { wanted, hurry };
                    let table = parity_table(&fast, n, rule).unwrap();
                    for x in 0..=n {
                        let expected = rule.choose(scan_extremes(&fast, x, &table));
                        assert_eq!(table[x as usize], expected, "{operation} {rule:?} at {x}");
                    }
                }
            }
            let outcomes = outcome_table(&fast, n, false).unwrap();
            for x in 0..=n {
                let mut wins = false;
                fast.for_each_option(x, |y| wins |= outcomes[y as usize] == 0);
                assert_eq!(outcomes[x as usize], u8::from(wins), "{operation} outcome at {x}");
            }
        }
    }

    #[test]
    fn known_grundy_sequences() {
        let nim = mex_table(&heap("nim"), 10, MexRule::Grundy { terminal: 0 }).unwrap();
        assert_eq!(nim, (0..=10).collect::<Vec<u32>>());
        let bounded = mex_table(&heap("upto:3"), 9, MexRule::Grundy { terminal: 0 }).unwrap();
        assert_eq!(bounded, vec![0, 1, 2, 3, 0, 1, 2, 3, 0, 1]);
        // sub:{2,3,7}: period 5 from the start (0 0 1 1 2).
        let scattered = mex_table(&heap("sub:2,3,7"), 14, MexRule::Grundy { terminal: 0 }).unwrap();
        assert_eq!(scattered, vec![0, 0, 1, 1, 2, 0, 0, 1, 1, 2, 0, 0, 1, 1, 2]);
    }

    #[test]
    fn oversized_tables_are_refused() {
        assert!(matches!(new_table(MAX_TABLE), Err(Unsupported::TooLarge { .. })));
    }
}
