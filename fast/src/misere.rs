//! Misère Grundy values of single heaps of octal games whose moves split heaps, by definition on
//! whole positions.
//!
//! In misère play a position's value is not the xor of its heaps' values, so the value of a heap
//! needs the values of its options *as positions*: `g⁻(0) = 1` for the position with no move, and
//! `g⁻(G) = mex { g⁻(G′) : G′ an option of G }` otherwise, where an option that leaves two heaps is
//! the two-heap position (Winning Ways, ch. 13; ONAG ch. 12). This module computes that, memoised
//! over every multiset of heaps reached from the heaps asked for.
//!
//! One simplification, exact: a heap with no move (a heap of 0, or of 1 in `0.07`) is the zero
//! game, and in the disjunctive compound deleting it from a position changes neither the options
//! nor whether the game is over — so positions are kept without such heaps. Nothing else is
//! assumed: no pair of equal heaps cancels in misère play.
//!
//! A position is keyed by its sorted heaps `a₁ ≤ … ≤ a_k` as the bit string with bits `aᵢ + i − 1`
//! set: `a_k + k ≤ 2·(tokens)` bits, so 256 bits hold every position of at most 128 tokens. The
//! search is a depth-first recursion whose depth is at most the number of tokens (each move takes
//! at least one, or splits a heap into smaller ones), hence at most 128 (or the heap size, for
//! `d0 = 4`, which only ever splits).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::time::Instant;

use crate::Unsupported;

/// The largest heap the by-definition search keys (its positions have at most this many tokens).
pub const MOST_TOKENS: u64 = 128;

/// The options of each heap of a splitting octal game, as sorted words of heaps, with the zero
/// games (heaps that have no move) left out.
#[derive(Debug, Clone)]
pub struct SplitOptions {
    digits: Vec<u8>,
    zero: Vec<bool>,
    options: Vec<Vec<Vec<u16>>>,
}

impl SplitOptions {
    /// Options of heaps `0..=n` of the octal code `digits` (`n < 65 536`).
    pub fn new(digits: &[u8], n: u64) -> Result<SplitOptions, Unsupported> {
        if n >= u64::from(u16::MAX) {
            return Err(Unsupported::TooLarge { size: n, limit: u64::from(u16::MAX) - 1 });
        }
        let mut all = SplitOptions { digits: digits.to_vec(), zero: Vec::new(), options: Vec::new() };
        for heap in 0..=n as usize {
            all.push_heap(heap);
        }
        Ok(all)
    }

    /// Adds heap `heap` (the next one).
    fn push_heap(&mut self, heap: usize) {
        let mut words: Vec<Vec<u16>> = Vec::new();
        let mut operable = false;
        for (take, &digit) in self.digits.iter().enumerate() {
            let Some(rest) = heap.checked_sub(take) else { break };
            let mut word = |parts: &[usize]| {
                operable = true;
                let mut w: Vec<u16> = parts.iter().filter(|&&p| !self.zero[p]).map(|&p| p as u16).collect();
                w.sort_unstable();
                words.push(w);
            };
            if digit & 1 != 0 && rest == 0 {
                word(&[]);
            }
            if digit & 2 != 0 && rest > 0 && take > 0 {
                word(&[rest]);
            }
            if digit & 4 != 0 {
                (1..=rest / 2).for_each(|a| word(&[a, rest - a]));
            }
            if digit & 8 != 0 {
                for a in 1..=rest / 3 {
                    (a..=(rest - a) / 2).for_each(|b| word(&[a, b, rest - a - b]));
                }
            }
        }
        words.sort();
        words.dedup();
        self.zero.push(!operable);
        self.options.push(words);
    }

    /// Whether heap `heap` has no move (it is the zero game).
    pub fn is_zero(&self, heap: u64) -> bool {
        self.zero[heap as usize]
    }

    /// The options of heap `heap`: sorted words of the heaps left, zero games left out.
    pub fn options(&self, heap: u64) -> &[Vec<u16>] {
        &self.options[heap as usize]
    }

    /// The index of the last non-zero digit (the most tokens a move removes).
    pub fn last_digit(&self) -> usize {
        crate::octal::last_digit(&self.digits)
    }
}

