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
//! **A byte and a bit a heap.** The table is [`Values`]: both threads write it (each heap once, at
//! the [`Frontier`]) and read it below the frontier. The loops read a thread's own 16-bit copies of
//! the first and the newest heaps ([`Window`]), which hold every part of the splits they look at
//! in practice. Values past [`LARGEST_VALUE`] stop the method with [`ValueTooLarge`].

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use crate::lanes::{FEW, Lanes};
use crate::values::{Values, Window, bits_of};

/// Tables at least this much longer than what is known are extended on two threads.
const PARALLEL_FROM: usize = 1 << 14;

/// The largest value the method keeps (an option value of values below 2^14 stays below 2^15,
/// which 16 bits hold).
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
    /// The last rare heap when the offsets were taken.
    anchor: u32,
    /// `anchor − a` for the rare heaps `a` up to `anchor`.
    offsets: Vec<u32>,
    /// The table length when the mask was last chosen.
    chosen_at: usize,
    /// How many values (heaps `0..learnt`) the lists take in.
    learnt: usize,
    /// The largest of them.
    bound: u32,
    /// The vector instructions the search's tail runs on (the widest the machine has).
    lanes: Lanes,
}

impl Sparse {
    /// The mask (over the bits the values use, at most 12) that makes the fewest of `values`
    /// rare, with that count; ties go to the mask with more bits, which tells more values apart.
    pub fn best_mask(values: impl IntoIterator<Item = u32>) -> (u32, usize) {
        let mut frequency: Vec<usize> = Vec::new();
        for v in values {
            if frequency.len() <= v as usize {
                frequency.resize(v as usize + 1, 0);
            }
            frequency[v as usize] += 1;
        }
        let masks = (frequency.len() as u32).next_power_of_two().clamp(2, 1 << 12);
        let present: Vec<(u32, usize)> =
            frequency.iter().enumerate().filter(|&(_, &f)| f > 0).map(|(v, &f)| (v as u32, f)).collect();
        (1..masks)
            .map(|mask| (mask, present.iter().filter(|&&(v, _)| is_rare(v, mask)).map(|&(_, f)| f).sum()))
            .min_by_key(|&(mask, rare): &(u32, usize)| {
                (rare, std::cmp::Reverse(mask.count_ones()), std::cmp::Reverse(mask))
            })
            .expect("masks to try")
    }

    /// Prepares the method for the table of heaps `0..values.len()`.
    pub fn new(values: &Values, mask: u32) -> Sparse {
        Sparse::prepared(values, values.len(), mask)
    }

    /// Prepares the method for the heaps `0..len` of `values`.
    fn prepared(values: &Values, len: usize, mask: u32) -> Sparse {
        let mut sparse = Sparse {
            mask,
            rare_heaps: Vec::new(),
            rare_values: Vec::new(),
            anchor: 0,
            offsets: Vec::new(),
            chosen_at: len,
            learnt: 0,
            bound: 0,
            lanes: Lanes::detect(),
        };
        for heap in 0..len {
            sparse.take_in(heap, values.get(heap));
        }
        sparse.anchor_offsets();
        sparse
    }

    /// How many heaps so far have rare values.
    pub fn rare_count(&self) -> usize {
        self.rare_heaps.len()
    }

    /// The mask.
    pub fn mask(&self) -> u32 {
        self.mask
    }

    /// Takes in the value of the next heap, `heap`.
    fn take_in(&mut self, heap: usize, value: u32) {
        debug_assert_eq!(heap, self.learnt);
        self.bound = self.bound.max(value);
        if heap > 0 && is_rare(value, self.mask) {
            self.rare_heaps.push(heap as u32);
            self.rare_values.push(value as u16);
            // Offsets are taken again once an eighth of the rare heaps lack one.
            if self.rare_heaps.len() > self.offsets.len() * 9 / 8 + 32 {
                self.anchor_offsets();
            }
        }
        self.learnt += 1;
    }

