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
//! **Every core.** Heap `h` needs every value below it, but only a few of its options involve the
//! newest heaps `h − d … h − 1`: single heaps left by taking at most `d` tokens, and splits whose
//! smaller part is below `d`. Everything else — the rare splits, the smallest missing common
//! value, the search for rare values — is done ahead, as a *draft*, while the heaps before are
//! being finished, sixteen consecutive heaps at a time ([`Worker::speculate`]). `N` workers share a [`Board`] ([`run_workers`]): any of them finishes the heap
//! at the frontier once its draft is ready (adding the few options of the newest heaps), and
//! otherwise drafts the next heap within the lookahead, so no worker waits for another's
//! searches. The finish is exact: if a new option is the smallest missing common value, the rare
//! values between it and the next missing one are searched for then. A worker with nothing to do
//! waits a moment for the frontier's draft, then makes it itself (a worker the machine set aside
//! holds no one up), or sleeps until the frontier moves: on a loaded machine a waiting worker
//! leaves its core to others.
//!
//! **Bounded tables.** For heap `h` the method reads the single heaps left by a take, the other
//! parts `h − k − a` of the splits with a rare part `a`, and, in the search for rare values, the
//! splits `(a, h − k − a)` from the smallest `a` up until no rare value is left to find. When every
//! rare heap is below `R − k` and every search ends while its small parts are among the first
//! heaps and its large ones among the `R` newest, that is all it reads. A search that must look at
//! every split (a heap whose value is rare) reads the whole table. So a table kept as its first
//! heaps and a ring of its newest ([`Values::bounded`]) gives the values of the whole table, or
//! stops ([`Stopped::OutOfReach`]) at the first heap that would read a heap it no longer keeps:
//! a worker reads the table only from `reach(ring)` below the heap it works on, and a heap is
//! written over the one `ring` before it only once every worker has learnt far enough that
//! nothing it may still read is lost ([`Board::publish`]). Officers (0.6) to 10^8 has 1583 rare
//! heaps, the last 20,627, and its searches read small parts past the first 2^16 heaps (65,536
//! for heap 17,672,855): a bounded long table keeps the first 2^22 ([`crate::long_table::FIRST`]).
//!
//! **A byte and a bit a heap.** The table is [`Values`]: the workers write it (each heap at the
//! frontier, see [`Board`]) and read it below the frontier. The loops read a thread's own 16-bit
//! copies of the first and the newest heaps ([`Window`]), which hold every part of the splits they
//! look at
//! in practice. Values past [`LARGEST_VALUE`] stop the method with [`ValueTooLarge`].

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

use crate::lanes::{FEW, Lanes, MARK_BLOCK, SET_SPAN};
use crate::values::{HEAD, Values, Window, bits_of};

/// Tables at least this much longer than what is known are extended on several threads.
const PARALLEL_FROM: usize = 1 << 14;

/// The largest value the method keeps (an option value of values below 2^14 stays below 2^15,
/// which 16 bits hold).
pub const LARGEST_VALUE: u32 = (1 << 14) - 1;

/// The largest heap the method takes: heaps are 64-bit numbers (the rare heaps are kept in 64
/// bits, and a heap's index is a `usize`, which is 64 bits on the targets grundy builds for).
pub const LARGEST_HEAP: usize = (u64::MAX >> 1) as usize;

const _: () = assert!(usize::BITS == 64, "heaps past 2^32 need a 64-bit usize");

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
    rare_heaps: Vec<u64>,
    /// Their values.
    rare_values: Vec<u16>,
    /// The last rare heap when the offsets were taken.
    anchor: u64,
    /// `anchor − a` for the rare heaps `a` up to `anchor` (none when one does not fit in 32 bits:
    /// the offsets are read only when every part they point to is among the newest heaps, which
    /// are far fewer).
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

    /// The method after heaps `0..learnt`, of which `rare_heaps` (ascending) have the rare values
    /// `rare_values` under `mask`, the largest value being `bound`; the mask chosen at `chosen_at`.
    pub(crate) fn from_rare(
        mask: u32,
        rare_heaps: Vec<u64>,
        rare_values: Vec<u16>,
        learnt: usize,
        bound: u32,
        chosen_at: usize,
    ) -> Sparse {
        let mut sparse = Sparse {
            mask,
            rare_heaps,
            rare_values,
            anchor: 0,
            offsets: Vec::new(),
            chosen_at,
            learnt,
            bound,
            lanes: Lanes::detect(),
        };
        sparse.anchor_offsets();
        sparse
    }

    /// The rare heaps, their values, and where the mask was chosen.
    pub(crate) fn rare_parts(&self) -> (&[u64], &[u16], usize) {
        (&self.rare_heaps, &self.rare_values, self.chosen_at)
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
            self.rare_heaps.push(heap as u64);
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
        if let Some(&first) = self.rare_heaps.first()
            && u32::try_from(self.anchor - first).is_err()
        {
            return;
        }
        self.offsets.extend(self.rare_heaps.iter().map(|&a| (self.anchor - a) as u32));
    }

    /// Extends `values` (at least heaps 0 and 1, the heaps this method was prepared for, every
    /// value at most [`LARGEST_VALUE`]) up to heap `n`, on every core when the extension is long.
    /// On a value past [`LARGEST_VALUE`], `values` ends before that heap.
    pub fn extend(&mut self, digits: &[u8], values: &mut Values, n: usize) -> Result<(), ValueTooLarge> {
        match self.extend_with(digits, values, n, Effort::every_core()) {
            Ok(()) => Ok(()),
            Err(Stopped::TooLarge(too_large)) => Err(too_large),
            Err(stop) => unreachable!("no deadline was set, and the table is whole: {stop}"),
        }
    }

    /// [`Sparse::extend`] on `effort.threads` threads (one when the extension is short), stopping
    /// at `effort.deadline` with `values` ending at the frontier reached by then (every heap
    /// before it finished, as on any stop).
    pub fn extend_with(&mut self, digits: &[u8], values: &mut Values, n: usize, effort: Effort) -> Result<(), Stopped> {
        let threads = if n.saturating_sub(values.len()) >= PARALLEL_FROM { effort.threads.max(1) } else { 1 };
        self.extend_on(digits, values, n, Effort { threads, ..effort }, LARGEST_VALUE)
    }

    /// [`Sparse::extend_with`] on exactly `effort.threads` threads, stopping at a value past
    /// `largest`.
    fn extend_on(
        &mut self,
        digits: &[u8],
        values: &mut Values,
        n: usize,
        effort: Effort,
        largest: u32,
    ) -> Result<(), Stopped> {
        assert!(values.len() >= 2, "the sparse-space method starts from a table of at least two heaps");
        assert_eq!(self.learnt, values.len(), "the method was prepared for this table");
        if n > LARGEST_HEAP {
            return Err(Stopped::TooLarge(ValueTooLarge { heap: n, value: 0 }));
        }
        let moves = Moves::new(digits);
        // Room for values of as many bits as the largest so far: a value that does not fit stops
        // the workers, and they go on with room for it.
        let mut bits = bits_of(self.bound);
        while values.len() <= n {
            let known = values.len();
            // A bounded table goes at most `reach` heaps a run: the heaps the run learns are then
            // still kept when the run is over (see `learn_from`).
            let n = values.ring().map_or(n, |ring| n.min(known + reach(ring)));
            values.make_room(n + 1, bits);
            let fits = ((1u32 << values.bits()) - 1).min(largest);
            let (result, known) = run_workers(&moves, values, known, self, n, effort, fits);
            values.truncate(known);
            match result {
                Ok(sparse) => *self = sparse,
                Err(stop) => {
                    self.learn_from(values);
                    match stop {
                        Stopped::TooLarge(too_large) if too_large.value <= largest => bits = bits_of(too_large.value),
                        stop => return Err(stop),
                    }
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

/// On how many threads a table is extended, and until when.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Effort {
    /// Worker threads (at least one; [`MOST_THREADS`] at most).
    pub threads: usize,
    /// When to stop: the heaps finished by then are kept.
    pub deadline: Option<Instant>,
}

impl Effort {
    /// A thread for each core this process may run on, and no deadline.
    pub fn every_core() -> Effort {
        Effort { threads: every_core(), deadline: None }
    }
}

/// How many cores this process may run on (at most [`MOST_THREADS`]).
pub fn every_core() -> usize {
    std::thread::available_parallelism().map_or(1, |cores| cores.get()).min(MOST_THREADS)
}

/// The most worker threads a table is extended on.
pub const MOST_THREADS: usize = 256;

/// Why an extension stopped before its last heap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stopped {
    /// A value, or the heap, past what the method keeps.
    TooLarge(ValueTooLarge),
    /// The deadline passed.
    OutOfTime,
    /// A bounded table ([`Values::bounded`]) no longer keeps a heap the method reads for `heap`:
    /// the table by definition needs it (`part`).
    OutOfReach {
        /// The heap being worked on.
        heap: usize,
        /// The heap it reads, no longer kept.
        part: usize,
    },
}

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stopped::TooLarge(too_large) => too_large.fmt(f),
            Stopped::OutOfTime => write!(f, "the time budget ran out"),
            Stopped::OutOfReach { heap, part } => write!(
                f,
                "heap {heap} needs the value of heap {part}, which a bounded table no longer keeps \
                 (a rare value may be missing or a rare heap is far out): it needs the whole table"
            ),
        }
    }
}

