//! How the workers share a table's heaps: the [`Board`] with the frontier, the next heap to
//! draft and the drafts made ([`run_workers`]), how far ahead they draft ([`block`],
//! [`lookahead`]), how far back a bounded table's ring is read ([`reach`]), and each worker's
//! turn on the board (take a draft and finish it, draft a block, rescue the frontier's, sleep).

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

use super::worker::{BLOCK, Draft, Moves, Worker};
use super::{Effort, MOST_THREADS, Sparse, Stopped, ValueTooLarge};
use crate::values::Values;

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
/// heap). Officers near heap 10^8 (2026-11-27, `perf record` of one and two threads): `D + F`
/// about 1.2 µs a heap, the finish 4% of it on one thread and 6% on two (about 0.07 µs: the 47
/// newest splits, or-ed four words at a time), so with `h` up to 0.1 µs a block the serial bound
/// is about 13 M heaps a second, 16× one thread's rate: 2 threads ≈ 1.9×, 8 ≈ 7×, 16 ≈ 10×
/// once the board's overheads grow with them (each worker's data — its window with its reversed
/// and squeezed copies, 768 KB, a block's marks of 8 KB, the search's slate — is its own, so the
/// cores do not compete for memory). Two threads spend 1.03–1.17× the CPU time a heap of one
/// (perf samples and `/proc/stat` say 1.03–1.05, user time 1.07–1.17: the longer finish, every
/// worker learning every heap, the board). Measured on an AVX2-only AMD EPYC (Zen 3): 1.74× one
/// thread's rate (medians of five alternating pairs of 6·10^6 heaps past 10^8; the pairs
/// 1.63–1.93× over two series), on a shared machine where two one-thread runs side by side each
/// keep the speed of one alone. On an AMD EPYC with AVX-512 (Zen 4, 2026-11-28): 1.84–1.89× over
/// 4·10^6 heaps past 10^6, 10^7, 10^8 and 10^9 (the checkpoint's load taken off), 1.05× the CPU
/// time a heap; 97% of the heaps were finished by the worker that drafted them, 3% handed over
/// through a slot, 25 rescues in 4·10^6 heaps, and a lookahead of 31 heaps instead of 47 made no
/// difference. Past 16, `F` is the limit to work on: the finish's newest splits in lanes, or a
/// block finished at once.
///
pub(super) fn run_workers(
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
pub(super) fn block(workers: usize) -> usize {
    (64 / workers).clamp(4, BLOCK)
}

/// How many of the newest heaps a draft does without, on `workers` threads: room for a block
/// drafted at the frontier (alone), and for one more block than workers (on several threads).
pub(super) fn lookahead(workers: usize) -> usize {
    match workers {
        1 => block(1) - 1,
        _ => (workers + 1) * block(workers) - 1,
    }
}

/// What the workers share: where they are, and the drafts made.
pub(super) struct Board {
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
pub(super) fn reach(ring: usize) -> usize {
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

impl Worker<'_> {
    /// Works on the board's heaps until every one is known (the sparse state after them all);
    /// `Err(Some(…))` at a value past `largest` or at the deadline, `Err(None)` when another
    /// worker stopped the work.
    pub(super) fn run(
        mut self,
        board: &Board,
        largest: u32,
        deadline: Option<Instant>,
    ) -> Result<Sparse, Option<Stopped>> {
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
}