    /// Takes the offsets of every rare heap from the last one.
    fn anchor_offsets(&mut self) {
        self.anchor = self.rare_heaps.last().copied().unwrap_or(0);
        self.offsets.clear();
        self.offsets.extend(self.rare_heaps.iter().map(|&a| self.anchor - a));
    }

    /// Extends `values` (at least heaps 0 and 1, the heaps this method was prepared for, every
    /// value at most [`LARGEST_VALUE`]) up to heap `n`, on two threads when the machine has them
    /// and the extension is long. On a value past [`LARGEST_VALUE`], `values` ends before that
    /// heap.
    pub fn extend(&mut self, digits: &[u8], values: &mut Values, n: usize) -> Result<(), ValueTooLarge> {
        let parallel = n.saturating_sub(values.len()) >= PARALLEL_FROM
            && std::thread::available_parallelism().is_ok_and(|cores| cores.get() >= 2);
        self.extend_on(digits, values, n, parallel, LARGEST_VALUE)
    }

    /// [`Sparse::extend`], on two threads or one, stopping at a value past `largest`.
    fn extend_on(
        &mut self,
        digits: &[u8],
        values: &mut Values,
        n: usize,
        parallel: bool,
        largest: u32,
    ) -> Result<(), ValueTooLarge> {
        assert!(values.len() >= 2, "the sparse-space method starts from a table of at least two heaps");
        assert_eq!(self.learnt, values.len(), "the method was prepared for this table");
        if n > LARGEST_HEAP {
            return Err(ValueTooLarge { heap: n, value: 0 });
        }
        let moves = Moves::new(digits);
        // Room for values of as many bits as the largest so far: a value that does not fit stops
        // the workers, and they go on with room for it.
        let mut bits = bits_of(self.bound);
        while values.len() <= n {
            let frontier = Frontier::new(values.len());
            values.make_room(n + 1, bits);
            let fits = ((1u32 << values.bits()) - 1).min(largest);
            let result = run_workers(&moves, values, &frontier, self, n, parallel, fits);
            values.truncate(frontier.known());
            match result {
                Ok(sparse) => *self = sparse,
                Err(stopped) => {
                    self.learn_from(values);
                    if stopped.value > largest {
                        return Err(stopped);
                    }
                    bits = bits_of(stopped.value);
                }
            }
        }
        Ok(())
    }

    /// Takes in the heaps of `values` past those it has.
    fn learn_from(&mut self, values: &Values) {
        for heap in self.learnt..values.len() {
            self.take_in(heap, values.get(heap));
        }
    }
}

/// Runs the workers from the frontier to heap `n`, on two threads or one; the sparse state of the
/// worker that took in every value, or what stopped them.
fn run_workers(
    moves: &Moves,
    values: &Values,
    frontier: &Frontier,
    sparse: &Sparse,
    n: usize,
    parallel: bool,
    largest: u32,
) -> Result<Sparse, ValueTooLarge> {
    let start = frontier.known();
    if !parallel {
        let own = Heaps { first: start, step: 1, last: n };
        return Worker::new(moves, values, 1, sparse.clone())
            .run(frontier, own, largest)
            .map_err(|stopped| stopped.expect("a lone worker stops only on a value too large"));
    }
    // Each thread finishes its heaps in order, and works on its next one while the other thread
    // finishes the heap in between: that one is within the lookahead.
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2)
            .map(|parity| {
                let sparse = sparse.clone();
                scope.spawn(move || {
                    let _guard = FailGuard(&frontier.failed);
                    let own = Heaps { first: start + parity, step: 2, last: n };
                    Worker::new(moves, values, LOOKAHEAD, sparse).run(frontier, own, largest)
                })
            })
            .collect();
        let results: Vec<_> = workers.into_iter().map(|worker| worker.join()).collect();
        let (mut stopped, mut finished) = (None, None);
        for result in results {
            match result {
                // The worker of the last heap has taken in every value.
                Ok(Ok(sparse)) if sparse.learnt == n + 1 => finished = Some(sparse),
                Ok(Ok(_)) | Ok(Err(None)) => {}
                Ok(Err(Some(too_large))) => stopped = Some(too_large),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        match stopped {
            Some(too_large) => Err(too_large),
            None => Ok(finished.expect("the worker of the last heap to finish")),
        }
    })
}

