//! One per-plate datum as a function of the plate size: values of plates `0..=n` in a table
//! (of words, of bytes, or in blocks, [`tables::Blocks`]), values that repeat with a period from
//! some plate on (a short table stands for every plate size), or a closed form. Each is read
//! through [`Lookup`], so that a fold compiled for one kind of column ([`super::fold`]) costs a
//! plate one look-up.

use crate::tables;

/// One per-plate datum as a function of the plate size.
pub(super) enum Column<T> {
    /// Values of plates `0..table.len()`.
    Table(Vec<T>),
    /// Values of plates `0..table.len()` that each fit in a byte.
    Bytes(Vec<u8>),
    /// Values of plates `0..table.len()` kept in blocks, a byte each.
    Blocks(tables::Blocks),
    /// Values that repeat from some plate on, for every plate size.
    Periodic(Periodic<T>),
    /// A closed form, for every plate size.
    Formula(Box<dyn Formula<T>>),
}

/// Values that repeat with a period from some plate on: a short table stands for every plate
/// size, which costs no memory to speak of and a remainder per plate.
pub(super) struct Periodic<T> {
    /// Values of plates `0..values.len()`, at least up to `start + period`.
    values: Vec<T>,
    /// Where the repetition starts.
    start: u64,
    period: u64,
    /// `⌈2^64 / period⌉` (0 for a period of 1), for the remainder of a number below 2^32 by two
    /// multiplications instead of a division (Lemire, Kaser and Kurz, "Faster remainder by
    /// direct computation", 2019).
    magic: u64,
}

impl<T: Copy> Periodic<T> {
    /// The values of `f`, given that `f(x) = f(start + (x − start) mod period)` for `x ≥ start`.
    pub(super) fn new(f: impl Fn(u64) -> T, (start, period): (u64, u64)) -> Periodic<T> {
        Periodic::from_table((0..start + period).map(f).collect(), start, period)
    }

    /// A table of at least `start + period` values that repeats with `period` from `start`.
    pub(super) fn from_table(values: Vec<T>, start: u64, period: u64) -> Periodic<T> {
        assert!(period >= 1 && values.len() as u64 >= start + period, "a whole period is tabulated");
        Periodic { values, start, period, magic: (u64::MAX / period).wrapping_add(1) }
    }

    #[inline(always)]
    fn at(&self, x: u64) -> T {
        let index = if x < self.values.len() as u64 { x } else { self.start + self.remainder(x - self.start) };
        self.values[index as usize]
    }

    /// `y mod period`.
    #[inline(always)]
    fn remainder(&self, y: u64) -> u64 {
        match u32::try_from(y) {
            Ok(y) => ((u128::from(self.magic.wrapping_mul(u64::from(y))) * u128::from(self.period)) >> 64) as u64,
            Err(_) => y % self.period,
        }
    }
}

/// A closed form: its value at one plate, and at a run of plates in one call, compiled for the
/// form so that tabulating it costs no call per plate.
pub(super) trait Formula<T>: Send + Sync {
    fn at(&self, x: u64) -> T;
    /// The values of plates `first, first + 1, …`.
    fn fill(&self, first: u64, values: &mut [T]);
    /// As `fill`, in bytes; `false` (and `values` partly filled) when some value does not fit.
    fn fill_bytes(&self, first: u64, bytes: &mut [u8]) -> bool;
}

impl<T: Entry, F: Fn(u64) -> T + Send + Sync> Formula<T> for F {
    fn at(&self, x: u64) -> T {
        self(x)
    }

    fn fill(&self, first: u64, values: &mut [T]) {
        for (x, value) in (first..).zip(values) {
            *value = self(x);
        }
    }

    fn fill_bytes(&self, first: u64, bytes: &mut [u8]) -> bool {
        for (x, byte) in (first..).zip(bytes) {
            match self(x).to_byte() {
                Some(value) => *byte = value,
                None => return false,
            }
        }
        true
    }
}

