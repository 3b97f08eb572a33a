//! Fibonacci nim (HDU 2516): the second player wins iff the pile is a Fibonacci number.

use grundy_fast::games::fibonacci;
use grundy_rules::games::FibonacciNim;

use super::prelude::*;

/// The contest's largest pile, 2^31 − 1.
const LARGEST_PILE: u64 = (1 << 31) - 1;

/// Fibonacci nim.
#[derive(Debug, Clone, Copy, Default)]
pub struct FibonacciProblem;

impl Problem for FibonacciProblem {
    type Instance = FibonacciNim;
    type Answer = Outcome;
    engine_oracle!();

    const DATA: Data = Data {
        name: "fibonacci",
        summary: "Fibonacci nim: the second player wins iff n is a Fibonacci number",
        format: "HDU 2516: lines n, ending with 0; First win / Second win each",
        limits: "n to 2^64 − 1",
        // Lines until `0`.
        most_cases: 100_000,
        at_limits: Data::LARGEST_INPUT,
    };

    fn exhaustive(&self) -> Exhaustive<FibonacciNim> {
        let cases = (2..=120).map(|n| FibonacciNim::new(n).expect("a pile")).collect();
        Exhaustive { cases, description: "every pile 2..=120".to_string() }
    }

    fn random(&self, rng: &mut ChaCha8Rng) -> FibonacciNim {
        FibonacciNim::new(rng.random_range(2..=240)).expect("a pile")
    }

    fn fast(&self, game: &FibonacciNim) -> Result<Outcome, Unsupported> {
        Ok(fibonacci::outcome(game))
    }
}

impl Contest for FibonacciProblem {
    const STATEMENT: &Statement = &statement::FIBONACCI;

    const WINNERS: [&'static str; 2] = ["First win", "Second win"];

    fn read(&self, input: &str) -> Result<Vec<FibonacciNim>, InputError> {
        let mut tokens = Tokens::new("fibonacci", input);
        let mut all = Vec::new();
        loop {
            let n = tokens.number("n", 0, u64::MAX)?;
            if n == 0 {
                break;
            }
            all.push(FibonacciNim::new(n).map_err(|e| tokens.error(e.0))?);
        }
        tokens.finish("the terminating 0")?;
        Ok(all)
    }

    fn write(&self, piles: &[FibonacciNim]) -> Result<String, Unwritable> {
        Ok(piles.iter().map(|game| format!("{}\n", game.pile())).collect::<String>() + "0\n")
    }

    /// Half the piles aimed where answers change: a Fibonacci number (the second player's wins)
    /// or one of its neighbours (±2), up to the format's 2^31 − 1, or a Fibonacci number past it
    /// as a 32-bit integer wraps it, where that lands within the format (a solution that lists
    /// the numbers in an `int` array takes those for Fibonacci numbers: #56, a public solution
    /// did); the others uniform (in a large input 2 or 2^31 − 1 one time in 16 each).
    fn random_input(&self, rng: &mut ChaCha8Rng, large: bool) -> Vec<FibonacciNim> {
        let (games, largest) = if large { (rng.random_range(50..=2000), LARGEST_PILE) } else { (5, 150) };
        let mut fibonacci: Vec<u64> = std::iter::successors(Some((2u64, 3u64)), |&(a, b)| Some((b, a + b)))
            .map(|(a, _)| a)
            .take_while(|&f| f <= largest)
            .collect();
        let wrapped = std::iter::successors(Some((2u32, 3u32)), |&(a, b)| Some((b, a.wrapping_add(b))))
            .map(|(a, _)| u64::from(a))
            .take(100)
            .filter(|&w| (2..=largest).contains(&w) && !fibonacci.contains(&w))
            .collect::<Vec<u64>>();
        fibonacci.extend(wrapped);
        (0..rng.random_range(1..=games))
            .map(|_| {
                let pile = match rng.random_ratio(1, 2) {
                    true => {
                        let f = fibonacci[rng.random_range(0..fibonacci.len())];
                        f.saturating_add_signed(rng.random_range(-2..=2)).clamp(2, largest)
                    }
                    false if large => uniform_or_an_end(rng, 2, largest),
                    false => return self.random(rng),
                };
                FibonacciNim::new(pile).expect("a pile of 2 and more")
            })
            .collect()
    }

    /// Both ends in one input.
    fn extremes(&self) -> Vec<Vec<FibonacciNim>> {
        vec![[2, LARGEST_PILE].into_iter().map(|n| FibonacciNim::new(n).expect("a pile")).collect()]
    }

    /// A position is the tokens left and the most the next move may take, capped at the tokens
    /// left: `left ≤ n` and `most ≤ left`.
    fn oracle_positions(&self, game: &FibonacciNim) -> Option<u128> {
        let n = u128::from(game.pile());
        // (n + 1)(n + 2)/2, halving the even factor first.
        let (even, odd) = if n % 2 == 0 { (n + 2, n + 1) } else { (n + 1, n + 2) };
        Some((even / 2).saturating_mul(odd))
    }

    fn largest_input(&self, rng: &mut ChaCha8Rng) -> Vec<FibonacciNim> {
        (0..10_000).map(|_| FibonacciNim::new(rng.random_range(2..=LARGEST_PILE)).expect("a pile")).collect()
    }
}

impl Shrink for FibonacciNim {
    fn shape(&self) -> Shape {
        Shape::number(self.pile(), 2)
    }

    fn with_shape(&self, shape: &Shape) -> Option<FibonacciNim> {
        FibonacciNim::new(shape.value()?).ok()
    }
}
