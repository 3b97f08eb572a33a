//! One worker's work on the heaps it is given: a block's drafts ([`Worker::speculate`]: the
//! splits with a rare part, the smallest missing common value, the search for the rare values
//! below it), and the finish of the heap at the frontier ([`Worker::finish`]: the options with the
//! newest heaps). What a draft holds is a [`Draft`].

use super::Sparse;
use super::bits::{common_in, deposit_common, is_rare, odd_parities, pack};
use super::board::{block, lookahead, reach};
use crate::lanes::{COMMON_BITS, FEW, Lanes, MARK_BLOCK, RANK_WORDS, SET_SPAN, squeeze};
use crate::values::{HEAD, Values, Window, bits_of};

/// Values left to find when the search looks them up in a set in lanes ([`crate::lanes::Lanes::strike_set`])
/// rather than marking every split (while more are missing, most splits find one).
const SET_FEW: usize = 24;

/// The smaller parts of the first take whose splits a block's search keeps in bits. Officers'
/// searches near heap 10^8 mark about 950 splits each before at most eight values are left
/// (then compared in lanes): kept in bits, 1,536 took the least time of 512 to 3,072.
pub(super) const SEARCH_IN_BITS: usize = 1536;

/// The most heaps drafted at once.
pub(super) const BLOCK: usize = MARK_BLOCK;

/// An octal code's moves, sorted by what they leave.
#[derive(Debug)]
pub(super) struct Moves {
    /// Heaps that may be removed whole.
    whole: Vec<usize>,
    /// Takes that may leave one heap.
    single: Vec<usize>,
    /// Takes that may leave two heaps.
    split: Vec<usize>,
}