/// Runs the workers from the frontier to heap `n`; the sparse state after every value, or what
/// stopped them.
///
/// **On `N` threads.** The workers share a [`Board`]: the frontier (every heap below it known),
/// the next heap to draft, and the drafts made. Each worker, over and over: finishes the heap at
/// the frontier if its draft is ready (the finish is a few dozen splits); else drafts the next
/// heap within the lookahead of the frontier (nearly all of the work, beside the others' drafts);
/// else — the frontier's draft is being made by another worker — waits for it a moment, and then
/// makes it again itself, so that a worker its machine has set aside (a loaded machine) holds no
/// one up; one that finds that done too sleeps until the frontier moves. Any worker may finish
/// any heap: its value is the same whoever computes it, and the frontier moves past it once.
///
/// **How the work splits, and how far it scales.** A heap's work is its draft `D` (the marks of
/// its splits with a rare part and the search for the rare values below its smallest missing
/// common one: nearly all of it) and its finish `F` (the splits with one of the newest
/// `lookahead` heaps, a look at the values a new option uncovers, the write). Drafts are taken
/// by any worker, a block of [`block`]`(N)` consecutive heaps at a time, as far as
/// [`lookahead`]`(N) = (N + 1)·block(N) − 1` heaps past the frontier: every worker has a block in
/// hand and one more is waiting. Finishes go in heap order, so they are the serial part: `N`
/// threads make at most `min(N / (D + F), 1 / (F + h / block(N)))` heaps a second, `h` the
/// hand-over of the frontier between cores (its cache line and a slot's lock; a worker that
/// drafted the frontier's block finishes its heaps in turn, so one hand-over a block, not a
/// heap). Officers near heap 10^8 (2026-11-26, `perf record` of two threads): `D + F` about
/// 2–2.5 µs a heap, the finish about 6% of it (0.15 µs, mostly the 47 newest splits one by one;
/// 67 on 16 threads), so with `h` up to 0.1 µs the serial bound is about 11× one thread's rate:
/// 2 threads ≈ 1.8×, 8 ≈ 7×, 16 ≈ 10× (each worker's data — its window of 256 KB, a block's marks of 8 KB, the search's
/// slate — fits its own core's L2, so the cores do not compete for memory). Two threads spend
/// about 1.1× the CPU time a heap of one (the longer finish, the board: 1.09–1.14 s against
/// 0.99–1.00 s for 500,000 heaps past 10^8, best of four), so two idle cores should give 1.8×
/// one thread's rate; this machine, shared, was never idle enough to time it. Past 16, `F` is the limit to work on: the finish's
/// newest splits in lanes, or a block finished at once.
///
fn run_workers(
    moves: &Moves,
    values: &Values,
    known: usize,
    sparse: &Sparse,
    n: usize,
    effort: Effort,
    largest: u32,
) -> (Result<Sparse, Stopped>, usize) {
    let workers = effort.threads.clamp(1, MOST_THREADS);
    let board = Board::new(known, n, workers, values.ring());
    let result = if workers == 1 {
        Worker::new(moves, values, 1, sparse.clone())
            .run(&board, largest, effort.deadline)
            .map_err(|stopped| stopped.expect("a lone worker stops only on a value too large or at the deadline"))
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..workers)
                .map(|_| {
                    let sparse = sparse.clone();
                    let board = &board;
                    scope.spawn(move || {
                        let _guard = FailGuard(board);
                        Worker::new(moves, values, workers, sparse).run(board, largest, effort.deadline)
                    })
                })
                .collect();
            let results: Vec<_> = handles.into_iter().map(|handle| handle.join()).collect();
            let (mut stopped, mut finished) = (None, None);
            for result in results {
                match result {
                    Ok(Ok(sparse)) => finished = Some(sparse),
                    Ok(Err(None)) => {}
                    Ok(Err(Some(stop))) => stopped = Some(stop),
                    Err(panic) => std::panic::resume_unwind(panic),
                }
            }
            match (stopped, finished) {
                (Some(stop), _) => Err(stop),
                (None, Some(sparse)) => Ok(sparse),
                (None, None) => unreachable!("workers stop only when one of them stopped them"),
            }
        })
    };
    (result, board.known())
}

