//! The sparse-space search's tail, many splits a step. Once only a few rare values are still
//! looked for ([`FEW`]), each split's option is compared with each of them, 64 splits at once,
//! instead of being marked one by one in a slate: on Officers (0.6) this takes about a fifth off
//! the whole table's time. Which vector instructions is chosen once, at run time
//! ([`Lanes::detect`]): AVX-512 (two registers of 32 lanes of 16 bits, the compares into mask
//! registers, written with intrinsics: the compiler's own vectorization of the plain loop spent
//! more on moving masks than on comparing), else the plain loop compiled for AVX2, else for the
//! baseline (SSE2 on x86-64). Tests hold every kind the machine runs to the same answers.

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

    /// Removes from `few` (at most [`FEW`] values below 2^16) every value `small[i] ^ large[n − 1 − i]`,
    /// `n` the length of both, going up from `i = 0` and stopping once `few` is empty.
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
        __m512i, _mm512_cmpeq_epi16_mask, _mm512_loadu_si512, _mm512_permutexvar_epi16, _mm512_set1_epi16,
        _mm512_setzero_si512, _mm512_xor_si512,
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
    // Lane j of a reversed register holds lane 31 − j.
    let reverse_lanes: [u16; 32] = std::array::from_fn(|j| 31 - j as u16);
    // SAFETY: a 64-byte read of a 64-byte array.
    let reverse = unsafe { _mm512_loadu_si512(reverse_lanes.as_ptr().cast()) };
    let mut done = 0;
    while done + BLOCK <= n {
        // SAFETY: every read is 32 lanes within `small[done..done + 64]` or
        // `large[n − done − 64..n − done]`, both in bounds as `done + 64 ≤ n`.
        let (s0, s1, l0, l1) = unsafe {
            (
                _mm512_loadu_si512(small.as_ptr().add(done).cast()),
                _mm512_loadu_si512(small.as_ptr().add(done + 32).cast()),
                _mm512_loadu_si512(large.as_ptr().add(n - done - 32).cast()),
                _mm512_loadu_si512(large.as_ptr().add(n - done - 64).cast()),
            )
        };
        let o0 = _mm512_xor_si512(s0, _mm512_permutexvar_epi16(reverse, l0));
        let o1 = _mm512_xor_si512(s1, _mm512_permutexvar_epi16(reverse, l1));
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
        let l: &[u16; BLOCK] = large[n - done - BLOCK..n - done].try_into().expect("a block");
        let options: [u16; BLOCK] = std::array::from_fn(|j| s[j] ^ l[BLOCK - 1 - j]);
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
        let found = found_among(&[small[i] ^ large[n - 1 - i]], &wanted[..count]);
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
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for n in [0, 1, 63, 64, 65, 200, 1000] {
            for _ in 0..20 {
                let small: Vec<u16> = (0..n).map(|_| (next() % 600) as u16).collect();
                let large: Vec<u16> = (0..n).map(|_| (next() % 600) as u16).collect();
                let reached: Vec<u32> = (0..n).map(|i| u32::from(small[i] ^ large[n - 1 - i])).collect();
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

    #[test]
    fn the_widest_lanes_are_found_first() {
        assert_eq!(Lanes::available().last(), Some(&Lanes::detect()));
        assert_eq!(Lanes::available()[0], Lanes::Plain);
    }
}
