//! The sparse-space method's inner loops, many splits a step.
//!
//! - [`Lanes::mark_block`]: the splits with a rare part, for a block of 16 consecutive heaps at
//!   once (their other parts are 16 consecutive heaps): the sixteen options' places computed in
//!   one register, then marked. What is left is a store per option, the loop's floor.
//! - [`Lanes::common_block`]: the same splits when every option is common, a bit each in
//!   registers instead of a store each: the option less the mask's lowest bit is its rank among
//!   the common values, and a heap's common options below 320 are 160 bits (five registers of
//!   eight heaps). The callers squeeze the parts and values once (the squeeze keeps xors), so a
//!   rank is one xor. On AVX2 it took about 0.48 ns a split near heap 10^8 (with six words and the
//!   squeeze in the loop) against `mark_block`'s 0.63 (an AMD EPYC, Zen 3), where a store is
//!   0.69 ns; with five words and squeezed parts, about 0.3 ns (its share of a profile).
//! - [`Lanes::mark_splits`]: the search's splits while many rare values are missing, sixteen
//!   options a step, then marked.
//!
//! The search's loops take the splits' large parts already in the order they pair with the small
//! ones (newest first, [`crate::values::Window::reversed`]): split `i` is `small[i] ^ large[i]`,
//! with no lane reversed in a register.
//! - [`Lanes::strike_set`]: once fewer values are missing, each option is looked up in a bitmap
//!   of them held in two AVX-512 registers (a byte permute picks its byte, a shift its bit): 32 splits
//!   in about ten instructions, however many values are looked for.
//! - [`Lanes::strike`]: the same without AVX-512, for at most [`FEW`] values, each compared with
//!   every option, 64 splits at once.
//!
//! Which vector instructions is chosen once, at run time ([`Lanes::detect`]): AVX-512 (written
//! with intrinsics: the compiler's own vectorization of the plain loop spent more on moving masks
//! than on comparing), else AVX2, else the plain loops for the baseline (SSE2 on x86-64). Tests
//! hold every kind the machine runs to the same answers.

/// The most values [`Lanes::strike`] looks for; more are marked in a slate.
pub const FEW: usize = 8;

/// Splits compared a step (a multiple of every vector width).
const BLOCK: usize = 64;

/// The vector instructions this machine has, found once.
/// Ordered by width.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Lanes {
    /// The baseline (SSE2 on x86-64).
    Plain,
    /// AVX2.
    Avx2,
    /// AVX-512 with byte and word instructions.
    Avx512,
}

impl Lanes {
    /// The widest this machine runs.
    pub fn detect() -> Lanes {
        #[cfg(target_arch = "x86_64")]
        {
            if std::is_x86_feature_detected!("avx512bw") {
                return Lanes::Avx512;
            }
            if std::is_x86_feature_detected!("avx2") {
                return Lanes::Avx2;
            }
        }
        Lanes::Plain
    }

    /// Every kind this machine runs (for tests: each must give the same answers).
    #[cfg(test)]
    pub fn available() -> Vec<Lanes> {
        [Lanes::Plain, Lanes::Avx2, Lanes::Avx512].into_iter().filter(|&lanes| lanes <= Lanes::detect()).collect()
    }

    /// Removes from `few` (at most [`FEW`] values below 2^16) every value `small[i] ^ large[i]`,
    /// going up from `i = 0` and stopping once `few` is empty.
    pub fn strike(self, small: &[u16], large: &[u16], few: &mut Vec<u32>) {
        assert_eq!(small.len(), large.len(), "the parts of the splits pair up");
        debug_assert!(few.len() <= FEW && few.iter().all(|&v| v < 1 << 16));
        match self {
            // SAFETY: the machine has AVX-512 BW (asked again here, a cached load, so that a
            // `Lanes` made by hand cannot run instructions the machine lacks); the function
            // differs from `strike` only in the instructions it may use.
            #[cfg(target_arch = "x86_64")]
            Lanes::Avx512 if std::is_x86_feature_detected!("avx512bw") => unsafe { strike_avx512(small, large, few) },
            // SAFETY: as above, with AVX2.
            #[cfg(target_arch = "x86_64")]
            Lanes::Avx2 if std::is_x86_feature_detected!("avx2") => unsafe { strike_avx2(small, large, few) },
            _ => strike(small, large, few),
        }
    }
}