/// How many heaps a worker drafts at once, on `workers` threads: the more, the cheaper each draft
/// ([`Worker::speculate`]), but the lookahead, which every finish pays for, grows with them.
fn block(workers: usize) -> usize {
    (64 / workers).clamp(4, BLOCK)
}

/// How many of the newest heaps a draft does without, on `workers` threads: room for a block
/// drafted at the frontier (alone), and for one more block than workers (on several threads).
fn lookahead(workers: usize) -> usize {
    match workers {
        1 => block(1) - 1,
        _ => (workers + 1) * block(workers) - 1,
    }
}

/// Values left to find when the search looks them up in a set in lanes ([`Lanes::strike_set`])
/// rather than marking every split (while more are missing, most splits find one).
const SET_FEW: usize = 24;

/// The most heaps drafted at once.
const BLOCK: usize = MARK_BLOCK;

/// What the workers share: where they are, and the drafts made.
struct Board {
    /// Every heap below it is known, and never written again.
    frontier: AtomicUsize,
    /// The next heap to draft.
    next: AtomicUsize,
    /// The first heap drafted, and how many a block has: blocks start at `start + k·block`.
    start: usize,
    block: usize,
    /// The last heap.
    last: usize,
    /// The draft of heap `h` is in slot `h mod slots.len()` (more slots than heaps past the
    /// frontier that may be drafted).
    slots: Vec<Mutex<Slot>>,
    /// Set when the workers are to stop (a panic, a value too large, the deadline).
    stop: AtomicBool,
    /// Counts moves of the frontier and drafts of its heap: a sleeping worker wakes on one.
    events: AtomicU64,
    sleepers: AtomicUsize,
    bell: (Mutex<()>, Condvar),
    /// A bounded table's ring ([`Values::ring`]): heap `f` is written only once every worker has
    /// learnt the heaps below `f + ring − reach(ring)`, so that the heaps a worker reads (from
    /// `reach(ring)` below the heap it works on) stay kept while it reads them.
    ring: Option<usize>,
    /// How many heaps each worker has learnt.
    learnt: Vec<AtomicUsize>,
    /// The workers that have taken a place in `learnt`.
    joined: AtomicUsize,
}

/// How far below the heap it works on a worker reads a bounded table of `ring` heaps.
fn reach(ring: usize) -> usize {
    ring / 2
}

/// A draft made, or being made again.
#[derive(Default)]
struct Slot {
    heap: usize,
    /// The draft of `heap` is ready.
    ready: bool,
    /// A worker is making the draft of `heap` again.
    rescued: bool,
    /// The draft (its room is kept from one heap to the next).
    draft: Draft,
}

/// How long a worker waits for the draft of the frontier's heap before it makes it itself.
const RESCUE_AFTER: Duration = Duration::from_micros(50);

/// The longest a worker sleeps before it looks again (it is woken when the frontier moves; this
/// only bounds the cost of a wake-up missed by the machine).
const NAP: Duration = Duration::from_millis(2);

impl Board {
    fn new(known: usize, last: usize, workers: usize, ring: Option<usize>) -> Board {
        let lookahead = lookahead(workers);
        Board {
            frontier: AtomicUsize::new(known),
            next: AtomicUsize::new(known),
            start: known,
            block: block(workers),
            last,
            slots: (0..=lookahead).map(|_| Mutex::new(Slot::default())).collect(),
            stop: AtomicBool::new(false),
            events: AtomicU64::new(0),
            sleepers: AtomicUsize::new(0),
            bell: (Mutex::new(()), Condvar::new()),
            ring,
            learnt: (0..workers).map(|_| AtomicUsize::new(known)).collect(),
            joined: AtomicUsize::new(0),
        }
    }

    /// How many heaps are known.
    fn known(&self) -> usize {
        self.frontier.load(Ordering::Acquire)
    }

    fn slot(&self, heap: usize) -> std::sync::MutexGuard<'_, Slot> {
        self.slots[heap % self.slots.len()].lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Takes the draft of `heap` into `draft`, if one is ready (one worker takes it, and
    /// finishes it).
    fn take(&self, heap: usize, draft: &mut Draft) -> bool {
        let mut slot = self.slot(heap);
        if slot.heap != heap || !slot.ready {
            return false;
        }
        slot.ready = false;
        draft.clone_from(&slot.draft);
        true
    }

    /// Leaves a draft for whoever finishes its heap.
    fn put(&self, draft: &Draft) {
        let heap = draft.heap;
        {
            let mut slot = self.slot(heap);
            if slot.heap != heap {
                (slot.heap, slot.ready, slot.rescued) = (heap, false, false);
            }
            if !slot.ready {
                slot.ready = true;
                slot.draft.clone_from(draft);
            }
        }
        if heap == self.known() {
            self.ring();
        }
    }

    /// How many heaps from `heap` (the frontier's) this worker is to draft again: the rest of
    /// its block, up to a draft that is ready; none when another worker is at it, or the draft
    /// of `heap` is ready.
    fn rescue(&self, heap: usize) -> usize {
        let end = (self.start + ((heap - self.start) / self.block + 1) * self.block).min(self.last + 1);
        for h in heap..end {
            let mut slot = self.slot(h);
            if slot.heap == h && (slot.ready || (h == heap && slot.rescued)) {
                return h - heap;
            }
            (slot.heap, slot.ready, slot.rescued) = (h, false, true);
        }
        end - heap
    }

    /// Writes the value of `heap`, the heap at the frontier, and moves the frontier past it
    /// (unless another worker did: the value is the same).
    fn publish(&self, values: &Values, heap: usize, value: u32) {
        if let Some(ring) = self.ring {
            // Wait (a worker the machine set aside a long time holds the others up here only).
            loop {
                let slowest = self.learnt.iter().map(|learnt| learnt.load(Ordering::Acquire)).min().unwrap_or(heap);
                if heap < slowest + ring - reach(ring) || self.stop.load(Ordering::Acquire) {
                    break;
                }
                let events = self.events.load(Ordering::SeqCst);
                if !self.spin(events) {
                    self.sleep(events);
                }
            }
            if self.stop.load(Ordering::Acquire) {
                return;
            }
        }
        values.set(heap, value);
        if self.frontier.compare_exchange(heap, heap + 1, Ordering::AcqRel, Ordering::Acquire).is_ok() {
            self.ring();
        }
    }

    /// Tells every worker to stop.
    fn halt(&self) {
        self.stop.store(true, Ordering::Release);
        self.ring();
    }

    /// Wakes the sleeping workers, if any.
    fn ring(&self) {
        self.events.fetch_add(1, Ordering::SeqCst);
        if self.sleepers.load(Ordering::SeqCst) > 0 {
            let _bell = self.bell.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            self.bell.1.notify_all();
        }
    }

    /// Sleeps until something happens after the `events`-th event (at most a [`NAP`]).
    fn sleep(&self, events: u64) {
        self.sleepers.fetch_add(1, Ordering::SeqCst);
        let bell = self.bell.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if self.events.load(Ordering::SeqCst) == events {
            let _ = self.bell.1.wait_timeout(bell, NAP);
        }
        self.sleepers.fetch_sub(1, Ordering::SeqCst);
    }

    /// Waits up to [`RESCUE_AFTER`] for an event after the `events`-th; whether one came.
    fn spin(&self, events: u64) -> bool {
        let started = Instant::now();
        loop {
            for _ in 0..16 {
                if self.events.load(Ordering::Acquire) != events {
                    return true;
                }
                std::hint::spin_loop();
            }
            if started.elapsed() >= RESCUE_AFTER {
                return false;
            }
        }
    }
}

/// Stops the other workers, which may be waiting for a value, when this one panics.
struct FailGuard<'a>(&'a Board);

