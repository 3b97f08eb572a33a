//! Positions as keys: packed into 64-bit words, so that the engine keeps no heap object per
//! position.
//!
//! A position packs into a sequence of words ([`Pack`]); the engine keeps a packing of one small
//! word inline in its table and longer ones in an arena. Pile positions (sorted plates) pack into
//! one word by the combinatorial number system ([`multiset_rank`]): the sorted plates
//! `x₁ ≤ x₂ ≤ … ≤ x_k` are the combination `yᵢ = xᵢ + i − 1` (strictly increasing), whose rank
//! `Σ C(yᵢ, i)` is a bijection between the k-multisets of naturals and the naturals; with `k` in
//! the top bits, one word names a multiset of any size.

/// A position that packs into words and back.
pub trait Pack: Sized {
    /// Appends the packing of `self` to `words`.
    fn pack(&self, words: &mut Vec<u64>);
    /// Reads a packing back into `self` (reusing its storage).
    fn unpack_into(&mut self, words: &[u64]);
}

impl Pack for u64 {
    fn pack(&self, words: &mut Vec<u64>) {
        words.push(*self);
    }
    fn unpack_into(&mut self, words: &[u64]) {
        *self = words[0];
    }
}

impl Pack for u32 {
    fn pack(&self, words: &mut Vec<u64>) {
        words.push(u64::from(*self));
    }
    fn unpack_into(&mut self, words: &[u64]) {
        *self = words[0] as u32;
    }
}

impl Pack for usize {
    fn pack(&self, words: &mut Vec<u64>) {
        words.push(*self as u64);
    }
    fn unpack_into(&mut self, words: &[u64]) {
        *self = words[0] as usize;
    }
}

impl Pack for bool {
    fn pack(&self, words: &mut Vec<u64>) {
        words.push(u64::from(*self));
    }
    fn unpack_into(&mut self, words: &[u64]) {
        *self = words[0] != 0;
    }
}

impl<T: Packed + Default + Clone> Pack for Vec<T> {
    fn pack(&self, words: &mut Vec<u64>) {
        words.push(self.len() as u64);
        self.iter().for_each(|item| item.pack(words));
    }
    fn unpack_into(&mut self, words: &[u64]) {
        let len = words[0] as usize;
        self.clear();
        let mut at = 1;
        for _ in 0..len {
            let width = T::width(&words[at..]);
            let mut item = T::default();
            item.unpack_into(&words[at..at + width]);
            self.push(item);
            at += width;
        }
    }
}

/// A packing whose length can be read from its first words.
pub trait Packed: Pack {
    /// How many words the packing at the start of `words` takes.
    fn width(words: &[u64]) -> usize;
}

impl Packed for u64 {
    fn width(_: &[u64]) -> usize {
        1
    }
}

impl Packed for u32 {
    fn width(_: &[u64]) -> usize {
        1
    }
}

impl Packed for usize {
    fn width(_: &[u64]) -> usize {
        1
    }
}

impl Packed for bool {
    fn width(_: &[u64]) -> usize {
        1
    }
}

impl<A: Packed, B: Packed> Packed for (A, B)
where
    (A, B): Pack,
{
    fn width(words: &[u64]) -> usize {
        let first = A::width(words);
        first + B::width(&words[first..])
    }
}

impl<T: Packed + Default + Clone> Packed for Vec<T> {
    fn width(words: &[u64]) -> usize {
        let len = words[0] as usize;
        let mut at = 1;
        for _ in 0..len {
            at += T::width(&words[at..]);
        }
        at
    }
}

impl<A: Packed + Default, B: Packed + Default> Pack for (A, B) {
    fn pack(&self, words: &mut Vec<u64>) {
        self.0.pack(words);
        self.1.pack(words);
    }
    fn unpack_into(&mut self, words: &[u64]) {
        let first = A::width(words);
        self.0.unpack_into(&words[..first]);
        self.1.unpack_into(&words[first..]);
    }
}

/// Binomial coefficients `C(n, k)` for `k ≤ MOST_PLATES`, from a table for small `n`.
struct Binomials {
    table: Vec<[u64; MOST_PLATES + 2]>,
}

/// The most plates a one-word pile key holds.
pub const MOST_PLATES: usize = 63;

/// Rows of the binomial table.
const TABLE_ROWS: usize = 4096;

/// Bits of a one-word pile key's rank (the plates' count takes the 6 bits above).
pub const RANK_BITS: u32 = 41;

fn binomials() -> &'static Binomials {
    static TABLE: std::sync::OnceLock<Binomials> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = vec![[0u64; MOST_PLATES + 2]; TABLE_ROWS];
        for n in 0..TABLE_ROWS {
            table[n][0] = 1;
            for k in 1..=(MOST_PLATES + 1).min(n) {
                table[n][k] = table[n - 1][k - 1].saturating_add(if k < n { table[n - 1][k] } else { 0 });
            }
        }
        Binomials { table }
    })
}

