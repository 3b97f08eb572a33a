//! Grundy values of heaps `0..len`, kept compact for tables of up to billions of heaps: a byte
//! each for the low eight bits, and one bit plane (a bit a heap) for each higher bit in use. A table
//! whose values stay below 512, like Officers' (0.6) to 10^9, takes 1.125 bytes a heap.
//!
//! A *bounded* table ([`Values::bounded`]) keeps only the first `first` heaps and the newest
//! `ring` ones (a ring: heap `h` past the first in slot `first + (h − first) mod ring`), so its
//! memory does not grow with its length; what the sparse-space method reads of it, and why that
//! is enough, is said in [`crate::sparse`].
//!
//! Every cell is atomic, so that two threads may extend one table without `unsafe`: a heap is
//! written once, by one thread, before a frontier (kept by the caller, see [`crate::sparse`]) is
//! moved past it with Release, and read only below a frontier loaded with Acquire. Relaxed loads and
//! stores of bytes are plain moves; the hot loops read their own 16-bit copies of the heaps they
//! need most ([`Window`]).

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

/// The most bits a value may have (eight in bytes, the rest in planes).
pub const MOST_BITS: u32 = 16;

/// Grundy values of heaps `0..len()`.
#[derive(Debug)]
pub struct Values {
    /// The low byte of each slot.
    low: Vec<AtomicU8>,
    /// `planes[k]`: bit `8 + k` of every slot, 64 slots a word.
    planes: Vec<Vec<AtomicU64>>,
    /// Heaps `0..len`.
    len: usize,
    /// Heaps below it have a slot each; `usize::MAX` for a whole table.
    head: usize,
    /// `ring − 1` for a bounded table (`ring` a power of two): later heaps share slots.
    ring_mask: usize,
}

impl Default for Values {
    fn default() -> Values {
        Values { low: Vec::new(), planes: Vec::new(), len: 0, head: usize::MAX, ring_mask: 0 }
    }
}

impl Values {
    /// An empty table.
    pub fn new() -> Values {
        Values::default()
    }

    /// An empty bounded table: it keeps the first `first` heaps (at least a [`Window`]'s
    /// [`HEAD`]) and the newest `ring` (a power of two).
    pub fn bounded(first: usize, ring: usize) -> Values {
        assert!(ring.is_power_of_two(), "a ring of {ring} heaps is not a power of two");
        assert!(first >= HEAD, "a bounded table keeps at least the window's first heaps");
        Values { head: first, ring_mask: ring - 1, ..Values::default() }
    }

    /// How many of the first heaps are kept (`usize::MAX` for a whole table).
    pub fn first(&self) -> usize {
        self.head
    }

    /// How many of the newest heaps a bounded table keeps; `None` for a whole table.
    pub fn ring(&self) -> Option<usize> {
        (self.head != usize::MAX).then_some(self.ring_mask + 1)
    }

    /// Whether the value of `heap` (below [`Values::len`]) is kept.
    pub fn keeps(&self, heap: usize) -> bool {
        heap < self.head || heap + self.ring_mask + 1 >= self.len
    }

    /// The slot of `heap`.
    #[inline]
    fn slot(&self, heap: usize) -> usize {
        if heap < self.head { heap } else { self.head + ((heap - self.head) & self.ring_mask) }
    }

    /// The slots heaps `0..len` take.
    fn slots(&self, len: usize) -> usize {
        match self.ring() {
            Some(ring) => len.min(self.head + ring),
            None => len,
        }
    }

    /// The table of `values`, with room for values of `bits` bits (at least theirs).
    pub fn from_values(values: &[u32], bits: u32) -> Values {
        let mut table = Values::new();
        let largest = values.iter().copied().max().unwrap_or(0);
        table.make_room(values.len(), bits.max(bits_of(largest)));
        for (heap, &value) in values.iter().enumerate() {
            table.set(heap, value);
        }
        table
    }

    /// How many heaps the table has room for (their values are 0 until set).
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the table has room for no heap.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Values below `1 << bits()` fit.
    pub fn bits(&self) -> u32 {
        8 + self.planes.len() as u32
    }