impl Drop for FailGuard<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.halt();
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

/// The option values of a heap seen so far, a bit each (values past the words are not seen).
#[derive(Debug, Clone, Default)]
struct Seen {
    words: Vec<u64>,
}

impl Seen {
    fn insert(&mut self, value: u16) {
        let word = usize::from(value >> 6);
        if word >= self.words.len() {
            self.words.resize(word + 1, 0);
        }
        self.words[word] |= 1 << (value & 63);
    }

    fn contains(&self, value: u32) -> bool {
        self.words.get(value as usize >> 6).is_some_and(|word| word >> (value & 63) & 1 != 0)
    }
}

/// The work on one heap before its newest values are known.
#[derive(Debug, Clone, Default)]
struct Draft {
    heap: usize,
    /// The mask the rare parts were taken with (it may change before the heap is finished).
    mask: u32,
    /// The options seen without the newest values.
    seen: Seen,
    /// The smallest common value not seen without the newest values.
    common: u32,
    /// Rare values below `common` that no split without the newest values reaches.
    missing: Vec<u32>,
}

/// One thread's share: what it has learnt of the table, and its scratch.
struct Worker<'a> {
    moves: &'a Moves,
    values: &'a Values,
    /// A draft of heap `h` uses the values of heaps below `h − lookahead` only.
    lookahead: usize,
    /// Heaps drafted at once.
    block: usize,
    sparse: Sparse,
    window: Window,
    /// Scratch of a block's drafts: `marks[j·span + v] == mark` when `v` is an option of the
    /// block's heap `j`, for the span `2^bits` of the values so far.
    marks: Vec<u8>,
    mark: u8,
    /// The block's drafts.
    drafts: Vec<Draft>,
    /// A draft taken from the board.
    taken: Draft,
    /// Scratch of the search: `reached[v] == epoch` when a split of this search reached `v`.
    reached: Box<Slate>,
    epoch: u32,
    /// Splits the search has marked one by one (the others were compared in lanes).
    marked: u64,
    /// This worker's place in the board's `learnt`.
    me: usize,
}