impl Lanes {
    /// Whether [`Lanes::strike_set`] runs in lanes here.
    pub fn strikes_sets(self) -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            self == Lanes::Avx512
                && std::is_x86_feature_detected!("avx512bw")
                && std::is_x86_feature_detected!("avx512vbmi")
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            false
        }
    }

    /// [`Lanes::strike`] for any number of values, where every part is below [`SET_SPAN`] (an
    /// option past it may be taken for another value below it, so the caller sees to it): each
    /// option is looked up in a bitmap of the values still missing (held in two registers), so
    /// a step's cost does not grow with how many are missing. On lanes without
    /// [`Lanes::strikes_sets`], the splits one by one.
    pub fn strike_set(self, small: &[u16], large: &[u16], missing: &mut Vec<u32>) {
        assert_eq!(small.len(), large.len(), "the parts of the splits pair up");
        assert!(missing.iter().all(|&v| v < SET_SPAN), "the values looked for are below {SET_SPAN}");
        let mut bitmap = [0u16; SET_SPAN as usize / 16];
        for &v in missing.iter() {
            bitmap[v as usize / 16] |= 1 << (v % 16);
        }
        let left = missing.len();
        let left = match self {
            // SAFETY: as in `strike`, with AVX-512 VBMI too.
            #[cfg(target_arch = "x86_64")]
            Lanes::Avx512 if self.strikes_sets() => unsafe { strike_set_avx512(small, large, &mut bitmap, left) },
            _ => strike_set(small, large, &mut bitmap, left, 0),
        };
        missing.retain(|&v| bitmap[v as usize / 16] >> (v % 16) & 1 != 0);
        debug_assert_eq!(missing.len(), left);
    }

    /// For each `(offset, value)` of `rare`, and each `j` below [`MARK_BLOCK`]: marks
    /// `marks[j·span + (value ^ parts[offset + j])]` with `mark` — the options of the splits of a
    /// block of heaps with a rare part, each heap's marks a row of `span` (a power of two, above
    /// every value and part) in `marks`.
    pub fn mark_block(self, parts: &[u16], rare: (&[u32], &[u16]), span: usize, marks: &mut [u8], mark: u8) {
        assert!(span.is_power_of_two() && span <= 1 << 16 && marks.len() >= MARK_BLOCK * span);
        debug_assert!(rare.1.iter().all(|&value| usize::from(value) < span));
        match self {
            // SAFETY: the machine has AVX2 (asked again here, a cached load); the function differs
            // from `mark_block` only in the instructions it may use.
            #[cfg(target_arch = "x86_64")]
            Lanes::Avx2 | Lanes::Avx512 if std::is_x86_feature_detected!("avx2") => unsafe {
                mark_block_avx2(parts, rare, span, marks, mark)
            },
            _ => mark_block(parts, rare, span, marks, mark),
        }
    }
}

impl Lanes {
    /// For each `(offset, value)` of `rare`, and each `j` below [`MARK_BLOCK`]: with
    /// `index = value ^ parts[offset + j]`, sets bit `index % 32` of `bits[j][index / 32]` when the
    /// index is below [`COMMON_BITS`]. The callers give values and parts already squeezed by the
    /// mask's lowest bit ([`squeeze`], which keeps xors: the squeeze of an option is the xor of its
    /// parts' squeezes): when every option is common, the index of one is its rank among the
    /// common values, and a heap's 160 bits are its common options below 320. These are the splits
    /// of a block with a rare part, a bit each in registers rather than a store each
    /// ([`Lanes::mark_block`]).
    pub fn common_block(self, parts: &[u16], rare: (&[u32], &[u32]), bits: &mut [[u32; RANK_WORDS]; MARK_BLOCK]) {
        debug_assert!(rare.1.iter().all(|&value| value < 1 << 16));
        match self {
            // SAFETY: as in `mark_block`.
            #[cfg(target_arch = "x86_64")]
            Lanes::Avx2 | Lanes::Avx512 if std::is_x86_feature_detected!("avx2") => unsafe {
                common_block_avx2(parts, rare, bits)
            },
            _ => common_block(parts, rare, bits),
        }
    }
}

/// Words of 32 indices [`Lanes::common_block`] keeps for a heap: five (160 indices, the common
/// values below 320 when the mask's lowest bit is the one squeezed out, or the rare ones), so that
/// ten registers hold half a block's; values past them are rare in the long tables (Officers'
/// largest to 10^9 is 325). Six words (below 384) took about 10% more of the kernel's time.
pub const RANK_WORDS: usize = 5;

/// Indices [`Lanes::common_block`] keeps for a heap.
pub const COMMON_BITS: u32 = 32 * RANK_WORDS as u32;

/// A value less the bit above `low` (the bits below the mask's lowest): `low`'s bits kept, the
/// bits above moved down one. It keeps xors (`squeeze(a ^ b) = squeeze(a) ^ squeeze(b)`), so the
/// squeeze of an option is the xor of its parts' squeezes.
#[inline(always)]
pub fn squeeze(value: u16, low: u16) -> u16 {
    (value >> 1 & !low) | (value & low)
}

/// [`Lanes::common_block`] as a plain loop.
fn common_block(parts: &[u16], rare: (&[u32], &[u32]), bits: &mut [[u32; RANK_WORDS]; MARK_BLOCK]) {
    for (&offset, &value) in rare.0.iter().zip(rare.1) {
        let parts: &[u16; MARK_BLOCK] =
            parts[offset as usize..offset as usize + MARK_BLOCK].try_into().expect("a block of parts");
        for (heap, &part) in bits.iter_mut().zip(parts) {
            let index = value ^ u32::from(part);
            if index < COMMON_BITS {
                heap[index as usize / 32] |= 1 << (index % 32);
            }
        }
    }
}