/// What stops a search early.
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    /// Most positions memoised.
    pub max_positions: usize,
    /// Wall-clock limit.
    pub deadline: Option<Instant>,
}

/// Misère Grundy values of heaps `0..=computed_to`, and why the search stopped where it did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MisereHeaps {
    /// `g⁻` of the heaps `0, 1, …`, by definition.
    pub values: Vec<u32>,
    /// Positions whose value was computed.
    pub positions: usize,
    /// Why the values stop before the heap asked for (`None`: every heap was computed).
    pub stopped: Option<String>,
}

/// FxHash-style multiplicative hashing: the keys are bit strings, not attacker-chosen.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        bytes.iter().for_each(|&b| self.write_u64(u64::from(b)));
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

type Key = [u64; 4];

/// The key of a sorted position of at most [`MOST_TOKENS`] tokens.
fn key(heaps: &[u16]) -> Key {
    let mut key = [0u64; 4];
    for (i, &a) in heaps.iter().enumerate() {
        let bit = a as usize + i;
        key[bit / 64] |= 1 << (bit % 64);
    }
    key
}

/// Bits `0..bit` of a key.
fn below(bit: usize) -> Key {
    let mut mask = [0u64; 4];
    for (w, word) in mask.iter_mut().enumerate() {
        let low = w * 64;
        *word = if bit >= low + 64 {
            u64::MAX
        } else if bit > low {
            (1u64 << (bit - low)) - 1
        } else {
            0
        };
    }
    mask
}

/// The key with bit `bit` taken out and the bits above it moved down one place: the position
/// without the heap that bit stands for.
fn remove_bit(key: Key, bit: usize) -> Key {
    let low = below(bit);
    let high = below(bit + 1);
    let mut out = [0u64; 4];
    for w in 0..4 {
        let upper = key[w] & !high[w];
        let next = if w + 1 < 4 { key[w + 1] & !high[w + 1] } else { 0 };
        out[w] = (key[w] & low[w]) | (upper >> 1) | (next << 63);
    }
    out
}

/// The key with the bits from `bit` on moved up one place and `bit` set: the position with one
/// more heap, whose bit is `bit`.
fn insert_bit(key: Key, bit: usize) -> Key {
    let low = below(bit);
    let mut out = [0u64; 4];
    for w in 0..4 {
        let upper = key[w] & !low[w];
        let previous = if w > 0 { key[w - 1] & !low[w - 1] } else { 0 };
        out[w] = (key[w] & low[w]) | (upper << 1) | (previous >> 63);
    }
    out[bit / 64] |= 1 << (bit % 64);
    out
}

/// The least value whose bit is clear in `seen` (bit `v % 64` of word `v / 64`), if any.
fn mex_of(seen: &Key) -> Option<usize> {
    seen.iter().enumerate().find(|&(_, &w)| w != u64::MAX).map(|(i, &w)| i * 64 + (!w).trailing_zeros() as usize)
}

enum Stop {
    Positions,
    Time,
    Value,
}

struct Search<'a> {
    options: &'a SplitOptions,
    memo: HashMap<Key, u8, BuildHasherDefault<KeyHasher>>,
    budget: Budget,
}

