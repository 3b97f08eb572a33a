//! Per-heap value tables for operations that leave one heap: Grundy values (normal and misère),
//! foreclosed Grundy values, outcomes, remotenesses and suspense numbers, for sizes `0..=n`.
//!
//! Each value of `x` is a function of the values of its options (mex, or an extreme of a parity
//! class, or "is there a losing option"), so a table is filled in increasing `x`. When the options
//! form an interval with non-decreasing ends the function is kept up to date over a sliding
//! window ([`crate::window`]), O(n) updates in all; otherwise each option is visited, O(n·|S|).

use crate::Unsupported;
use crate::moves::{Heap, Intervals, Shape, with_intervals};
use crate::window::{Extremes, MaxWindow, MexSet};

/// Largest table the fast side builds, in entries.
pub const MAX_TABLE: u64 = 1 << 27;

/// Foreclosed value marker: the heap cannot move (the compound is over).
pub(crate) const ENDED: u32 = u32::MAX;
/// Foreclosed value marker (normal play): some option cannot move.
pub(crate) const IMMINENT: u32 = u32::MAX - 1;

/// A zeroed table (of values, bytes, …) for sizes `0..=n`, or why not.
pub(crate) fn new_table<T: Copy + Default>(n: u64) -> Result<Vec<T>, Unsupported> {
    let mut table = empty_table(n)?;
    table.resize(n as usize + 1, T::default());
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
    match heap.shape() {
        // Options 0..x (nim, or a band wider than the table): the window only grows.
        Some(shape @ Shape::Band { b, .. }) if b >= n as usize => {
            with_intervals!(shape, |intervals| mex_growing(intervals, rule, &mut table))
        }
        Some(shape) => with_intervals!(shape, |intervals| mex_sliding(intervals, rule, &mut table)),
        None => {
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
    }
    Ok(table)
}

/// Mex values over windows `table[0..=hi]`: the window only grows, so its mex only grows.
fn mex_growing(mut intervals: impl Intervals, rule: MexRule, table: &mut [u32]) {
    let mut present = vec![false; table.len() + 1];
    let (mut mex, mut ended, mut high_end) = (0usize, 0usize, 0usize);
    for x in 0..table.len() {
        let (_, end) = intervals.next_heap();
        if end == 0 {
            table[x] = rule.terminal();
            continue;
        }
        while high_end < end {
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
        table[x] = rule.value(ended, || mex as u32);
    }
}

/// Mex values over sliding windows `table[lo..=hi]`, both ends never decreasing.
fn mex_sliding(mut intervals: impl Intervals, rule: MexRule, table: &mut [u32]) {
    let mut window = MexSet::new(table.len() + 1);
    let mut ended = 0usize;
    let (mut low, mut high_end) = (0usize, 0usize);
    for x in 0..table.len() {
        let (lo, end) = intervals.next_heap();
        if end == 0 {
            table[x] = rule.terminal();
            continue;
        }
        while high_end < end {
            match table[high_end] {
                ENDED => ended += 1,
                IMMINENT => {}
                value => window.insert(value),
            }
            high_end += 1;
        }
        while low < lo {
            match table[low] {
                ENDED => ended -= 1,
                IMMINENT => {}
                value => window.remove(value),
            }
            low += 1;
        }
        table[x] = rule.value(ended, || window.mex());
    }
}

/// Outcome bits of one heap, a byte each, so that a whole table stays in cache: the player to
/// move wins it alone in normal play, in misère play; it has an option.
pub(crate) const NORMAL_WINS: u8 = 1;
pub(crate) const MISERE_WINS: u8 = 2;
pub(crate) const OPERABLE: u8 = 4;

/// The outcome bits of one heap.
#[inline(always)]
pub(crate) fn outcome(normal_wins: bool, misere_wins: bool, operable: bool) -> u8 {
    (u8::from(normal_wins) * NORMAL_WINS) | (u8::from(misere_wins) * MISERE_WINS) | (u8::from(operable) * OPERABLE)
}

/// Outcome bits of heaps `0..=n`. A heap with no option is lost by the player to move in normal
/// play and won in misère play; any other is won when some option is lost.
pub(crate) fn outcome_table(heap: &Heap, n: u64) -> Result<Vec<u8>, Unsupported> {
    let mut table = new_table(n)?;
    match heap.shape() {
        // Options 0..x (nim, or a band wider than the table): the window only grows.
        Some(shape @ Shape::Band { b, .. }) if b >= n as usize => {
            with_intervals!(shape, |intervals| outcome_growing(intervals, &mut table))
        }
        Some(shape) if shape.reach().is_some_and(|reach| reach <= HISTORY) => {
            with_intervals!(shape, |intervals| outcome_history(intervals, &mut table))
        }
        Some(shape) => with_intervals!(shape, |intervals| outcome_window(intervals, &mut table)),
        None => {
            for x in 0..=n {
                if !heap.is_operable(x) {
                    table[x as usize] = MISERE_WINS;
                    continue;
                }
                let mut bits = OPERABLE;
                heap.for_each_option(x, |y| bits |= !table[y as usize] & (NORMAL_WINS | MISERE_WINS));
                table[x as usize] = bits;
            }
        }
    }
    Ok(table)
}

/// Outcome bits over windows `table[0..end]`: once a lost heap is in the window, every later
/// heap wins (in that convention).
fn outcome_growing(mut intervals: impl Intervals, table: &mut [u8]) {
    // The conventions in which some heap so far is lost, as outcome bits.
    let (mut lost, mut high_end, mut last) = (0u8, 0usize, 0u8);
    for x in 0..table.len() {
        let (lo, end) = intervals.next_heap();
        debug_assert!(lo == 0, "a growing window starts at 0");
        last = if end == 0 {
            MISERE_WINS
        } else {
            while high_end < end {
                // The newest heap's bits are carried in a register, not read back.
                let bits = if high_end + 1 == x { last } else { table[high_end] };
                lost |= !bits & (NORMAL_WINS | MISERE_WINS);
                high_end += 1;
            }
            lost | OPERABLE
        };
        table[x] = last;
    }
}

/// How far back the windows [`outcome_history`] takes may reach.
const HISTORY: usize = 32;

/// Outcome bits over windows reaching at most [`HISTORY`] heaps back: one bit per recent heap
/// and convention, set when the heap is lost, shifted along; a window is a mask of them.
fn outcome_history(mut intervals: impl Intervals, table: &mut [u8]) {
    // Bit `i` of each: heap `x − 1 − i` is lost (normal play, misère play).
    let (mut normal_lost, mut misere_lost) = (0u64, 0u64);
    for (x, slot) in table.iter_mut().enumerate() {
        let (lo, end) = intervals.next_heap();
        let bits = if end == 0 {
            MISERE_WINS
        } else {
            // Heaps lo..end are bits x − end ..= x − 1 − lo.
            let window = (u64::MAX >> (64 - (end - lo))) << (x - end);
            outcome(normal_lost & window != 0, misere_lost & window != 0, true)
        };
        *slot = bits;
        normal_lost = (normal_lost << 1) | u64::from(bits & NORMAL_WINS == 0);
        misere_lost = (misere_lost << 1) | u64::from(bits & MISERE_WINS == 0);
    }
}

/// Outcome bits over sliding windows `table[lo..=hi]`, both ends never decreasing: the window's
/// count of lost heaps, in each convention. The newest heap's bits are carried in a register,
/// not read back from the table: the loop's chain of dependencies then runs through no memory.
fn outcome_window(mut intervals: impl Intervals, table: &mut [u8]) {
    let (mut low, mut high_end) = (0usize, 0usize);
    let (mut normal_losses, mut misere_losses) = (0u32, 0u32);
    let mut last = 0u8;
    for x in 0..table.len() {
        let (lo, end) = intervals.next_heap();
        last = if end == 0 {
            MISERE_WINS
        } else {
            while high_end < end {
                let bits = if high_end + 1 == x { last } else { table[high_end] };
                normal_losses += u32::from(bits & NORMAL_WINS == 0);
                misere_losses += u32::from(bits & MISERE_WINS == 0);
                high_end += 1;
            }
            while low < lo {
                normal_losses -= u32::from(table[low] & NORMAL_WINS == 0);
                misere_losses -= u32::from(table[low] & MISERE_WINS == 0);
                low += 1;
            }
            outcome(normal_losses > 0, misere_losses > 0, true)
        };
        table[x] = last;
    }
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

/// Ranks at or above this are options of the wanted parity.
const WANTED_RANK: u32 = 1 << 31;

impl ParityRule {
    /// The rule as an order on option values (below 2^30): it picks the option of highest rank.
    /// Rank 0 stands for no option; ranks of the wanted parity are exactly those from
    /// [`WANTED_RANK`] up, and each rank maps back to its value ([`ParityRule::value`]).
    ///
    /// Remoteness (hurry) ranks a wanted `v` as `!v` (smaller is better) and any other as `v + 1`
    /// (larger is better); suspense ranks a wanted `v` as `2^31 + v` and any other as
    /// `2^31 − 1 − v`. Each is `(v ^ mask) + add`, undone by `(rank − add) ^ mask`; written
    /// with selects rather than branches, as parities come in no predictable order.
    #[inline(always)]
    pub(crate) fn rank(self, value: u32) -> u32 {
        debug_assert!(value < 1 << 30, "parity values stay below 2^30");
        let (wanted_mask, other_mask, other_add) = self.ranking();
        if (value ^ self.wanted as u32) & 1 == 0 { value ^ wanted_mask } else { (value ^ other_mask) + other_add }
    }

    /// The value of a heap whose best option has rank `rank`: 0 without options, else one more
    /// than that option's value.
    #[inline(always)]
    pub(crate) fn value(self, rank: u32) -> u32 {
        let (wanted_mask, other_mask, other_add) = self.ranking();
        let option = if rank >= WANTED_RANK { rank ^ wanted_mask } else { rank.wrapping_sub(other_add) ^ other_mask };
        if rank == 0 { 0 } else { option + 1 }
    }

    /// The rank of the value of a heap whose best option has rank `rank`: the same as
    /// `self.rank(self.value(rank))`, in fewer steps, for the loops whose speed is this chain.
    /// An option of one parity gives a value of the other, so (with `v` the option's value):
    /// remoteness ranks `v + 1` after a wanted `v` as `v + 2 = !rank + 2`, after another as
    /// `!(v + 1) = !rank`; suspense ranks it as `2^31 − 2 − v = !rank − 1`, and as
    /// `2^31 + v + 1 = !rank + 1`.
    #[inline(always)]
    pub(crate) fn next_rank(self, rank: u32) -> u32 {
        let wanted = rank >= WANTED_RANK;
        let step = match (self.hurry, wanted) {
            (true, true) => 2,
            (true, false) => 0,
            (false, true) => u32::MAX,
            (false, false) => 1,
        };
        if rank == 0 { self.rank(0) } else { (!rank).wrapping_add(step) }
    }

    /// The constants of [`ParityRule::rank`]: the mask of wanted values, the mask and the
    /// addend of the others.
    #[inline(always)]
    fn ranking(self) -> (u32, u32, u32) {
        if self.hurry { (u32::MAX, 0, 1) } else { (WANTED_RANK, WANTED_RANK - 1, 0) }
    }

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

/// Parity extremes, gathered a value at a time. Sentinels instead of options in the loop:
/// `u32::MAX` is no value's minimum (values are below the table length), and a maximum counts
/// only where a minimum was seen.
#[derive(Debug, Clone, Copy)]
struct Gather {
    min: [u32; 2],
    max: [u32; 2],
}

impl Gather {
    const EMPTY: Gather = Gather { min: [u32::MAX; 2], max: [0; 2] };

    #[inline(always)]
    fn add(&mut self, value: u32) {
        let parity = (value % 2) as usize;
        self.min[parity] = self.min[parity].min(value);
        self.max[parity] = self.max[parity].max(value);
    }

    #[inline(always)]
    fn extremes(self) -> Extremes {
        let seen = |parity: usize| self.min[parity] != u32::MAX;
        Extremes {
            min: [0, 1].map(|parity| seen(parity).then_some(self.min[parity])),
            max: [0, 1].map(|parity| seen(parity).then_some(self.max[parity])),
        }
    }
}

/// The parity extremes of the options of `x`, option by option.
#[cfg(test)]
fn scan_extremes(heap: &Heap, x: u64, table: &[u32]) -> Extremes {
    let mut gather = Gather::EMPTY;
    heap.for_each_option(x, |y| gather.add(table[y as usize]));
    gather.extremes()
}

/// Remotenesses or suspense numbers of heaps `0..=n` (0 for a heap with no option).
pub(crate) fn parity_table(heap: &Heap, n: u64, rule: ParityRule) -> Result<Vec<u32>, Unsupported> {
    let mut table = new_table(n)?;
    fill_parity(heap, rule, &mut table[..]).expect("every value fits in 32 bits");
    Ok(table)
}

/// Values of heaps `0..=n`, in as few bytes as they fit: a smaller table costs fewer fresh
/// pages and fewer cache misses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Values {
    Bytes(Vec<u8>),
    Blocks(Blocks),
    Words(Vec<u32>),
}

/// Values in blocks of [`BLOCK`] heaps: each block's base, and each heap's excess over its
/// block's base in a byte. Holds values that stay within 255 of a base set 128 below each
/// block's first value: values that change slowly, as remotenesses of subtraction games do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Blocks {
    bases: Vec<u32>,
    excess: Vec<u8>,
}

/// Heaps per block of [`Blocks`].
const BLOCK: usize = 64;

impl Blocks {
    fn new(len: usize) -> Blocks {
        Blocks { bases: vec![0; len.div_ceil(BLOCK)], excess: vec![0; len] }
    }

    /// Number of heaps.
    pub(crate) fn len(&self) -> usize {
        self.excess.len()
    }

    /// The value of heap `x`, if it is held.
    #[inline(always)]
    pub(crate) fn get(&self, x: usize) -> Option<u32> {
        let excess = *self.excess.get(x)?;
        Some(self.bases[x / BLOCK] + u32::from(excess))
    }
}

/// As [`parity_table`], in as few bytes as the values fit: built in bytes, then in blocks, then
/// in words, each attempt ending at the first value that does not fit (early, for values that
/// outgrow a byte).
pub(crate) fn parity_values(heap: &Heap, n: u64, rule: ParityRule) -> Result<Values, Unsupported> {
    let mut bytes: Vec<u8> = new_table(n)?;
    if fill_parity(heap, rule, &mut bytes[..]).is_ok() {
        return Ok(Values::Bytes(bytes));
    }
    drop(bytes);
    let mut blocks = Blocks::new(n as usize + 1);
    if fill_parity(heap, rule, &mut blocks).is_ok() {
        return Ok(Values::Blocks(blocks));
    }
    drop(blocks);
    parity_table(heap, n, rule).map(Values::Words)
}

/// Where a table's values are kept, set in increasing heap order.
trait Store {
    fn len(&self) -> usize;
    fn get(&self, x: usize) -> u32;
    /// Sets the value of heap `x` (after those of every smaller heap), or says it does not fit.
    fn set(&mut self, x: usize, value: u32) -> Result<(), Overflow>;
}

impl Store for [u8] {
    fn len(&self) -> usize {
        self.len()
    }

    #[inline(always)]
    fn get(&self, x: usize) -> u32 {
        self[x].into()
    }

    #[inline(always)]
    fn set(&mut self, x: usize, value: u32) -> Result<(), Overflow> {
        self[x] = u8::try_from(value).map_err(|_| Overflow)?;
        Ok(())
    }
}

impl Store for [u32] {
    fn len(&self) -> usize {
        self.len()
    }

    #[inline(always)]
    fn get(&self, x: usize) -> u32 {
        self[x]
    }

    #[inline(always)]
    fn set(&mut self, x: usize, value: u32) -> Result<(), Overflow> {
        self[x] = value;
        Ok(())
    }
}

impl Store for Blocks {
    fn len(&self) -> usize {
        self.len()
    }

    #[inline(always)]
    fn get(&self, x: usize) -> u32 {
        self.bases[x / BLOCK] + u32::from(self.excess[x])
    }

    #[inline(always)]
    fn set(&mut self, x: usize, value: u32) -> Result<(), Overflow> {
        let base = &mut self.bases[x / BLOCK];
        if x.is_multiple_of(BLOCK) {
            *base = value.saturating_sub(128);
        }
        self.excess[x] = value.checked_sub(*base).and_then(|excess| u8::try_from(excess).ok()).ok_or(Overflow)?;
        Ok(())
    }
}

/// A value did not fit its store.
#[derive(Debug)]
struct Overflow;

/// Fills `table` with the rule's values of heaps `0..table.len()`.
fn fill_parity(heap: &Heap, rule: ParityRule, table: &mut (impl Store + ?Sized)) -> Result<(), Overflow> {
    let n = table.len() - 1;
    // Windows that reach back only a few heaps are cheaper to scan than to keep in queues.
    let narrow = heap.shape().and_then(Shape::reach).is_some_and(|reach| reach <= NARROW);
    match heap.shape() {
        // Options 0..x (nim, or a band wider than the table): the window only grows.
        Some(shape @ Shape::Band { b, .. }) if b >= n => {
            with_intervals!(shape, |intervals| parity_growing(intervals, rule, table))
        }
        Some(shape) if narrow => with_intervals!(shape, |intervals| parity_scan(intervals, rule, table)),
        Some(shape) => with_intervals!(shape, |intervals| parity_window(intervals, rule, table)),
        None => {
            for x in 0..=n {
                let mut gather = Gather::EMPTY;
                heap.for_each_option(x as u64, |y| gather.add(table.get(y as usize)));
                table.set(x, rule.choose(gather.extremes()))?;
            }
            Ok(())
        }
    }
}

/// Parity values over windows `table[0..end]`: the window only grows, so its highest rank is
/// a running maximum.
fn parity_growing(
    mut intervals: impl Intervals,
    rule: ParityRule,
    table: &mut (impl Store + ?Sized),
) -> Result<(), Overflow> {
    let (mut best, mut high_end, mut last_rank) = (0u32, 0usize, 0u32);
    for x in 0..table.len() {
        let (lo, end) = intervals.next_heap();
        debug_assert!(lo == 0, "a growing window starts at 0");
        while high_end < end {
            // The newest heap's rank is carried in a register, not read back.
            best = best.max(if high_end + 1 == x { last_rank } else { rule.rank(table.get(high_end)) });
            high_end += 1;
        }
        table.set(x, rule.value(best))?;
        last_rank = rule.next_rank(best);
    }
    Ok(())
}

/// How far back the windows [`parity_scan`] takes may reach.
const NARROW: usize = 16;

/// Parity values over short windows `table[lo..end]` (reaching at most [`NARROW`] back), each scanned
/// for its highest rank in a ring of the last ranks, so that no rank is computed twice. The
/// newest heap's rank is also carried in a register, not read back: the loop's chain of
/// dependencies then runs through no memory.
fn parity_scan(
    mut intervals: impl Intervals,
    rule: ParityRule,
    table: &mut (impl Store + ?Sized),
) -> Result<(), Overflow> {
    const RING: usize = NARROW;
    // `ranks[y % RING]`: the rank of heap `y`, for the last `RING` heaps.
    let mut ranks = [0u32; RING];
    let mut last_rank = 0;
    for x in 0..table.len() {
        let (lo, end) = intervals.next_heap();
        debug_assert!(lo + RING >= x, "a narrow window");
        let fresh = end == x && end > lo;
        let mut best = if fresh { last_rank } else { 0 };
        for y in lo..end - usize::from(fresh) {
            best = best.max(ranks[y % RING]);
        }
        table.set(x, rule.value(best))?;
        last_rank = rule.next_rank(best);
        ranks[x % RING] = last_rank;
    }
    Ok(())
}

/// Parity values over sliding windows `table[lo..end]`, both ends never decreasing: a queue
/// of the window's highest ranks, and the newest heap's rank in a register.
fn parity_window(
    mut intervals: impl Intervals,
    rule: ParityRule,
    table: &mut (impl Store + ?Sized),
) -> Result<(), Overflow> {
    let mut window = MaxWindow::default();
    let (mut high_end, mut last_rank) = (0usize, 0u32);
    for x in 0..table.len() {
        let (lo, end) = intervals.next_heap();
        if end == 0 {
            table.set(x, 0)?;
            last_rank = rule.next_rank(0);
            continue;
        }
        let fresh = end == x && end > lo;
        while high_end < end - usize::from(fresh) {
            window.push(high_end, rule.rank(table.get(high_end)));
            high_end += 1;
        }
        window.advance_low(lo);
        let best = window.front().max(if fresh { last_rank } else { 0 });
        table.set(x, rule.value(best))?;
        last_rank = rule.next_rank(best);
    }
    Ok(())
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
            "upto:32",
            "sub:2,3,4",
            "sub:3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20",
            "half",
            "mod:5",
            "mod:1",
            "sub:1,2,3",
            "sub:5,6",
            "sub:20,21",
            "sub:16,17,18",
            "mod:17",
            "upto:1000",
            // Reaching back past a u64 of history, and still inside the table.
            "upto:100",
            "sub:70,71,72",
            "sub:1,3",
            "sub:2,3,7",
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
            let outcomes = outcome_table(&fast, n).unwrap();
            for x in 0..=n {
                let (mut normal, mut misere, mut operable) = (false, false, false);
                fast.for_each_option(x, |y| {
                    normal |= outcomes[y as usize] & NORMAL_WINS == 0;
                    misere |= outcomes[y as usize] & MISERE_WINS == 0;
                    operable = true;
                });
                misere |= !operable;
                let expected = outcome(normal, misere, operable);
                assert_eq!(outcomes[x as usize], expected, "{operation} outcomes at {x}");
            }
        }
    }

    /// Parity tables are kept in bytes exactly when every value fits, and hold the same values.
    #[test]
    fn parity_values_are_bytes_when_they_fit() {
        for operation in ["nim", "half", "sub:1,2,3", "mod:17", "sub:1,3", "upto:5000", "sub:400,401", "sub:1000"] {
            let fast = heap(operation);
            for wanted in 0..2 {
                for hurry in [true, false] {
                    let rule = ParityRule { wanted, hurry };
                    let words = parity_table(&fast, 3000, rule).unwrap();
                    let fits = words.iter().all(|&v| v <= 255);
                    // Blocks hold them when, in each block, they stay within 255 above 128 below
                    // the block's first value.
                    let in_blocks = words.chunks(BLOCK).all(|block| {
                        let base = block[0].saturating_sub(128);
                        block.iter().all(|&v| v >= base && v - base <= 255)
                    });
                    match parity_values(&fast, 3000, rule).unwrap() {
                        Values::Bytes(bytes) => {
                            assert!(fits, "{operation} {rule:?}");
                            assert!(bytes.iter().zip(&words).all(|(&b, &w)| u32::from(b) == w), "{operation} {rule:?}");
                        }
                        Values::Blocks(blocks) => {
                            assert!(!fits && in_blocks, "{operation} {rule:?}");
                            assert_eq!(blocks.len(), words.len());
                            assert!((0..words.len()).all(|x| blocks.get(x) == Some(words[x])), "{operation} {rule:?}");
                            assert_eq!(blocks.get(words.len()), None);
                        }
                        Values::Words(kept) => {
                            assert!(!fits && !in_blocks, "{operation} {rule:?}");
                            assert_eq!(kept, words, "{operation} {rule:?}");
                        }
                    }
                }
            }
        }
    }

    /// Blocks take values within 255 above a base 128 below each block's first value, and
    /// nothing else.
    #[test]
    fn blocks_hold_values_near_each_blocks_first() {
        let mut blocks = Blocks::new(3 * BLOCK);
        let values: Vec<u32> = (0..3 * BLOCK as u32).map(|x| 1000 + x * 3 / 2).collect();
        for (x, &v) in values.iter().enumerate() {
            blocks.set(x, v).unwrap();
        }
        assert!((0..values.len()).all(|x| blocks.get(x) == Some(values[x])));
        let mut blocks = Blocks::new(BLOCK);
        blocks.set(0, 5).unwrap();
        blocks.set(1, 0).unwrap();
        assert!(blocks.set(2, 5 + 256).is_err());
        let mut blocks = Blocks::new(BLOCK);
        blocks.set(0, 1000).unwrap();
        assert!(blocks.set(1, 1000 - 129).is_err());
        blocks.set(1, 1000 - 128).unwrap();
        blocks.set(2, 1000 + 127).unwrap();
        assert!(blocks.set(3, 1000 + 128).is_err());
    }

    /// A rule picks the option of highest rank, and a rank gives back its option's value.
    #[test]
    fn ranks_order_options_as_the_rule_chooses() {
        for wanted in 0..2 {
            for hurry in [true, false] {
                let rule = ParityRule { wanted, hurry };
                for a in 0..40u32 {
                    assert_eq!(rule.value(rule.rank(a)), a + 1);
                    for b in 0..40u32 {
                        let mut gather = Gather::EMPTY;
                        gather.add(a);
                        gather.add(b);
                        let best = rule.rank(a).max(rule.rank(b));
                        assert_eq!(rule.value(best), rule.choose(gather.extremes()), "{rule:?} on {a}, {b}");
                    }
                }
                assert_eq!(rule.value(0), 0);
                // Every rank of an option's value, and 0 for no option.
                let values = (0..100).chain((1 << 30) - 100..(1 << 30) - 1);
                for rank in std::iter::once(0).chain(values.map(|v| rule.rank(v))) {
                    assert_eq!(rule.next_rank(rank), rule.rank(rule.value(rank)), "{rule:?} after rank {rank}");
                }
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
        assert!(matches!(new_table::<u32>(MAX_TABLE), Err(Unsupported::TooLarge { .. })));
    }

    /// A table is reserved whole before it is filled: room for heaps `0..=n`, so that filling it
    /// never grows it (a failed reservation is an error; a failed growth would abort).
    #[test]
    fn tables_are_reserved_whole() {
        for n in [0, 1, 7, 1000] {
            assert!(empty_table::<u32>(n).unwrap().capacity() > n as usize, "{n}");
        }
    }
}
