//! Sliding windows over a table: mex and parity extremes of the values in `table[lo..=hi]`.
//!
//! When the options of a heap of size `x` are the sizes of an interval `[lo(x), hi(x)]` and both
//! ends never decrease as `x` grows (true of `nim`, `upto:m`, `sub:a..b`, `half` and `mod:m`),
//! the values of the options form a sliding window over the table being built, and each value
//! enters and leaves the window once. Both structures here make a whole table O(n) updates.

/// A multiset of small integers with `mex` in O(log₆₄ n): counts, plus a hierarchy of bitsets in
/// which a bit one level up says "this word below is full".
#[derive(Debug, Clone)]
pub(crate) struct MexSet {
    counts: Vec<u32>,
    levels: Vec<Vec<u64>>,
}

impl MexSet {
    /// A set for values below `capacity`.
    pub(crate) fn new(capacity: usize) -> MexSet {
        let mut levels = Vec::new();
        let mut words = capacity.div_ceil(64).max(1);
        loop {
            levels.push(vec![0u64; words]);
            if words == 1 {
                break;
            }
            words = words.div_ceil(64);
        }
        MexSet { counts: vec![0; capacity], levels }
    }

    /// Adds one copy of `value`.
    pub(crate) fn insert(&mut self, value: u32) {
        let count = &mut self.counts[value as usize];
        *count += 1;
        if *count > 1 {
            return;
        }
        let mut index = value as usize;
        for level in &mut self.levels {
            let word = &mut level[index / 64];
            *word |= 1 << (index % 64);
            if *word != u64::MAX {
                break;
            }
            index /= 64;
        }
    }

    /// Removes one copy of `value` (which must be present).
    pub(crate) fn remove(&mut self, value: u32) {
        let count = &mut self.counts[value as usize];
        *count -= 1;
        if *count > 0 {
            return;
        }
        let mut index = value as usize;
        for level in &mut self.levels {
            let word = &mut level[index / 64];
            let was_full = *word == u64::MAX;
            *word &= !(1 << (index % 64));
            if !was_full {
                break;
            }
            index /= 64;
        }
    }

    /// The smallest value with no copy.
    pub(crate) fn mex(&self) -> u32 {
        let mut index = 0usize;
        for level in self.levels.iter().rev() {
            let word = level.get(index).copied().unwrap_or(0);
            index = index * 64 + word.trailing_ones() as usize;
        }
        index as u32
    }
}

/// The extremes of one window.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Extremes {
    /// `[parity]`: the smallest value of that parity, if any.
    pub(crate) min: [Option<u32>; 2],
    /// `[parity]`: the largest value of that parity, if any.
    pub(crate) max: [Option<u32>; 2],
}

/// The value a remoteness or suspense rule picks from a window `table[lo..=hi]` whose ends
/// never decrease: the smallest (`hurry`) or largest value of the `wanted` parity, else the
/// largest (`hurry`) or smallest of the other parity. Two monotone queues of (index, value), one
/// per parity, each keeping only the extreme the rule asks of it.
#[derive(Debug, Clone)]
pub(crate) struct ParityWindow {
    wanted: u32,
    hurry: bool,
    /// Values of the wanted parity.
    first: Monotone,
    /// Values of the other parity.
    second: Monotone,
}

impl ParityWindow {
    pub(crate) fn new(wanted: usize, hurry: bool) -> ParityWindow {
        ParityWindow { wanted: wanted as u32, hurry, first: Monotone::default(), second: Monotone::default() }
    }

    /// Appends `table[index]` at the high end of the window.
    #[inline]
    pub(crate) fn push(&mut self, table: &[u32], index: usize) {
        let value = table[index];
        // The queue for smallest values keeps what is below the new value, and the other way.
        let smallest = (value % 2 == self.wanted) == self.hurry;
        let queue = if value % 2 == self.wanted { &mut self.first } else { &mut self.second };
        queue.push(index, value, |kept| if smallest { kept < value } else { kept > value });
    }

    /// Drops indices below `lo` from the low end of the window.
    #[inline]
    pub(crate) fn advance_low(&mut self, lo: usize) {
        self.first.advance_low(lo);
        self.second.advance_low(lo);
    }

    /// The value the rule picks, if the window holds any.
    #[inline]
    pub(crate) fn pick(&self) -> Option<u32> {
        self.first.front().or_else(|| self.second.front())
    }
}

/// A queue of (index, value) with increasing indices, whose values are kept strictly ordered
/// by the caller's rule: a new value removes the ones behind it that it beats. Popped from the
/// front by moving a head; the dead front is reclaimed once it is the larger half.
#[derive(Debug, Clone, Default)]
struct Monotone {
    items: Vec<(usize, u32)>,
    head: usize,
}

impl Monotone {
    #[inline]
    fn push(&mut self, index: usize, value: u32, keeps: impl Fn(u32) -> bool) {
        while self.items.len() > self.head && !keeps(self.items[self.items.len() - 1].1) {
            self.items.pop();
        }
        self.items.push((index, value));
    }

    #[inline]
    fn advance_low(&mut self, lo: usize) {
        while self.items.get(self.head).is_some_and(|&(index, _)| index < lo) {
            self.head += 1;
        }
        if self.head >= 1024 && 2 * self.head >= self.items.len() {
            self.items.drain(..self.head);
            self.head = 0;
        }
    }

    #[inline]
    fn front(&self) -> Option<u32> {
        self.items.get(self.head).map(|&(_, value)| value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_follows_inserts_and_removes_across_levels() {
        let mut set = MexSet::new(10_000);
        assert_eq!(set.mex(), 0);
        for v in 0..5000 {
            set.insert(v);
        }
        assert_eq!(set.mex(), 5000);
        set.insert(4095);
        set.remove(4095);
        assert_eq!(set.mex(), 5000);
        set.remove(4095);
        assert_eq!(set.mex(), 4095);
        set.remove(63);
        assert_eq!(set.mex(), 63);
        set.insert(63);
        set.insert(4095);
        assert_eq!(set.mex(), 5000);
    }

    #[test]
    fn a_sliding_window_picks_by_parity() {
        let table = [4, 1, 6, 3, 2, 5, 8];
        // (wanted parity, hurry) → pick in table[1..=4] = {1, 6, 3, 2}, then in table[4..=4] = {2}.
        for (wanted, hurry, whole, last) in [(0, true, 2, 2), (0, false, 6, 2), (1, true, 1, 2), (1, false, 3, 2)] {
            let mut window = ParityWindow::new(wanted, hurry);
            for j in 0..=4 {
                window.push(&table, j);
            }
            window.advance_low(1);
            assert_eq!(window.pick(), Some(whole), "wanted {wanted}, hurry {hurry}");
            window.advance_low(4);
            assert_eq!(window.pick(), Some(last), "wanted {wanted}, hurry {hurry}");
        }
    }
}