    /// Room for `len` heaps and values of `bits` bits (never less than there is).
    pub fn make_room(&mut self, len: usize, bits: u32) {
        self.len = self.len.max(len);
        let slots = self.slots(self.len);
        if slots > self.low.len() {
            self.low.resize_with(slots, || AtomicU8::new(0));
        }
        let words = slots.div_ceil(64);
        while self.bits() < bits.min(MOST_BITS) {
            self.planes.push(Vec::new());
        }
        for plane in &mut self.planes {
            if plane.len() < words {
                plane.resize_with(words, || AtomicU64::new(0));
            }
        }
    }

    /// Capacity for `len` heaps at once (no growing by doubling on a long table).
    pub fn reserve(&mut self, len: usize) {
        let slots = self.slots(len);
        self.low.reserve_exact(slots.saturating_sub(self.low.len()));
        for plane in &mut self.planes {
            plane.reserve_exact(slots.div_ceil(64).saturating_sub(plane.len()));
        }
    }

    /// Keeps heaps `0..len` only (a bounded table, its newest heaps from `len` on).
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
        if self.ring().is_some() {
            return;
        }
        self.low.truncate(len);
        for plane in &mut self.planes {
            plane.truncate(len.div_ceil(64));
            // A word the cut goes through keeps no bits past it.
            if let Some(word) = plane.last_mut().filter(|_| !len.is_multiple_of(64)) {
                *word.get_mut() &= (1u64 << (len % 64)) - 1;
            }
        }
    }

    /// The value of `heap` (one the table keeps).
    pub fn get(&self, heap: usize) -> u32 {
        let slot = self.slot(heap);
        let mut value = u32::from(self.low[slot].load(Ordering::Relaxed));
        for (k, plane) in self.planes.iter().enumerate() {
            let bit = (plane[slot / 64].load(Ordering::Relaxed) >> (slot % 64)) & 1;
            value |= (bit as u32) << (8 + k);
        }
        value
    }

    /// Writes the value of `heap`, which must fit in [`Values::bits`]; in a bounded table, over
    /// the heap `ring` before it. Two threads may write one heap at once, with one value: each
    /// bit is set or cleared in one step.
    pub fn set(&self, heap: usize, value: u32) {
        debug_assert!(value < 1 << self.bits(), "value {value} has more than {} bits", self.bits());
        let slot = self.slot(heap);
        self.low[slot].store(value as u8, Ordering::Relaxed);
        for (k, plane) in self.planes.iter().enumerate() {
            let bit = 1u64 << (slot % 64);
            if value >> (8 + k) & 1 != 0 {
                plane[slot / 64].fetch_or(bit, Ordering::Relaxed);
            } else if plane[slot / 64].load(Ordering::Relaxed) & bit != 0 {
                plane[slot / 64].fetch_and(!bit, Ordering::Relaxed);
            }
        }
    }

    /// Every value, in 32 bits (of a whole table).
    pub fn to_vec(&self) -> Vec<u32> {
        (0..self.len()).map(|heap| self.get(heap)).collect()
    }

    /// Bytes the table takes.
    pub fn bytes(&self) -> usize {
        self.low.len() + self.planes.iter().map(|plane| plane.len() * 8).sum::<usize>()
    }

    /// The low bytes, then each plane's words (little-endian): the table as a checkpoint keeps it
    /// (a whole table).
    pub fn write_to(&self, out: &mut impl std::io::Write) -> std::io::Result<()> {
        debug_assert!(self.ring().is_none(), "a bounded table is written heap by heap");
        const BLOCK: usize = 1 << 16;
        let mut buffer = Vec::with_capacity(BLOCK * 8);
        for block in self.low.chunks(BLOCK) {
            buffer.clear();
            buffer.extend(block.iter().map(|byte| byte.load(Ordering::Relaxed)));
            out.write_all(&buffer)?;
        }
        for plane in &self.planes {
            for block in plane.chunks(BLOCK) {
                buffer.clear();
                buffer.extend(block.iter().flat_map(|word| word.load(Ordering::Relaxed).to_le_bytes()));
                out.write_all(&buffer)?;
            }
        }
        Ok(())
    }

    /// A table of `len` heaps and `bits` bits read as [`Values::write_to`] wrote it.
    pub fn read_from(input: &mut impl std::io::Read, len: usize, bits: u32) -> std::io::Result<Values> {
        let mut table = Values::new();
        table.make_room(len, bits);
        let mut buffer = vec![0u8; 1 << 16];
        for block in table.low.chunks_mut(1 << 16) {
            input.read_exact(&mut buffer[..block.len()])?;
            for (cell, &byte) in block.iter_mut().zip(&buffer) {
                *cell.get_mut() = byte;
            }
        }
        for plane in &mut table.planes {
            for block in plane.chunks_mut(1 << 13) {
                input.read_exact(&mut buffer[..block.len() * 8])?;
                for (cell, bytes) in block.iter_mut().zip(buffer.chunks_exact(8)) {
                    *cell.get_mut() = u64::from_le_bytes(bytes.try_into().expect("eight bytes"));
                }
            }
        }
        Ok(table)
    }
}

