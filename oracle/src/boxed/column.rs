//! The solved positions of a box, layer by layer, in flat arrays: a value a position (one byte
//! while every value fits, two or four otherwise) and an outcome bit a position; and the memory
//! they take from the budget ([`Room`]), so that a box too large stops with an error before it
//! is allocated.

use std::sync::atomic::{AtomicU8, AtomicU16, AtomicU32, AtomicU64, Ordering};

use crate::engine::OracleError;

/// Values of one layer, as narrow as they fit. The positions of a wave are written by several
/// cores at once, each at its own rank, and read only by later waves (a move removes a token),
/// so a relaxed load or store is all a value takes: a plain move, with no lock.
#[derive(Debug)]
pub(super) enum Column {
    U8(Vec<AtomicU8>),
    U16(Vec<AtomicU16>),
    U32(Vec<AtomicU32>),
}

impl Column {
    /// `count` zeros, one byte each, their bytes taken from `room`.
    pub(super) fn zeros(count: usize, room: &mut Room) -> Result<Column, OracleError> {
        room.take(count)?;
        Ok(Column::U8(zeroed(count, room.max_bytes)?))
    }

    #[inline(always)]
    pub(super) fn get(&self, i: usize) -> u32 {
        match self {
            Column::U8(v) => v[i].load(Ordering::Relaxed).into(),
            Column::U16(v) => v[i].load(Ordering::Relaxed).into(),
            Column::U32(v) => v[i].load(Ordering::Relaxed),
        }
    }

    /// Stores `value` at `i` if it fits the column; `false` if it does not.
    #[inline(always)]
    pub(super) fn set(&self, i: usize, value: u32) -> bool {
        match self {
            Column::U8(v) if value <= u32::from(u8::MAX) => v[i].store(value as u8, Ordering::Relaxed),
            Column::U16(v) if value <= u32::from(u16::MAX) => v[i].store(value as u16, Ordering::Relaxed),
            Column::U32(v) => v[i].store(value, Ordering::Relaxed),
            _ => return false,
        }
        true
    }

    pub(super) fn bytes(&self) -> usize {
        self.len() * self.width()
    }

    pub(super) fn width(&self) -> usize {
        match self {
            Column::U8(_) => 1,
            Column::U16(_) => 2,
            Column::U32(_) => 4,
        }
    }

    pub(super) fn len(&self) -> usize {
        match self {
            Column::U8(v) => v.len(),
            Column::U16(v) => v.len(),
            Column::U32(v) => v.len(),
        }
    }

    /// Widens the column until `value` fits.
    pub(super) fn widen_for(&mut self, value: u32, room: &mut Room) -> Result<(), OracleError> {
        loop {
            let wider = match self {
                Column::U8(_) if value <= u32::from(u8::MAX) => return Ok(()),
                Column::U16(_) if value <= u32::from(u16::MAX) => return Ok(()),
                Column::U32(_) => return Ok(()),
                Column::U8(v) => {
                    room.take(v.len() * 2)?;
                    let wider: Vec<AtomicU16> = zeroed(v.len(), room.max_bytes)?;
                    wider
                        .iter()
                        .zip(v.iter())
                        .for_each(|(w, x)| w.store(x.load(Ordering::Relaxed).into(), Ordering::Relaxed));
                    room.give(v.len());
                    Column::U16(wider)
                }
                Column::U16(v) => {
                    room.take(v.len() * 4)?;
                    let wider: Vec<AtomicU32> = zeroed(v.len(), room.max_bytes)?;
                    wider
                        .iter()
                        .zip(v.iter())
                        .for_each(|(w, x)| w.store(x.load(Ordering::Relaxed).into(), Ordering::Relaxed));
                    room.give(v.len() * 2);
                    Column::U32(wider)
                }
            };
            *self = wider;
        }
    }
}

/// `count` zeroed atomics, or the memory budget's error if they cannot be allocated.
pub(super) fn zeroed<T: Default>(count: usize, max_bytes: usize) -> Result<Vec<T>, OracleError> {
    let mut words = Vec::new();
    words.try_reserve_exact(count).map_err(|_| OracleError::MemoryExceeded { max_bytes })?;
    words.resize_with(count, T::default);
    Ok(words)
}

/// The memory left in the budget, and the most taken at once.
pub(super) struct Room {
    pub(super) left: usize,
    pub(super) max_bytes: usize,
    pub(super) peak: usize,
}

impl Room {
    pub(super) fn take(&mut self, bytes: usize) -> Result<(), OracleError> {
        self.left = self.left.checked_sub(bytes).ok_or(OracleError::MemoryExceeded { max_bytes: self.max_bytes })?;
        self.peak = self.peak.max(self.max_bytes - self.left);
        Ok(())
    }

    pub(super) fn give(&mut self, bytes: usize) {
        self.left += bytes;
    }
}

/// The solved positions of `k` plates.
#[derive(Debug)]
pub(super) struct Layer {
    pub(super) values: Column,
    /// A bit a position: whether the player to move wins (empty for Grundy values). A word is
    /// shared by 64 positions, which several cores may write at once: bits are set atomically.
    pub(super) first_wins: Vec<AtomicU64>,
}

impl Layer {
    #[inline(always)]
    pub(super) fn first_wins(&self, rank: usize) -> bool {
        self.first_wins[rank / 64].load(Ordering::Relaxed) >> (rank % 64) & 1 == 1
    }

    /// Records the position of rank `rank`; `false` if its value does not fit the column yet
    /// (its outcome is recorded all the same).
    #[inline(always)]
    pub(super) fn record(&self, rank: usize, raw: u32, first_wins: bool) -> bool {
        if first_wins && !self.first_wins.is_empty() {
            self.first_wins[rank / 64].fetch_or(1 << (rank % 64), Ordering::Relaxed);
        }
        self.values.set(rank, raw)
    }
}
