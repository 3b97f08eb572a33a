//! Bit helpers of the sparse-space method: which values are rare under a mask, and marks packed
//! into words of 64 bits.

/// Bit `i` set when `i & mask` has an odd number of bits (`i` below 64), doubling the bits known
/// one mask bit at a time.
pub(super) fn odd_parities(mask: u32) -> u64 {
    (0..6).fold(0u64, |odd, bit| {
        let width = 1u32 << bit;
        let low = odd & ((1u64 << width) - 1);
        let high = if mask >> bit & 1 == 1 { !low & ((1u64 << width) - 1) } else { low };
        low | high << width
    })
}

/// Puts into `words` the marks equal to `mark`, a bit each (`marks`' length a multiple of 64).
pub(super) fn pack(marks: &[u8], mark: u8, words: &mut Vec<u64>) {
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

/// The common values of 64-value word `word` under `mask`, a bit each.
pub(super) fn common_in(word: u32, mask: u32) -> u64 {
    let odd = odd_parities(mask);
    if is_rare(word << 6, mask) { odd } else { !odd }
}

/// The word of the common values `64·w … 64·w + 63` that `ranks` holds (bit `i` of `ranks`
/// for the `i`-th common value of the word), `commons` being [`common_in`] for the word: when the
/// mask's lowest bit `low_bit` is below 6, each run of `2^(low_bit + 1)` values has its common
/// values as its lower or its upper half, so the ranks spread a half a run, then go up a half
/// where the commons are (a parallel deposit of the ranks into `commons`).
pub(super) fn deposit_common(ranks: u32, low_bit: u32, commons: u64) -> u64 {
    debug_assert!(low_bit < 6);
    const SPREAD: [u64; 5] = [
        0x5555_5555_5555_5555,
        0x3333_3333_3333_3333,
        0x0f0f_0f0f_0f0f_0f0f,
        0x00ff_00ff_00ff_00ff,
        0x0000_ffff_0000_ffff,
    ];
    let mut x = u64::from(ranks);
    for step in (low_bit..5).rev() {
        x = (x | x << (1 << step)) & SPREAD[step as usize];
    }
    (x | x << (1 << low_bit)) & commons
}

/// Whether `value` is rare under `mask`: `value & mask` has an even number of bits.
pub(super) fn is_rare(value: u32, mask: u32) -> bool {
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

    /// The ranks of a word's common values land on those values, in order, and the ranks of its
    /// rare values on those (the other half of each run), for every mask whose lowest bit is
    /// below 6 and every word.
    #[test]
    fn ranks_of_common_values_land_on_them() {
        let mut seed = 0x1234_5678_9abc_def1u64;
        for mask in [1u32, 2, 3, 0b1_1110_1110, 0x20, 0x24, 0xfff, 0b1000_0000_0100] {
            let low_bit = mask.trailing_zeros();
            if low_bit >= 6 {
                continue;
            }
            for word in 0..8u32 {
                let commons = common_in(word, mask);
                let values: Vec<u32> = (0..64).filter(|i| !is_rare(64 * word + i, mask)).collect();
                assert_eq!(values.len(), 32, "mask {mask:b}");
                assert_eq!(commons.count_ones(), 32);
                let rares: Vec<u32> = (0..64).filter(|i| is_rare(64 * word + i, mask)).collect();
                for _ in 0..50 {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let ranks = seed as u32;
                    let landed = |values: &[u32]| {
                        values.iter().enumerate().fold(0u64, |w, (i, &v)| w | u64::from(ranks >> i & 1) << v)
                    };
                    assert_eq!(deposit_common(ranks, low_bit, commons), landed(&values), "mask {mask:b}, word {word}");
                    assert_eq!(deposit_common(ranks, low_bit, !commons), landed(&rares), "mask {mask:b}, word {word}");
                }
            }
        }
    }

    #[test]
    fn odd_parities_are_the_parities_of_the_masked_bits() {
        for mask in [0, 1, 2, 0b10_1101, 0x3f, 0x1ef, 0xfff] {
            let expected = (0..64u32).fold(0u64, |bits, i| bits | u64::from((i & mask).count_ones() & 1) << i);
            assert_eq!(odd_parities(mask), expected, "mask {mask:b}");
        }
    }
}
