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
//!
//! **Two bytes a heap.** Values are kept in 16 bits, in one table both threads read ([`Shared`]):
//! a heap's value is written once, by the thread whose heap it is, before the table's frontier
//! passes it, and read only below the frontier. Values past [`LARGEST_VALUE`] stop the method
//! with [`ValueTooLarge`] (an option value of values below 2^14 stays below 2^15, and 2^16 − 1
//! marks nothing).

use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Tables at least this much longer than what is known are extended on two threads.
const PARALLEL_FROM: usize = 1 << 14;

/// The largest value the method keeps (values are 16 bits, and so must every option value be).
pub const LARGEST_VALUE: u32 = (1 << 14) - 1;

/// The largest heap the method takes (rare heaps are kept in 32 bits).
pub const LARGEST_HEAP: usize = u32::MAX as usize - 1;

/// A value past [`LARGEST_VALUE`], or a heap past [`LARGEST_HEAP`]: the method stops there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ValueTooLarge {
    /// The heap.
    pub heap: usize,
    /// Its value (0 when it is the heap that is too large).
    pub value: u32,
}

impl std::fmt::Display for ValueTooLarge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.heap > LARGEST_HEAP {
            write!(f, "heap {} is past the sparse-space method's largest, {LARGEST_HEAP}", self.heap)
        } else {
            write!(
                f,
                "heap {} has value {}, past the {LARGEST_VALUE} the sparse-space method keeps in 16 bits",
                self.heap, self.value
            )
        }
    }
}

/// What the mask says about the table so far.
#[derive(Debug, Clone)]
pub struct Sparse {
    mask: u32,
    /// Heaps with rare values, ascending (heap 0 excluded: it is never a part).
    rare_heaps: Vec<u32>,
    /// Their values.
    rare_values: Vec<u16>,
    /// The table length when the mask was last chosen.
    chosen_at: usize,
    /// The last rare heap when the offsets were taken.
    anchor: u32,
    /// `anchor − a` for the rare heaps `a` up to `anchor`.
    offsets: Vec<u32>,
    /// How many values (heaps `0..learnt`) the lists take in.
    learnt: usize,
    /// The largest of them.
    bound: u32,
}

