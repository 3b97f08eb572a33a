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

/// The largest rank in a window `ranks[lo..end]` whose ends never decrease: a queue of
/// (index, rank) with increasing indices and strictly decreasing ranks, where a new rank removes
/// the ones behind it that it beats. Popped from the front by moving a head; the dead front is
/// reclaimed once it is the larger half.
#[derive(Debug, Clone, Default)]
pub(crate) struct MaxWindow {
    items: Vec<(usize, u32)>,
    head: usize,
}

impl MaxWindow {
    /// Appends the rank of `index` at the high end of the window.
    #[inline]
    pub(crate) fn push(&mut self, index: usize, rank: u32) {
        while self.items.len() > self.head && self.items[self.items.len() - 1].1 <= rank {
            self.items.pop();
        }
        self.items.push((index, rank));
    }

    /// Drops indices below `lo` from the low end of the window.
    #[inline]
    pub(crate) fn advance_low(&mut self, lo: usize) {
        while self.items.get(self.head).is_some_and(|&(index, _)| index < lo) {
            self.head += 1;
        }
        if self.head >= 1024 && 2 * self.head >= self.items.len() {
            self.items.drain(..self.head);
            self.head = 0;
        }
    }

    /// The largest rank in the window; 0 when it is empty.
    #[inline]
    pub(crate) fn front(&self) -> u32 {
        self.items.get(self.head).map_or(0, |&(_, rank)| rank)
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
    fn a_sliding_window_keeps_the_largest() {
        let ranks = [4, 1, 6, 3, 2, 5, 8, 0];
        let mut window = MaxWindow::default();
        let (mut lo, mut end) = (0, 0);
        // Windows [lo, end) with both ends moving up, checked against a plain maximum.
        for (next_lo, next_end) in [(0, 1), (0, 3), (1, 4), (3, 5), (3, 6), (5, 6), (6, 8), (7, 8), (8, 8)] {
            while end < next_end {
                window.push(end, ranks[end]);
                end += 1;
            }
            lo = lo.max(next_lo);
            window.advance_low(lo);
            let expected = ranks[lo..end].iter().copied().max().unwrap_or(0);
            assert_eq!(window.front(), expected, "window [{lo}, {end})");
        }
    }
}