impl Search<'_> {
    /// `g⁻` of the sorted position `heaps` (no zero games in it).
    fn value(&mut self, heaps: &[u16]) -> Result<u8, Stop> {
        if heaps.is_empty() {
            return Ok(1);
        }
        let mut seen = [0u64; 4];
        let mut option: Vec<u16> = Vec::with_capacity(heaps.len() + 3);
        let whole = key(heaps);
        for (i, &heap) in heaps.iter().enumerate() {
            if i > 0 && heaps[i - 1] == heap {
                continue; // equal heaps have equal options
            }
            // The key of the option is found from the position's, without building the option:
            // take out heap i's bit, then put in each part's.
            let rest = remove_bit(whole, usize::from(heap) + i);
            for word in self.options.options(u64::from(heap)) {
                let mut option_key = rest;
                for (inserted, &part) in word.iter().enumerate() {
                    let below = heaps.partition_point(|&h| h <= part) - usize::from(heap <= part);
                    option_key = insert_bit(option_key, usize::from(part) + below + inserted);
                }
                let found = match self.memo.get(&option_key) {
                    Some(&value) => value,
                    None => {
                        option.clear();
                        option.extend(heaps[..i].iter().chain(&heaps[i + 1..]).copied());
                        for &part in word {
                            let at = option.partition_point(|&h| h < part);
                            option.insert(at, part);
                        }
                        debug_assert_eq!(key(&option), option_key);
                        self.value(&option)?
                    }
                };
                seen[usize::from(found) / 64] |= 1 << (found % 64);
            }
        }
        // A value is kept in a byte; 256 (every value below seen) is too large.
        let Some(value) = mex_of(&seen).and_then(|m| u8::try_from(m).ok()) else {
            return Err(Stop::Value);
        };
        if self.memo.len() >= self.budget.max_positions {
            return Err(Stop::Positions);
        }
        if self.memo.len().is_multiple_of(4096)
            && self.budget.deadline.is_some_and(|deadline| Instant::now() >= deadline)
        {
            return Err(Stop::Time);
        }
        self.memo.insert(key(heaps), value);
        Ok(value)
    }
}

