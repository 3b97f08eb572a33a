//! Wythoff's closed form against two exact references that share nothing with it (issue #16):
//!
//! * by definition of the floor: `a = ⌊kφ⌋ ⟺ 2a − k ≤ k√5 < 2a + 2 − k`, decided by comparing
//!   squares in 256-bit arithmetic built here from `u128` halves (no square root at all);
//! * by Zeckendorf representations (Fibonacci numbers only): the smaller piles of the
//!   P-positions are the numbers whose representation (in `F₂ = 1, F₃ = 2, …`) has an even
//!   smallest index, and each one's partner is the same representation shifted up one index.
//!
//! Both are anchored to the game's rules on small piles. Random pairs are drawn near the top of
//! `u64`; `GRUNDY_SOAK=N` runs N times as many (`GRUNDY_SOAK=50`: a million).

use grundy_fast::games::wythoff::lower_wythoff;
use grundy_rules::Outcome;
use grundy_rules::games::Wythoff;
use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// `grundy problem wythoff` on `input`.
fn solve_text(input: &str) -> String {
    grundy::catalog::find_contest("wythoff")
        .unwrap()
        .solve_text(input.as_bytes(), &grundy::budget::Budget::default())
        .unwrap()
}

/// Who wins the piles `a` and `b`, by the fast side.
fn outcome(a: u64, b: u64) -> Outcome {
    grundy_fast::games::wythoff::outcome(&Wythoff { a, b })
}

fn soak() -> u64 {
    std::env::var("GRUNDY_SOAK").ok().and_then(|v| v.parse().ok()).unwrap_or(1u64).max(1)
}

/// `x · y` as 256 bits, `(high, low)`, from 64-bit limbs.
fn wide_mul(x: u128, y: u128) -> (u128, u128) {
    const LOW: u128 = u64::MAX as u128;
    let (x1, x0) = (x >> 64, x & LOW);
    let (y1, y0) = (y >> 64, y & LOW);
    let (p00, p01, p10, p11) = (x0 * y0, x0 * y1, x1 * y0, x1 * y1);
    // The middle column: at most 3·(2^64 − 1), no overflow.
    let middle = (p00 >> 64) + (p01 & LOW) + (p10 & LOW);
    let low = (p00 & LOW) | (middle << 64);
    let high = p11 + (p01 >> 64) + (p10 >> 64) + (middle >> 64);
    (high, low)
}

/// `5k²` as 256 bits.
fn five_k_squared(k: u64) -> (u128, u128) {
    wide_mul(u128::from(k) * u128::from(k), 5)
}

/// Whether `a = ⌊kφ⌋`: `a ≤ (k + k√5)/2 < a + 1`, i.e. `2a − k ≤ k√5 < 2a + 2 − k`, each side
/// compared by its square when it is positive.
fn is_floor_k_phi(a: u128, k: u64) -> bool {
    let (k, n) = (u128::from(k), five_k_squared(k));
    let left = match (2 * a).checked_sub(k) {
        None => true,
        Some(x) => wide_mul(x, x) <= n,
    };
    let right = match (2 * a + 2).checked_sub(k) {
        None | Some(0) => false,
        Some(x) => wide_mul(x, x) > n,
    };
    left && right
}

/// `⌊kφ⌋` by bisection on `2a − k ≤ k√5` (true exactly for `a ≤ ⌊kφ⌋`), over `0..2^65`.
fn floor_k_phi(k: u64) -> u128 {
    let n = five_k_squared(k);
    let below = |a: u128| (2 * a).checked_sub(u128::from(k)).is_none_or(|x| wide_mul(x, x) <= n);
    let (mut low, mut high) = (0u128, 1u128 << 65); // below(low), !below(high)
    while high - low > 1 {
        let middle = low + (high - low) / 2;
        if below(middle) { low = middle } else { high = middle }
    }
    assert!(is_floor_k_phi(low, k));
    low
}

/// Fibonacci numbers `F₂ = 1, F₃ = 2, …` past `2^65` (`fibonacci()[i] = F_{i+2}`).
fn fibonacci() -> Vec<u128> {
    let mut f = vec![1u128, 2];
    while f[f.len() - 1] < 1 << 66 {
        f.push(f[f.len() - 1] + f[f.len() - 2]);
    }
    f
}