/// [`Lanes::common_block`] on AVX2: a rare heap's sixteen options in two registers of 32-bit
/// lanes (the parts widened as they are read, each part read once a block), and each lane's bit
/// set in its heap's five words, held in ten registers for the whole loop: a variable shift gives
/// the bit (a count of 32 or more gives none, so `index − 32·w` sets a bit in word `w` only).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn common_block_avx2(parts: &[u16], rare: (&[u32], &[u32]), bits: &mut [[u32; RANK_WORDS]; MARK_BLOCK]) {
    use std::arch::x86_64::{
        __m128i, __m256i, _mm_loadu_si128, _mm256_add_epi32, _mm256_cvtepu16_epi32, _mm256_or_si256, _mm256_set1_epi32,
        _mm256_setzero_si256, _mm256_sllv_epi32, _mm256_storeu_si256, _mm256_xor_si256,
    };
    let zero = || _mm256_setzero_si256();
    let one = _mm256_set1_epi32(1);
    let at: [__m256i; RANK_WORDS] = std::array::from_fn(|w| _mm256_set1_epi32(-32 * w as i32));
    // Each word's bits of an index, or-ed into the word.
    let set = |word: __m256i, index: __m256i, w: usize| {
        let index = if w == 0 { index } else { _mm256_add_epi32(index, at[w]) };
        _mm256_or_si256(word, _mm256_sllv_epi32(one, index))
    };
    let (mut a0, mut a1, mut a2, mut a3, mut a4) = (zero(), zero(), zero(), zero(), zero());
    let (mut b0, mut b1, mut b2, mut b3, mut b4) = (zero(), zero(), zero(), zero(), zero());
    for (&offset, &value) in rare.0.iter().zip(rare.1) {
        let offset = offset as usize;
        assert!(offset + MARK_BLOCK <= parts.len(), "a block of parts");
        let value = _mm256_set1_epi32(value as i32);
        // SAFETY: 16-byte reads of `parts[offset..offset + 16]`, in bounds (asserted).
        let (low, high) = unsafe {
            let at = parts.as_ptr().add(offset);
            (_mm_loadu_si128(at.cast::<__m128i>()), _mm_loadu_si128(at.add(8).cast::<__m128i>()))
        };
        let index = _mm256_xor_si256(_mm256_cvtepu16_epi32(low), value);
        (a0, a1, a2, a3, a4) =
            (set(a0, index, 0), set(a1, index, 1), set(a2, index, 2), set(a3, index, 3), set(a4, index, 4));
        let index = _mm256_xor_si256(_mm256_cvtepu16_epi32(high), value);
        (b0, b1, b2, b3, b4) =
            (set(b0, index, 0), set(b1, index, 1), set(b2, index, 2), set(b3, index, 3), set(b4, index, 4));
    }
    let held = [[a0, a1, a2, a3, a4], [b0, b1, b2, b3, b4]];
    for (half, held) in held.iter().enumerate() {
        let mut out = [[0u32; 8]; RANK_WORDS];
        for (word, out) in held.iter().zip(&mut out) {
            // SAFETY: a 32-byte write of the 32 bytes of `out`.
            unsafe { _mm256_storeu_si256(out.as_mut_ptr().cast::<__m256i>(), *word) };
        }
        for (j, heap) in bits[8 * half..8 * half + 8].iter_mut().enumerate() {
            for (w, word) in heap.iter_mut().enumerate() {
                *word |= out[w][j];
            }
        }
    }
}

impl Lanes {
    /// Marks `reached[small[i] ^ large[i]]` with `epoch` for every `i`: the options of a run of
    /// splits, the small parts going up and the large ones down.
    pub fn mark_splits(self, small: &[u16], large: &[u16], reached: &mut [u32; 1 << 16], epoch: u32) {
        assert_eq!(small.len(), large.len(), "the parts of the splits pair up");
        match self {
            // SAFETY: as in `mark_block`.
            #[cfg(target_arch = "x86_64")]
            Lanes::Avx2 | Lanes::Avx512 if std::is_x86_feature_detected!("avx2") => unsafe {
                mark_splits_avx2(small, large, reached, epoch)
            },
            _ => mark_splits(small, large, reached, epoch, 0),
        }
    }
}

/// [`Lanes::mark_splits`] from split `from` on, one by one.
#[inline(always)]
fn mark_splits(small: &[u16], large: &[u16], reached: &mut [u32; 1 << 16], epoch: u32, from: usize) {
    for (&part, &other) in small[from..].iter().zip(&large[from..]) {
        reached[usize::from(part ^ other)] = epoch;
    }
}

/// [`Lanes::mark_splits`] on AVX2: sixteen options a step in a register, written out, then each
/// marked.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn mark_splits_avx2(small: &[u16], large: &[u16], reached: &mut [u32; 1 << 16], epoch: u32) {
    use std::arch::x86_64::{__m256i, _mm256_loadu_si256, _mm256_storeu_si256, _mm256_xor_si256};
    let n = small.len();
    let mut options = [0u16; 16];
    let mut done = 0;
    while done + 16 <= n {
        // SAFETY: 32-byte reads of `small[done..done + 16]` and `large[done..done + 16]`, in
        // bounds as `done + 16 ≤ n` (the lengths are equal, asserted by the caller); a 32-byte
        // write of the 32 bytes of `options`.
        unsafe {
            let s = _mm256_loadu_si256(small.as_ptr().add(done).cast::<__m256i>());
            let l = _mm256_loadu_si256(large.as_ptr().add(done).cast::<__m256i>());
            _mm256_storeu_si256(options.as_mut_ptr().cast::<__m256i>(), _mm256_xor_si256(s, l));
        }
        for &option in &options {
            reached[usize::from(option)] = epoch;
        }
        done += 16;
    }
    mark_splits(small, large, reached, epoch, done);
}

