//! **Sparse space** (Winning Ways, ch. 4, "Sparse space spells speed") for octal games that split
//! heaps in two.
//!
//! Fix a bit mask `m` and call a value *rare* when `popcount(v & m)` is even, *common* when it is
//! odd. The xor of two values is common exactly when one is rare and the other common. So every
//! common option value of a heap comes from a split with a rare part, and those are few when rare
//! values are: the common values are enumerated in O(#rare heaps). A rare value below the smallest
//! missing common one is looked for among the remaining splits, stopping once every such value is
//! found; only a value that is really missing makes the search cover every split. The result is
//! exact for any mask; the mask only decides the speed.
//!
//! **Two cores.** Heap `h` needs every value below it, but only a few of its options involve the
//! newest heaps `h − d … h − 1`: single heaps left by taking at most `d` tokens, and splits whose
//! smaller part is below `d`. Everything else — the rare splits, the smallest missing common
//! value, the search for rare values — is done ahead, as a *draft*. One thread takes the even
//! heaps and one the odd heaps; each finishes its heaps in order (adding the few options of the
//! newest heaps to the draft) and drafts its next heaps while the other thread finishes the ones
//! in between, so neither waits for the other's searches. The finish is exact: if a new option
//! is the smallest missing common value, the rare values between it and the next missing one are
//! searched for then.

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

/// Tables at least this much longer than what is known are extended on two threads.
const PARALLEL_FROM: usize = 1 << 14;

/// Heaps are grouped by their residue modulo this for remembering witnesses.
const WITNESS_RESIDUES: usize = 12;

/// What the mask says about the table so far.
#[derive(Debug, Clone)]
pub struct Sparse {
    mask: u32,
    /// Heaps with rare values, ascending (heap 0 excluded: it is never a part).
    rare_heaps: Vec<usize>,
    /// Their values.
    rare_values: Vec<u32>,
    /// The table length when the mask was last chosen.
    chosen_at: usize,
}

impl Sparse {
    /// The mask (over the bits the values use, at most 12) that makes the fewest of `values`
    /// rare, with that count; ties go to the mask with more bits, which tells more values apart.
    pub fn best_mask(values: &[u32]) -> (u32, usize) {
        let largest = values.iter().copied().max().unwrap_or(0);
        let masks = (largest + 1).next_power_of_two().clamp(2, 1 << 12);
        let mut frequency = vec![0usize; largest as usize + 1];
        for &v in values {
            frequency[v as usize] += 1;
        }
        let present: Vec<(u32, usize)> =
            frequency.iter().enumerate().filter(|&(_, &f)| f > 0).map(|(v, &f)| (v as u32, f)).collect();
        (1..masks)
            .map(|mask| (mask, present.iter().filter(|&&(v, _)| is_rare(v, mask)).map(|&(_, f)| f).sum()))
            .min_by_key(|&(mask, rare): &(u32, usize)| {
                (rare, std::cmp::Reverse(mask.count_ones()), std::cmp::Reverse(mask))
            })
            .expect("masks to try")
    }

    /// Prepares the method for a table computed so far.
    pub fn new(values: &[u32], mask: u32) -> Sparse {
        let rare_heaps: Vec<usize> = (1..values.len()).filter(|&n| is_rare(values[n], mask)).collect();
        let rare_values = rare_heaps.iter().map(|&n| values[n]).collect();
        Sparse { mask, rare_heaps, rare_values, chosen_at: values.len() }
    }

    /// How many heaps so far have rare values.
    pub fn rare_count(&self) -> usize {
        self.rare_heaps.len()
    }

    /// Extends `values` (at least heaps 0 and 1) up to heap `n`, on two threads when the machine
    /// has them and the extension is long.
    pub fn extend(&mut self, digits: &[u8], values: &mut Vec<u32>, n: usize) {
        let parallel = n.saturating_sub(values.len()) >= PARALLEL_FROM
            && std::thread::available_parallelism().is_ok_and(|cores| cores.get() >= 2);
        self.extend_on(digits, values, n, parallel);
    }

