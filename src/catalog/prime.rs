//! Remove the Prime: per prime, maximal runs of multiples are heaps of value their length.

use grundy_fast::games::prime;
use grundy_rules::games::RemoveThePrime;

use super::prelude::*;

/// The contest's longest sequence.
const LONGEST: u64 = 1000;
/// The contest's largest number.
const LARGEST_NUMBER: u64 = 1_000_000_000_000_000_000;

/// Remove the Prime.
#[derive(Debug, Clone, Copy, Default)]
pub struct PrimeProblem;

impl Problem for PrimeProblem {
    type Instance = RemoveThePrime;
    type Answer = Outcome;
    engine_oracle!();

    const DATA: Data = Data {
        name: "prime",
        summary: "Remove the Prime: per prime, runs of multiples are heaps of value their length",
        format: "Remove the Prime: n, then a1 … an; First or Second",
        limits: "n to 10^5, ai to 2^64 − 1",
        most_cases: 1,
        // n = 1000: random numbers to 10^18; products of the two largest primes below 10^9 (Pollard's
        // rho at its slowest); equal powers of two (one run of n).
        at_limits: &[
            "n = 1000 numbers, each 1..10^18",
            "n = 1000 products of two primes near 10^9",
            "n = 1000 equal numbers 2^59",
        ],
    };

    fn exhaustive(&self) -> Exhaustive<RemoveThePrime> {
        let mut cases = Vec::new();
        for count in 1..=3usize {
            let mut sequence = vec![1u64; count];
            loop {
                cases.push(RemoveThePrime::new(sequence.clone()).expect("a sequence"));
                let Some(i) = (0..count).rev().find(|&i| sequence[i] < 12) else { break };
                sequence[i] += 1;
                sequence[i + 1..].fill(1);
            }
        }
        Exhaustive { cases, description: "every sequence of ≤ 3 numbers from 1..=12".to_string() }
    }

    fn random(&self, rng: &mut ChaCha8Rng) -> RemoveThePrime {
        RemoveThePrime::new((0..rng.random_range(1..=6)).map(|_| rng.random_range(1..=72)).collect())
            .expect("a sequence")
    }

    fn fast(&self, game: &RemoveThePrime) -> Result<Outcome, Unsupported> {
        prime::outcome(game)
    }
}

impl Contest for PrimeProblem {
    const STATEMENT: &Statement = &statement::PRIME;

    fn read(&self, input: &str) -> Result<Vec<RemoveThePrime>, InputError> {
        let mut tokens = Tokens::new("prime", input);
        let longest = RemoveThePrime::LONGEST as u64;
        let sequence = tokens.counted_numbers("n, the length of the sequence", longest, "a number", "numbers")?;
        Ok(vec![RemoveThePrime::new(sequence).map_err(|e| tokens.error(e.0))?])
    }

    fn write(&self, cases: &[RemoveThePrime]) -> Result<String, Unwritable> {
        Ok(counted_line(single(cases, "Remove the Prime")?.sequence()))
    }

    fn random_large_input(&self, rng: &mut ChaCha8Rng) -> Vec<RemoveThePrime> {
        let sequence = (0..rng.random_range(50..=LONGEST)).map(|_| uniform_or_an_end(rng, 1, LARGEST_NUMBER)).collect();
        vec![RemoveThePrime::new(sequence).expect("a sequence")]
    }

    fn largest_input(&self, rng: &mut ChaCha8Rng) -> Vec<RemoveThePrime> {
        let sequence = (0..LONGEST).map(|_| rng.random_range(1..=LARGEST_NUMBER)).collect();
        vec![RemoveThePrime::new(sequence).expect("a sequence")]
    }

    fn at_limit(&self, which: usize, rng: &mut ChaCha8Rng) -> Vec<RemoveThePrime> {
        const PRIMES: [u64; 3] = [999_999_937, 999_999_929, 999_999_893];
        let sequence: Vec<u64> = match which {
            0 => return self.largest_input(rng),
            1 => (0..LONGEST).map(|_| PRIMES[rng.random_range(0..3)] * PRIMES[rng.random_range(0..3)]).collect(),
            _ => vec![1 << 59; LONGEST as usize],
        };
        vec![RemoveThePrime::new(sequence).expect("a sequence")]
    }

    /// One number, 10^18; 1000 numbers, 1 and then 10^18 twice, in turn.
    fn extremes(&self) -> Vec<Vec<RemoveThePrime>> {
        let mixed = (0..LONGEST).map(|i| if i % 3 == 0 { 1 } else { LARGEST_NUMBER }).collect();
        vec![
            vec![RemoveThePrime::new(vec![LARGEST_NUMBER]).expect("a sequence")],
            vec![RemoveThePrime::new(mixed).expect("a sequence")],
        ]
    }

    /// A move divides primes out of numbers completely, so a number becomes one of the `2^ω(a)`
    /// products of some of its prime powers (ω(a) its distinct primes): at most `2^Σω(ai)`
    /// sequences. A number the oracle cannot factor quickly puts the game past its reach (its
    /// trial division runs to the square root of a number's largest prime, up to 10^9 divisors
    /// for each segment of each position: minutes where the fast side takes microseconds).
    fn oracle_positions(&self, game: &RemoveThePrime) -> Option<u128> {
        let mut primes = 0;
        for &a in game.sequence() {
            let (count, cofactor) = most_distinct_primes(a);
            if cofactor > SLOW_COFACTOR {
                return Some(u128::MAX);
            }
            primes += u64::from(count);
        }
        Some(power_of_two(primes))
    }
}

/// A number with a part above this left after its primes below 1000 is slow for the oracle's
/// trial division (10^6 divisors or more).
const SLOW_COFACTOR: u64 = 1_000_000_000_000;

/// At least the number of distinct primes dividing `a`, cheaply: the primes below 1000 by trial
/// division, then as many more as the cofactor has room for, each above 1000 (exactly one when
/// the cofactor is below 1000², where it is a prime); and that cofactor.
fn most_distinct_primes(mut a: u64) -> (u32, u64) {
    let mut count = 0;
    let mut divisor = 2;
    while divisor < 1000 && divisor * divisor <= a {
        if a.is_multiple_of(divisor) {
            count += 1;
            while a.is_multiple_of(divisor) {
                a /= divisor;
            }
        }
        divisor += 1;
    }
    if a == 1 {
        return (count, a);
    }
    if divisor * divisor > a {
        return (count + 1, a);
    }
    let mut room = 1u64;
    while let Some(more) = room.checked_mul(divisor).filter(|&more| more <= a) {
        room = more;
        count += 1;
    }
    (count, a)
}

shrink_as_numbers!(RemoveThePrime, sequence);
