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
//! being finished, sixteen consecutive heaps at a time ([`worker::Worker::speculate`]). `N`
//! workers share a [`board::Board`] ([`board::run_workers`]): any of them finishes the heap at
//! the frontier once its draft is ready (adding the few options of the newest heaps), and
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
//! nothing it may still read is lost ([`board::Board::publish`]). Officers (0.6) to 10^8 has 1583 rare
//! heaps, the last 20,627, and its searches read small parts past the first 2^16 heaps (65,536
//! for heap 17,672,855): a bounded long table keeps the first 2^22 ([`crate::long_table::FIRST`]).
//!
//! **A byte and a bit a heap.** The table is [`Values`]: the workers write it (each heap at the
//! frontier, see [`board::Board`]) and read it below the frontier. The loops read a thread's own 16-bit
//! copies of the first and the newest heaps ([`crate::values::Window`]), which hold every part of
//! the splits they look at in practice. Values past [`LARGEST_VALUE`] stop the method with [`ValueTooLarge`].
//!
//! **Where it lives.** This module holds the method's state ([`Sparse`]: the mask and the rare
//! heaps) and how a table is extended; `board` shares the heaps among the workers (the drafts,
//! the frontier, the ring of a bounded table); `worker` is one worker's work on a heap (its draft,
//! the search for rare values, its finish); `bits` the parities under a mask and packed marks.

mod bits;
mod board;
mod worker;

use std::time::Instant;

use crate::lanes::Lanes;
use crate::values::{Values, bits_of};

