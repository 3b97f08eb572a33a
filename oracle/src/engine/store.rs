//! The engine's storage of solved positions.
//!
//! Each position is one 64-bit entry of an open-addressing (Robin Hood) hash table: its key (a
//! packing of the position, [`crate::key`], inline when it fits 47 bits, else an offset into an
//! arena of words), its state, its outcome and its value. No edge is kept: a position's options
//! are generated again when they are needed (a winning move, the graph for `--dot`). The table
//! grows by half when 85% full, so it holds between 8 and 15 bytes a position, plus the arena
//! for positions too large to pack in one word. Every allocation is checked against
//! [`Budget::max_bytes`] first, and made fallibly: an over-large search stops with an error,
//! never by running out of memory.

use super::budget::{Budget, OracleError};

// An entry: bits 0..48 the key, 48..61 the value, 61 open (on the search stack), 62 the player
// to move wins, 63 done. A key is a packing of one word below 2^47, or ARENA | offset.
pub(super) const KEY_BITS: u32 = 48;
const KEY_MASK: u64 = (1 << KEY_BITS) - 1;
const ARENA: u64 = 1 << 47;
const VALUE_BITS: u32 = 13;
/// A value field this large means: the value is in the engine's map of large values.
pub(super) const VALUE_LARGE: u32 = (1 << VALUE_BITS) - 1;
pub(super) const OPEN: u64 = 1 << 61;
pub(super) const FIRST: u64 = 1 << 62;
pub(super) const DONE: u64 = 1 << 63;
const EMPTY: u64 = u64::MAX;

/// The table grows when more than this share of its slots is full.
const MAX_LOAD: f64 = 0.85;

pub(super) fn key_of(entry: u64) -> u64 {
    entry & KEY_MASK
}

pub(super) fn value_field(entry: u64) -> u32 {
    ((entry >> KEY_BITS) as u32) & VALUE_LARGE
}

fn mix(mut h: u64) -> u64 {
    // The splitmix64 finalizer: every input bit reaches every output bit.
    h ^= h >> 30;
    h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h ^= h >> 27;
    h = h.wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^ (h >> 31)
}

pub(super) fn hash_words(words: &[u64]) -> u64 {
    words.iter().fold(0x243f_6a88_85a3_08d3u64, |h, &w| mix(h ^ w))
}

/// The table of entries, and the arena of keys too long for an entry.
pub(super) struct Store {
    pub(super) slots: Vec<u64>,
    pub(super) len: usize,
    /// For each long key: its length, then its words.
    arena: Vec<u64>,
}

impl Store {
    pub(super) fn new() -> Store {
        Store { slots: Vec::new(), len: 0, arena: Vec::new() }
    }

    /// The words a key stands for.
    pub(super) fn words<'a>(&'a self, key: &'a u64) -> &'a [u64] {
        if key & ARENA != 0 {
            let at = (key & !ARENA) as usize;
            &self.arena[at + 1..at + 1 + self.arena[at] as usize]
        } else {
            std::slice::from_ref(key)
        }
    }

    fn hash_key(&self, key: u64) -> u64 {
        hash_words(self.words(&key))
    }

    fn home(&self, hash: u64) -> usize {
        ((u128::from(hash) * self.slots.len() as u128) >> 64) as usize
    }

    /// How far the entry at `slot` sits from its home.
    fn distance(&self, slot: usize) -> usize {
        let home = self.home(self.hash_key(key_of(self.slots[slot])));
        if slot >= home { slot - home } else { slot + self.slots.len() - home }
    }

    /// The slot after `slot`, round the table.
    fn next(&self, slot: usize) -> usize {
        if slot + 1 == self.slots.len() { 0 } else { slot + 1 }
    }

    /// The slot of the position packed as `words` (whose hash is `hash`), if it is kept.
    pub(super) fn find(&self, words: &[u64], hash: u64) -> Option<usize> {
        if self.slots.is_empty() {
            return None;
        }
        let inline = (words.len() == 1 && words[0] < ARENA).then(|| words[0]);
        let mut slot = self.home(hash);
        let mut distance = 0;
        loop {
            let entry = self.slots[slot];
            if entry == EMPTY || self.distance(slot) < distance {
                return None;
            }
            let key = key_of(entry);
            let same = match inline {
                Some(word) => key == word,
                None => key & ARENA != 0 && self.words(&key) == words,
            };
            if same {
                return Some(slot);
            }
            slot = self.next(slot);
            distance += 1;
        }
    }