    fn extend_on(&mut self, digits: &[u8], values: &mut Vec<u32>, n: usize, parallel: bool) {
        assert!(values.len() >= 2, "the sparse-space method starts from a table of at least two heaps");
        if values.len() > n {
            return;
        }
        let moves = Moves::new(digits);
        if !parallel {
            let mut worker = Worker::new(&moves, 1, self.clone(), std::mem::take(values));
            for heap in worker.values.len()..=n {
                worker.speculate(heap, 0);
                let value = worker.finish(0);
                worker.push(value);
            }
            *self = worker.sparse;
            *values = worker.values;
            return;
        }
        // Each thread finishes its heaps in order, and works on its next one while the other
        // thread finishes the heap in between: that one is within the lookahead.
        let start = values.len();
        let cells: Vec<AtomicU32> =
            (0..=n).map(|heap| AtomicU32::new(values.get(heap).copied().unwrap_or(UNKNOWN))).collect();
        let failed = AtomicBool::new(false);
        let finished = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..2)
                .map(|parity| {
                    let mut worker = Worker::new(&moves, LOOKAHEAD, self.clone(), values.clone());
                    let (cells, failed) = (&cells, &failed);
                    scope.spawn(move || {
                        let _guard = FailGuard(failed);
                        let own: Vec<usize> = (start + parity..=n).step_by(2).collect();
                        for (slot, &heap) in own.iter().enumerate().take(SLOTS) {
                            worker.speculate(heap, slot);
                        }
                        for (index, &heap) in own.iter().enumerate() {
                            while worker.values.len() < heap {
                                let value = wait(&cells[worker.values.len()], failed);
                                worker.push(value);
                            }
                            let value = worker.finish(index % SLOTS);
                            cells[heap].store(value, Ordering::Release);
                            worker.push(value);
                            if let Some(&next) = own.get(index + SLOTS) {
                                worker.speculate(next, index % SLOTS);
                            }
                        }
                        worker
                    })
                })
                .collect();
            let mut finished: Vec<Worker> = workers.into_iter().filter_map(|worker| worker.join().ok()).collect();
            finished.retain(|worker| worker.values.len() == n + 1);
            finished.pop()
        });
        let worker = finished.expect("a sparse-space worker panicked");
        *self = worker.sparse;
        *values = worker.values;
    }
}

/// Drafts a thread keeps: when it finishes heap `h` it drafts `h + 2·SLOTS`, whose draft may then
/// use every value up to `h`.
const SLOTS: usize = 3;

/// How many of the newest heaps a draft does without on two threads.
const LOOKAHEAD: usize = 2 * SLOTS - 1;

/// A value not computed yet.
const UNKNOWN: u32 = u32::MAX;

/// Waits for another thread to publish a value.
fn wait(cell: &AtomicU32, failed: &AtomicBool) -> u32 {
    let mut spins = 0u32;
    loop {
        let value = cell.load(Ordering::Acquire);
        if value != UNKNOWN {
            return value;
        }
        assert!(!failed.load(Ordering::Relaxed), "the other sparse-space worker panicked");
        if spins < 1 << 12 {
            spins += 1;
            std::hint::spin_loop();
        } else {
            std::thread::yield_now();
        }
    }
}

/// Tells the other worker, which may be waiting for a value, that this one panicked.
struct FailGuard<'a>(&'a AtomicBool);

impl Drop for FailGuard<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.store(true, Ordering::Relaxed);
        }
    }
}

/// An octal code's moves, sorted by what they leave.
#[derive(Debug)]
struct Moves {
    /// Heaps that may be removed whole.
    whole: Vec<usize>,
    /// Takes that may leave one heap.
    single: Vec<usize>,
    /// Takes that may leave two heaps.
    split: Vec<usize>,
}