/// `g⁻` of the single heaps `0..=upto` of the octal code `digits`, by definition on whole
/// positions, as far as `budget` allows (and at most [`MOST_TOKENS`]).
pub fn single_heaps(digits: &[u8], upto: u64, budget: Budget) -> Result<MisereHeaps, Unsupported> {
    let last = upto.min(MOST_TOKENS);
    let options = SplitOptions::new(digits, last)?;
    let mut search = Search { options: &options, memo: HashMap::default(), budget };
    let mut values = Vec::new();
    let mut stopped = None;
    for heap in 0..=last {
        let position: &[u16] = if options.is_zero(heap) { &[] } else { &[heap as u16] };
        match search.value(position) {
            Ok(value) => values.push(u32::from(value)),
            Err(stop) => {
                let why = match stop {
                    Stop::Positions => format!("the budget of {} positions", budget.max_positions),
                    Stop::Time => "the time limit".to_string(),
                    Stop::Value => "a value above 255".to_string(),
                };
                stopped = Some(format!("stopped at heap {heap} by {why}"));
                break;
            }
        }
    }
    if stopped.is_none() && last < upto {
        stopped = Some(format!("stopped at heap {}: positions are keyed up to {MOST_TOKENS} tokens", last + 1));
    }
    Ok(MisereHeaps { values, positions: search.memo.len(), stopped })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(code: &[u8], upto: u64) -> Vec<u32> {
        let budget = Budget { max_positions: 10_000_000, deadline: None };
        let heaps = single_heaps(code, upto, budget).unwrap();
        assert_eq!(heaps.stopped, None);
        heaps.values
    }

    #[test]
    fn keys_that_differ_in_their_last_word_never_share_a_hash() {
        // The last word enters the hash through a bijection of u64 (an xor, then a product by an
        // odd constant), so the memo's keys spread: keys that differ only there never collide.
        use std::hash::BuildHasher;
        let build = BuildHasherDefault::<KeyHasher>::default();
        let hashes: std::collections::HashSet<u64> =
            (0..4096u64).map(|w| build.hash_one([5, 0, 9, w.wrapping_mul(0x9e37_79b9_7f4a_7c15)])).collect();
        assert_eq!(hashes.len(), 4096);
        // The same holds word by word, whatever came before: from any state, 4,096 different
        // words written last give 4,096 different hashes.
        for before in [[0, 0], [1, 2], [u64::MAX, 7], [0x0123_4567_89ab_cdef, 1 << 63]] {
            let hashes: std::collections::HashSet<u64> = (0..4096u64)
                .map(|w| {
                    let mut hasher = KeyHasher::default();
                    before.iter().for_each(|&b| hasher.write_u64(b));
                    hasher.write_u64(w);
                    hasher.finish()
                })
                .collect();
            assert_eq!(hashes.len(), 4096, "after {before:?}");
        }
    }

    #[test]
    fn keys_tell_positions_apart() {
        assert_ne!(key(&[1, 2]), key(&[3]));
        assert_ne!(key(&[1, 1]), key(&[2]));
        assert_ne!(key(&[2, 2]), key(&[1, 3]));
        assert_eq!(key(&[64, 64]).iter().map(|w| w.count_ones()).sum::<u32>(), 2);
    }

    #[test]
    fn keys_of_options_follow_from_the_position_key() {
        let heaps = [1u16, 3, 3, 7, 40, 62];
        for i in 0..heaps.len() {
            let mut rest = heaps.to_vec();
            let heap = rest.remove(i);
            assert_eq!(remove_bit(key(&heaps), usize::from(heap) + i), key(&rest));
            for part in [1u16, 3, 5, 62, 63] {
                let at = rest.partition_point(|&h| h <= part);
                let mut more = rest.clone();
                more.insert(at, part);
                assert_eq!(insert_bit(key(&rest), usize::from(part) + at), key(&more));
            }
        }
    }

    /// Keys as plain lists of 256 bits: a heap's bit is put in or taken out, the bits above it
    /// moving up or down one place.
    #[test]
    fn inserting_and_removing_bits_shift_the_bits_above_across_words() {
        let bits = |key: Key| -> Vec<bool> { (0..256).map(|b| key[b / 64] >> (b % 64) & 1 == 1).collect() };
        let mut next = crate::test_numbers();
        for round in 0..64 {
            // Dense, sparse and full words, so that a carry crosses every word boundary.
            let key: Key = std::array::from_fn(|_| match round % 4 {
                0 => next(),
                1 => next() & next(),
                2 => u64::MAX,
                _ => next() | next(),
            });
            for bit in 0..256 {
                let mut inserted = bits(key);
                inserted.insert(bit, true);
                inserted.truncate(256);
                assert_eq!(bits(insert_bit(key, bit)), inserted, "insert {bit} into {key:x?}");
                let mut removed = bits(key);
                removed.remove(bit);
                removed.push(false);
                assert_eq!(bits(remove_bit(key, bit)), removed, "remove {bit} from {key:x?}");
            }
        }
    }

    #[test]
    fn the_mex_of_a_set_of_bits_is_its_least_clear_bit() {
        for values in [
            vec![],
            vec![0, 1, 2, 4],
            (0..64).collect(),
            (0..200).filter(|&v| v != 130).collect(),
            (0..256).collect::<Vec<_>>(),
        ] {
            let mut seen: Key = [0; 4];
            for &v in &values {
                seen[v / 64] |= 1 << (v % 64);
            }
            let expected = (0..256).find(|v| !values.contains(v));
            assert_eq!(mex_of(&seen), expected, "{values:?}");
        }
    }

    #[test]
    fn a_heap_without_options_is_left_out_of_options() {
        // 0.07: heap 1 has no move; heap 4 can become 2, or 1 + 1 (the empty position).
        let options = SplitOptions::new(&[0, 0, 7], 6).unwrap();
        assert!(options.is_zero(1) && options.is_zero(0) && !options.is_zero(2));
        assert_eq!(options.options(4), &[vec![], vec![2]]);
    }

    #[test]
    fn values_are_mex_of_whole_positions_not_xor() {
        // 0.77 (Kayles): heap 2 has options 1 and the empty position: mex{g⁻(1), g⁻(∅)} = mex{0, 1}.
        // A position of two heaps of 1 has the single option 1 (value 0): g⁻(1 + 1) = 1, while
        // xor would give 0 ^ 0 = 0.
        let kayles = values(&[0, 7, 7], 4);
        assert_eq!(&kayles[..3], &[1, 0, 2]);
        let options = SplitOptions::new(&[0, 7, 7], 4).unwrap();
        let mut search = Search {
            options: &options,
            memo: HashMap::default(),
            budget: Budget { max_positions: 100, deadline: None },
        };
        assert_eq!(search.value(&[1, 1]).ok(), Some(1));
    }

    #[test]
    fn the_budget_stops_the_search_and_says_where() {
        let budget = Budget { max_positions: 50, deadline: None };
        let heaps = single_heaps(&[0, 7, 7], 40, budget).unwrap();
        let stopped = heaps.stopped.unwrap();
        assert!(stopped.contains("budget of 50 positions"), "{stopped}");
        assert!(heaps.values.len() < 40);
    }
}