    /// The slot of a kept key.
    pub(super) fn slot_of(&self, key: u64) -> usize {
        let hash = self.hash_key(key);
        let mut slot = self.home(hash);
        while key_of(self.slots[slot]) != key || self.slots[slot] == EMPTY {
            slot = self.next(slot);
        }
        slot
    }

    /// Places `entry` (absent, with room for it) by Robin Hood: it takes the place of an entry
    /// nearer its home, which moves on.
    fn place(&mut self, mut entry: u64) {
        let mut slot = self.home(self.hash_key(key_of(entry)));
        let mut distance = 0;
        loop {
            if self.slots[slot] == EMPTY {
                self.slots[slot] = entry;
                return;
            }
            let resident = self.distance(slot);
            if resident < distance {
                std::mem::swap(&mut entry, &mut self.slots[slot]);
                distance = resident;
            }
            slot = self.next(slot);
            distance += 1;
        }
    }

    pub(super) fn bytes(&self) -> usize {
        (self.slots.capacity() + self.arena.capacity()) * 8
    }
}

/// Grows `vec` to hold `extra` more items, within the engine's memory budget, or fails.
pub(super) fn reserve<T>(vec: &mut Vec<T>, extra: usize, others: usize, max_bytes: usize) -> Result<(), OracleError> {
    if vec.len() + extra <= vec.capacity() {
        return Ok(());
    }
    let wanted = (vec.len() + extra).max(vec.capacity() * 2).max(16);
    let size = std::mem::size_of::<T>().max(1);
    let exceeded = OracleError::MemoryExceeded { max_bytes };
    // The old and the new buffer live side by side while the items move.
    if others + (vec.capacity() + wanted) * size > max_bytes {
        return Err(exceeded);
    }
    vec.try_reserve_exact(wanted - vec.len()).map_err(|_| exceeded)
}

/// Keeps the position packed as `words`: its key and entry (new ones unsolved).
pub(super) fn intern(
    store: &mut Store,
    words: &[u64],
    budget: Budget,
    others: usize,
) -> Result<(u64, u64), OracleError> {
    let hash = hash_words(words);
    if let Some(slot) = store.find(words, hash) {
        let entry = store.slots[slot];
        return Ok((key_of(entry), entry));
    }
    if store.len >= budget.max_states {
        return Err(OracleError::StatesExceeded { max_states: budget.max_states });
    }
    if store.len.is_multiple_of(4096) {
        if store.len > 0 {
            crate::odometer::add(4096, others + store.bytes());
        }
        if budget.out_of_time() {
            return Err(OracleError::TimeExceeded);
        }
    }
    let exceeded = OracleError::MemoryExceeded { max_bytes: budget.max_bytes };
    if (store.len + 1) as f64 > store.slots.len() as f64 * MAX_LOAD {
        // Grow by half: the old and the new table live side by side while entries move.
        let capacity = (store.slots.len() + store.slots.len() / 2).max(64);
        if others + store.bytes() + capacity * 8 > budget.max_bytes {
            return Err(exceeded);
        }
        let mut slots = Vec::new();
        slots.try_reserve_exact(capacity).map_err(|_| exceeded.clone())?;
        slots.resize(capacity, EMPTY);
        let old = std::mem::replace(&mut store.slots, slots);
        for entry in old.into_iter().filter(|&e| e != EMPTY) {
            store.place(entry);
        }
    }
    let key = if words.len() == 1 && words[0] < ARENA {
        words[0]
    } else {
        let at = store.arena.len() as u64;
        if at + words.len() as u64 + 1 >= ARENA {
            return Err(exceeded);
        }
        reserve(&mut store.arena, words.len() + 1, others + store.slots.capacity() * 8, budget.max_bytes)?;
        store.arena.push(words.len() as u64);
        store.arena.extend_from_slice(words);
        ARENA | at
    };
    store.place(key);
    store.len += 1;
    Ok((key, key))
}