impl Moves {
    fn new(digits: &[u8]) -> Moves {
        let takes = |bit: u8| (0..digits.len()).filter(|&take| digits[take] & bit != 0).collect();
        Moves { whole: takes(1), single: takes(2).into_iter().filter(|&take| take > 0).collect(), split: takes(4) }
    }
}

/// The work on one heap before its newest values are known.
#[derive(Debug, Default)]
struct Draft {
    heap: usize,
    /// The mask the rare parts were taken with (it may change before the heap is finished).
    mask: u32,
    /// `seen[v] == stamp`: `v` is an option of the heap.
    seen: Vec<u32>,
    stamp: u32,
    /// The smallest common value not seen without the newest values.
    common: u32,
    /// Rare values below `common` that no split without the newest values reaches.
    missing: Vec<u32>,
}

/// One thread's share: its own copy of the table, and the drafts of the heaps it works on.
struct Worker<'a> {
    moves: &'a Moves,
    /// A draft of heap `h` uses the values of heaps below `h − lookahead` only.
    lookahead: usize,
    sparse: Sparse,
    values: Vec<u32>,
    bound: u32,
    drafts: [Draft; SLOTS],
    /// Scratch of the search: the rare values looked for.
    pending: Vec<bool>,
    /// `[v · WITNESS_RESIDUES + heap mod WITNESS_RESIDUES]`: the (take, part) split that last
    /// reached the rare value `v`.
    witness: Vec<(u32, u32)>,
}