/// `C(n, k)` for `k ≤ MOST_PLATES + 1`, saturating at `u64::MAX`.
pub fn binomial(n: u64, k: usize) -> u64 {
    if (n as usize) < TABLE_ROWS {
        return binomials().table[n as usize][k];
    }
    if k as u64 > n {
        return 0;
    }
    let mut result: u128 = 1;
    for j in 1..=k as u128 {
        result = result * (u128::from(n) - k as u128 + j) / j;
        if result > u128::from(u64::MAX) {
            return u64::MAX;
        }
    }
    result as u64
}

/// The rank of the sorted plates `plates` among the multisets of their size, when it is below
/// `2^RANK_BITS` and there are at most [`MOST_PLATES`] plates.
pub fn multiset_rank(plates: &[u64]) -> Option<u64> {
    if plates.len() > MOST_PLATES {
        return None;
    }
    let mut rank: u64 = 0;
    for (i, &x) in plates.iter().enumerate() {
        let term = binomial(x.checked_add(i as u64)?, i + 1);
        if term == u64::MAX {
            return None;
        }
        rank = rank.checked_add(term)?;
    }
    (rank < 1 << RANK_BITS).then_some(rank)
}

/// The sorted plates of a `k`-multiset of rank `rank` (written into `plates`).
pub fn multiset_unrank(k: usize, mut rank: u64, plates: &mut Vec<u64>) {
    plates.clear();
    plates.resize(k, 0);
    // The combination's elements y_k > … > y_1, found from the largest down: each is below the
    // one before.
    let mut above = u64::MAX;
    for i in (1..=k).rev() {
        // The largest y ≥ i − 1 with C(y, i) ≤ rank.
        let (mut low, mut high) = (i as u64 - 1, (i as u64 - 1).saturating_add(rank).min(above.saturating_sub(1)));
        while low < high {
            let middle = low + (high - low).div_ceil(2);
            if binomial(middle, i) <= rank { low = middle } else { high = middle - 1 }
        }
        rank -= binomial(low, i);
        above = low;
        plates[i - 1] = low - (i as u64 - 1);
    }
}

/// Packs sorted plates: one word `k << RANK_BITS | rank` when it fits (0 for no plate), else
/// the plates' count and the plates.
pub fn pack_plates(plates: &[u64], words: &mut Vec<u64>) {
    if plates.is_empty() {
        words.push(0);
        return;
    }
    match multiset_rank(plates) {
        Some(rank) => words.push((plates.len() as u64) << RANK_BITS | rank),
        None => {
            words.push(plates.len() as u64);
            words.extend_from_slice(plates);
        }
    }
}

/// Reads plates packed by [`pack_plates`].
pub fn unpack_plates(words: &[u64], plates: &mut Vec<u64>) {
    match words {
        [0] => plates.clear(),
        [word] => multiset_unrank((word >> RANK_BITS) as usize, word & ((1 << RANK_BITS) - 1), plates),
        [_, rest @ ..] => {
            plates.clear();
            plates.extend_from_slice(rest);
        }
        [] => plates.clear(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_a_bijection_in_colex_order() {
        // Every 3-multiset of 0..=9, in colex order, ranks 0, 1, 2, …
        let mut all = Vec::new();
        for c in 0..10u64 {
            for b in 0..=c {
                for a in 0..=b {
                    all.push(vec![a, b, c]);
                }
            }
        }
        for (expected, plates) in all.iter().enumerate() {
            assert_eq!(multiset_rank(plates), Some(expected as u64), "{plates:?}");
            let mut back = Vec::new();
            multiset_unrank(3, expected as u64, &mut back);
            assert_eq!(&back, plates);
        }
    }

    #[test]
    fn plates_round_trip_one_word_or_many() {
        for plates in [
            vec![],
            vec![0],
            vec![7],
            vec![1_000_000],
            vec![3, 3, 9, 40, 40, 40, 40, 40],
            vec![1000; 20],
            vec![u64::MAX],
        ] {
            let mut words = Vec::new();
            pack_plates(&plates, &mut words);
            let mut back = vec![99];
            unpack_plates(&words, &mut back);
            assert_eq!(back, plates, "{words:?}");
        }
        let mut words = Vec::new();
        pack_plates(&[40; 8], &mut words);
        assert_eq!(words.len(), 1, "eight plates of 40 fit one word");
    }

    #[test]
    fn generic_packings_round_trip() {
        let value: (u32, Vec<u32>) = (5, vec![1, 2, 3]);
        let mut words = Vec::new();
        value.pack(&mut words);
        let mut back = (0, Vec::new());
        back.unpack_into(&words);
        assert_eq!(back, value);
        let nested: (Vec<u64>, Vec<u64>) = (vec![4, 5], vec![]);
        let mut words = Vec::new();
        nested.pack(&mut words);
        let mut back = (vec![9], vec![9]);
        back.unpack_into(&words);
        assert_eq!(back, nested);
    }
}