/// Values and parts [`Lanes::strike_set`] takes are below this.
pub const SET_SPAN: u32 = 1024;

/// [`Lanes::strike_set`] from split `from` on, one by one: clears the bit of each option found in
/// `bitmap`, until `left` bits are none; how many are left.
#[inline(always)]
fn strike_set(small: &[u16], large: &[u16], bitmap: &mut [u16; 64], mut left: usize, from: usize) -> usize {
    for i in from..small.len() {
        if left == 0 {
            break;
        }
        let option = usize::from(small[i] ^ large[i]);
        let bit = 1u16 << (option % 16);
        if bitmap[option / 16] & bit != 0 {
            bitmap[option / 16] &= !bit;
            left -= 1;
        }
    }
    left
}

/// [`Lanes::strike_set`] on AVX-512: 32 options a step, each option's byte of the bitmap picked
/// by a two-register byte permute (one instruction, where the 16-bit permute is three) and its bit
/// shifted down. The lanes that hit are few (each clears a value for good): a hit lane's value is
/// read again from the parts (no round trip of the register through memory), its bit cleared in
/// the registers, and every lane with that value dropped at once, so that a value found twice in
/// a step counts once. The bitmap in memory is written once, at the end.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512bw,avx512vbmi")]
fn strike_set_avx512(small: &[u16], large: &[u16], bitmap: &mut [u16; 64], mut left: usize) -> usize {
    use std::arch::x86_64::{
        __m512i, _mm512_and_si512, _mm512_andnot_si512, _mm512_cmpeq_epi16_mask, _mm512_loadu_si512,
        _mm512_maskz_set1_epi8, _mm512_permutex2var_epi8, _mm512_set1_epi16, _mm512_srli_epi16, _mm512_srlv_epi16,
        _mm512_storeu_si512, _mm512_test_epi16_mask, _mm512_xor_si512,
    };
    let n = small.len();
    // The bitmap as 128 bytes (the same bits: bit `v % 8` of byte `v / 8` is bit `v % 16` of word
    // `v / 16` on a little-endian machine). SAFETY: 64-byte reads within the 128 bytes of `bitmap`.
    let (mut low, mut high) =
        unsafe { (_mm512_loadu_si512(bitmap.as_ptr().cast()), _mm512_loadu_si512(bitmap.as_ptr().add(32).cast())) };
    let (seven, one) = (_mm512_set1_epi16(7), _mm512_set1_epi16(1));
    let mut done = 0;
    while done + 32 <= n && left > 0 {
        // SAFETY: 64-byte reads of `small[done..done + 32]` and `large[done..done + 32]`, in
        // bounds as `done + 32 ≤ n` (the lengths are equal, asserted by the caller).
        let (s, l): (__m512i, __m512i) = unsafe {
            (_mm512_loadu_si512(small.as_ptr().add(done).cast()), _mm512_loadu_si512(large.as_ptr().add(done).cast()))
        };
        let option = _mm512_xor_si512(s, l);
        // Each lane's low byte picks the option's byte (`option / 8 < 128`); its high byte picks
        // byte 0, which the shift by at most 7 leaves out of bit 0.
        let byte = _mm512_permutex2var_epi8(low, _mm512_srli_epi16(option, 3), high);
        let bits = _mm512_srlv_epi16(byte, _mm512_and_si512(option, seven));
        let mut hits = _mm512_test_epi16_mask(bits, one);
        while hits != 0 {
            let lane = done + hits.trailing_zeros() as usize;
            let value = usize::from(small[lane] ^ large[lane]);
            hits &= !_mm512_cmpeq_epi16_mask(option, _mm512_set1_epi16(value as i16));
            left -= 1;
            let clear = _mm512_maskz_set1_epi8(1 << (value / 8 % 64), (1u8 << (value % 8)) as i8);
            if value / 8 < 64 {
                low = _mm512_andnot_si512(clear, low);
            } else {
                high = _mm512_andnot_si512(clear, high);
            }
        }
        done += 32;
    }
    // SAFETY: 64-byte writes of the 128 bytes of `bitmap`.
    unsafe {
        _mm512_storeu_si512(bitmap.as_mut_ptr().cast(), low);
        _mm512_storeu_si512(bitmap.as_mut_ptr().add(32).cast(), high);
    }
    strike_set(small, large, bitmap, left, done)
}

/// Heaps [`Lanes::mark_block`] marks at once.
pub const MARK_BLOCK: usize = 16;