/// The larger pile of the P-position whose smaller pile is `a`, if there is one: `a`'s
/// Zeckendorf representation shifted up one index when its smallest index is even.
fn zeckendorf_partner(a: u64, fib: &[u128]) -> Option<u128> {
    let (mut rest, mut partner, mut smallest) = (u128::from(a), 0u128, None);
    for i in (0..fib.len() - 1).rev() {
        if fib[i] <= rest {
            rest -= fib[i];
            partner += fib[i + 1];
            smallest = Some(i + 2); // the index of fib[i]
        }
    }
    match smallest {
        None => Some(0), // a = 0: (0, 0)
        Some(index) if index % 2 == 0 => Some(partner),
        Some(_) => None,
    }
}

/// Who wins, by each reference; they must agree with each other.
fn reference(a: u64, b: u64, fib: &[u128]) -> Outcome {
    let (a, b) = (a.min(b), a.max(b));
    let by_floor = is_floor_k_phi(u128::from(a), b - a);
    let by_zeckendorf = zeckendorf_partner(a, fib) == Some(u128::from(b));
    assert_eq!(by_floor, by_zeckendorf, "the references disagree on ({a}, {b})");
    Outcome::from_first_wins(!by_floor)
}

/// The largest `k` whose P-position fits in `u64`, and its smaller pile (`b = u64::MAX` exactly).
const LARGEST_K: u64 = 7_046_029_254_386_353_130;
const LARGEST_A: u64 = 11_400_714_819_323_198_485;

#[test]
fn the_references_follow_the_rules_on_small_piles() {
    // P-positions by definition: no move to a P-position.
    const N: usize = 160;
    let mut losing = vec![[false; N]; N];
    for a in 0..N {
        for b in 0..N {
            let wins = (0..a).any(|x| losing[x][b])
                || (0..b).any(|y| losing[a][y])
                || (1..=a.min(b)).any(|d| losing[a - d][b - d]);
            losing[a][b] = !wins;
        }
    }
    let fib = fibonacci();
    for (a, row) in losing.iter().enumerate() {
        for (b, &lose) in row.iter().enumerate() {
            let expected = Outcome::from_first_wins(!lose);
            assert_eq!(reference(a as u64, b as u64, &fib), expected, "({a}, {b})");
            assert_eq!(outcome(a as u64, b as u64), expected, "({a}, {b})");
        }
    }
}

#[test]
fn the_wide_multiplication_is_exact() {
    assert_eq!(wide_mul(u128::MAX, u128::MAX), (u128::MAX - 1, 1));
    assert_eq!(wide_mul(1 << 64, 1 << 64), (1, 0));
    assert_eq!(wide_mul(u128::MAX, 5), (4, u128::MAX - 4));
    let mut rng = ChaCha8Rng::seed_from_u64(16);
    for _ in 0..1000 {
        let (x, y) = (u128::from(rng.next_u64()), u128::from(rng.next_u64()));
        assert_eq!(wide_mul(x, y), (0, x * y));
    }
}

/// `⌊kφ⌋` for `k` at the extremes: near 0, around every power of two, around the edge where
/// `5k²` stops fitting in `u128`, and up to `u64::MAX`.
#[test]
fn lower_wythoff_is_exact_at_the_extremes() {
    let edge = 8_249_634_742_471_189_717u64; // the last k with 5k² < 2^128
    let powers = (0..64).flat_map(|i| {
        let p = 1u64 << i;
        [p - 1, p, p.saturating_add(1)]
    });
    let ks = (0..2000u64)
        .chain(powers)
        .chain(edge - 2000..=edge + 2000)
        .chain(LARGEST_K - 2000..=LARGEST_K + 2000)
        .chain(u64::MAX - 20_000..=u64::MAX);
    for k in ks {
        let a = lower_wythoff(k);
        assert!(is_floor_k_phi(a, k), "lower_wythoff({k}) = {a}");
    }
    assert_eq!(floor_k_phi(u64::MAX), lower_wythoff(u64::MAX));
    assert_eq!(floor_k_phi(LARGEST_K), u128::from(LARGEST_A));
}