/// Drafts a thread keeps on two threads: when it finishes heap `h` it drafts `h + 2·SLOTS`,
/// whose draft may then use every value up to `h`.
const SLOTS: usize = 3;

/// How many of the newest heaps a draft does without on two threads.
const LOOKAHEAD: usize = 2 * SLOTS - 1;

/// The heaps a worker finishes: `first`, `first + step`, … up to `last` (not a list: a segment
/// may hold billions).
#[derive(Debug, Clone, Copy)]
struct Heaps {
    first: usize,
    step: usize,
    last: usize,
}

impl Heaps {
    /// The `index`-th heap, if there is one.
    fn get(&self, index: usize) -> Option<usize> {
        index.checked_mul(self.step).and_then(|offset| offset.checked_add(self.first)).filter(|&heap| heap <= self.last)
    }
}

/// Where the workers are: heaps below the frontier are known and never written again; heap
/// `frontier` is written by the one worker whose heap it is, which then moves the frontier on.
struct Frontier {
    frontier: AtomicUsize,
    /// Set when a worker stops early (a panic, or a value too large): the other stops waiting.
    failed: AtomicBool,
}

impl Frontier {
    fn new(known: usize) -> Frontier {
        Frontier { frontier: AtomicUsize::new(known), failed: AtomicBool::new(false) }
    }

    /// How many heaps are known.
    fn known(&self) -> usize {
        self.frontier.load(Ordering::Acquire)
    }

