//! Fibonacci nim: the second player wins exactly when `n` is a Fibonacci number (Whinihan,
//! 1963; the winner's strategy takes the smallest term of the pile's Zeckendorf representation).

use grundy_rules::Outcome;
use grundy_rules::games::FibonacciNim;

/// Whether `n` is a Fibonacci number (1, 2, 3, 5, 8, …). Exact for all of `u64`: the one sum
/// that can pass `2^64` (F(94)) is checked.
pub fn is_fibonacci(n: u64) -> bool {
    let (mut a, mut b) = (1u64, 2u64);
    while a < n {
        let Some(next) = a.checked_add(b) else { return b == n };
        (a, b) = (b, next);
    }
    a == n
}

/// Who wins the pile.
pub fn outcome(game: &FibonacciNim) -> Outcome {
    Outcome::from_first_wins(!is_fibonacci(game.pile()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fibonacci_numbers() {
        let small: Vec<u64> = (1..=40).filter(|&n| is_fibonacci(n)).collect();
        assert_eq!(small, vec![1, 2, 3, 5, 8, 13, 21, 34]);
        assert!(is_fibonacci(12200160415121876738)); // F(93), the largest in u64
        assert!(!is_fibonacci(u64::MAX));
    }
}