impl<'a> Worker<'a> {
    fn new(moves: &'a Moves, lookahead: usize, sparse: Sparse, values: Vec<u32>) -> Worker<'a> {
        let bound = values.iter().copied().max().unwrap_or(0);
        Worker {
            moves,
            lookahead,
            sparse,
            values,
            bound,
            drafts: Default::default(),
            pending: Vec::new(),
            witness: Vec::new(),
        }
    }

    /// Appends the value of the next heap.
    fn push(&mut self, value: u32) {
        let heap = self.values.len();
        self.values.push(value);
        self.bound = self.bound.max(value);
        if is_rare(value, self.sparse.mask) {
            self.sparse.rare_heaps.push(heap);
            self.sparse.rare_values.push(value);
        }
        // A mask that looked best on a short table may not stay so: look again as it grows.
        if self.values.len() >= 2 * self.sparse.chosen_at {
            let (mask, rare) = Sparse::best_mask(&self.values);
            if rare < self.sparse.rare_count() {
                self.sparse = Sparse::new(&self.values, mask);
            }
            self.sparse.chosen_at = self.values.len();
        }
    }

    /// Room for every option value of the next heaps while the largest value is at most
    /// `bound`: each is a xor of values, or the value of a heap whose options are such xors, so it
    /// stays below twice the power of two above `bound`; the mex search may look one further.
    fn room(&self) -> usize {
        (self.bound as usize + 2).next_power_of_two() * 4
    }

    /// The smallest part of a split by `take` whose other part is known to a draft: smaller
    /// parts go with one of the newest heaps.
    fn first_part(&self, take: usize) -> usize {
        1 + self.lookahead.saturating_sub(take)
    }

    /// Everything about `heap` that does not need the values of the newest heaps
    /// (`heap − lookahead` and above), into draft `slot`.
    fn speculate(&mut self, heap: usize, slot: usize) {
        let mut draft = std::mem::take(&mut self.drafts[slot]);
        let limit = self.room();
        if draft.seen.len() < limit {
            draft.seen.resize(limit, 0);
        }
        if self.pending.len() < limit {
            self.pending.resize(limit, false);
        }
        draft.heap = heap;
        draft.mask = self.sparse.mask;
        draft.stamp += 1;
        let (stamp, mask) = (draft.stamp, draft.mask);
        let known = &self.values[..heap.saturating_sub(self.lookahead)];
        let index_mask = draft.seen.len() - 1;
        let seen = &mut draft.seen[..];
        if self.moves.whole.contains(&heap) {
            seen[0] = stamp;
        }
        for &take in &self.moves.single {
            if let Some(&value) = heap.checked_sub(take).filter(|&rest| rest > 0).and_then(|rest| known.get(rest)) {
                seen[value as usize & index_mask] = stamp;
            }
        }
        // Every split with a rare part.
        for &take in &self.moves.split {
            let Some(rest) = heap.checked_sub(take) else { continue };
            let sparse = &self.sparse;
            let first = sparse.rare_heaps.partition_point(|&a| a < self.first_part(take));
            let last = sparse.rare_heaps.partition_point(|&a| a < rest).max(first);
            for (&a, &value) in sparse.rare_heaps[first..last].iter().zip(&sparse.rare_values[first..last]) {
                if let Some(&other) = known.get(rest - a) {
                    seen[(value ^ other) as usize & index_mask] = stamp;
                }
            }
        }
        draft.common = first_missing(seen, stamp, 0, |v| !is_rare(v, mask));
        draft.missing.clear();
        draft.missing.extend((0..draft.common).filter(|&v| is_rare(v, mask) && seen[v as usize] != stamp));
        self.search(heap, &mut draft.missing);
        self.drafts[slot] = draft;
    }

    /// Removes from `missing` every rare value that a split of `heap` known to its draft reaches:
    /// first the split that last reached it for a heap of the same residue (values are nearly
    /// periodic), then the splits in order until none is left.
    fn search(&mut self, heap: usize, missing: &mut Vec<u32>) {
        let known = &self.values[..heap.saturating_sub(self.lookahead)];
        let residue = heap % WITNESS_RESIDUES;
        let largest = missing.iter().max().map_or(0, |&v| v as usize + 1);
        if self.witness.len() < largest * WITNESS_RESIDUES {
            self.witness.resize(largest * WITNESS_RESIDUES, (0, 0));
        }
        let mut remaining = 0;
        for &v in missing.iter() {
            let (take, a) = self.witness[v as usize * WITNESS_RESIDUES + residue];
            let (take, a) = (take as usize, a as usize);
            let reached = heap.checked_sub(take).is_some_and(|rest| {
                a >= self.first_part(take)
                    && a <= rest / 2
                    && known.get(rest - a).is_some_and(|&other| known[a] ^ other == v)
            });
            if !reached {
                self.pending[v as usize] = true;
                remaining += 1;
            }
        }
        for &take in &self.moves.split {
            if remaining == 0 {
                break;
            }
            let Some(rest) = heap.checked_sub(take) else { continue };
            let first = self.first_part(take);
            let witness = &mut self.witness;
            scan(known, rest, first, &mut self.pending, &mut remaining, |v, a| {
                witness[v * WITNESS_RESIDUES + residue] = (take as u32, a as u32);
            });
        }
        let pending = &mut self.pending;
        missing.retain(|&v| std::mem::replace(&mut pending[v as usize], false));
    }

    /// The value of the heap of draft `slot`, once every value below it is known.
    fn finish(&mut self, slot: usize) -> u32 {
        let mut draft = std::mem::take(&mut self.drafts[slot]);
        let (heap, stamp, mask) = (draft.heap, draft.stamp, draft.mask);
        let limit = self.room();
        if draft.seen.len() < limit {
            draft.seen.resize(limit, 0);
        }
        if self.pending.len() < limit {
            self.pending.resize(limit, false);
        }
        // The options with one of the newest heaps.
        let newest = heap.saturating_sub(self.lookahead);
        let values = &self.values[..heap];
        let index_mask = draft.seen.len() - 1;
        for &take in &self.moves.single {
            if let Some(rest) = heap.checked_sub(take).filter(|&rest| rest > 0 && rest >= newest) {
                draft.seen[values[rest] as usize & index_mask] = stamp;
            }
        }
        for &take in &self.moves.split {
            let Some(rest) = heap.checked_sub(take) else { continue };
            for a in (1..self.first_part(take)).take_while(|&a| 2 * a <= rest) {
                draft.seen[(values[a] ^ values[rest - a]) as usize & index_mask] = stamp;
            }
        }
        let seen = &draft.seen;
        draft.missing.retain(|&v| seen[v as usize] != stamp);
        // If a new option was the smallest missing common value, the rare values up to the next
        // one must be looked for too (there are none when it was not).
        let common = first_missing(seen, stamp, draft.common, |v| !is_rare(v, mask));
        let mut more: Vec<u32> =
            (draft.common..common).filter(|&v| is_rare(v, mask) && seen[v as usize] != stamp).collect();
        self.search(heap, &mut more);
        draft.missing.append(&mut more);
        let value = draft.missing.iter().copied().min().unwrap_or(common);
        self.drafts[slot] = draft;
        value
    }
}

/// The smallest `v ≥ from` with `wanted(v)` that is not seen.
fn first_missing(seen: &[u32], stamp: u32, from: u32, wanted: impl Fn(u32) -> bool) -> u32 {
    (from..).find(|&v| wanted(v) && seen.get(v as usize) != Some(&stamp)).expect("a missing value")
}

/// Looks for the values flagged in `pending` among the splits of `rest` into two heaps whose
/// smaller part is at least `first`, unflagging each one found (and telling `found` the part
/// that reached it), until none is left. The splits go in chunks: one branch per chunk says
/// whether any of it is flagged.
fn scan(
    values: &[u32],
    rest: usize,
    first: usize,
    pending: &mut [bool],
    remaining: &mut usize,
    mut found: impl FnMut(usize, usize),
) {
    const CHUNK: usize = 32;
    let index_mask = pending.len() - 1;
    let half = rest / 2;
    let mut start = first;
    while start <= half && *remaining > 0 {
        let end = (start + CHUNK).min(half + 1);
        let small = &values[start..end];
        let large = &values[rest + 1 - end..=rest - start];
        let flagged = |(&x, &y): (&u32, &u32)| pending[(x ^ y) as usize & index_mask];
        if small.iter().zip(large.iter().rev()).fold(false, |hit, pair| hit | flagged(pair)) {
            for (a, (&x, &y)) in (start..end).zip(small.iter().zip(large.iter().rev())) {
                let v = (x ^ y) as usize & index_mask;
                if pending[v] {
                    pending[v] = false;
                    *remaining -= 1;
                    found(v, a);
                }
            }
        }
        start = end;
    }
}

fn is_rare(value: u32, mask: u32) -> bool {
    (value & mask).count_ones() % 2 == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::octal::table;

    const CODES: [&[u8]; 7] = [&[0, 1, 6], &[0, 6], &[0, 7, 7], &[0, 0, 7], &[0, 4, 5, 6], &[4, 1, 2], &[4, 7]];

    /// Extends the table of `digits` from `start` values through each of `stops`, and returns
    /// the first heap whose value differs from the definition's, if any.
    fn first_wrong(digits: &[u8], start: usize, stops: &[usize], parallel: bool, plain: &[u32]) -> Option<usize> {
        let mut values = table(digits, start);
        let (mask, _) = Sparse::best_mask(&values);
        let mut sparse = Sparse::new(&values, mask);
        for &stop in stops {
            sparse.extend_on(digits, &mut values, stop, parallel);
            assert_eq!(values.len(), stop + 1, "{digits:?}: extended to heap {stop}");
            // The rare heaps kept are exactly those of the table under the mask (the mask may
            // have been chosen again as the table grew).
            let rare = (1..values.len()).filter(|&h| is_rare(values[h], sparse.mask)).count();
            assert_eq!(sparse.rare_count(), rare, "{digits:?} to {stop}");
        }
        (0..plain.len()).find(|&heap| values.get(heap) != Some(&plain[heap]))
    }

    /// The mask chosen makes the fewest values rare of every mask over the bits the values use,
    /// and the count given is that number.
    #[test]
    fn the_best_mask_makes_fewest_values_rare() {
        for digits in CODES {
            for n in [10, 300, 3000] {
                let values = table(digits, n);
                let (mask, rare) = Sparse::best_mask(&values);
                let count = |mask: u32| values.iter().filter(|&&v| is_rare(v, mask)).count();
                assert_eq!(rare, count(mask), "{digits:?} to {n}");
                let bits = 32 - values.iter().max().unwrap().leading_zeros();
                let fewest = (1..1u32 << bits.clamp(1, 12)).map(count).min().unwrap();
                assert_eq!(rare, fewest, "{digits:?} to {n}: mask {mask:b}");
            }
        }
    }

    #[test]
    fn one_or_two_threads_give_the_values_by_definition() {
        for digits in CODES {
            let plain = table(digits, 4000);
            // From the smallest table the method takes (heaps 0 and 1): the first heaps' moves
            // that would leave an empty heap are no moves.
            for start in [1, 200] {
                assert_eq!(first_wrong(digits, start, &[4000], false, &plain), None, "{digits:?} from {start}");
            }
            for start in [1, 2, 200, 201] {
                assert_eq!(first_wrong(digits, start, &[4000], true, &plain), None, "{digits:?} from {start}");
            }
            assert_eq!(first_wrong(digits, 100, &[1500, 1501, 4000], true, &plain), None, "{digits:?} in steps");
        }
    }

    /// A draft made while every value was small is finished right after the heaps in between
    /// bring far larger ones: its slate grows with them.
    #[test]
    fn drafts_finish_right_when_values_grow_after_them() {
        for digits in CODES {
            let moves = Moves::new(digits);
            let table = table(digits, 40);
            for lookahead in [1, LOOKAHEAD] {
                let heap = table.len() + lookahead;
                let mut worker = Worker::new(&moves, lookahead, Sparse::new(&table, 1), table.clone());
                worker.speculate(heap, 0);
                // Any values will do for the definition: these are far above the table's (and
                // equal to small ones modulo any slate the draft could have had).
                for i in 0..lookahead as u32 {
                    worker.push(4096 * (i + 1) + i);
                }
                // The definition's value of `heap` from these values (octal::extend, the plain mex).
                let mut values = worker.values[..heap].to_vec();
                crate::octal::extend(digits, &mut values, heap);
                assert_eq!(worker.finish(0), values[heap], "{digits:?}, {lookahead}");
            }
        }
    }

    /// The mask is looked at again as the table grows: started from the worst mask of a short
    /// table, the method ends on one that is best for the table it last looked at.
    #[test]
    fn a_poor_mask_is_replaced_as_the_table_grows() {
        for digits in CODES {
            let mut values = table(digits, 100);
            let count = |values: &[u32], mask: u32| values.iter().filter(|&&v| is_rare(v, mask)).count();
            let worst = (1..1u32 << 12).max_by_key(|&mask| count(&values, mask)).unwrap();
            let mut sparse = Sparse::new(&values, worst);
            sparse.extend_on(digits, &mut values, 4000, false);
            let looked_at = &values[..sparse.chosen_at];
            let (_, fewest) = Sparse::best_mask(looked_at);
            assert_eq!(count(looked_at, sparse.mask), fewest, "{digits:?}: mask {:b}", sparse.mask);
            assert!(count(looked_at, worst) > fewest, "{digits:?}: the worst mask is no worse");
        }
    }

    #[test]
    fn any_mask_gives_the_same_values() {
        let plain = table(&[0, 6], 2000);
        for mask in [1, 2, 3, 0b1_0110, 0xfff] {
            for parallel in [false, true] {
                let mut values = table(&[0, 6], 100);
                Sparse::new(&values, mask).extend_on(&[0, 6], &mut values, 2000, parallel);
                assert!(values == plain, "mask {mask:b}, parallel: {parallel}");
            }
        }
    }
}