impl Sparse {
    /// The mask (over the bits the values use, at most 12) that makes the fewest of `values`
    /// rare, with that count; ties go to the mask with more bits, which tells more values apart.
    pub fn best_mask(values: &[u16]) -> (u32, usize) {
        let largest = values.iter().copied().max().unwrap_or(0);
        let masks = (u32::from(largest) + 1).next_power_of_two().clamp(2, 1 << 12);
        let mut frequency = vec![0usize; usize::from(largest) + 1];
        for &v in values {
            frequency[usize::from(v)] += 1;
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
    pub fn new(values: &[u16], mask: u32) -> Sparse {
        let rare_heaps: Vec<u32> =
            (1..values.len()).filter(|&n| is_rare(values[n].into(), mask)).map(|n| n as u32).collect();
        let rare_values = rare_heaps.iter().map(|&n| values[n as usize]).collect();
        let bound = values.iter().copied().max().map_or(0, u32::from);
        let mut sparse = Sparse {
            mask,
            rare_heaps,
            rare_values,
            anchor: 0,
            offsets: Vec::new(),
            chosen_at: values.len(),
            learnt: values.len(),
            bound,
        };
        sparse.anchor_offsets();
        sparse
    }

    /// Takes the offsets of every rare heap from the last one.
    fn anchor_offsets(&mut self) {
        self.anchor = self.rare_heaps.last().copied().unwrap_or(0);
        self.offsets.clear();
        self.offsets.extend(self.rare_heaps.iter().map(|&a| self.anchor - a));
    }

    /// How many heaps so far have rare values.
    pub fn rare_count(&self) -> usize {
        self.rare_heaps.len()
    }

    /// Extends `values` (at least heaps 0 and 1, every one at most [`LARGEST_VALUE`]) up to heap
    /// `n`, on two threads when the machine has them and the extension is long. On a value past
    /// [`LARGEST_VALUE`], `values` ends before that heap.
    pub fn extend(&mut self, digits: &[u8], values: &mut Vec<u16>, n: usize) -> Result<(), ValueTooLarge> {
        let parallel = n.saturating_sub(values.len()) >= PARALLEL_FROM
            && std::thread::available_parallelism().is_ok_and(|cores| cores.get() >= 2);
        self.extend_on(digits, values, n, parallel, LARGEST_VALUE)
    }

    /// [`Sparse::extend`], on two threads or one, stopping at a value past `largest`.
    fn extend_on(
        &mut self,
        digits: &[u8],
        values: &mut Vec<u16>,
        n: usize,
        parallel: bool,
        largest: u32,
    ) -> Result<(), ValueTooLarge> {
        assert!(values.len() >= 2, "the sparse-space method starts from a table of at least two heaps");
        if n > LARGEST_HEAP {
            return Err(ValueTooLarge { heap: n, value: 0 });
        }
        if values.len() > n {
            return Ok(());
        }
        let start = values.len();
        let moves = Moves::new(digits);
        values.resize(n + 1, 0);
        let shared = Shared::new(&mut values[..], start);
        let result = if parallel {
            // Each thread finishes its heaps in order, and works on its next one while the other
            // thread finishes the heap in between: that one is within the lookahead.
            std::thread::scope(|scope| {
                let workers: Vec<_> = (0..2)
                    .map(|parity| {
                        let (shared, moves, sparse) = (&shared, &moves, self.clone());
                        scope.spawn(move || {
                            let _guard = FailGuard(&shared.failed);
                            let own: Vec<usize> = (start + parity..=n).step_by(2).collect();
                            Worker::new(moves, LOOKAHEAD, sparse).run(shared, &own, largest)
                        })
                    })
                    .collect();
                let results: Vec<_> = workers.into_iter().map(|worker| worker.join()).collect();
                let (mut failure, mut finished) = (None, None);
                for result in results {
                    match result {
                        // The worker of the last heap has taken in every value.
                        Ok(Ok(sparse)) if sparse.learnt == n + 1 => finished = Some(sparse),
                        Ok(Ok(_)) | Ok(Err(None)) => {}
                        Ok(Err(Some(too_large))) => failure = Some(too_large),
                        Err(panic) => std::panic::resume_unwind(panic),
                    }
                }
                match failure {
                    Some(too_large) => Err(too_large),
                    None => Ok(finished.expect("the worker of the last heap to finish")),
                }
            })
        } else {
            let own: Vec<usize> = (start..=n).collect();
            Worker::new(&moves, 1, self.clone())
                .run(&shared, &own, largest)
                .map_err(|failure| failure.expect("a lone worker stops only on a value too large"))
        };
        let known = shared.frontier.load(Ordering::Acquire);
        values.truncate(known);
        *self = result?;
        Ok(())
    }
}

/// Drafts a thread keeps on two threads: when it finishes heap `h` it drafts `h + 2·SLOTS`,
/// whose draft may then use every value up to `h`.
const SLOTS: usize = 3;

/// How many of the newest heaps a draft does without on two threads.
const LOOKAHEAD: usize = 2 * SLOTS - 1;

/// The table the workers share. Heaps below `frontier` are known and never written again; heap
/// `frontier` is written by the one worker whose heap it is, which then moves the frontier on.
struct Shared<'a> {
    cells: *mut u16,
    len: usize,
    frontier: AtomicUsize,
    /// Set when a worker stops early (a panic, or a value too large): the other stops waiting.
    failed: AtomicBool,
    table: PhantomData<&'a mut [u16]>,
}

// SAFETY: the cells are written only through `publish`, each once, at the frontier, and read only
// below it (`below`); the frontier is moved with Release after the write and read with Acquire
// before the read, so no cell is read while it is written.
unsafe impl Sync for Shared<'_> {}

impl<'a> Shared<'a> {
    /// Shares `table`, whose heaps below `known` are known.
    fn new(table: &'a mut [u16], known: usize) -> Shared<'a> {
        Shared {
            cells: table.as_mut_ptr(),
            len: table.len(),
            frontier: AtomicUsize::new(known.min(table.len())),
            failed: AtomicBool::new(false),
            table: PhantomData,
        }
    }

    /// The values of the heaps below `heap`, once they are known; `None` if a worker stopped
    /// early.
    fn below(&self, heap: usize) -> Option<&[u16]> {
        assert!(heap <= self.len, "heap {heap} is past the table");
        let mut spins = 0u32;
        while self.frontier.load(Ordering::Acquire) < heap {
            if self.failed.load(Ordering::Relaxed) {
                return None;
            }
            if spins < 1 << 12 {
                spins += 1;
                std::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
        // SAFETY: every cell below the frontier was written before the frontier passed it
        // (the Acquire above pairs with `publish`'s Release) and is never written again.
        Some(unsafe { std::slice::from_raw_parts(self.cells, heap) })
    }

    /// Writes the value of the heap at the frontier and moves the frontier past it.
    fn publish(&self, heap: usize, value: u16) {
        assert!(heap < self.len, "heap {heap} is past the table");
        assert_eq!(self.frontier.load(Ordering::Acquire), heap, "a heap is published at the frontier");
        // SAFETY: the cell at the frontier is read by no one (readers stay below the frontier),
        // and only the worker whose heap it is writes it, once.
        unsafe { self.cells.add(heap).write(value) };
        self.frontier.store(heap + 1, Ordering::Release);
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
struct Draft {
    heap: usize,
    /// The mask the rare parts were taken with (it may change before the heap is finished).
    mask: u32,
    /// `seen[v] == stamp`: `v` is an option of the heap.
    seen: Box<Slate>,
    stamp: u32,
    /// The smallest common value not seen without the newest values.
    common: u32,
    /// Rare values below `common` that no split without the newest values reaches.
    missing: Vec<u32>,
}

impl Draft {
    fn new() -> Draft {
        Draft { heap: 0, mask: 0, seen: slate(), stamp: 0, common: 0, missing: Vec::new() }
    }
}

/// One thread's share: what it has learnt of the table, and the drafts of the heaps it works on.
struct Worker<'a> {
    moves: &'a Moves,
    /// A draft of heap `h` uses the values of heaps below `h − lookahead` only.
    lookahead: usize,
    /// Drafts kept ahead.
    slots: usize,
    sparse: Sparse,
    drafts: Vec<Draft>,
    /// Scratch of the search: `reached[v] == epoch` when a split of this search reached `v`.
    reached: Box<Slate>,
    epoch: u32,
}

impl<'a> Worker<'a> {
    /// A worker on two threads, or alone (`lookahead` 1: its draft of the next heap waits for the
    /// heap before).
    fn new(moves: &'a Moves, lookahead: usize, sparse: Sparse) -> Worker<'a> {
        let slots = if lookahead == 1 { 1 } else { SLOTS };
        Worker {
            moves,
            lookahead,
            slots,
            sparse,
            drafts: (0..slots).map(|_| Draft::new()).collect(),
            reached: slate(),
            epoch: 0,
        }
    }

    /// Finishes the heaps `own` (ascending: every heap after those known, or on two threads
    /// every other one), publishing each; `Err(Some(…))` at a value past `largest`, `Err(None)`
    /// when the other worker stopped.
    fn run(mut self, shared: &Shared, own: &[usize], largest: u32) -> Result<Sparse, Option<ValueTooLarge>> {
        let known = shared.below(self.sparse.learnt).ok_or(None)?;
        for (slot, &heap) in own.iter().enumerate().take(self.slots) {
            self.speculate(known, heap, slot);
        }
        for (index, &heap) in own.iter().enumerate() {
            let values = shared.below(heap).ok_or(None)?;
            self.learn(values);
            let value = self.finish(values, index % self.slots);
            if value > largest {
                shared.failed.store(true, Ordering::Relaxed);
                return Err(Some(ValueTooLarge { heap, value }));
            }
            shared.publish(heap, value as u16);
            let values = shared.below(heap + 1).ok_or(None)?;
            self.learn(values);
            if let Some(&next) = own.get(index + self.slots) {
                self.speculate(values, next, index % self.slots);
            }
        }
        Ok(self.sparse)
    }

    /// Takes in the values of the heaps from what it has learnt up to `values.len()`.
    fn learn(&mut self, values: &[u16]) {
        while self.sparse.learnt < values.len() {
            let heap = self.sparse.learnt;
            let value = values[heap];
            self.sparse.bound = self.sparse.bound.max(value.into());
            if heap > 0 && is_rare(value.into(), self.sparse.mask) {
                self.sparse.rare_heaps.push(heap as u32);
                self.sparse.rare_values.push(value);
                // Offsets are taken again once an eighth of the rare heaps lack one.
                if self.sparse.rare_heaps.len() > self.sparse.offsets.len() * 9 / 8 + 32 {
                    self.sparse.anchor_offsets();
                }
            }
            self.sparse.learnt += 1;
            // A mask that looked best on a short table may not stay so: look again as it grows.
            if self.sparse.learnt >= 2 * self.sparse.chosen_at {
                let seen = &values[..self.sparse.learnt];
                let (mask, rare) = Sparse::best_mask(seen);
                if rare < self.sparse.rare_count() {
                    self.sparse = Sparse::new(seen, mask);
                }
                self.sparse.chosen_at = self.sparse.learnt;
            }
        }
    }

    /// The smallest part of a split by `take` whose other part is known to a draft: smaller
    /// parts go with one of the newest heaps.
    fn first_part(&self, take: usize) -> usize {
        1 + self.lookahead.saturating_sub(take)
    }

    /// Everything about `heap` that does not need the values of the newest heaps
    /// (`heap − lookahead` and above), into draft `slot`; `values` holds at least the others.
    fn speculate(&mut self, values: &[u16], heap: usize, slot: usize) {
        let mut drafts = std::mem::take(&mut self.drafts);
        let draft = &mut drafts[slot];
        draft.heap = heap;
        draft.mask = self.sparse.mask;
        draft.stamp += 1;
        let (stamp, mask) = (draft.stamp, draft.mask);
        let known = &values[..heap.saturating_sub(self.lookahead)];
        let seen: &mut Slate = &mut draft.seen;
        if self.moves.whole.contains(&heap) {
            seen[0] = stamp;
        }
        for &take in &self.moves.single {
            if let Some(&value) = heap.checked_sub(take).filter(|&rest| rest > 0).and_then(|rest| known.get(rest)) {
                seen[usize::from(value)] = stamp;
            }
        }
        // Every split with a rare part.
        for &take in &self.moves.split {
            let Some(rest) = heap.checked_sub(take) else { continue };
            let sparse = &self.sparse;
            let first = sparse.rare_heaps.partition_point(|&a| (a as usize) < self.first_part(take));
            let last = sparse.rare_heaps.partition_point(|&a| (a as usize) < rest).max(first);
            // The anchored rare heaps read the other part at a fixed offset into a window of the
            // table (a tighter loop); the others as they come.
            let anchored = if rest > sparse.anchor as usize { sparse.offsets.len().clamp(first, last) } else { first };
            if anchored > first {
                let window = &known[rest - sparse.anchor as usize..];
                for (&offset, &value) in
                    sparse.offsets[first..anchored].iter().zip(&sparse.rare_values[first..anchored])
                {
                    seen[usize::from(value ^ window[offset as usize])] = stamp;
                }
            }
            for (&a, &value) in sparse.rare_heaps[anchored..last].iter().zip(&sparse.rare_values[anchored..last]) {
                seen[usize::from(value ^ known[rest - a as usize])] = stamp;
            }
        }
        draft.common = first_missing(seen, stamp, 0, |v| !is_rare(v, mask));
        draft.missing.clear();
        draft.missing.extend((0..draft.common).filter(|&v| is_rare(v, mask) && seen[v as usize] != stamp));
        self.search(known, heap, &mut draft.missing);
        self.drafts = drafts;
    }

    /// Removes from `missing` every rare value that a split of `heap` into heaps of `known`
    /// reaches, looking at the splits in order until none is left.
    fn search(&mut self, known: &[u16], heap: usize, missing: &mut Vec<u32>) {
        for &take in &self.moves.split {
            if missing.is_empty() {
                break;
            }
            let Some(rest) = heap.checked_sub(take) else { continue };
            self.epoch = self.epoch.wrapping_add(1);
            if self.epoch == 0 {
                self.reached.fill(0);
                self.epoch = 1;
            }
            scan(known, rest, self.first_part(take), &mut self.reached, self.epoch, missing);
        }
    }

    /// The value of the heap of draft `slot`, from `values`, the values of every heap below it.
    fn finish(&mut self, values: &[u16], slot: usize) -> u32 {
        let mut drafts = std::mem::take(&mut self.drafts);
        let draft = &mut drafts[slot];
        let (heap, stamp, mask) = (draft.heap, draft.stamp, draft.mask);
        debug_assert_eq!(values.len(), heap);

        // The options with one of the newest heaps.
        let newest = heap.saturating_sub(self.lookahead);
        for &take in &self.moves.single {
            if let Some(rest) = heap.checked_sub(take).filter(|&rest| rest > 0 && rest >= newest) {
                draft.seen[usize::from(values[rest])] = stamp;
            }
        }
        for &take in &self.moves.split {
            let Some(rest) = heap.checked_sub(take) else { continue };
            for a in (1..self.first_part(take)).take_while(|&a| 2 * a <= rest) {
                draft.seen[usize::from(values[a] ^ values[rest - a])] = stamp;
            }
        }
        let seen = &draft.seen;
        draft.missing.retain(|&v| seen[v as usize] != stamp);
        // If a new option was the smallest missing common value, the rare values up to the next
        // one must be looked for too (there are none when it was not).
        let common = first_missing(seen, stamp, draft.common, |v| !is_rare(v, mask));
        let mut more: Vec<u32> =
            (draft.common..common).filter(|&v| is_rare(v, mask) && seen[v as usize] != stamp).collect();
        let known = &values[..heap];
        self.search(known, heap, &mut more);
        draft.missing.append(&mut more);
        let value = draft.missing.iter().copied().min().unwrap_or(common);
        self.drafts = drafts;
        value
    }
}

/// The smallest `v ≥ from` with `wanted(v)` that is not seen.
fn first_missing(seen: &Slate, stamp: u32, from: u32, wanted: impl Fn(u32) -> bool) -> u32 {
    (from..).find(|&v| wanted(v) && seen.get(v as usize) != Some(&stamp)).expect("a missing value")
}

/// Looks for the values of `missing` among the splits of `rest` into two heaps whose smaller
/// part is at least `first`, removing each one found, until none is left. The splits go in
/// chunks: each split marks its value in `reached` with `epoch` (no branch), and the values
/// still missing are looked up after each chunk.
fn scan(values: &[u16], rest: usize, first: usize, reached: &mut Slate, epoch: u32, missing: &mut Vec<u32>) {
    const CHUNK: usize = 256;
    let half = rest / 2;
    let mut start = first;
    while start <= half && !missing.is_empty() {
        let end = (start + CHUNK).min(half + 1);
        let small = &values[start..end];
        let large = &values[rest + 1 - end..=rest - start];
        // The options first (a loop the compiler vectorises), then their marks.
        let mut options = [0u16; CHUNK];
        for ((option, &x), &y) in options.iter_mut().zip(small).zip(large.iter().rev()) {
            *option = x ^ y;
        }
        for &option in &options[..end - start] {
            reached[usize::from(option)] = epoch;
        }
        missing.retain(|&v| reached[v as usize] != epoch);
        start = end;
    }
}

/// A mark for every 16-bit value (indexed without a bounds check).
type Slate = [u32; 1 << 16];

/// A slate with no marks.
fn slate() -> Box<Slate> {
    vec![0; 1 << 16].into_boxed_slice().try_into().expect("a slate of 2^16 marks")
}

fn is_rare(value: u32, mask: u32) -> bool {
    (value & mask).count_ones() % 2 == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    const CODES: [&[u8]; 7] = [&[0, 1, 6], &[0, 6], &[0, 7, 7], &[0, 0, 7], &[0, 4, 5, 6], &[4, 1, 2], &[4, 7]];

    /// The table by definition, in 16 bits.
    fn table(digits: &[u8], n: usize) -> Vec<u16> {
        crate::octal::table(digits, n).into_iter().map(|v| u16::try_from(v).unwrap()).collect()
    }

    /// Extends the table of `digits` from `start` values through each of `stops`, and returns
    /// the first heap whose value differs from the definition's, if any.
    fn first_wrong(digits: &[u8], start: usize, stops: &[usize], parallel: bool, plain: &[u16]) -> Option<usize> {
        let mut values = table(digits, start);
        let (mask, _) = Sparse::best_mask(&values);
        let mut sparse = Sparse::new(&values, mask);
        for &stop in stops {
            sparse.extend_on(digits, &mut values, stop, parallel, LARGEST_VALUE).unwrap();
            assert_eq!(values.len(), stop + 1, "{digits:?}: extended to heap {stop}");
            // The rare heaps kept are exactly those of the table under the mask (the mask may
            // have been chosen again as the table grew), and every value is taken in.
            let rare = (1..values.len()).filter(|&h| is_rare(values[h].into(), sparse.mask)).count();
            assert_eq!(sparse.rare_count(), rare, "{digits:?} to {stop}");
            assert_eq!(sparse.learnt, values.len(), "{digits:?} to {stop}");
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
                let count = |mask: u32| values.iter().filter(|&&v| is_rare(v.into(), mask)).count();
                assert_eq!(rare, count(mask), "{digits:?} to {n}");
                let bits = 16 - values.iter().max().unwrap().leading_zeros();
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
                let mut worker = Worker::new(&moves, lookahead, Sparse::new(&table, 1));
                worker.learn(&table);
                worker.speculate(&table, heap, 0);
                // Any values will do for the definition: these are far above the table's (and
                // equal to small ones modulo any slate the draft could have had).
                let mut values = table.clone();
                values.extend((0..lookahead as u16).map(|i| 4096 * (i + 1) + i));
                worker.learn(&values);
                // The definition's value of `heap` from these values (octal::extend, the plain mex).
                let mut plain: Vec<u32> = values.iter().map(|&v| v.into()).collect();
                crate::octal::extend(digits, &mut plain, heap);
                assert_eq!(worker.finish(&values, 0), plain[heap], "{digits:?}, {lookahead}");
            }
        }
    }

    /// The mask is looked at again as the table grows: started from the worst mask of a short
    /// table, the method ends on one that is best for the table it last looked at.
    #[test]
    fn a_poor_mask_is_replaced_as_the_table_grows() {
        for digits in CODES {
            let mut values = table(digits, 100);
            let count = |values: &[u16], mask: u32| values.iter().filter(|&&v| is_rare(v.into(), mask)).count();
            let worst = (1..1u32 << 12).max_by_key(|&mask| count(&values, mask)).unwrap();
            let mut sparse = Sparse::new(&values, worst);
            sparse.extend_on(digits, &mut values, 4000, false, LARGEST_VALUE).unwrap();
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
                Sparse::new(&values, mask).extend_on(&[0, 6], &mut values, 2000, parallel, LARGEST_VALUE).unwrap();
                assert!(values == plain, "mask {mask:b}, parallel: {parallel}");
            }
        }
    }

    /// A value past what 16 bits keep stops the method at that heap, on one thread or two, with
    /// the table kept up to the heap before it.
    #[test]
    fn a_value_too_large_stops_the_table_before_it() {
        // Officers' values pass 7 at heap 23 (and stay ≤ 7 before); the limit stands in for 2^14.
        let plain = table(&[0, 6], 100);
        let first = plain.iter().position(|&v| v > 7).unwrap();
        for (start, parallel) in [(2, false), (2, true), (10, true)] {
            let mut values = plain[..start].to_vec();
            let mut sparse = Sparse::new(&values, 1);
            let stopped = sparse.extend_on(&[0, 6], &mut values, 30_000, parallel, 7).unwrap_err();
            assert_eq!(stopped, ValueTooLarge { heap: first, value: plain[first].into() }, "parallel: {parallel}");
            assert_eq!(values, plain[..first], "parallel: {parallel}");
        }
        let stopped = ValueTooLarge { heap: 5, value: LARGEST_VALUE + 1 };
        assert!(stopped.to_string().contains("16 bits"), "{stopped}");
    }
}