    /// Waits until the heaps below `heap` are known; `false` if a worker stopped early.
    fn wait_for(&self, heap: usize) -> bool {
        let mut spins = 0u32;
        while self.frontier.load(Ordering::Acquire) < heap {
            if self.failed.load(Ordering::Relaxed) {
                return false;
            }
            if spins < 1 << 12 {
                spins += 1;
                std::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
        true
    }

    /// Writes the value of the heap at the frontier and moves the frontier past it.
    fn publish(&self, values: &Values, heap: usize, value: u32) {
        assert_eq!(self.frontier.load(Ordering::Acquire), heap, "a heap is published at the frontier");
        values.set(heap, value);
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

/// A mark for every 16-bit value (indexed without a bounds check).
type Slate = [u32; 1 << 16];

/// A slate with no marks.
fn slate() -> Box<Slate> {
    vec![0; 1 << 16].into_boxed_slice().try_into().expect("a slate of 2^16 marks")
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
    values: &'a Values,
    /// A draft of heap `h` uses the values of heaps below `h − lookahead` only.
    lookahead: usize,
    /// Drafts kept ahead.
    slots: usize,
    sparse: Sparse,
    window: Window,
    drafts: Vec<Draft>,
    /// Scratch of the search: `reached[v] == epoch` when a split of this search reached `v`.
    reached: Box<Slate>,
    epoch: u32,
    /// Splits the search has marked one by one (the others were compared in lanes).
    marked: u64,
}

impl<'a> Worker<'a> {
    /// A worker on two threads, or alone (`lookahead` 1: its draft of the next heap waits for the
    /// heap before), on the table `values` of which `sparse` has taken in the first heaps.
    fn new(moves: &'a Moves, values: &'a Values, lookahead: usize, sparse: Sparse) -> Worker<'a> {
        let slots = if lookahead == 1 { 1 } else { SLOTS };
        Worker {
            moves,
            values,
            lookahead,
            slots,
            window: Window::new(values, sparse.learnt),
            sparse,
            drafts: (0..slots).map(|_| Draft::new()).collect(),
            reached: slate(),
            epoch: 0,
            marked: 0,
        }
    }

    /// Finishes the heaps `own` (ascending: every heap after those known, or on two threads
    /// every other one), publishing each; `Err(Some(…))` at a value past `largest`, `Err(None)`
    /// when the other worker stopped.
    fn run(mut self, frontier: &Frontier, own: Heaps, largest: u32) -> Result<Sparse, Option<ValueTooLarge>> {
        for slot in 0..self.slots {
            if let Some(heap) = own.get(slot) {
                self.speculate(heap, slot);
            }
        }
        for index in 0.. {
            let Some(heap) = own.get(index) else { break };
            if !frontier.wait_for(heap) {
                return Err(None);
            }
            self.learn(heap);
            let value = self.finish(index % self.slots);
            if value > largest {
                frontier.failed.store(true, Ordering::Relaxed);
                return Err(Some(ValueTooLarge { heap, value }));
            }
            frontier.publish(self.values, heap, value);
            self.learn(heap + 1);
            if let Some(next) = own.get(index + self.slots) {
                self.speculate(next, index % self.slots);
            }
        }
        Ok(self.sparse)
    }

    /// Takes in the values of the heaps below `known` (which the frontier has passed).
    fn learn(&mut self, known: usize) {
        while self.sparse.learnt < known {
            let heap = self.sparse.learnt;
            let value = self.values.get(heap);
            self.window.push(value as u16);
            self.sparse.take_in(heap, value);
            // A mask that looked best on a short table may not stay so: look again as it grows.
            if self.sparse.learnt >= 2 * self.sparse.chosen_at {
                let len = self.sparse.learnt;
                let (mask, rare) = Sparse::best_mask((0..len).map(|heap| self.values.get(heap)));
                if rare < self.sparse.rare_count() {
                    self.sparse = Sparse { lanes: self.sparse.lanes, ..Sparse::prepared(self.values, len, mask) };
                }
                self.sparse.chosen_at = len;
            }
        }
    }

    /// The value of a heap the worker has learnt.
    fn value(&self, heap: usize) -> u16 {
        self.window.get(self.values, heap)
    }

    /// The smallest part of a split by `take` whose other part is known to a draft: smaller
    /// parts go with one of the newest heaps.
    fn first_part(&self, take: usize) -> usize {
        1 + self.lookahead.saturating_sub(take)
    }

    /// Everything about `heap` that does not need the values of the newest heaps
    /// (`heap − lookahead` and above), into draft `slot`.
    fn speculate(&mut self, heap: usize, slot: usize) {
        let mut drafts = std::mem::take(&mut self.drafts);
        let draft = &mut drafts[slot];
        draft.heap = heap;
        draft.mask = self.sparse.mask;
        draft.stamp += 1;
        let (stamp, mask) = (draft.stamp, draft.mask);
        let known = heap.saturating_sub(self.lookahead);
        debug_assert!(known <= self.sparse.learnt);
        let seen: &mut Slate = &mut draft.seen;
        if self.moves.whole.contains(&heap) {
            seen[0] = stamp;
        }
        for &take in &self.moves.single {
            if let Some(rest) = heap.checked_sub(take).filter(|&rest| rest > 0 && rest < known) {
                seen[usize::from(self.value(rest))] = stamp;
            }
        }
        // Every split with a rare part.
        for &take in &self.moves.split {
            let Some(rest) = heap.checked_sub(take) else { continue };
            let sparse = &self.sparse;
            let first = sparse.rare_heaps.partition_point(|&a| (a as usize) < self.first_part(take));
            let last = sparse.rare_heaps.partition_point(|&a| (a as usize) < rest).max(first);
            // The anchored rare heaps whose other parts are all among the newest heaps read them
            // at fixed offsets into the window (a tight loop); the others one by one.
            let anchor = sparse.anchor as usize;
            let windowed = rest > anchor && rest - anchor >= self.window.base();
            let anchored = if windowed { sparse.offsets.len().clamp(first, last) } else { first };
            if anchored > first {
                let window = &self.window.recent()[rest - anchor - self.window.base()..];
                for (&offset, &value) in
                    sparse.offsets[first..anchored].iter().zip(&sparse.rare_values[first..anchored])
                {
                    seen[usize::from(value ^ window[offset as usize])] = stamp;
                }
            }
            for (&a, &value) in sparse.rare_heaps[anchored..last].iter().zip(&sparse.rare_values[anchored..last]) {
                seen[usize::from(value ^ self.window.get(self.values, rest - a as usize))] = stamp;
            }
        }
        draft.missing.clear();
        draft.common = missing_below_common(seen, stamp, 0, mask, &mut draft.missing);
        self.search(heap, &mut draft.missing);
        self.drafts = drafts;
    }

    /// Removes from `missing` every rare value that a split of `heap` whose smaller part is at
    /// least the first part reaches, looking at the splits in order until none is left.
    fn search(&mut self, heap: usize, missing: &mut Vec<u32>) {
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
            self.scan(rest, self.first_part(take), missing);
        }
    }

    /// Looks for the values of `missing` among the splits of `rest` into two heaps whose smaller
    /// part is at least `first`, removing each one found, until none is left. The splits go in
    /// chunks: each split marks its value in `reached` with the epoch (no branch), and the values
    /// still missing are looked up after each chunk.
    fn scan(&mut self, rest: usize, first: usize, missing: &mut Vec<u32>) {
        const CHUNK: usize = 256;
        let (epoch, half) = (self.epoch, rest / 2);
        let (head, recent, base) = (self.window.head(), self.window.recent(), self.window.base());
        let mut start = first;
        while start <= half && !missing.is_empty() {
            // A few values left: compared with every split, many splits at once, as far as both
            // parts are in the window.
            let stop = (half + 1).min(head.len()).min((rest + 1).saturating_sub(base));
            if missing.len() <= FEW && stop > start {
                self.sparse.lanes.strike(
                    &head[start..stop],
                    &recent[rest + 1 - stop - base..=rest - start - base],
                    missing,
                );
                start = stop;
                continue;
            }
            let end = (start + CHUNK).min(half + 1);
            self.marked += (end - start) as u64;
            let reached: &mut Slate = &mut self.reached;
            if end <= head.len() && rest + 1 - end >= base {
                // Both parts in the window: four splits a step, their options xored in one word
                // and marked straight from it (a buffer of options read back right after it is
                // written stalls on store forwarding).
                let small = &head[start..end];
                let large = &recent[rest + 1 - end - base..=rest - start - base];
                let (mut smalls, mut larges) = (small.chunks_exact(4), large.rchunks_exact(4));
                for (s, l) in (&mut smalls).zip(&mut larges) {
                    let x = u64::from(s[0]) | u64::from(s[1]) << 16 | u64::from(s[2]) << 32 | u64::from(s[3]) << 48;
                    let y = u64::from(l[3]) | u64::from(l[2]) << 16 | u64::from(l[1]) << 32 | u64::from(l[0]) << 48;
                    let options = x ^ y;
                    reached[(options & 0xffff) as usize] = epoch;
                    reached[(options >> 16 & 0xffff) as usize] = epoch;
                    reached[(options >> 32 & 0xffff) as usize] = epoch;
                    reached[(options >> 48) as usize] = epoch;
                }
                for (&x, &y) in smalls.remainder().iter().zip(larges.remainder().iter().rev()) {
                    reached[usize::from(x ^ y)] = epoch;
                }
            } else {
                for a in start..end {
                    let option = self.window.get(self.values, a) ^ self.window.get(self.values, rest - a);
                    self.reached[usize::from(option)] = epoch;
                }
            }
            let reached: &Slate = &self.reached;
            missing.retain(|&v| reached[v as usize] != epoch);
            start = end;
        }
    }

    /// The value of the heap of draft `slot`, once every heap below it is learnt.
    fn finish(&mut self, slot: usize) -> u32 {
        let mut drafts = std::mem::take(&mut self.drafts);
        let draft = &mut drafts[slot];
        let (heap, stamp, mask) = (draft.heap, draft.stamp, draft.mask);
        debug_assert_eq!(self.sparse.learnt, heap);
        // The options with one of the newest heaps.
        let newest = heap.saturating_sub(self.lookahead);
        for &take in &self.moves.single {
            if let Some(rest) = heap.checked_sub(take).filter(|&rest| rest > 0 && rest >= newest) {
                draft.seen[usize::from(self.value(rest))] = stamp;
            }
        }
        for &take in &self.moves.split {
            let Some(rest) = heap.checked_sub(take) else { continue };
            for a in (1..self.first_part(take)).take_while(|&a| 2 * a <= rest) {
                draft.seen[usize::from(self.value(a) ^ self.value(rest - a))] = stamp;
            }
        }
        let seen = &draft.seen;
        draft.missing.retain(|&v| seen[v as usize] != stamp);
        // If a new option was the smallest missing common value, the rare values up to the next
        // one must be looked for too (there are none when it was not).
        let mut more = Vec::new();
        let common = missing_below_common(seen, stamp, draft.common, mask, &mut more);
        self.search(heap, &mut more);
        draft.missing.append(&mut more);
        let value = draft.missing.iter().copied().min().unwrap_or(common);
        self.drafts = drafts;
        value
    }
}

/// The smallest common value `≥ from` that is not seen, after pushing onto `missing` every rare
/// value between `from` and it that is not seen.
fn missing_below_common(seen: &Slate, stamp: u32, from: u32, mask: u32, missing: &mut Vec<u32>) -> u32 {
    for v in from..1 << 16 {
        if seen[v as usize] != stamp {
            if !is_rare(v, mask) {
                return v;
            }
            missing.push(v);
        }
    }
    unreachable!("a heap has fewer than 2^16 options")
}

fn is_rare(value: u32, mask: u32) -> bool {
    let x = value & mask;
    (PARITY[(x & 0xff) as usize] ^ PARITY[(x >> 8 & 0xff) as usize] ^ PARITY[(x >> 16 & 0xff) as usize]) == 0
}

/// `PARITY[b]`: the parity of the bits of `b` (a table: the baseline target has no popcount).
static PARITY: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut b = 1;
    while b < 256 {
        table[b] = table[b / 2] ^ (b as u8 & 1);
        b += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    const CODES: [&[u8]; 7] = [&[0, 1, 6], &[0, 6], &[0, 7, 7], &[0, 0, 7], &[0, 4, 5, 6], &[4, 1, 2], &[4, 7]];

    /// The table by definition.
    fn plain(digits: &[u8], n: usize) -> Vec<u32> {
        crate::octal::table(digits, n)
    }

    /// Extends the table of `digits` from `start` values through each of `stops`, and returns
    /// the first heap whose value differs from the definition's, if any.
    fn first_wrong(
        digits: &[u8],
        start: usize,
        stops: &[usize],
        parallel: bool,
        lanes: Lanes,
        plain: &[u32],
    ) -> Option<usize> {
        let mut values = Values::from_values(&plain[..start], 8);
        let (mask, _) = Sparse::best_mask(plain[..start].iter().copied());
        let mut sparse = Sparse::new(&values, mask);
        sparse.lanes = lanes;
        for &stop in stops {
            sparse.extend_on(digits, &mut values, stop, parallel, LARGEST_VALUE).unwrap();
            assert_eq!(values.len(), stop + 1, "{digits:?}: extended to heap {stop}");
            // The rare heaps kept are exactly those of the table under the mask (the mask may
            // have been chosen again as the table grew), and every value is taken in.
            let rare = (1..values.len()).filter(|&h| is_rare(values.get(h), sparse.mask)).count();
            assert_eq!(sparse.rare_count(), rare, "{digits:?} to {stop}");
            assert_eq!(sparse.learnt, values.len(), "{digits:?} to {stop}");
            assert_eq!(sparse.lanes, lanes, "{digits:?} to {stop}: the lanes asked for are kept");
        }
        let values = values.to_vec();
        (0..plain.len()).find(|&heap| values.get(heap) != Some(&plain[heap]))
    }

    /// The mask chosen makes the fewest values rare of every mask over the bits the values use,
    /// and the count given is that number.
    #[test]
    fn the_best_mask_makes_fewest_values_rare() {
        for digits in CODES {
            for n in [10, 300, 3000] {
                let values = plain(digits, n);
                let (mask, rare) = Sparse::best_mask(values.iter().copied());
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
            let plain = plain(digits, 4000);
            // From the smallest table the method takes (heaps 0 and 1): the first heaps' moves
            // that would leave an empty heap are no moves.
            // Every kind of vector instructions the machine has.
            for lanes in Lanes::available() {
                for start in [2, 201] {
                    let wrong = first_wrong(digits, start, &[4000], false, lanes, &plain);
                    assert_eq!(wrong, None, "{digits:?} from {start}, {lanes:?}");
                }
                for start in [2, 3, 201, 202] {
                    let wrong = first_wrong(digits, start, &[4000], true, lanes, &plain);
                    assert_eq!(wrong, None, "{digits:?} from {start}, {lanes:?}");
                }
                let wrong = first_wrong(digits, 101, &[1500, 1501, 4000], true, lanes, &plain);
                assert_eq!(wrong, None, "{digits:?} in steps, {lanes:?}");
            }
        }
    }

    /// Past the window's first and newest heaps, the parts of splits are read from the table:
    /// the values stay those of the definition (Officers, whose searches reach far, from a
    /// table started past the window's head).
    #[test]
    fn values_past_the_window_are_read_from_the_table() {
        let n = crate::values::HEAD + crate::values::RECENT + 5000;
        let plain = plain(&[0, 6], 1000);
        let mut values = Values::from_values(&plain, 8);
        let mut sparse = Sparse::new(&values, Sparse::best_mask(plain.iter().copied()).0);
        sparse.extend_on(&[0, 6], &mut values, n, true, LARGEST_VALUE).unwrap();
        // Heaps far apart checked by definition against the table itself.
        let table = values.to_vec();
        for heap in [n - 1, n, crate::values::HEAD + 3] {
            let rest = heap - 1;
            let mut options: Vec<u32> = (1..=rest / 2).map(|a| table[a] ^ table[rest - a]).collect();
            options.push(table[rest]);
            let mex = (0..).find(|v| !options.contains(v)).unwrap();
            assert_eq!(table[heap], mex, "heap {heap}");
        }
    }

    /// A draft made while every value was small is finished right after the heaps in between
    /// bring far larger ones: its slate grows with them.
    #[test]
    fn drafts_finish_right_when_values_grow_after_them() {
        for digits in CODES {
            let moves = Moves::new(digits);
            let table = plain(digits, 40);
            for lookahead in [1, LOOKAHEAD] {
                let heap = table.len() + lookahead;
                // Any values will do for the definition: these are far above the table's.
                let mut all = table.clone();
                all.extend((0..lookahead as u32).map(|i| 4096 * (i + 1) + i));
                let mut values = Values::from_values(&table, 16);
                values.make_room(heap + 1, 16);
                let mut worker = Worker::new(&moves, &values, lookahead, Sparse::prepared(&values, table.len(), 1));
                worker.speculate(heap, 0);
                for (h, &v) in all.iter().enumerate().skip(table.len()) {
                    values.set(h, v);
                }
                worker.learn(heap);
                // The definition's value of `heap` from these values (octal::extend, the plain mex).
                let mut definition = all.clone();
                crate::octal::extend(digits, &mut definition, heap);
                assert_eq!(worker.finish(0), definition[heap], "{digits:?}, {lookahead}");
            }
        }
    }

    /// The search marks splits one by one only while more than a few values are looked for:
    /// most splits of Officers' searches are compared in lanes, and the values are those of
    /// the definition (one worker, heap after heap).
    #[test]
    fn most_splits_are_compared_in_lanes() {
        let n = 6000;
        let plain = plain(&[0, 6], n);
        let moves = Moves::new(&[0, 6]);
        let mut values = Values::from_values(&plain[..100], 16);
        values.make_room(n + 1, 16);
        let (mask, _) = Sparse::best_mask(plain[..100].iter().copied());
        let mut worker = Worker::new(&moves, &values, 1, Sparse::prepared(&values, 100, mask));
        let mut splits = 0;
        for (heap, &expected) in plain.iter().enumerate().skip(100) {
            worker.learn(heap);
            worker.speculate(heap, 0);
            let value = worker.finish(0);
            assert_eq!(value, expected, "heap {heap}");
            values.set(heap, value);
            splits += (heap - 1) / 2;
        }
        worker.learn(n + 1);
        // Of every split of every heap (the searches stop early, so fewer are looked at), those
        // marked one by one: 1.2 million of 9.0 million; 5.7 million when no split is compared
        // in lanes.
        let marked = worker.marked as usize;
        assert!(marked > 0 && marked * 4 < splits, "{marked} of {splits} splits marked one by one");
    }

    /// The mask is looked at again as the table grows: started from the worst mask of a short
    /// table, the method ends on one that is best for the table it last looked at.
    #[test]
    fn a_poor_mask_is_replaced_as_the_table_grows() {
        for digits in CODES {
            let start = plain(digits, 100);
            let count = |values: &[u32], mask: u32| values.iter().filter(|&&v| is_rare(v, mask)).count();
            let worst = (1..1u32 << 12).max_by_key(|&mask| count(&start, mask)).unwrap();
            let mut values = Values::from_values(&start, 8);
            let mut sparse = Sparse::new(&values, worst);
            sparse.extend_on(digits, &mut values, 4000, false, LARGEST_VALUE).unwrap();
            let all = values.to_vec();
            let looked_at = &all[..sparse.chosen_at];
            let (_, fewest) = Sparse::best_mask(looked_at.iter().copied());
            assert_eq!(count(looked_at, sparse.mask), fewest, "{digits:?}: mask {:b}", sparse.mask);
            assert!(count(looked_at, worst) > fewest, "{digits:?}: the worst mask is no worse");
        }
    }

    #[test]
    fn any_mask_gives_the_same_values() {
        let plain = plain(&[0, 6], 2000);
        for mask in [1, 2, 3, 0b1_0110, 0xfff] {
            for parallel in [false, true] {
                let mut values = Values::from_values(&plain[..101], 8);
                Sparse::new(&values, mask).extend_on(&[0, 6], &mut values, 2000, parallel, LARGEST_VALUE).unwrap();
                assert!(values.to_vec() == plain, "mask {mask:b}, parallel: {parallel}");
            }
        }
    }

    /// A value past what the method keeps stops it at that heap, on one thread or two, with the
    /// table kept up to the heap before it; a value past the table's room (here 8 bits, from a
    /// table of small values) only makes room for it.
    #[test]
    fn a_value_too_large_stops_the_table_before_it() {
        // Officers' values pass 7 at heap 23 (and stay ≤ 7 before); the limit stands in for 2^14.
        let plain = plain(&[0, 6], 3000);
        let first = plain.iter().position(|&v| v > 7).unwrap();
        for (start, parallel) in [(2, false), (2, true), (10, true)] {
            let mut values = Values::from_values(&plain[..start], 8);
            let mut sparse = Sparse::new(&values, 1);
            let stopped = sparse.extend_on(&[0, 6], &mut values, 30_000, parallel, 7).unwrap_err();
            assert_eq!(stopped, ValueTooLarge { heap: first, value: plain[first] }, "parallel: {parallel}");
            assert_eq!(values.to_vec(), plain[..first], "parallel: {parallel}");
            assert_eq!(sparse.learnt, first);
        }
        let stopped = ValueTooLarge { heap: 5, value: LARGEST_VALUE + 1 };
        assert!(stopped.to_string().contains("16 bits"), "{stopped}");
        // Officers' values pass 255 at heap 10344: the table grows a plane and goes on.
        let plain = crate::octal::table(&[0, 6], 10_400);
        assert_eq!(plain.iter().position(|&v| v > 255), Some(10_344));
        for parallel in [false, true] {
            let mut values = Values::from_values(&plain[..50], 8);
            let mut sparse = Sparse::new(&values, 1);
            sparse.extend_on(&[0, 6], &mut values, 10_400, parallel, LARGEST_VALUE).unwrap();
            assert_eq!(values.bits(), 9);
            assert!(values.to_vec() == plain, "parallel: {parallel}");
        }
    }
}