/// [`Lanes::mark_block`] as a plain loop (an option out of its row, which a part past the span
/// would give, is kept in it: the marks are only ever read in rows).
fn mark_block(parts: &[u16], rare: (&[u32], &[u16]), span: usize, marks: &mut [u8], mark: u8) {
    for (&offset, &value) in rare.0.iter().zip(rare.1) {
        let parts: &[u16; MARK_BLOCK] =
            parts[offset as usize..offset as usize + MARK_BLOCK].try_into().expect("a block of parts");
        for (j, &part) in parts.iter().enumerate() {
            marks[j * span + (usize::from(value ^ part) & (span - 1))] = mark;
        }
    }
}

/// [`Lanes::mark_block`] on AVX2: the sixteen places of a rare heap's marks in two registers,
/// written out, then each marked.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn mark_block_avx2(parts: &[u16], rare: (&[u32], &[u16]), span: usize, marks: &mut [u8], mark: u8) {
    if MARK_BLOCK * span <= 1 << 16 {
        return mark_block_narrow_avx2(parts, rare, span, marks, mark);
    }
    use std::arch::x86_64::{
        __m256i, _mm256_add_epi32, _mm256_and_si256, _mm256_castsi256_si128, _mm256_cvtepu16_epi32,
        _mm256_extracti128_si256, _mm256_loadu_si256, _mm256_set1_epi16, _mm256_storeu_si256, _mm256_xor_si256,
    };
    let rows: [u32; MARK_BLOCK] = std::array::from_fn(|j| (j * span) as u32);
    // SAFETY: 32-byte reads of the 64 bytes of `rows`.
    let (rows_low, rows_high) = unsafe {
        (
            _mm256_loadu_si256(rows.as_ptr().cast::<__m256i>()),
            _mm256_loadu_si256(rows.as_ptr().add(8).cast::<__m256i>()),
        )
    };
    let within = _mm256_set1_epi16((span - 1) as u16 as i16);
    let mut places = [0u32; MARK_BLOCK];
    for (&offset, &value) in rare.0.iter().zip(rare.1) {
        let offset = offset as usize;
        assert!(offset + MARK_BLOCK <= parts.len(), "a block of parts");
        // SAFETY: a 32-byte read of `parts[offset..offset + 16]`, in bounds (asserted).
        let block = unsafe { _mm256_loadu_si256(parts.as_ptr().add(offset).cast::<__m256i>()) };
        let options = _mm256_and_si256(_mm256_xor_si256(block, _mm256_set1_epi16(value as i16)), within);
        let low = _mm256_add_epi32(_mm256_cvtepu16_epi32(_mm256_castsi256_si128(options)), rows_low);
        let high = _mm256_add_epi32(_mm256_cvtepu16_epi32(_mm256_extracti128_si256(options, 1)), rows_high);
        // SAFETY: 32-byte writes into the 64 bytes of `places`.
        unsafe {
            _mm256_storeu_si256(places.as_mut_ptr().cast::<__m256i>(), low);
            _mm256_storeu_si256(places.as_mut_ptr().add(8).cast::<__m256i>(), high);
        }
        for &place in &places {
            // SAFETY: place = j·span + (option & (span − 1)) < MARK_BLOCK·span ≤ marks.len()
            // (asserted by the caller).
            unsafe { *marks.get_unchecked_mut(place as usize) = mark };
        }
    }
}