impl<'a> Worker<'a> {
    /// A worker of `workers`, on the table `values` of which `sparse` has taken in the first heaps.
    fn new(moves: &'a Moves, values: &'a Values, workers: usize, sparse: Sparse) -> Worker<'a> {
        Worker {
            moves,
            values,
            lookahead: lookahead(workers),
            block: block(workers),
            window: Window::new(values, sparse.learnt),
            sparse,
            marks: Vec::new(),
            mark: 0,
            drafts: vec![Draft::default(); BLOCK],
            taken: Draft::default(),
            reached: slate(),
            epoch: 0,
            marked: 0,
            me: 0,
        }
    }

    /// Works on the board's heaps until every one is known (the sparse state after them all);
    /// `Err(Some(…))` at a value past `largest` or at the deadline, `Err(None)` when another
    /// worker stopped the work.
    fn run(mut self, board: &Board, largest: u32, deadline: Option<Instant>) -> Result<Sparse, Option<Stopped>> {
        self.me = board.joined.fetch_add(1, Ordering::AcqRel);
        loop {
            if board.stop.load(Ordering::Acquire) {
                return Err(None);
            }
            let events = board.events.load(Ordering::SeqCst);
            let known = board.known();
            if known > board.last {
                break;
            }
            if board.ring.is_some() {
                // A bounded table's writers wait for the slowest worker to learn.
                self.learn_on(board, known);
            }
            if board.take(known, &mut self.taken) {
                let mut draft = std::mem::take(&mut self.taken);
                let finished = self.finish_and_publish(board, &mut draft, largest, deadline);
                self.taken = draft;
                finished?;
                continue;
            }
            // A block may be drafted once its last heap is within the lookahead.
            let next = board.next.load(Ordering::Acquire);
            let count = self.block.min((board.last + 1).saturating_sub(next));
            if count > 0 && next + count - 1 <= known + self.lookahead {
                if board.next.compare_exchange(next, next + count, Ordering::AcqRel, Ordering::Acquire).is_ok() {
                    self.draft_block(board, known, next, count, largest, deadline)?;
                }
                continue;
            }
            // Every heap that may be drafted is: the frontier's draft is being made elsewhere.
            if board.spin(events) {
                continue;
            }
            let count = board.rescue(known);
            if count > 0 {
                self.draft_block(board, known, known, count, largest, deadline)?;
                continue;
            }
            board.sleep(events);
        }
        self.learn(board.last + 1);
        Ok(self.sparse)
    }

    /// Drafts the heaps `first .. first + count` (`known` heaps known), finishes at once those
    /// that are at the frontier in turn, and leaves the others on the board.
    fn draft_block(
        &mut self,
        board: &Board,
        known: usize,
        first: usize,
        count: usize,
        largest: u32,
        deadline: Option<Instant>,
    ) -> Result<(), Option<Stopped>> {
        self.learn_on(board, known);
        self.window.reach = match board.ring {
            Some(ring) => first.saturating_sub(reach(ring)),
            None => 0,
        };
        self.speculate(first, count);
        if let Some(part) = self.window.missed() {
            board.halt();
            return Err(Some(Stopped::OutOfReach { heap: first, part }));
        }
        let mut drafts = std::mem::take(&mut self.drafts);
        let mut finished = Ok(());
        for draft in &mut drafts[..count] {
            if draft.heap == board.known() {
                finished = self.finish_and_publish(board, draft, largest, deadline);
                if finished.is_err() {
                    break;
                }
            } else {
                board.put(draft);
            }
        }
        self.drafts = drafts;
        finished
    }

    /// Finishes the heap of `draft`, the heap at the frontier, and publishes its value.
    fn finish_and_publish(
        &mut self,
        board: &Board,
        draft: &mut Draft,
        largest: u32,
        deadline: Option<Instant>,
    ) -> Result<(), Option<Stopped>> {
        let heap = draft.heap;
        // The clock is read every 64 heaps.
        if heap.is_multiple_of(64) && deadline.is_some_and(|deadline| Instant::now() >= deadline) {
            board.halt();
            return Err(Some(Stopped::OutOfTime));
        }
        self.learn_on(board, heap);
        self.window.reach = match board.ring {
            Some(ring) => heap.saturating_sub(reach(ring)),
            None => 0,
        };
        let value = self.finish(draft);
        if let Some(part) = self.window.missed() {
            board.halt();
            return Err(Some(Stopped::OutOfReach { heap, part }));
        }
        if value > largest {
            board.halt();
            return Err(Some(Stopped::TooLarge(ValueTooLarge { heap, value })));
        }
        board.publish(self.values, heap, value);
        Ok(())
    }

    /// [`Worker::learn`], and tells the board.
    fn learn_on(&mut self, board: &Board, known: usize) {
        self.learn(known);
        if let Some(learnt) = board.learnt.get(self.me) {
            learnt.store(self.sparse.learnt, Ordering::Release);
        }
    }

    /// Takes in the values of the heaps below `known` (which the frontier has passed).
    fn learn(&mut self, known: usize) {
        while self.sparse.learnt < known {
            let heap = self.sparse.learnt;
            let value = self.values.get(heap);
            self.window.push(value as u16);
            self.sparse.take_in(heap, value);
            // A mask that looked best on a short table may not stay so: look again as it grows
            // (in a bounded table, while the heaps it looks at are kept: see `Board::ring`).
            let whole = self.values.ring().is_none_or(|ring| self.sparse.learnt <= HEAD + reach(ring));
            if whole && self.sparse.learnt >= 2 * self.sparse.chosen_at {
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

    /// Everything about the heaps `first .. first + count` (at most [`BLOCK`]) that does not
    /// need the values of each one's newest heaps (`heap − lookahead` and above), into
    /// `self.drafts[..count]`.
    ///
    /// The splits with a rare part go a rare heap `a` at a time, for every heap of the block at
    /// once: the other parts, `heap − take − a`, are consecutive heaps, read together from the
    /// window.
    fn speculate(&mut self, first: usize, count: usize) {
        debug_assert!((1..=BLOCK).contains(&count));
        // Every option is below the first power of two past the values so far.
        let span = 1usize << bits_of(self.sparse.bound);
        if self.marks.len() < BLOCK * span {
            self.marks = vec![0; BLOCK * span];
            self.mark = 0;
        }
        self.mark = self.mark.wrapping_add(1);
        if self.mark == 0 {
            self.marks.fill(0);
            self.mark = 1;
        }
        let (mark, mask, lookahead) = (self.mark, self.sparse.mask, self.lookahead);
        debug_assert!((first + count - 1).saturating_sub(lookahead) <= self.sparse.learnt);
        let (window, values, sparse) = (&self.window, self.values, &self.sparse);
        let marks = &mut self.marks[..BLOCK * span];
        for j in 0..count {
            let heap = first + j;
            let known = heap.saturating_sub(lookahead);
            let marks = &mut marks[j * span..(j + 1) * span];
            if self.moves.whole.contains(&heap) {
                marks[0] = mark;
            }
            for &take in &self.moves.single {
                if let Some(rest) = heap.checked_sub(take).filter(|&rest| rest > 0 && rest < known) {
                    marks[usize::from(window.get(values, rest))] = mark;
                }
            }
        }
        // Every split with a rare part.
        for &take in &self.moves.split {
            let first_part = 1 + lookahead.saturating_sub(take);
            // Rare heaps below `shared` are parts of a split of every heap of the block.
            let shared = first.saturating_sub(take);
            let low = sparse.rare_heaps.partition_point(|&a| (a as usize) < first_part);
            let high = sparse.rare_heaps.partition_point(|&a| (a as usize) < shared).max(low);
            // The anchored rare heaps whose other parts are all among the newest heaps read them
            // at fixed offsets into the window (a tight loop); the others one by one.
            let anchor = sparse.anchor as usize;
            let windowed = shared > anchor && shared - anchor >= window.base();
            let anchored = if windowed { sparse.offsets.len().clamp(low, high) } else { low };
            if anchored > low {
                let recent = &window.recent()[shared - anchor - window.base()..];
                let rare = sparse.offsets[low..anchored].iter().zip(&sparse.rare_values[low..anchored]);
                if count == BLOCK {
                    // The options' places for the whole block at once, in lanes.
                    let rare = (&sparse.offsets[low..anchored], &sparse.rare_values[low..anchored]);
                    sparse.lanes.mark_block(recent, rare, span, marks, mark);
                } else {
                    for (&offset, &value) in rare {
                        for (j, &part) in recent[offset as usize..offset as usize + count].iter().enumerate() {
                            marks[j * span + usize::from(value ^ part)] = mark;
                        }
                    }
                }
            }
            let rare = sparse.rare_heaps[anchored..high].iter().zip(&sparse.rare_values[anchored..high]);
            for (&a, &value) in rare {
                for j in 0..count {
                    let part = window.get(values, first + j - take - a as usize);
                    marks[j * span + usize::from(value ^ part)] = mark;
                }
            }
            // The rare heaps that are parts of the splits of the block's later heaps only.
            for j in 0..count {
                let Some(rest) = (first + j).checked_sub(take) else { continue };
                let from = sparse.rare_heaps.partition_point(|&a| (a as usize) < shared.max(first_part));
                let to = sparse.rare_heaps.partition_point(|&a| (a as usize) < rest).max(from);
                for (&a, &value) in sparse.rare_heaps[from..to].iter().zip(&sparse.rare_values[from..to]) {
                    marks[j * span + usize::from(value ^ window.get(values, rest - a as usize))] = mark;
                }
            }
        }
        let mut drafts = std::mem::take(&mut self.drafts);
        for (j, draft) in drafts[..count].iter_mut().enumerate() {
            draft.heap = first + j;
            draft.mask = mask;
            pack(&self.marks[j * span..(j + 1) * span], mark, &mut draft.seen.words);
            draft.missing.clear();
            draft.common = missing_below_common(&draft.seen, 0, mask, &mut draft.missing);
            self.search(first + j, &mut draft.missing);
        }
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
        // Values looked up in a set in lanes (every value below its span) or compared one by one.
        let sets = self.sparse.lanes.strikes_sets() && self.sparse.bound < SET_SPAN;
        while start <= half && !missing.is_empty() {
            // A few values left: compared with every split, many splits at once, as far as both
            // parts are in the window.
            let stop = (half + 1).min(head.len()).min((rest + 1).saturating_sub(base));
            if missing.len() <= if sets { SET_FEW } else { FEW } && stop > start {
                let (small, large) = (&head[start..stop], &recent[rest + 1 - stop - base..=rest - start - base]);
                if sets {
                    self.sparse.lanes.strike_set(small, large, missing);
                } else {
                    self.sparse.lanes.strike(small, large, missing);
                }
                start = stop;
                continue;
            }
            let end = (start + CHUNK).min(half + 1);
            self.marked += (end - start) as u64;
            let reached: &mut Slate = &mut self.reached;
            if end <= head.len() && rest + 1 - end >= base {
                // Both parts in the window: many splits a step, in lanes.
                let small = &head[start..end];
                let large = &recent[rest + 1 - end - base..=rest - start - base];
                self.sparse.lanes.mark_splits(small, large, reached, epoch);
            } else {
                for a in start..end {
                    let option = self.window.get(self.values, a) ^ self.window.get(self.values, rest - a);
                    self.reached[usize::from(option)] = epoch;
                }
            }
            // Without a branch for each value: which are found follows no pattern.
            let reached: &Slate = &self.reached;
            let mut kept = 0;
            for i in 0..missing.len() {
                let v = missing[i];
                missing[kept] = v;
                kept += usize::from(reached[v as usize] != epoch);
            }
            missing.truncate(kept);
            start = end;
        }
    }

    /// The value of the heap of `draft`, once every heap below it is learnt.
    fn finish(&mut self, draft: &mut Draft) -> u32 {
        let (heap, mask) = (draft.heap, draft.mask);
        debug_assert_eq!(self.sparse.learnt, heap);
        // The options with one of the newest heaps.
        let newest = heap.saturating_sub(self.lookahead);
        for &take in &self.moves.single {
            if let Some(rest) = heap.checked_sub(take).filter(|&rest| rest > 0 && rest >= newest) {
                draft.seen.insert(self.value(rest));
            }
        }
        for &take in &self.moves.split {
            let Some(rest) = heap.checked_sub(take) else { continue };
            // The splits whose smaller part `a` is below the first part (and at most half).
            let end = self.first_part(take).min(rest / 2 + 1);
            let (head, recent, base) = (self.window.head(), self.window.recent(), self.window.base());
            if end > 1 && end <= head.len() && rest + 1 - end >= base && rest - base <= recent.len() {
                // Both parts in the window: the small parts 1, 2, … going up, the large ones
                // `rest − 1`, `rest − 2`, … going down (the finish is the serial part of the work
                // on several threads: no look-up of where a heap is kept).
                let (small, large) = (&head[1..end], &recent[rest + 1 - end - base..rest - base]);
                for (&part, &other) in small.iter().zip(large.iter().rev()) {
                    draft.seen.insert(part ^ other);
                }
            } else {
                for a in 1..end {
                    draft.seen.insert(self.value(a) ^ self.value(rest - a));
                }
            }
        }
        let seen = &draft.seen;
        draft.missing.retain(|&v| !seen.contains(v));
        // If a new option was the smallest missing common value, the rare values up to the next
        // one must be looked for too (there are none when it was not).
        let mut more = Vec::new();
        let common = missing_below_common(seen, draft.common, mask, &mut more);
        self.search(heap, &mut more);
        draft.missing.append(&mut more);
        draft.missing.iter().copied().min().unwrap_or(common)
    }
}

/// The smallest common value `≥ from` that is not seen, after pushing onto `missing` every rare
/// value between `from` and it that is not seen (64 values a step).
fn missing_below_common(seen: &Seen, from: u32, mask: u32, missing: &mut Vec<u32>) -> u32 {
    // Bit i of `odd`: i (below 64) has an odd number of mask bits. Value 64·w + i is common when
    // that parity and the parity of 64·w differ.
    let odd = odd_parities(mask);
    let mut from_bit = from & 63;
    for word in (from >> 6)..1 << 10 {
        let base = word << 6;
        let common = if is_rare(base, mask) { odd } else { !odd };
        let unseen = !seen.words.get(word as usize).copied().unwrap_or(0) & (!0u64 << from_bit);
        from_bit = 0;
        let unseen_common = unseen & common;
        let mut rare = unseen & !common;
        if unseen_common != 0 {
            rare &= (1u64 << unseen_common.trailing_zeros()) - 1;
        }
        while rare != 0 {
            missing.push(base + rare.trailing_zeros());
            rare &= rare - 1;
        }
        if unseen_common != 0 {
            return base + unseen_common.trailing_zeros();
        }
    }
    unreachable!("a heap has fewer than 2^16 options")
}

/// Bit `i` set when `i & mask` has an odd number of bits (`i` below 64), doubling the bits known
/// one mask bit at a time.
fn odd_parities(mask: u32) -> u64 {
    (0..6).fold(0u64, |odd, bit| {
        let width = 1u32 << bit;
        let low = odd & ((1u64 << width) - 1);
        let high = if mask >> bit & 1 == 1 { !low & ((1u64 << width) - 1) } else { low };
        low | high << width
    })
}

/// Puts into `words` the marks equal to `mark`, a bit each (`marks`' length a multiple of 64).
fn pack(marks: &[u8], mark: u8, words: &mut Vec<u64>) {
    words.clear();
    words.extend(marks.chunks_exact(64).map(|chunk| {
        let chunk: &[u8; 64] = chunk.try_into().expect("64 marks");
        equal_bits(chunk, mark)
    }));
}

/// Bit `i` set when `marks[i] == mark`.
#[inline]
fn equal_bits(marks: &[u8; 64], mark: u8) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8};
        // SAFETY: SSE2 is part of every x86-64; each read is 16 bytes within the 64 of `marks`.
        unsafe {
            let wanted = _mm_set1_epi8(mark as i8);
            (0..4).fold(0u64, |bits, k| {
                let sixteen = _mm_loadu_si128(marks.as_ptr().add(16 * k).cast());
                bits | u64::from(_mm_movemask_epi8(_mm_cmpeq_epi8(sixteen, wanted)) as u16) << (16 * k)
            })
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        marks.iter().enumerate().fold(0u64, |bits, (i, &m)| bits | u64::from(m == mark) << i)
    }
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

    fn on(threads: usize) -> Effort {
        Effort { threads, deadline: None }
    }

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
        threads: usize,
        lanes: Lanes,
        plain: &[u32],
    ) -> Option<usize> {
        let mut values = Values::from_values(&plain[..start], 8);
        let (mask, _) = Sparse::best_mask(plain[..start].iter().copied());
        let mut sparse = Sparse::new(&values, mask);
        sparse.lanes = lanes;
        for &stop in stops {
            sparse.extend_on(digits, &mut values, stop, Effort { threads, deadline: None }, LARGEST_VALUE).unwrap();
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

    #[test]
    fn odd_parities_are_the_parities_of_the_masked_bits() {
        for mask in [0, 1, 2, 0b10_1101, 0x3f, 0x1ef, 0xfff] {
            let expected = (0..64u32).fold(0u64, |bits, i| bits | u64::from((i & mask).count_ones() & 1) << i);
            assert_eq!(odd_parities(mask), expected, "mask {mask:b}");
        }
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
    fn any_number_of_threads_gives_the_values_by_definition() {
        for digits in CODES {
            let plain = plain(digits, 4000);
            // From the smallest table the method takes (heaps 0 and 1): the first heaps' moves
            // that would leave an empty heap are no moves.
            // Every kind of vector instructions the machine has.
            for lanes in Lanes::available() {
                for start in [2, 201] {
                    let wrong = first_wrong(digits, start, &[4000], 1, lanes, &plain);
                    assert_eq!(wrong, None, "{digits:?} from {start}, {lanes:?}");
                }
                // More threads than this machine's cores, too: the deal is the same.
                for (start, threads) in [(2, 2), (3, 2), (201, 2), (202, 2), (2, 3), (5, 5), (203, 16)] {
                    let wrong = first_wrong(digits, start, &[4000], threads, lanes, &plain);
                    assert_eq!(wrong, None, "{digits:?} from {start} on {threads} threads, {lanes:?}");
                }
                let wrong = first_wrong(digits, 101, &[1500, 1501, 4000], 2, lanes, &plain);
                assert_eq!(wrong, None, "{digits:?} in steps, {lanes:?}");
            }
        }
    }

    /// A deadline stops the workers with every heap before the frontier finished: the table
    /// goes on from there to the same values.
    #[test]
    fn a_deadline_stops_the_table_at_its_frontier() {
        let plain = plain(&[0, 6], 30_000);
        for threads in [1, 2, 3] {
            let mut values = Values::from_values(&plain[..1001], 8);
            let mut sparse = Sparse::new(&values, Sparse::best_mask(plain[..1001].iter().copied()).0);
            let effort = Effort { threads, deadline: Some(Instant::now()) };
            let stopped = sparse.extend_on(&[0, 6], &mut values, 30_000, effort, LARGEST_VALUE);
            assert_eq!(stopped, Err(Stopped::OutOfTime), "{threads} threads");
            assert!(values.len() < 30_001, "{threads} threads: stopped at {}", values.len());
            assert_eq!(sparse.learnt, values.len());
            assert!(values.to_vec() == plain[..values.len()], "{threads} threads");
            sparse.extend_on(&[0, 6], &mut values, 30_000, on(threads), LARGEST_VALUE).unwrap();
            assert!(values.to_vec() == plain, "{threads} threads");
        }
        assert_eq!(Stopped::OutOfTime.to_string(), "the time budget ran out");
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
        sparse.extend_on(&[0, 6], &mut values, n, on(2), LARGEST_VALUE).unwrap();
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

    /// Past the window's first heaps, a search removes exactly the values its splits reach: of
    /// values reached by one split only and values reached by none, it keeps the latter (Officers
    /// has no rare heap there, so its values alone would not tell a search that finds too much).
    #[test]
    fn a_search_past_the_window_head_finds_exactly_the_values_its_splits_reach() {
        let n = crate::values::HEAD + 3000;
        let start = plain(&[0, 6], 1000);
        let mask = Sparse::best_mask(start.iter().copied()).0;
        let mut values = Values::from_values(&start, 8);
        Sparse::new(&values, mask).extend_on(&[0, 6], &mut values, n, on(2), LARGEST_VALUE).unwrap();
        let table = values.to_vec();
        let moves = Moves::new(&[0, 6]);
        for lanes in Lanes::available() {
            let mut sparse = Sparse::new(&values, mask);
            sparse.lanes = lanes;
            let mut worker = Worker::new(&moves, &values, 1, sparse);
            for (rest, first) in [(n - 1, 1), (n - 500, 40), (crate::values::HEAD + 10, 7)] {
                let mut reached = vec![0u32; 1024];
                (first..=rest / 2).for_each(|a| reached[(table[a] ^ table[rest - a]) as usize] += 1);
                let never: Vec<u32> = (0..512).filter(|&v| reached[v as usize] == 0).take(12).collect();
                let once: Vec<u32> = (0..512).filter(|&v| reached[v as usize] == 1).take(12).collect();
                assert!(!once.is_empty() && !never.is_empty(), "heap {}", rest + 1);
                let mut missing: Vec<u32> = never.iter().chain(&once).copied().collect();
                worker.epoch += 1;
                worker.scan(rest, first, &mut missing);
                missing.sort_unstable();
                assert_eq!(missing, never, "{lanes:?}, splits of {rest} from {first}");
            }
        }
    }

    /// A bounded table (the first heaps and a ring of 2^15 of the newest) gives the values of the
    /// whole table, on one thread or several, far past the point its ring wraps: what the method
    /// reads of the table is kept.
    #[test]
    fn a_bounded_table_gives_the_values_of_the_whole_table() {
        let n = crate::values::HEAD + crate::values::RECENT + 3000;
        for digits in [&[0u8, 6][..], &[0, 1, 6], &[4, 1, 2]] {
            let start = plain(digits, 1000);
            let mask = Sparse::best_mask(start.iter().copied()).0;
            let mut whole = Values::from_values(&start, 8);
            Sparse::new(&whole, mask).extend_on(digits, &mut whole, n, on(2), LARGEST_VALUE).unwrap();
            for threads in [1, 2, 3] {
                let mut bounded = Values::bounded(crate::values::HEAD, 1 << 15);
                bounded.make_room(start.len(), 8);
                start.iter().enumerate().for_each(|(heap, &value)| bounded.set(heap, value));
                let mut sparse = Sparse::new(&bounded, mask);
                sparse.extend_on(digits, &mut bounded, n, on(threads), LARGEST_VALUE).unwrap();
                assert_eq!(bounded.len(), n + 1);
                assert!(bounded.bytes() <= 2 * (crate::values::HEAD + (1 << 15)), "{} bytes", bounded.bytes());
                // The newest heaps and the first ones are those of the whole table.
                for heap in (0..crate::values::HEAD).chain(n + 1 - (1 << 15)..=n) {
                    assert_eq!(bounded.get(heap), whole.get(heap), "{digits:?} heap {heap} on {threads} threads");
                }
                assert_eq!(sparse.rare_count(), (1..=n).filter(|&h| is_rare(whole.get(h), sparse.mask)).count());
            }
        }
        // Too small a ring for Officers (rare heaps past its reach): the method stops at the first
        // heap that reads a heap no longer kept, every heap before it as in the whole table.
        let start = plain(&[0, 6], 1000);
        let mask = Sparse::best_mask(start.iter().copied()).0;
        let mut whole = Values::from_values(&start, 8);
        Sparse::new(&whole, mask).extend_on(&[0, 6], &mut whole, n, on(1), LARGEST_VALUE).unwrap();
        let mut bounded = Values::bounded(crate::values::HEAD, 1 << 12);
        bounded.make_room(start.len(), 8);
        start.iter().enumerate().for_each(|(heap, &value)| bounded.set(heap, value));
        let mut sparse = Sparse::new(&bounded, mask);
        let stopped = sparse.extend_on(&[0, 6], &mut bounded, n, on(2), LARGEST_VALUE).unwrap_err();
        assert!(stopped.to_string().contains("needs the whole table"), "{stopped}");
        let Stopped::OutOfReach { heap, part } = stopped else { panic!("{stopped}") };
        assert!(part >= crate::values::HEAD && part + (1 << 11) < heap, "heap {heap} reads {part}");
        let len = bounded.len();
        assert!(len <= heap && len > crate::values::HEAD + (1 << 12), "stopped at {len}");
        assert_eq!(sparse.learnt, len);
        assert!((0..crate::values::HEAD).chain(len - (1 << 12)..len).all(|h| bounded.get(h) == whole.get(h)));
    }

    /// A draft made while every value was small is finished right after the heaps in between
    /// bring far larger ones: its slate grows with them.
    #[test]
    fn drafts_finish_right_when_values_grow_after_them() {
        for digits in CODES {
            let moves = Moves::new(digits);
            let table = plain(digits, 40);
            for workers in [1, 2, 3, 16] {
                let lookahead = lookahead(workers);
                let heap = table.len() + lookahead;
                // Any values will do for the definition: these are far above the table's.
                let mut all = table.clone();
                all.extend((0..lookahead as u32).map(|i| 4096 + 97 * i));
                let mut values = Values::from_values(&table, 16);
                values.make_room(heap + 1, 16);
                let mut worker = Worker::new(&moves, &values, workers, Sparse::prepared(&values, table.len(), 1));
                worker.speculate(heap, 1);
                let mut draft = worker.drafts[0].clone();
                for (h, &v) in all.iter().enumerate().skip(table.len()) {
                    values.set(h, v);
                }
                worker.learn(heap);
                // The definition's value of `heap` from these values (octal::extend, the plain mex).
                let mut definition = all.clone();
                crate::octal::extend(digits, &mut definition, heap);
                assert_eq!(worker.finish(&mut draft), definition[heap], "{digits:?}, {lookahead}");
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
        for lanes in Lanes::available() {
            let mut values = Values::from_values(&plain[..100], 16);
            values.make_room(n + 1, 16);
            let (mask, _) = Sparse::best_mask(plain[..100].iter().copied());
            let mut sparse = Sparse::prepared(&values, 100, mask);
            sparse.lanes = lanes;
            let mut worker = Worker::new(&moves, &values, 1, sparse);
            let mut splits = 0;
            for (heap, &expected) in plain.iter().enumerate().skip(100) {
                worker.learn(heap);
                worker.speculate(heap, 1);
                let mut draft = worker.drafts[0].clone();
                let value = worker.finish(&mut draft);
                assert_eq!(value, expected, "heap {heap}, {lanes:?}");
                values.set(heap, value);
                splits += (heap - 1) / 2;
            }
            worker.learn(n + 1);
            // Of every split of every heap (the searches stop early, so fewer are looked at),
            // those marked one by one: about 1.2 million of 9.0 million (5.7 million when no
            // split is compared in lanes).
            let marked = worker.marked as usize;
            assert!(marked > 0 && marked * 4 < splits, "{lanes:?}: {marked} of {splits} splits marked one by one");
        }
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
            sparse.extend_on(digits, &mut values, 4000, on(1), LARGEST_VALUE).unwrap();
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
            for threads in [1, 2] {
                let mut values = Values::from_values(&plain[..101], 8);
                Sparse::new(&values, mask).extend_on(&[0, 6], &mut values, 2000, on(threads), LARGEST_VALUE).unwrap();
                assert!(values.to_vec() == plain, "mask {mask:b}, {threads} threads");
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
        for (start, threads) in [(2, 1), (2, 2), (10, 2), (10, 3)] {
            let mut values = Values::from_values(&plain[..start], 8);
            let mut sparse = Sparse::new(&values, 1);
            let stopped = sparse.extend_on(&[0, 6], &mut values, 30_000, on(threads), 7).unwrap_err();
            assert_eq!(stopped, Stopped::TooLarge(ValueTooLarge { heap: first, value: plain[first] }), "{threads}");
            assert_eq!(values.to_vec(), plain[..first], "{threads} threads");
            assert_eq!(sparse.learnt, first);
        }
        let stopped = ValueTooLarge { heap: 5, value: LARGEST_VALUE + 1 };
        assert!(stopped.to_string().contains("16 bits"), "{stopped}");
        // Officers' values pass 255 at heap 10344: the table grows a plane and goes on.
        let plain = crate::octal::table(&[0, 6], 10_400);
        assert_eq!(plain.iter().position(|&v| v > 255), Some(10_344));
        for threads in [1, 2] {
            let mut values = Values::from_values(&plain[..50], 8);
            let mut sparse = Sparse::new(&values, 1);
            sparse.extend_on(&[0, 6], &mut values, 10_400, on(threads), LARGEST_VALUE).unwrap();
            assert_eq!(values.bits(), 9);
            assert!(values.to_vec() == plain, "{threads} threads");
        }
    }
}