/// Issue #16's input, and the P-position of the largest `k` (its larger pile is `u64::MAX`).
#[test]
fn the_issue_input_and_the_largest_p_position() {
    assert_eq!(solve_text("4124817374176484132 12374452116647673850\n"), "1\n");
    let fib = fibonacci();
    assert_eq!(reference(4_124_817_374_176_484_132, 12_374_452_116_647_673_850, &fib), Outcome::First);
    assert!(is_floor_k_phi(u128::from(LARGEST_A), LARGEST_K));
    assert_eq!(LARGEST_A.checked_add(LARGEST_K), Some(u64::MAX));
    // ⌊(k + 1)φ⌋ ≥ ⌊kφ⌋ + 1: every larger k has its larger pile beyond u64::MAX.
    assert_eq!(outcome(LARGEST_A, u64::MAX), Outcome::Second);
    assert_eq!(outcome(u64::MAX, LARGEST_A), Outcome::Second);
    let input = format!("{LARGEST_A} {}\n{} {}\n", u64::MAX, LARGEST_A - 1, u64::MAX);
    assert_eq!(solve_text(&input), "0\n1\n");
}

/// Every P-position whose `k` is among the largest that fit in `u64` (100 000 of them, 100 000
/// × GRUNDY_SOAK), and its eight neighbours, against both references.
#[test]
fn every_p_position_near_the_largest_k() {
    let fib = fibonacci();
    let count = 100_000 * soak();
    let mut mismatches = 0u64;
    for k in (LARGEST_K - count + 1)..=LARGEST_K {
        let a = lower_wythoff(k);
        assert!(is_floor_k_phi(a, k), "lower_wythoff({k}) = {a}");
        let a = u64::try_from(a).unwrap();
        let b = a.checked_add(k).expect("fits for k ≤ LARGEST_K");
        assert_eq!(zeckendorf_partner(a, &fib), Some(u128::from(b)), "k = {k}");
        for da in [-1i8, 0, 1] {
            for db in [-1i8, 0, 1] {
                let (Some(x), Some(y)) = (a.checked_add_signed(da.into()), b.checked_add_signed(db.into())) else {
                    continue;
                };
                let expected = reference(x, y, &fib);
                assert_eq!(expected == Outcome::Second, (da, db) == (0, 0));
                mismatches += u64::from(outcome(x, y) != expected) + u64::from(outcome(y, x) != expected);
            }
        }
    }
    println!("{count} P-positions with k in {}..={LARGEST_K}: {mismatches} mismatches", LARGEST_K - count + 1);
    assert_eq!(mismatches, 0);
}

/// Random pairs near the top of `u64`, in four kinds: both piles near `u64::MAX` (small `k`),
/// one small and one near the top (`k` near `u64::MAX`), anywhere, and around a P-position whose
/// `k` is drawn from `2^62..=LARGEST_K`. 20 000 pairs, × GRUNDY_SOAK.
#[test]
fn random_pairs_near_the_top_agree_with_both_references() {
    let fib = fibonacci();
    let mut rng = ChaCha8Rng::seed_from_u64(0x16);
    let count = 20_000 * soak();
    let (mut mismatches, mut second) = (0u64, 0u64);
    for i in 0..count {
        let (a, b) = match i % 4 {
            0 => (rng.random_range(u64::MAX - (1 << 40)..=u64::MAX), rng.random_range(u64::MAX - (1 << 40)..=u64::MAX)),
            1 => (rng.random_range(0..=1 << 40), rng.random_range(u64::MAX - (1 << 40)..=u64::MAX)),
            2 => (rng.next_u64(), rng.next_u64()),
            _ => {
                let k = rng.random_range(1 << 62..=LARGEST_K);
                let a = u64::try_from(floor_k_phi(k)).unwrap();
                let a = a.saturating_add_signed(rng.random_range(-2i64..=2));
                let b = a.saturating_add(k).saturating_add_signed(rng.random_range(-2i64..=2));
                (a, b)
            }
        };
        let (a, b) = if rng.random::<bool>() { (b, a) } else { (a, b) };
        let expected = reference(a, b, &fib);
        second += u64::from(expected == Outcome::Second);
        if outcome(a, b) != expected {
            mismatches += 1;
            eprintln!("mismatch at ({a}, {b}): expected {expected:?}");
        }
    }
    println!("{count} random pairs near the top of u64 ({second} P-positions): {mismatches} mismatches");
    assert_eq!(mismatches, 0);
    assert!(second > 0, "the pairs around P-positions include some");
}