use bits::is_rare;
use board::{reach, run_workers};
use worker::Moves;

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
    /// Their values squeezed by the mask's lowest bit ([`crate::lanes::squeeze`]), as
    /// [`Lanes::common_block`] reads them.
    squeezed: Vec<u32>,
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
            squeezed: Vec::new(),
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
        let squeezed = rare_values.iter().map(|&value| squeezed(value, mask)).collect();
        let mut sparse = Sparse {
            mask,
            rare_heaps,
            rare_values,
            squeezed,
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
            self.squeezed.push(squeezed(value as u16, self.mask));
            // Offsets are taken again once an eighth of the rare heaps lack one.
            if self.rare_heaps.len() > self.offsets.len() * 9 / 8 + 32 {
                self.anchor_offsets();
            }
        }
        self.learnt += 1;
    }

    /// The bits below the mask's lowest, which a squeeze keeps ([`crate::lanes::squeeze`]).
    fn low(&self) -> u16 {
        low(self.mask)
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

/// The bits below `mask`'s lowest (below 2^14 for the masks of at most 12 bits).
fn low(mask: u32) -> u16 {
    ((1u32 << mask.trailing_zeros().min(14)) - 1) as u16
}

/// `value` squeezed by `mask`'s lowest bit ([`crate::lanes::squeeze`]), widened as
/// [`Lanes::common_block`] reads it.
fn squeezed(value: u16, mask: u32) -> u32 {
    u32::from(crate::lanes::squeeze(value, low(mask)))
}

#[cfg(test)]
mod tests {
    use super::board::lookahead;
    use super::worker::{BLOCK, Worker, search_from};
    use super::*;

    const CODES: [&[u8]; 7] = [&[0, 1, 6], &[0, 6], &[0, 7, 7], &[0, 0, 7], &[0, 4, 5, 6], &[4, 1, 2], &[4, 7]];

    fn on(threads: usize) -> Effort {
        Effort { threads, deadline: None }
    }

    /// One worker on `lanes`, the table's first heaps being `known` (their best mask).
    fn one_worker<'a>(moves: &'a Moves, values: &'a Values, known: &[u32], lanes: Lanes) -> Worker<'a> {
        let (mask, _) = Sparse::best_mask(known.iter().copied());
        let mut sparse = Sparse::prepared(values, known.len(), mask);
        sparse.lanes = lanes;
        Worker::new(moves, values, 1, sparse)
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

    /// A single move (and a whole one) longer than the lookahead is marked while drafting, for
    /// each heap of a block in its own row: Officers with "take 70, leave one heap or none" added,
    /// on 1 to 3 threads (lookaheads 15 to 63), against the definition.
    #[test]
    fn a_take_longer_than_the_lookahead_is_an_option_of_each_heap_of_a_block() {
        let mut digits = vec![0u8; 71];
        (digits[1], digits[70]) = (6, 3);
        assert!(lookahead(3) < 70, "the take is past every lookahead tried");
        let plain = plain(&digits, 3000);
        for lanes in Lanes::available() {
            for threads in 1..=3 {
                let wrong = first_wrong(&digits, 2, &[3000], threads, lanes, &plain);
                assert_eq!(wrong, None, "on {threads} threads, {lanes:?}");
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

    /// A scan over parts whose largest value is exactly [`crate::lanes::SET_SPAN`] removes exactly
    /// the values its splits reach, options past the span among them: the sets in lanes, which
    /// take parts below the span only, are not used there (a table of made-up values up to 1024,
    /// several of them 1024).
    #[test]
    fn a_scan_over_parts_as_large_as_the_set_span_finds_exactly_the_values_reached() {
        let span = crate::lanes::SET_SPAN;
        let mut seed = 12345u64;
        let mut table: Vec<u32> = (0..3000)
            .map(|_| {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                (seed >> 33) as u32 % (span + 1)
            })
            .collect();
        for heap in [5, 700, 1400] {
            table[heap] = span;
        }
        assert_eq!(table.iter().max(), Some(&span));
        let values = Values::from_values(&table, 11);
        let mask = Sparse::best_mask(table.iter().copied()).0;
        let moves = Moves::new(&[0, 6]);
        for lanes in Lanes::available() {
            let mut sparse = Sparse::new(&values, mask);
            sparse.lanes = lanes;
            let mut worker = Worker::new(&moves, &values, 1, sparse);
            for (rest, first) in [(2999, 1), (2500, 3), (1401, 1)] {
                let mut reached = vec![0u32; 2 * span as usize];
                (first..=rest / 2).for_each(|a| reached[(table[a] ^ table[rest - a]) as usize] += 1);
                let never: Vec<u32> = (0..2 * span).rev().filter(|&v| reached[v as usize] == 0).take(12).collect();
                let once: Vec<u32> = (0..2 * span).rev().filter(|&v| reached[v as usize] == 1).take(12).collect();
                assert!(!once.is_empty() && !never.is_empty(), "heap {}", rest + 1);
                let mut missing: Vec<u32> = never.iter().chain(&once).copied().collect();
                worker.epoch += 1;
                worker.scan(rest, first, &mut missing);
                missing.sort_unstable();
                let mut never = never;
                never.sort_unstable();
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
            let mut worker = one_worker(&moves, &values, &plain[..100], lanes);
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
            // split is compared in lanes). At least 1%: the count counts splits, not chunks
            // of them (#57: a count of `end / start` a chunk passed the first bound alone).
            let marked = worker.marked as usize;
            assert!(
                marked * 100 > splits && marked * 4 < splits,
                "{lanes:?}: {marked} of {splits} splits marked one by one"
            );
        }
    }

    /// A whole block's splits with a rare part are kept in bits once every other part is
    /// common (on AVX2), and the values are the definition's: with the common options below 320
    /// kept, and below 6, so that most drafts are marked again, when drafted or when finished.
    /// The searches' first splits are kept in bits too: those of the first 256 smaller parts,
    /// and of 64 with the lower bound.
    #[test]
    fn blocks_keep_their_common_options_in_bits() {
        let n = 4000;
        // Blocks in bits, drafts marked again, heaps drafted again, searches begun in bits: on
        // each kind of lanes, for each bound.
        let mut seen = std::collections::BTreeMap::new();
        for digits in CODES {
            let plain = plain(digits, n);
            let moves = Moves::new(digits);
            for lanes in Lanes::available() {
                for exact_below in [2 * crate::lanes::COMMON_BITS, 6] {
                    let mut values = Values::from_values(&plain[..100], 16);
                    values.make_room(n + 1, 16);
                    let mut worker = one_worker(&moves, &values, &plain[..100], lanes);
                    worker.exact_below = exact_below;
                    worker.search_in_bits = if exact_below == 6 { 64 } else { 256 };
                    let mut first = 100;
                    while first + BLOCK <= n {
                        worker.learn(first);
                        worker.speculate(first, BLOCK);
                        finish_drafts(&mut worker, &values, first, |heap, value| {
                            assert_eq!(
                                value, plain[heap],
                                "{digits:?} heap {heap}, {lanes:?}, exact below {exact_below}"
                            );
                        });
                        first += BLOCK;
                    }
                    let counts: &mut [u64; 4] = seen.entry((lanes, exact_below)).or_default();
                    counts[0] += worker.in_bits;
                    counts[1] += worker.marked_again;
                    counts[2] += worker.drafted_again;
                    counts[3] += worker.searched_in_bits;
                }
            }
        }
        for ((lanes, exact_below), [in_bits, marked_again, drafted_again, searched]) in seen {
            let what = format!(
                "{lanes:?}, exact below {exact_below}: {in_bits} blocks in bits, {marked_again} drafts marked again, {drafted_again} heaps drafted again, {searched} searches begun in bits"
            );
            if lanes == Lanes::Plain {
                assert_eq!(in_bits + marked_again + drafted_again + searched, 0, "{what}");
            } else if exact_below == 6 {
                assert!(in_bits > 100 && marked_again > 100 && drafted_again > 0 && searched > 100, "{what}");
            } else {
                assert!(in_bits > 100 && searched > 100, "{what}");
            }
        }
    }

    /// A draft's search goes on past the splits kept in bits, unless a value is missing past
    /// the rare values kept in bits (then it may be an option of those splits only).
    #[test]
    fn searches_go_on_past_the_splits_in_bits_unless_a_value_is_past_them() {
        let past = 2 * crate::lanes::COMMON_BITS;
        assert_eq!(search_from(&[], 1536), 1536);
        assert_eq!(search_from(&[0, 2, past - 1], 1536), 1536);
        assert_eq!(search_from(&[2, past], 1536), 0);
        assert_eq!(search_from(&[past + 1], 64), 0);
    }

    /// A block of Officers drafted and finished after a synthetic table of 120 heaps whose heaps
    /// 1 to 20 are rare under the mask `1 << bit` (its bit clear) and the others common, with its
    /// search's first `search_in_bits(&worker)` smaller parts kept in bits where they may be;
    /// each value held to the definition's. The worker's counts of blocks whose rare splits were
    /// kept in bits, and of searches begun in bits.
    fn block_after_twenty_rare_heaps(bit: u32, lanes: Lanes, search_in_bits: impl Fn(&Worker) -> usize) -> (u64, u64) {
        let (digits, len) = (&[0u8, 6][..], 120);
        let moves = Moves::new(digits);
        let mut all: Vec<u32> =
            (0..len as u32).map(|i| if i <= 20 { i * 7 % 32 } else { 1 << bit | (i * 11 % 29) }).collect();
        let mut values = Values::from_values(&all, 16);
        values.make_room(len + BLOCK, 16);
        let mut sparse = Sparse::prepared(&values, len, 1 << bit);
        sparse.lanes = lanes;
        assert_eq!(sparse.rare_heaps.last(), Some(&20), "mask bit {bit}");
        let mut worker = Worker::new(&moves, &values, 1, sparse);
        worker.search_in_bits = search_in_bits(&worker);
        worker.learn(len);
        worker.speculate(len, BLOCK);
        let in_bits = worker.search_in_bits;
        finish_drafts(&mut worker, &values, len, |heap, value| {
            crate::octal::extend(digits, &mut all, heap);
            assert_eq!(value, all[heap], "mask bit {bit}, heap {heap}, {lanes:?}, {in_bits} in bits");
        });
        (worker.in_bits, worker.searched_in_bits)
    }

    /// Finishes the drafts of the block from `first` in heap order, each value handed to `check`
    /// and then written to `values`.
    fn finish_drafts(worker: &mut Worker, values: &Values, first: usize, mut check: impl FnMut(usize, u32)) {
        let mut drafts = std::mem::take(&mut worker.drafts);
        for (heap, draft) in (first..).zip(&mut drafts) {
            worker.learn(heap);
            let value = worker.finish(draft);
            check(heap, value);
            values.set(heap, value);
        }
        worker.drafts = drafts;
    }

    /// Ranks are kept in bits only while each word of 64 values is half common (the mask's
    /// lowest bit below 6): a block after a table whose rare heaps all lie below its parts, under
    /// a mask whose lowest bit is 5 (in bits) or 6 (marked), gets the definition's values; its
    /// search begins in bits under the first mask only.
    #[test]
    fn ranks_are_kept_in_bits_only_below_the_sixth_mask_bit() {
        for (bit, in_bits) in [(5u32, 1), (6, 0)] {
            for lanes in Lanes::available() {
                let expected = if lanes == Lanes::Plain { 0 } else { in_bits };
                let counts = block_after_twenty_rare_heaps(bit, lanes, |_| 16);
                assert_eq!(counts, (expected, expected), "mask bit {bit}, {lanes:?}");
            }
        }
    }

    /// A block's search begins in bits only when every other part of those splits is past the
    /// last rare heap: with the smallest at the last rare heap, the block is searched one split
    /// at a time; one heap further, in bits. Either way the values are the definition's. (The
    /// smaller parts go past half their heaps here: those splits are looked at anyway.)
    #[test]
    fn searches_begin_in_bits_only_past_the_last_rare_heap() {
        for lanes in Lanes::available() {
            for past in [0, 1] {
                // The smallest other part, `len − 1 − (end − 1)` with 120 heaps, is heap 20 or 21.
                let end = 120 - 20 - past;
                let (_, searched) = block_after_twenty_rare_heaps(5, lanes, |worker| end - worker.first_part(1));
                let expected = if lanes == Lanes::Plain { 0 } else { past as u64 };
                assert_eq!(searched, expected, "{lanes:?}, past {past}");
            }
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