/// Runs `fill(first, part)` over `table` in two parts on two threads when it is long: `true`
/// when both parts say so.
fn on_two_threads<T: Send>(table: &mut [T], fill: impl Fn(u64, &mut [T]) -> bool + Sync) -> bool {
    let half = table.len().div_ceil(2).max(1 << 16);
    let fill = &fill;
    std::thread::scope(|scope| {
        let mut parts = table.chunks_mut(half);
        let first = parts.next();
        let second = parts.next().map(|values| scope.spawn(move || fill(half as u64, values)));
        let first = first.is_none_or(|values| fill(0, values));
        let second = second.is_none_or(|part| part.join().unwrap_or(false));
        first && second
    })
}

/// A column's value type, which a byte can hold when the values are small.
pub(super) trait Entry: Copy + Default + Send + Sync + 'static {
    fn from_byte(byte: u8) -> Self;
    /// A value of a [`tables::Blocks`] column. Blocks are built for columns of words only; the
    /// other types take the word as they can, so that every column reads alike.
    fn from_word(word: u32) -> Self;
    /// The value as a byte, when it is one and a byte column may hold it.
    fn to_byte(self) -> Option<u8>;
}

impl Entry for u8 {
    #[inline(always)]
    fn from_byte(byte: u8) -> u8 {
        byte
    }

    fn from_word(word: u32) -> u8 {
        u8::try_from(word).unwrap_or(u8::MAX)
    }

    #[inline(always)]
    fn to_byte(self) -> Option<u8> {
        Some(self)
    }
}

impl Entry for u32 {
    #[inline(always)]
    fn from_byte(byte: u8) -> u32 {
        byte.into()
    }

    #[inline(always)]
    fn from_word(word: u32) -> u32 {
        word
    }

    #[inline(always)]
    fn to_byte(self) -> Option<u8> {
        u8::try_from(self).ok()
    }
}

/// Pairs of Grundy values are never kept in bytes.
impl Entry for [u32; 2] {
    #[inline(always)]
    fn from_byte(byte: u8) -> [u32; 2] {
        [byte.into(); 2]
    }

    fn from_word(word: u32) -> [u32; 2] {
        [word; 2]
    }

    #[inline(always)]
    fn to_byte(self) -> Option<u8> {
        None
    }
}

impl Column<u32> {
    /// The column of a table that may be kept in bytes.
    pub(super) fn values(values: tables::Values) -> Column<u32> {
        match values {
            tables::Values::Bytes(bytes) => Column::Bytes(bytes),
            tables::Values::Blocks(blocks) => Column::Blocks(blocks),
            tables::Values::Words(words) => Column::Table(words),
        }
    }
}

impl<T: Entry> Column<T> {
    pub(super) fn formula(f: impl Fn(u64) -> T + Send + Sync + 'static) -> Column<T> {
        Column::Formula(Box::new(f))
    }

    /// Replaces a closed form by its values on `0..=n`, computed on two threads when many;
    /// `false` when the column is not a closed form.
    /// Values that all fit in a byte are kept in bytes.
    pub(super) fn tabulate(&mut self, n: usize) -> bool {
        let Column::Formula(f) = self else { return false };
        let f = &**f;
        let mut bytes = vec![0u8; n + 1];
        *self = if on_two_threads(&mut bytes, |first, values| f.fill_bytes(first, values)) {
            Column::Bytes(bytes)
        } else {
            drop(bytes);
            let mut table = vec![T::default(); n + 1];
            on_two_threads(&mut table, |first, values| {
                f.fill(first, values);
                true
            });
            Column::Table(table)
        };
        true
    }

    #[inline]
    pub(super) fn get(&self, x: u64) -> Option<T> {
        match self {
            Column::Table(table) => table[..].look_up(x),
            Column::Bytes(table) => Widen(table).look_up(x),
            Column::Blocks(table) => table.look_up(x),
            Column::Periodic(periodic) => Some(periodic.at(x)),
            Column::Formula(f) => Some(f.at(x)),
        }
    }
}

/// A plate's entry in a column that holds values, if it holds the plate's.
pub(super) trait Lookup<T>: Sync {
    fn look_up(&self, x: u64) -> Option<T>;
}