/// How many bits `value` takes (at least 8).
pub fn bits_of(value: u32) -> u32 {
    (32 - value.leading_zeros()).max(8)
}

/// A thread's 16-bit copies of the heaps the sparse-space loops read most: the first [`HEAD`]
/// heaps (small parts of splits), and the newest ones, at least [`RECENT`] of them once there are
/// that many (large parts). Other heaps are read from the table, those from [`Window::reach`] on
/// only: a heap below it is not read, but noted ([`Window::missed`]).
#[derive(Debug, Clone)]
pub struct Window {
    head: Vec<u16>,
    recent: Vec<u16>,
    /// `recent` again, newest first, ending at `2·RECENT` (see [`Window::reversed`]).
    reversed: Vec<u16>,
    /// The heap of `recent[0]`.
    base: usize,
    /// Heaps of the table from `kept_first` to this one are not read.
    pub reach: usize,
    /// The table's first heaps kept ([`Values::first`]).
    kept_first: usize,
    /// The first heap out of reach asked for, if any.
    missed: std::cell::Cell<Option<usize>>,
}

/// Heaps kept from the start.
pub const HEAD: usize = 1 << 16;

/// Newest heaps kept (between this and twice this).
pub const RECENT: usize = 1 << 16;

impl Window {
    /// The window over `values[..len]`.
    pub fn new(values: &Values, len: usize) -> Window {
        let kept = values.ring().map_or(0, |ring| len.saturating_sub(ring));
        let base = len.saturating_sub(RECENT).max(kept);
        let recent: Vec<u16> = (base..len).map(|heap| values.get(heap) as u16).collect();
        let mut reversed = vec![0; 2 * RECENT];
        reversed[2 * RECENT - recent.len()..].iter_mut().zip(recent.iter().rev()).for_each(|(r, &v)| *r = v);
        Window {
            head: (0..len.min(HEAD)).map(|heap| values.get(heap) as u16).collect(),
            recent,
            reversed,
            base,
            reach: 0,
            kept_first: values.first(),
            missed: std::cell::Cell::new(None),
        }
    }

    /// The first heap asked for that was out of reach since the last call, if any.
    pub fn missed(&self) -> Option<usize> {
        self.missed.take()
    }

    /// How many heaps it has seen.
    pub fn len(&self) -> usize {
        self.base + self.recent.len()
    }

    /// Whether it has seen no heap.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Takes in the value of the next heap.
    pub fn push(&mut self, value: u16) {
        if self.head.len() < HEAD && self.head.len() == self.len() {
            self.head.push(value);
        }
        if self.recent.len() == 2 * RECENT {
            self.recent.drain(..RECENT);
            self.base += RECENT;
            // The newest half, first in `reversed`, moves to its end.
            self.reversed.copy_within(..RECENT, RECENT);
        }
        self.recent.push(value);
        self.reversed[2 * RECENT - self.recent.len()] = value;
    }

    /// The first heaps: `head()[h]` is the value of heap `h`.
    pub fn head(&self) -> &[u16] {
        &self.head
    }

    /// The newest heaps: `recent()[i]` is the value of heap `base() + i`.
    pub fn recent(&self) -> &[u16] {
        &self.recent
    }

    /// The newest heaps, newest first: `reversed()[i]` is the value of heap `len() − 1 − i`, as far
    /// back as [`Window::base`]. The large parts of a run of splits go down as the small ones go
    /// up: read here, both go up, as vector lanes read them (no lane reversed).
    pub fn reversed(&self) -> &[u16] {
        &self.reversed[2 * RECENT - self.recent.len()..]
    }

    /// The heap of `recent()[0]`.
    pub fn base(&self) -> usize {
        self.base
    }

