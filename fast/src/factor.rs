//! Factoring 64-bit integers: deterministic Miller–Rabin and Pollard's rho (Brent's variant).
//!
//! Miller–Rabin with the first twelve primes as bases is exact for every `n < 3.3·10^24`
//! (Sorenson and Webster, 2015), so for all of `u64`. Products are taken in `u128`.

fn mul_mod(a: u64, b: u64, m: u64) -> u64 {
    (u128::from(a) * u128::from(b) % u128::from(m)) as u64
}

/// `(x² + c) mod m`, for `x, c < 2^64`: in `u128`, where `x² + c < 2^128`. (In `u64`,
/// `x² mod m + c` passes `2^64` when `m` is within `c` of it.)
fn square_plus_mod(x: u64, c: u64, m: u64) -> u64 {
    ((u128::from(x) * u128::from(x) + u128::from(c)) % u128::from(m)) as u64
}

fn pow_mod(mut base: u64, mut exponent: u64, m: u64) -> u64 {
    let mut result = 1 % m;
    base %= m;
    while exponent > 0 {
        if exponent & 1 == 1 {
            result = mul_mod(result, base, m);
        }
        base = mul_mod(base, base, m);
        exponent >>= 1;
    }
    result
}

/// Whether `n` is prime.
pub fn is_prime(n: u64) -> bool {
    const BASES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    if n < 2 {
        return false;
    }
    for p in BASES {
        if n.is_multiple_of(p) {
            return n == p;
        }
    }
    let s = (n - 1).trailing_zeros();
    let d = (n - 1) >> s;
    BASES.iter().all(|&a| {
        let mut x = pow_mod(a, d, n);
        if x == 1 || x == n - 1 {
            return true;
        }
        for _ in 1..s {
            x = mul_mod(x, x, n);
            if x == n - 1 {
                return true;
            }
        }
        false
    })
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Steps of the rho sequence tried for one constant. A composite `n < 2^64` has a prime factor
/// `p < 2^32`, and the sequence mod `p` repeats within about `√p ≈ 2^16` steps: `2^22` steps fail
/// to find it with probability about `e^(−2^44 / 2^33)`, so the bound is never met in practice,
/// but it stops a bug (or `n` prime) from looping without end.
const RHO_STEPS: u64 = 1 << 22;

/// A non-trivial factor of the odd composite `n` (Brent's cycle finding, products batched), or
/// `None` if four constants found none within [`RHO_STEPS`] steps each.
fn rho(n: u64) -> Option<u64> {
    for c in 1u64..=4 {
        // Every step of the sequence counts against the bound.
        let steps = std::cell::Cell::new(0u64);
        let f = |x: u64| {
            steps.set(steps.get() + 1);
            square_plus_mod(x, c, n)
        };
        let within = || steps.get() < RHO_STEPS;
        let (mut y, mut r, mut q, mut g) = (2u64, 1u64, 1u64, 1u64);
        let (mut x, mut ys) = (0u64, 0u64);
        while g == 1 && within() {
            x = y;
            for _ in 0..r {
                y = f(y);
            }
            let mut k = 0;
            while k < r && g == 1 && within() {
                ys = y;
                for _ in 0..128.min(r - k) {
                    y = f(y);
                    q = mul_mod(q, x.abs_diff(y), n);
                }
                g = gcd(q, n);
                k += 128;
            }
            r *= 2;
        }
        if g == n {
            // The batch overshot: step through it one at a time (at most r steps).
            for _ in 0..r {
                ys = f(ys);
                g = gcd(x.abs_diff(ys), n);
                if g > 1 {
                    break;
                }
            }
        }
        if g != 1 && g != n {
            return Some(g);
        }
    }
    None
}

/// The distinct prime factors of `n`, ascending; `None` in the case [`rho`] gives up (which a
/// correct factoring never meets).
pub fn distinct_primes(mut n: u64) -> Option<Vec<u64>> {
    let mut primes = Vec::new();
    for p in [2u64, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37] {
        if n.is_multiple_of(p) {
            primes.push(p);
            while n.is_multiple_of(p) {
                n /= p;
            }
        }
    }
    // n < 2^64 has at most 63 prime factors, so it splits at most 62 times: at most 125
    // numbers are taken from the stack before it is found empty. A wrong factor cannot make
    // this endless.
    let mut stack = vec![n];
    for _ in 0..=125 {
        let Some(m) = stack.pop() else {
            primes.sort_unstable();
            primes.dedup();
            return Some(primes);
        };
        if m == 1 {
            continue;
        }
        if is_prime(m) {
            primes.push(m);
            continue;
        }
        let d = rho(m)?;
        stack.push(d);
        stack.push(m / d);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rho step is exact where `x² mod m + c` would pass `2^64` (`m` near `2^64`, `c` large).
    #[test]
    fn the_rho_step_never_overflows() {
        let m = u64::MAX - 14;
        // x² mod m is about 0.75·2^64 for the first two.
        let cases = [((1 << 63) + 12_345, 1 << 63), (3u64.pow(40), m - 1), (m - 1, m - 1), (u64::MAX, u64::MAX)];
        for (x, c) in cases {
            let exact = (u128::from(x) * u128::from(x) + u128::from(c)) % u128::from(m);
            assert_eq!(u128::from(square_plus_mod(x, c, m)), exact, "x = {x}, c = {c}");
        }
    }

    /// rho finds a factor of every composite, the hardest ones included (two primes near 2^32,
    /// a square of one), within its bound; on a prime it gives up instead of looping.
    #[test]
    fn rho_is_bounded() {
        for (p, q) in [(4_294_967_291, 4_294_967_279), (4_294_967_291, 4_294_967_291), (4_294_967_279, 65_537)] {
            let d = rho(p * q).expect("a factor");
            assert!(d == p || d == q, "{d}");
        }
        assert_eq!(rho(18446744073709551557), None);
    }

    /// rho factors every product of two primes above 37 (the smallest it is given) up to 700:
    /// some need its step back through a batch that overshot (199 · 587, with every constant).
    #[test]
    fn rho_factors_every_product_of_two_primes_up_to_700() {
        let primes: Vec<u64> = (41..700).filter(|&p| (2..p).take_while(|d| d * d <= p).all(|d| p % d != 0)).collect();
        for (i, &p) in primes.iter().enumerate() {
            for &q in &primes[i..] {
                let d = rho(p * q);
                assert!(d == Some(p) || d == Some(q), "{p} · {q}: {d:?}");
            }
        }
    }

    /// Carmichael numbers are Fermat liars for every base prime to them; these have no factor up
    /// to 37, so only the strong test's squarings show them composite.
    #[test]
    fn carmichael_numbers_are_composite() {
        for (n, factors) in [
            (252_601, [41, 61, 101]),
            (1_152_271, [43, 127, 211]),
            (2_508_013, [53, 79, 599]),
            (10_024_561, [71, 271, 521]),
        ] {
            assert_eq!(factors.iter().product::<u64>(), n);
            // Korselt's criterion: square-free, and p − 1 divides n − 1 for each prime p.
            assert!(factors.iter().all(|&p| is_prime(p) && (n - 1) % (p - 1) == 0), "{n}");
            assert!(!is_prime(n), "{n}");
            assert_eq!(distinct_primes(n), Some(factors.to_vec()), "{n}");
        }
    }

    #[test]
    fn primes_and_factors() {
        let small: Vec<u64> = (0..40).filter(|&n| is_prime(n)).collect();
        assert_eq!(small, vec![2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37]);
        assert!(is_prime(18446744073709551557)); // the largest 64-bit prime
        assert!(!is_prime(3215031751)); // a strong pseudoprime to bases 2, 3, 5, 7
        assert_eq!(distinct_primes(1_000_000_007 * 998_244_353).unwrap(), vec![998_244_353, 1_000_000_007]);
        assert_eq!(distinct_primes(4_294_967_291 * 4_294_967_279).unwrap(), vec![4_294_967_279, 4_294_967_291]);
        assert_eq!(distinct_primes(1 << 60).unwrap(), vec![2]);
        assert_eq!(distinct_primes(1).unwrap(), Vec::<u64>::new());
        // The largest u64 composite without a prime factor up to 37 (its factors by sympy).
        assert_eq!(distinct_primes(u64::MAX - 14).unwrap(), vec![53, 348_051_774_975_651_917]);
        // Every n below 20,000 against a sieve of smallest prime factors (products of two primes
        // above 37 start at 41 · 43, and some need rho's backtracking, 71 · 127 for one).
        const N: usize = 20_000;
        let mut smallest = vec![0u64; N];
        for p in 2..N {
            if smallest[p] == 0 {
                for m in (p..N).step_by(p) {
                    if smallest[m] == 0 {
                        smallest[m] = p as u64;
                    }
                }
            }
        }
        for n in 2..N as u64 {
            let mut sieved = Vec::new();
            let mut m = n;
            while m > 1 {
                let p = smallest[m as usize];
                sieved.push(p);
                while m % p == 0 {
                    m /= p;
                }
            }
            assert_eq!(distinct_primes(n), Some(sieved), "{n}");
        }
    }
}