impl<T: Copy + Sync> Lookup<T> for [T] {
    #[inline(always)]
    fn look_up(&self, x: u64) -> Option<T> {
        usize::try_from(x).ok().and_then(|x| self.get(x)).copied()
    }
}

/// A byte-wide table read as its column's value type.
pub(super) struct Widen<'a>(pub(super) &'a [u8]);

impl<T: Entry> Lookup<T> for Widen<'_> {
    #[inline(always)]
    fn look_up(&self, x: u64) -> Option<T> {
        self.0.look_up(x).map(T::from_byte)
    }
}

impl<T: Entry> Lookup<T> for tables::Blocks {
    #[inline(always)]
    fn look_up(&self, x: u64) -> Option<T> {
        let value = self.get(usize::try_from(x).ok()?)?;
        Some(T::from_word(value))
    }
}

impl<T: Copy + Sync> Lookup<T> for Periodic<T> {
    #[inline(always)]
    fn look_up(&self, x: u64) -> Option<T> {
        Some(self.at(x))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every column type reads a word as it reads the byte of the same value ("every column
    /// reads alike"): value pairs take it twice, as they take a byte.
    #[test]
    fn every_entry_reads_a_word_as_the_byte_of_its_value() {
        for value in 0..=255u8 {
            assert_eq!(u8::from_word(value.into()), u8::from_byte(value));
            assert_eq!(u32::from_word(value.into()), u32::from_byte(value));
            assert_eq!(<[u32; 2]>::from_word(value.into()), <[u32; 2]>::from_byte(value));
        }
        assert_eq!(<[u32; 2]>::from_word(70_000), [70_000; 2]);
    }
    /// A periodic column reads `f` at every plate, near and far, for every period: the
    /// remainder by multiplication agrees with the division.
    #[test]
    fn periodic_columns_answer_every_plate() {
        for period in (1..=40).chain([97, 65_537, 1 << 20]) {
            for start in [0, 1, 3] {
                let f = |x: u64| if x < start { u64::MAX - x } else { (x - start) % period };
                let column = Periodic::new(f, (start, period));
                let near = 0..start + 3 * period.min(50);
                let edges = [u32::MAX as u64 - 1, u32::MAX as u64, 1 << 32, (1 << 32) + start, u64::MAX];
                let edges = edges.into_iter().flat_map(|x| [x, x.saturating_sub(start)]);
                for x in near.chain(edges).chain((0..200).map(|k| k * 2_654_435_761 % (1 << 33))) {
                    assert_eq!(column.at(x), f(x), "period {period}, start {start}, plate {x}");
                }
            }
        }
    }

    /// A tabulated closed form is kept in bytes when its values fit, in words otherwise, and
    /// reads as the form either way (across the two threads' parts).
    #[test]
    fn tabulated_forms_are_bytes_when_they_fit() {
        let n = 300_000;
        let small = |x: u64| (x % 7 + x / 100_000) as u32;
        let mut column = Column::formula(small);
        assert!(column.tabulate(n));
        assert!(matches!(column, Column::Bytes(_)));
        assert!((0..=n as u64).all(|x| column.get(x) == Some(small(x))));
        let large = |x: u64| (x * 3 / 2) as u32;
        let mut column = Column::formula(large);
        assert!(column.tabulate(n));
        assert!(matches!(column, Column::Table(_)));
        assert!((0..=n as u64).all(|x| column.get(x) == Some(large(x))));
        assert_eq!(column.get(n as u64 + 1), None);
        assert!(!column.tabulate(n), "a table is not tabulated again");
        // Every column type reads as its form once tabulated: outcome bits and value pairs too.
        let bits = |x: u64| (x % 5) as u8 | 0x80;
        let mut column = Column::formula(bits);
        assert!(column.tabulate(n));
        assert!((0..=n as u64).all(|x| column.get(x) == Some(bits(x))));
        let pairs = |x: u64| [(x % 3) as u32, (x % 4) as u32];
        let mut column = Column::formula(pairs);
        assert!(column.tabulate(n));
        assert!(matches!(column, Column::Table(_)), "pairs are never kept in bytes");
        assert!((0..=n as u64).all(|x| column.get(x) == Some(pairs(x))));
    }
}