impl Moves {
    pub(super) fn new(digits: &[u8]) -> Moves {
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
pub(super) struct Seen {
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

    /// Inserts the options `small[i] ^ large[i]` of a run of splits, every part below `span`.
    /// Most options fall in a few words: or-ed into one word after another, each would wait for
    /// the write before it. Four sets of words, taken in turn, keep four writes going at once.
    fn insert_splits(&mut self, small: &[u16], large: &[u16], span: usize) {
        const WORDS: usize = 16;
        if span > 64 * WORDS {
            for (&part, &other) in small.iter().zip(large) {
                self.insert(part ^ other);
            }
            return;
        }
        let mut sets = [[0u64; WORDS]; 4];
        let (small, large) = (small.chunks_exact(4), large.chunks_exact(4));
        for (&part, &other) in small.remainder().iter().zip(large.remainder()) {
            self.insert(part ^ other);
        }
        for (small, large) in small.zip(large) {
            for (set, (&part, &other)) in sets.iter_mut().zip(small.iter().zip(large)) {
                let option = part ^ other;
                set[usize::from(option >> 6) % WORDS] |= 1 << (option & 63);
            }
        }
        let words = span.div_ceil(64);
        self.words.resize(self.words.len().max(words), 0);
        for (w, word) in self.words[..words].iter_mut().enumerate() {
            *word |= sets[0][w] | sets[1][w] | sets[2][w] | sets[3][w];
        }
    }

    fn contains(&self, value: u32) -> bool {
        self.words.get(value as usize >> 6).is_some_and(|word| word >> (value & 63) & 1 != 0)
    }
}

/// The common smaller parts `a` of a block's first splits, from the first part up to (not
/// including) `end`, as [`Lanes::common_block`] reads them: `offsets` `end − 1 − a`, `values` the
/// heaps' values squeezed, under `mask`.
#[derive(Debug, Clone, Default)]
pub(super) struct SmallParts {
    mask: u32,
    end: usize,
    offsets: Vec<u32>,
    values: Vec<u32>,
}

/// The values of the window's newest heaps squeezed by the mask's lowest bit (`low` the bits
/// below it), as [`Lanes::common_block`] reads them: `values[i]` is heap `base + i`'s.
#[derive(Debug, Clone, Default)]
pub(super) struct Squeezed {
    low: u16,
    base: usize,
    values: Vec<u16>,
    /// Times every value was squeezed again (for another `low`, or a window that moved on too far).
    rebuilt: u64,
}

impl Squeezed {
    /// The window's newest heaps ([`Window::recent`]) squeezed by `low`, taking in the heaps
    /// pushed since the last call (or all of them, for another `low`).
    fn follow(&mut self, window: &Window, low: u16) -> &[u16] {
        let (recent, base) = (window.recent(), window.base());
        let kept = self.low == low && base >= self.base && base - self.base <= self.values.len();
        if kept {
            self.values.drain(..base - self.base);
        }
        if !kept || self.values.len() > recent.len() {
            self.values.clear();
            self.rebuilt += 1;
        }
        (self.low, self.base) = (low, base);
        let known = self.values.len();
        self.values.extend(recent[known..].iter().map(|&value| squeeze(value, low)));
        &self.values
    }
}

/// The work on one heap before its newest values are known.
#[derive(Debug, Clone, Default)]
pub(super) struct Draft {
    pub(super) heap: usize,
    /// The mask the rare parts were taken with (it may change before the heap is finished).
    pub(super) mask: u32,
    /// The options seen without the newest values.
    pub(super) seen: Seen,
    /// The smallest common value not seen without the newest values.
    pub(super) common: u32,
    /// `seen` holds every common option below it (without the newest values): the splits of a
    /// block with a rare part are kept in bits for the common values below 320 only
    /// ([`crate::lanes::Lanes::common_block`]).
    pub(super) exact: u32,
    /// Rare values below `common` that no split without the newest values reaches.
    pub(super) missing: Vec<u32>,
}

/// One thread's share: what it has learnt of the table, and its scratch.
pub(super) struct Worker<'a> {
    pub(super) moves: &'a Moves,
    pub(super) values: &'a Values,
    /// A draft of heap `h` uses the values of heaps below `h − lookahead` only.
    pub(super) lookahead: usize,
    /// Heaps drafted at once.
    pub(super) block: usize,
    pub(super) sparse: Sparse,
    pub(super) window: Window,
    /// Scratch of a block's drafts: `marks[j·span + v] == mark` when `v` is an option of the
    /// block's heap `j`, for the span `2^bits` of the values so far.
    pub(super) marks: Vec<u8>,
    pub(super) mark: u8,
    /// The block's drafts.
    pub(super) drafts: Vec<Draft>,
    /// Scratch of a block's drafts: the splits with a rare part kept in bits rather than marked,
    /// as `(the window's first part, the first and the end of the rare heaps)` for each take.
    pub(super) counted: Vec<(usize, usize, usize)>,
    /// A draft taken from the board.
    pub(super) taken: Draft,
    /// Scratch of the search: `reached[v] == epoch` when a split of this search reached `v`.
    pub(super) reached: Box<Slate>,
    pub(super) epoch: u32,
    /// Splits the search has marked one by one (the others were compared in lanes).
    pub(super) marked: u64,
    /// The common options of a block kept in bits are those below it (below 320; tests lower it).
    pub(super) exact_below: u32,
    /// Blocks whose splits with a rare part were kept in bits; drafts of them marked again
    /// because every common value below `exact_below` was an option; and heaps drafted again
    /// because the newest options made it so.
    pub(super) in_bits: u64,
    pub(super) marked_again: u64,
    pub(super) drafted_again: u64,
    /// The search's first splits of a block, by the first take, kept in bits: those whose smaller
    /// part is one of the first `search_in_bits` from the first part (tests lower it).
    pub(super) search_in_bits: usize,
    /// Those smaller parts that are common, as the kernel reads them, for the mask they were
    /// found with.
    pub(super) small_parts: SmallParts,
    /// Blocks whose search began in bits.
    pub(super) searched_in_bits: u64,
    /// The window's newest values squeezed, as [`Lanes::common_block`] reads them.
    pub(super) squeezed: Squeezed,
    /// This worker's place in the board's `learnt`.
    pub(super) me: usize,
}

impl<'a> Worker<'a> {
    /// A worker of `workers`, on the table `values` of which `sparse` has taken in the first heaps.
    pub(super) fn new(moves: &'a Moves, values: &'a Values, workers: usize, sparse: Sparse) -> Worker<'a> {
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
            counted: Vec::new(),
            taken: Draft::default(),
            reached: slate(),
            epoch: 0,
            marked: 0,
            exact_below: 2 * COMMON_BITS,
            in_bits: 0,
            marked_again: 0,
            drafted_again: 0,
            search_in_bits: SEARCH_IN_BITS,
            small_parts: SmallParts::default(),
            searched_in_bits: 0,
            squeezed: Squeezed::default(),
            me: 0,
        }
    }

    /// Takes in the values of the heaps below `known` (which the frontier has passed).
    pub(super) fn learn(&mut self, known: usize) {
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
    pub(super) fn value(&self, heap: usize) -> u16 {
        self.window.get(self.values, heap)
    }

    /// The smallest part of a split by `take` whose other part is known to a draft: smaller
    /// parts go with one of the newest heaps.
    pub(super) fn first_part(&self, take: usize) -> usize {
        1 + self.lookahead.saturating_sub(take)
    }

    /// Everything about the heaps `first .. first + count` (at most [`BLOCK`]) that does not
    /// need the values of each one's newest heaps (`heap − lookahead` and above), into
    /// `self.drafts[..count]`.
    ///
    /// The splits with a rare part go a rare heap `a` at a time, for every heap of the block at
    /// once: the other parts, `heap − take − a`, are consecutive heaps, read together from the
    /// window. Once every other part is past the last rare heap, every such option is common,
    /// and a whole block's are kept as bits of their ranks below 320 ([`Lanes::common_block`]);
    /// a draft whose common values below 320 are all options marks those splits again, and a
    /// finish that goes past 320 drafts its heap again (the draft's `exact`).
    ///
    /// Each draft's search for the rare values below its smallest missing common value begins
    /// the same way, for the whole block: the splits by the first take whose smaller part is
    /// common and among the first 1,536 have rare options only, kept as bits of their ranks
    /// ([`Worker::search_block`]); the search goes on past them, one heap at a time.
    pub(super) fn speculate(&mut self, first: usize, count: usize) {
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
        // The common options below 320 of the splits of a whole block with a rare part are kept
        // in bits (where the mask's lowest bit makes each word of 64 values half common, and
        // every other part is common, so that every option is).
        let low_bit = mask.trailing_zeros();
        let in_bits = count == BLOCK && low_bit < 6 && sparse.lanes >= Lanes::Avx2;
        let squeezed = if in_bits { self.squeezed.follow(window, sparse.low()) } else { &[] };
        let mut ranks = [[0u32; RANK_WORDS]; BLOCK];
        self.counted.clear();
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
                // The other part of the block's first heap with the anchor, in the window.
                let start = shared - anchor - window.base();
                let recent = &window.recent()[start..];
                let rare = sparse.offsets[low..anchored].iter().zip(&sparse.rare_values[low..anchored]);
                let rare_parts = match sparse.rare_heaps.last() {
                    // The smallest other part: of the first heap, with the largest rare heap.
                    Some(&last) => first - take - sparse.rare_heaps[anchored - 1] as usize <= last as usize,
                    None => false,
                };
                if in_bits && !rare_parts {
                    // The common options below 320, a bit each, for the whole block at once.
                    let rare = (&sparse.offsets[low..anchored], &sparse.squeezed[low..anchored]);
                    sparse.lanes.common_block(&squeezed[start..], rare, &mut ranks);
                    self.counted.push((start, low, anchored));
                } else if count == BLOCK {
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
            // The rare heaps that are parts of the splits of the block's later heaps only: from
            // `shared` (or the first part) up to a heap of the block less `take`, so a few at most
            // (none once every rare heap is below `shared`), found going up from the first.
            let from = sparse.rare_heaps.partition_point(|&a| (a as usize) < shared.max(first_part));
            for j in 0..count {
                let Some(rest) = (first + j).checked_sub(take) else { continue };
                let to = from + sparse.rare_heaps[from..].iter().take_while(|&&a| (a as usize) < rest).count();
                for (&a, &value) in sparse.rare_heaps[from..to].iter().zip(&sparse.rare_values[from..to]) {
                    marks[j * span + usize::from(value ^ window.get(values, rest - a as usize))] = mark;
                }
            }
        }
        // The search's first splits, for the whole block at once.
        let mut reached = [[0u32; RANK_WORDS]; BLOCK];
        let searched = if count == BLOCK && low_bit < 6 { self.search_block(first, &mut reached) } else { 0 };
        let mut drafts = std::mem::take(&mut self.drafts);
        if drafts.is_empty() {
            // Drafted again while a block's drafts are being finished (see `finish`): taken.
            drafts = vec![Draft::default(); BLOCK];
        }
        let commons: [u64; RANK_WORDS] = std::array::from_fn(|w| common_in(w as u32, mask));
        self.in_bits += u64::from(!self.counted.is_empty());
        for (j, draft) in drafts[..count].iter_mut().enumerate() {
            draft.heap = first + j;
            draft.mask = mask;
            // The options kept in bits: the common ones of the splits with a rare part, and the
            // rare ones of the search's first splits (each option's rank among its kind).
            let in_bits: [u64; RANK_WORDS] = std::array::from_fn(|w| match low_bit {
                0..6 => {
                    deposit_common(ranks[j][w], low_bit, commons[w])
                        | deposit_common(reached[j][w], low_bit, !commons[w])
                }
                _ => 0,
            });
            let seen = |words: &mut Vec<u64>, marks: &[u8]| {
                pack(marks, mark, words);
                for (word, &bits) in words.iter_mut().zip(&in_bits) {
                    *word |= bits;
                }
            };
            seen(&mut draft.seen.words, &self.marks[j * span..(j + 1) * span]);
            draft.exact = u32::MAX;
            if !self.counted.is_empty() && span > self.exact_below as usize {
                draft.exact = self.exact_below;
            }
            draft.missing.clear();
            draft.common = missing_below_common(&draft.seen, 0, mask, &mut draft.missing);
            if draft.common >= draft.exact {
                // Every common value below 320 is an option: mark the splits kept in bits too.
                self.marked_again += 1;
                let row = &mut self.marks[j * span..(j + 1) * span];
                let recent = self.window.recent();
                for &(start, low, end) in &self.counted {
                    let parts = &recent[start + j..];
                    for (&offset, &value) in
                        self.sparse.offsets[low..end].iter().zip(&self.sparse.rare_values[low..end])
                    {
                        row[usize::from(value ^ parts[offset as usize]) & (span - 1)] = mark;
                    }
                }
                seen(&mut draft.seen.words, &self.marks[j * span..(j + 1) * span]);
                draft.exact = u32::MAX;
                draft.missing.clear();
                draft.common = missing_below_common(&draft.seen, 0, mask, &mut draft.missing);
            }
            let from = search_from(&draft.missing, searched);
            self.search(first + j, &mut draft.missing, from);
        }
        self.drafts = drafts;
    }

    /// For a whole block of heaps from `first`, the splits by the first take whose smaller part
    /// is common and among the first [`Worker::search_in_bits`] from the first part, when every
    /// other part is common and in the window: each heap's options, all rare, a bit each in
    /// `reached` at their rank among the rare values below 320 ([`Lanes::common_block`]). The
    /// smaller part the search goes on from, or 0 when none was kept.
    fn search_block(&mut self, first: usize, reached: &mut [[u32; RANK_WORDS]; BLOCK]) -> usize {
        let Some(&take) = self.moves.split.first() else { return 0 };
        let sparse = &self.sparse;
        let first_part = self.first_part(take);
        let end = first_part + self.search_in_bits;
        // The smallest other part: of the first heap, with the largest smaller part. (A smaller
        // part past half its heap is the other part of a split looked at anyway: the same option.)
        let Some(other) = first.checked_sub(take).and_then(|rest| rest.checked_sub(end - 1)) else { return 0 };
        let common = sparse.rare_heaps.last().is_none_or(|&last| other > last as usize);
        let (Some(head), Some(start)) = (self.window.head().get(..end), other.checked_sub(self.window.base())) else {
            return 0;
        };
        if sparse.lanes < Lanes::Avx2 || !common {
            return 0;
        }
        let (mask, low) = (sparse.mask, sparse.low());
        if (self.small_parts.mask, self.small_parts.end) != (mask, end) {
            let common = (first_part..end).filter(|&a| !is_rare(u32::from(head[a]), mask));
            let (offsets, values) = common.map(|a| ((end - 1 - a) as u32, u32::from(squeeze(head[a], low)))).unzip();
            self.small_parts = SmallParts { mask, end, offsets, values };
        }
        let parts = &self.squeezed.follow(&self.window, low)[start..];
        let small = (&self.small_parts.offsets[..], &self.small_parts.values[..]);
        sparse.lanes.common_block(parts, small, reached);
        self.searched_in_bits += 1;
        end
    }

    /// Removes from `missing` every rare value that a split of `heap` whose smaller part is at
    /// least the first part reaches, looking at the splits in order until none is left; by the
    /// first take, from the smaller part `from` on when it is past the first part (the splits
    /// below it were looked at).
    pub(super) fn search(&mut self, heap: usize, missing: &mut Vec<u32>, from: usize) {
        for (t, &take) in self.moves.split.iter().enumerate() {
            if missing.is_empty() {
                break;
            }
            let Some(rest) = heap.checked_sub(take) else { continue };
            self.epoch = self.epoch.wrapping_add(1);
            if self.epoch == 0 {
                self.reached.fill(0);
                self.epoch = 1;
            }
            let first = if t == 0 { self.first_part(take).max(from) } else { self.first_part(take) };
            self.scan(rest, first, missing);
        }
    }

    /// Looks for the values of `missing` among the splits of `rest` into two heaps whose smaller
    /// part is at least `first`, removing each one found, until none is left. The splits go in
    /// chunks: each split marks its value in `reached` with the epoch (no branch), and the values
    /// still missing are looked up after each chunk.
    pub(super) fn scan(&mut self, rest: usize, first: usize, missing: &mut Vec<u32>) {
        const CHUNK: usize = 256;
        let (epoch, half) = (self.epoch, rest / 2);
        let (head, reversed, base) = (self.window.head(), self.window.reversed(), self.window.base());
        // `reversed[newest − h]` is the value of heap `h`: the large parts `rest − a` in order of `a`.
        let newest = self.window.len() - 1;
        let mut start = first;
        // Values looked up in a set in lanes (every value below its span) or compared one by one.
        let sets = self.sparse.lanes.strikes_sets() && self.sparse.bound < SET_SPAN;
        while start <= half && !missing.is_empty() {
            // A few values left: compared with every split, many splits at once, as far as both
            // parts are in the window.
            let stop = (half + 1).min(head.len()).min((rest + 1).saturating_sub(base));
            if missing.len() <= if sets { SET_FEW } else { FEW } && stop > start {
                let (small, large) = (&head[start..stop], &reversed[newest - (rest - start)..][..stop - start]);
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
                let large = &reversed[newest - (rest - start)..][..end - start];
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
    pub(super) fn finish(&mut self, draft: &mut Draft) -> u32 {
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
            let (head, reversed, base, len) =
                (self.window.head(), self.window.reversed(), self.window.base(), self.window.len());
            if end > 1 && end <= head.len() && rest + 1 - end >= base && rest <= len {
                // Both parts in the window: the small parts 1, 2, … going up, the large ones
                // `rest − 1`, `rest − 2`, … going down (the finish is the serial part of the work
                // on several threads: no look-up of where a heap is kept). The pairs end with the
                // small parts.
                let (small, large) = (&head[1..end], &reversed[len - rest..][..end - 1]);
                draft.seen.insert_splits(small, large, 1 << bits_of(self.sparse.bound));
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
        if common >= draft.exact {
            // Past the common options the draft kept: draft the heap again, marking every split.
            self.drafted_again += 1;
            self.speculate(heap, 1);
            std::mem::swap(draft, &mut self.drafts[0]);
            return self.finish(draft);
        }
        self.search(heap, &mut more, 0);
        draft.missing.append(&mut more);
        draft.missing.iter().copied().min().unwrap_or(common)
    }
}

/// Where a draft's search goes on, by the first take, once the splits whose smaller part is below
/// `searched` were kept in bits: past them, unless a value missing (in order) is past the rare
/// values kept in bits (it may be an option of those splits only): then from the first part (0).
pub(super) fn search_from(missing: &[u32], searched: usize) -> usize {
    if missing.last().is_some_and(|&v| v >= 2 * COMMON_BITS) { 0 } else { searched }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::values::RECENT;

    /// The options of a run of splits inserted four words at a time are those inserted one by one,
    /// for runs of any length (whole fours and the rest), spans of one word to sixteen, and past
    /// them (one by one).
    #[test]
    fn splits_inserted_at_once_are_those_inserted_one_by_one() {
        for span in [16usize, 64, 512, 1024, 4096] {
            for n in [0usize, 1, 3, 4, 5, 46, 200] {
                let small: Vec<u16> = (0..n).map(|i| (i * 7919 % span) as u16).collect();
                let large: Vec<u16> = (0..n).map(|i| (i * 104_729 % span) as u16).collect();
                let mut one_by_one = Seen::default();
                one_by_one.insert(3);
                let mut at_once = one_by_one.clone();
                for (&part, &other) in small.iter().zip(&large) {
                    one_by_one.insert(part ^ other);
                }
                at_once.insert_splits(&small, &large, span);
                for value in 0..span as u32 {
                    assert_eq!(at_once.contains(value), one_by_one.contains(value), "span {span}, {n} splits, {value}");
                }
            }
        }
    }

    /// The squeezed copy follows the window: heaps pushed since the last look, the window's
    /// oldest half dropped (its base moves), and another mask's lowest bit.
    #[test]
    fn the_squeezed_window_follows_the_window() {
        let value = |heap: usize| (heap * 7919 % 600) as u16;
        let mut window = Window::new(&Values::new(), 0);
        let mut squeezed = Squeezed::default();
        // Heaps, the low bits, and whether every value is squeezed again: for another low only (the
        // empty copy is one for low 0); the window's drop of its oldest half (at 2·RECENT + 1) is
        // followed.
        let looks = [
            (10, 0, false),
            (100, 0, false),
            (2 * RECENT, 0, false),
            (2 * RECENT + 5, 0, false),
            (2 * RECENT + 5, 3, true),
            (3 * RECENT + 1, 3, false),
            // No heap pushed since the last look.
            (3 * RECENT + 1, 3, false),
            (3 * RECENT + 1, 1, true),
        ];
        for (heaps, low, again) in looks {
            while window.len() < heaps {
                window.push(value(window.len()));
            }
            let rebuilt = squeezed.rebuilt;
            let expected: Vec<u16> = window.recent().iter().map(|&v| squeeze(v, low)).collect();
            assert_eq!(squeezed.follow(&window, low), expected, "{heaps} heaps, low {low}");
            assert_eq!(squeezed.rebuilt, rebuilt + u64::from(again), "{heaps} heaps, low {low}");
        }
    }
}