/// [`Lanes::mark_block`] on AVX2 when a block's marks number at most 2^16 (every value below
/// 4096): the sixteen places of a rare heap's marks in one register of 16-bit lanes (a row's
/// start or-ed with the option), taken out four at a time in 64-bit words and marked. Taking
/// each lane out of the register costs two instructions on the vector port every mark needs;
/// writing the register out and reading the lanes back stalls (a 32-byte write is not forwarded
/// to 2-byte reads): the words' shifts go on the many scalar ports instead.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn mark_block_narrow_avx2(parts: &[u16], rare: (&[u32], &[u16]), span: usize, marks: &mut [u8], mark: u8) {
    use std::arch::x86_64::{
        __m256i, _mm_cvtsi128_si64, _mm_extract_epi64, _mm256_and_si256, _mm256_castsi256_si128,
        _mm256_extracti128_si256, _mm256_loadu_si256, _mm256_or_si256, _mm256_set1_epi16, _mm256_xor_si256,
    };
    debug_assert!(MARK_BLOCK * span <= 1 << 16);
    let rows: [u16; MARK_BLOCK] = std::array::from_fn(|j| (j * span) as u16);
    // SAFETY: a 32-byte read of the 32 bytes of `rows`.
    let rows = unsafe { _mm256_loadu_si256(rows.as_ptr().cast::<__m256i>()) };
    let within = _mm256_set1_epi16((span - 1) as u16 as i16);
    for (&offset, &value) in rare.0.iter().zip(rare.1) {
        let offset = offset as usize;
        assert!(offset + MARK_BLOCK <= parts.len(), "a block of parts");
        // SAFETY: a 32-byte read of `parts[offset..offset + 16]`, in bounds (asserted).
        let block = unsafe { _mm256_loadu_si256(parts.as_ptr().add(offset).cast::<__m256i>()) };
        let options = _mm256_and_si256(_mm256_xor_si256(block, _mm256_set1_epi16(value as i16)), within);
        let places = _mm256_or_si256(options, rows);
        let (low, high) = (_mm256_castsi256_si128(places), _mm256_extracti128_si256(places, 1));
        let words =
            [_mm_cvtsi128_si64(low), _mm_extract_epi64(low, 1), _mm_cvtsi128_si64(high), _mm_extract_epi64(high, 1)];
        for word in words {
            for k in 0..4 {
                let place = (word as u64 >> (16 * k)) as u16;
                // SAFETY: place = j·span + (option & (span − 1)) < MARK_BLOCK·span ≤ marks.len()
                // (asserted by the caller).
                unsafe { *marks.get_unchecked_mut(usize::from(place)) = mark };
            }
        }
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn strike_avx2(small: &[u16], large: &[u16], few: &mut Vec<u32>) {
    strike(small, large, few)
}

/// [`Lanes::strike`] on AVX-512: 64 options in two registers, each value looked for a compare
/// per register into a mask, the masks or-ed (no branch) and tested once a block.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512bw")]
fn strike_avx512(small: &[u16], large: &[u16], few: &mut Vec<u32>) {
    use std::arch::x86_64::{
        __m512i, _mm512_cmpeq_epi16_mask, _mm512_loadu_si512, _mm512_set1_epi16, _mm512_setzero_si512, _mm512_xor_si512,
    };
    let n = small.len();
    let (mut wanted, mut count) = wanted(few);
    let mut broadcast = [_mm512_setzero_si512(); FEW];
    let spread = |broadcast: &mut [__m512i; FEW], wanted: &[u16; FEW]| {
        for (b, &v) in broadcast.iter_mut().zip(wanted) {
            *b = _mm512_set1_epi16(v as i16);
        }
    };
    spread(&mut broadcast, &wanted);
    let mut done = 0;
    while done + BLOCK <= n {
        // SAFETY: every read is 32 lanes within `small[done..done + 64]` or
        // `large[done..done + 64]`, both in bounds as `done + 64 ≤ n` (the lengths are equal).
        let (s0, s1, l0, l1) = unsafe {
            (
                _mm512_loadu_si512(small.as_ptr().add(done).cast()),
                _mm512_loadu_si512(small.as_ptr().add(done + 32).cast()),
                _mm512_loadu_si512(large.as_ptr().add(done).cast()),
                _mm512_loadu_si512(large.as_ptr().add(done + 32).cast()),
            )
        };
        let o0 = _mm512_xor_si512(s0, l0);
        let o1 = _mm512_xor_si512(s1, l1);
        let mut hits = 0u32;
        for b in &broadcast[..count] {
            hits |= _mm512_cmpeq_epi16_mask(o0, *b) | _mm512_cmpeq_epi16_mask(o1, *b);
        }
        if hits != 0 {
            let found = broadcast[..count].iter().enumerate().fold(0u32, |found, (k, b)| {
                let hits = _mm512_cmpeq_epi16_mask(o0, *b) | _mm512_cmpeq_epi16_mask(o1, *b);
                found | u32::from(hits != 0) << k
            });
            count = keep_unfound(&mut wanted, count, found);
            spread(&mut broadcast, &wanted);
        }
        done += BLOCK;
        if count == 0 {
            break;
        }
    }
    finish(small, large, done, few, wanted, count);
}

/// [`Lanes::strike`] as a plain loop, inlined into each target's copy.
#[inline(always)]
fn strike(small: &[u16], large: &[u16], few: &mut Vec<u32>) {
    let n = small.len();
    let (mut wanted, mut count) = wanted(few);
    let mut done = 0;
    while done + BLOCK <= n {
        let s: &[u16; BLOCK] = small[done..done + BLOCK].try_into().expect("a block");
        let l: &[u16; BLOCK] = large[done..done + BLOCK].try_into().expect("a block");
        let options: [u16; BLOCK] = std::array::from_fn(|j| s[j] ^ l[j]);
        let found = found_among(&options, &wanted[..count]);
        if found != 0 {
            count = keep_unfound(&mut wanted, count, found);
        }
        done += BLOCK;
        if count == 0 {
            break;
        }
    }
    finish(small, large, done, few, wanted, count);
}

/// The values of `few`, as the lanes hold them, and how many.
#[inline(always)]
fn wanted(few: &[u32]) -> ([u16; FEW], usize) {
    let mut wanted = [0u16; FEW];
    for (w, &v) in wanted.iter_mut().zip(few) {
        *w = v as u16;
    }
    (wanted, few.len())
}

/// A bit for each of `wanted` that is among `options`.
#[inline(always)]
fn found_among(options: &[u16], wanted: &[u16]) -> u32 {
    wanted.iter().enumerate().fold(0, |found, (k, v)| found | u32::from(options.contains(v)) << k)
}

/// The splits from `done` on one by one, then the values not found back into `few`.
#[inline(always)]
fn finish(small: &[u16], large: &[u16], done: usize, few: &mut Vec<u32>, mut wanted: [u16; FEW], mut count: usize) {
    let n = small.len();
    debug_assert!(count == 0 || n - done < BLOCK, "whole blocks are compared in lanes, not one by one");
    for i in done..n {
        if count == 0 {
            break;
        }
        let found = found_among(&[small[i] ^ large[i]], &wanted[..count]);
        if found != 0 {
            count = keep_unfound(&mut wanted, count, found);
        }
    }
    few.clear();
    few.extend(wanted[..count].iter().map(|&v| u32::from(v)));
}

/// Keeps, in order, the first `count` values of `wanted` whose bit in `found` is clear; how many.
fn keep_unfound(wanted: &mut [u16; FEW], count: usize, found: u32) -> usize {
    let mut kept = 0;
    for k in 0..count {
        if found >> k & 1 == 0 {
            wanted[kept] = wanted[k];
            kept += 1;
        }
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every kind of lanes removes exactly the values some split reaches, whatever the length
    /// (blocks and a tail), and a split in any lane.
    #[test]
    fn every_kind_strikes_exactly_the_values_reached() {
        let mut next = crate::test_numbers();
        for n in [0, 1, 63, 64, 65, 200, 1000] {
            for _ in 0..20 {
                let small: Vec<u16> = (0..n).map(|_| (next() % 600) as u16).collect();
                let large: Vec<u16> = (0..n).map(|_| (next() % 600) as u16).collect();
                let reached: Vec<u32> = (0..n).map(|i| u32::from(small[i] ^ large[i])).collect();
                let count = (next() % (FEW as u64 + 1)) as usize;
                let few: Vec<u32> = (0..count).map(|_| (next() % 1024) as u32).collect();
                let expected: Vec<u32> = few.iter().copied().filter(|v| !reached.contains(v)).collect();
                for lanes in Lanes::available() {
                    let mut left = few.clone();
                    lanes.strike(&small, &large, &mut left);
                    // All found, or none left to find (the search stops at an empty list).
                    assert_eq!(left, expected, "{lanes:?}, {n} splits, looking for {few:?}");
                }
            }
        }
    }

    /// Every kind of lanes marks the places the plain loop marks, for a block whose marks fit in
    /// 16 bits and for wider ones.
    #[test]
    fn every_kind_marks_the_options_of_a_block() {
        for span in [512usize, 4096, 8192] {
            let parts: Vec<u16> = (0..300u32).map(|i| (i as usize * 7919 % span) as u16).collect();
            let offsets: Vec<u32> = (0..40u32).map(|i| i * 97 % 280).collect();
            let values: Vec<u16> = (0..40u32).map(|i| (i as usize * 3187 % span) as u16).collect();
            let mut expected = vec![0u8; MARK_BLOCK * span];
            mark_block(&parts, (&offsets, &values), span, &mut expected, 3);
            assert!(expected.iter().filter(|&&m| m == 3).count() > 100);
            for lanes in Lanes::available() {
                let mut marks = vec![0u8; MARK_BLOCK * span];
                lanes.mark_block(&parts, (&offsets, &values), span, &mut marks, 3);
                assert!(marks == expected, "{lanes:?}, span {span}");
            }
        }
    }

    /// Every kind of lanes sets, for each heap of a block, the bits of the squeezed options
    /// below [`COMMON_BITS`] and no other: options past them (parts up to 2^14) set none, and a
    /// squeeze by any lowest mask bit keeps the bits below it and xors (the kernel is given
    /// squeezed parts and values; the expected indices squeeze the options by arithmetic).
    #[test]
    fn every_kind_keeps_a_blocks_common_options_in_bits() {
        let mut seed = 0x6a09_e667_f3bc_c909u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for low in [0u16, 1, 3, 31, 1023] {
            for rare_heaps in [0usize, 1, 7, 200] {
                let parts: Vec<u16> =
                    (0..400).map(|_| (next() % if next() % 4 == 0 { 1 << 14 } else { 450 }) as u16).collect();
                let offsets: Vec<u32> = (0..rare_heaps).map(|_| (next() % 384) as u32).collect();
                let values: Vec<u16> = (0..rare_heaps).map(|_| (next() % 400) as u16).collect();
                let mut expected = [[0u32; RANK_WORDS]; MARK_BLOCK];
                for (&offset, &value) in offsets.iter().zip(&values) {
                    for (j, heap) in expected.iter_mut().enumerate() {
                        let option = value ^ parts[offset as usize + j];
                        // The option less bit `low + 1`'s place, by arithmetic.
                        let below = option % (low + 1);
                        let index = u32::from(option / (2 * (low + 1)) * (low + 1) + below);
                        if index < COMMON_BITS {
                            heap[index as usize / 32] |= 1 << (index % 32);
                        }
                    }
                }
                if rare_heaps == 200 {
                    assert!(expected.iter().flatten().map(|w| w.count_ones()).sum::<u32>() > 500, "low {low}");
                }
                // The kernel takes the parts and values squeezed: an option's squeeze is theirs xor-ed.
                let squeezed: Vec<u16> = parts.iter().map(|&part| squeeze(part, low)).collect();
                let values: Vec<u32> = values.iter().map(|&value| u32::from(squeeze(value, low))).collect();
                for lanes in Lanes::available() {
                    // Bits set before stay set.
                    let mut bits = [[0u32; RANK_WORDS]; MARK_BLOCK];
                    bits[3][RANK_WORDS - 1] = 1 << 31;
                    lanes.common_block(&squeezed, (&offsets, &values), &mut bits);
                    let mut wanted = expected;
                    wanted[3][RANK_WORDS - 1] |= 1 << 31;
                    assert_eq!(bits, wanted, "{lanes:?}, low {low}, {rare_heaps} rare heaps");
                }
            }
        }
    }

    /// Every kind of lanes strikes exactly the values some split reaches from a set of any size.
    #[test]
    fn every_kind_strikes_exactly_the_values_of_a_set_reached() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for n in [0, 1, 31, 32, 33, 100, 1000] {
            for count in [0, 1, 5, 40, 300] {
                let small: Vec<u16> = (0..n).map(|_| (next() % 1024) as u16).collect();
                let large: Vec<u16> = (0..n).map(|_| (next() % 1024) as u16).collect();
                let reached: Vec<u32> = (0..n).map(|i| u32::from(small[i] ^ large[i])).collect();
                let mut missing: Vec<u32> = (0..count).map(|_| (next() % 1024) as u32).collect();
                missing.sort_unstable();
                missing.dedup();
                let expected: Vec<u32> = missing.iter().copied().filter(|v| !reached.contains(v)).collect();
                for lanes in Lanes::available() {
                    let mut left = missing.clone();
                    lanes.strike_set(&small, &large, &mut left);
                    assert_eq!(left, expected, "{lanes:?}, {n} splits, {count} values");
                }
            }
        }
    }

    /// Every kind of lanes strikes values at the edges of the set's bytes and registers (0–7, the
    /// first byte; 504–519, the last byte of the first half and the first of the second; 1016–1023,
    /// the last), each reached twice in a step or once in a later one, while the values near them
    /// that no split reaches stay.
    #[test]
    fn every_kind_strikes_the_values_at_the_edges_of_the_set() {
        let reached: Vec<u16> = (504..520).chain(1016..1024).chain([3, 5]).collect();
        // Three steps of 32 splits and a tail: the first 16 values reached in lanes j and j + 16
        // of the first step (the same value twice in a step), and all of them in the third.
        let mut options = vec![700u16; 100];
        for (j, &v) in reached.iter().enumerate() {
            if j < 16 {
                options[j] = v;
                options[16 + j] = v;
            }
            options[64 + j] = v;
        }
        let small: Vec<u16> = (0..100u16).map(|i| i * 7 % 1024).collect();
        let large: Vec<u16> = small.iter().zip(&options).map(|(&s, &o)| s ^ o).collect();
        let missing: Vec<u32> = (0..8).chain(500..524).chain(1012..1024).collect();
        let expected: Vec<u32> = missing.iter().copied().filter(|&v| !options.contains(&(v as u16))).collect();
        assert!(expected.contains(&0) && expected.contains(&520) && !expected.contains(&512));
        for lanes in Lanes::available() {
            let mut left = missing.clone();
            lanes.strike_set(&small, &large, &mut left);
            assert_eq!(left, expected, "{lanes:?}");
        }
    }

    /// Every kind of lanes marks the options of every split, whatever the length.
    #[test]
    fn every_kind_marks_the_options_of_a_run_of_splits() {
        for n in [0, 1, 15, 16, 17, 100] {
            let small: Vec<u16> = (0..n as u32).map(|i| (i * 7919 % 1000) as u16).collect();
            let large: Vec<u16> = (0..n as u32).map(|i| (i * 104_729 % 900) as u16).collect();
            let mut expected = vec![0u32; 1 << 16];
            for i in 0..n {
                expected[usize::from(small[i] ^ large[i])] = 5;
            }
            for lanes in Lanes::available() {
                let mut reached: Box<[u32; 1 << 16]> = vec![0; 1 << 16].into_boxed_slice().try_into().unwrap();
                lanes.mark_splits(&small, &large, &mut reached, 5);
                assert!(reached[..] == expected[..], "{lanes:?}, {n} splits");
            }
        }
    }

    /// Sets are struck in lanes by AVX-512 only, and only where the machine has its byte and word
    /// instructions and its byte permutes (VBMI): elsewhere the search compares a few values
    /// ([`FEW`]) in lanes instead, or strikes a set one split at a time.
    #[test]
    fn sets_are_struck_in_lanes_with_avx512_vbmi_only() {
        #[cfg(target_arch = "x86_64")]
        let vbmi = std::is_x86_feature_detected!("avx512bw") && std::is_x86_feature_detected!("avx512vbmi");
        #[cfg(not(target_arch = "x86_64"))]
        let vbmi = false;
        for lanes in [Lanes::Plain, Lanes::Avx2, Lanes::Avx512] {
            assert_eq!(lanes.strikes_sets(), lanes == Lanes::Avx512 && vbmi, "{lanes:?}");
        }
    }

    #[test]
    fn the_widest_lanes_are_found_first() {
        assert_eq!(Lanes::available().last(), Some(&Lanes::detect()));
        assert_eq!(Lanes::available()[0], Lanes::Plain);
    }
}