    /// The value of `heap` (below [`Window::len`]), from the window or else the table.
    pub fn get(&self, values: &Values, heap: usize) -> u16 {
        if heap < self.head.len() {
            self.head[heap]
        } else if heap >= self.base {
            self.recent[heap - self.base]
        } else if heap >= self.reach || heap < self.kept_first {
            values.get(heap) as u16
        } else {
            if self.missed.get().is_none() {
                self.missed.set(Some(heap));
            }
            0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_of_any_width_read_back() {
        let values: Vec<u32> = (0..1000u32).map(|h| (h * 7919) % 2000).collect();
        let table = Values::from_values(&values, 8);
        assert_eq!(table.bits(), 11);
        assert_eq!(table.to_vec(), values);
        let mut bytes = Vec::new();
        table.write_to(&mut bytes).unwrap();
        assert_eq!(bytes.len(), table.bytes());
        let read = Values::read_from(&mut bytes.as_slice(), 1000, 11).unwrap();
        assert_eq!(read.to_vec(), values);
    }

    #[test]
    fn a_cut_table_keeps_nothing_past_the_cut() {
        let values: Vec<u32> = (0..200u32).map(|h| 256 + h).collect();
        let mut table = Values::from_values(&values, 8);
        table.truncate(70);
        table.make_room(200, 9);
        assert_eq!(table.get(69), 256 + 69);
        assert!((70..200).all(|heap| table.get(heap) == 0));
    }

    /// A bounded table keeps its first heaps and its newest, past 2^32 heaps too, in the same
    /// few bytes however long it is.
    #[test]
    fn a_bounded_table_keeps_the_first_and_the_newest_heaps() {
        let ring = 1 << 10;
        let value = |heap: usize| ((heap as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 54) as u32;
        for start in [0, (1usize << 32) - 3 * ring / 2] {
            let mut table = Values::bounded(HEAD, ring);
            table.make_room(HEAD, 10);
            (0..HEAD).for_each(|heap| table.set(heap, value(heap)));
            let from = start.max(HEAD);
            for heap in from..from + 3 * ring + 17 {
                table.make_room(heap + 1, 10);
                table.set(heap, value(heap));
                assert!(table.keeps(heap) && table.keeps(heap + 1 - ring) && table.keeps(HEAD - 1));
            }
            let len = table.len();
            assert_eq!(table.bytes(), HEAD + ring + 2 * (HEAD + ring) / 8);
            assert!(!table.keeps(len - ring - 1) || len - ring - 1 < HEAD);
            for heap in (0..HEAD).chain(len - ring..len) {
                assert_eq!(table.get(heap), value(heap), "heap {heap}");
            }
            // Cut back and written again, with other values: none of the old bits stay.
            table.truncate(len - 5);
            (len - 5..len).for_each(|heap| table.set(heap, 1023 - value(heap)));
            assert!((len - 5..len).all(|heap| table.get(heap) == 1023 - value(heap)));
        }
    }

    #[test]
    fn a_window_reads_as_the_table() {
        let n = 3 * RECENT + HEAD / 2 + 17;
        let values: Vec<u32> = (0..n as u32).map(|h| (h.wrapping_mul(2654435761) >> 20) & 1023).collect();
        let table = Values::from_values(&values, 10);
        let mut window = Window::new(&table, 10);
        for &value in &values[10..] {
            window.push(value as u16);
        }
        assert_eq!(window.len(), n);
        assert!(window.recent().len() >= RECENT && window.head().len() == HEAD);
        for heap in (0..n).step_by(97).chain(n - 3..n) {
            assert_eq!(u32::from(window.get(&table, heap)), values[heap], "heap {heap}");
        }
        // The newest heaps newest first, as far back as the window's base, at every length.
        let reads_reversed = |window: &Window| {
            window.reversed().len() == window.len() - window.base()
                && window.reversed().iter().enumerate().all(|(i, &v)| u32::from(v) == values[window.len() - 1 - i])
        };
        assert!(reads_reversed(&window));
        let mut growing = Window::new(&table, 10);
        for (heap, &value) in values.iter().enumerate().skip(10) {
            growing.push(value as u16);
            if heap % 4093 == 0 || heap + 2 >= n || (heap + 1) % RECENT < 2 {
                assert!(reads_reversed(&growing), "after heap {heap}");
            }
        }
        let later = Window::new(&table, n);
        assert_eq!(later.len(), n);
        assert!((0..n).step_by(101).all(|heap| u32::from(later.get(&table, heap)) == values[heap]));
        assert!(reads_reversed(&later));
    }
}
