//! SDOI2019 "Moving Coins": placements of `m` coins on `n` cells that the first player wins,
//! mod 1 000 000 009.
//!
//! With gaps `g1` (before the first coin), `g2, …, gm` (between coins) and `t` after the last,
//! moving coin `i` left by `k` moves `k` from `gi` to `g(i+1)` (to `t` for the last coin): a
//! staircase Nim whose ground is `t`. The player to move loses iff the xor of `gm, g(m−2), …`
//! (the gaps an odd number of steps from the ground) is 0 (the other gaps and `t` are free).
//! Counting the losing placements: a digit DP over bits counts the `⌈m/2⌉` odd-step gaps with
//! xor 0 and each total `s` (an even number of them has each bit), and the remaining `n − m − s`
//! cells go to the `⌊m/2⌋ + 1` free places in `C(n − m − s + ⌊m/2⌋, ⌊m/2⌋)` ways. The answer is
//! `C(n, m)` minus that. (The seed's solution forgets the place after the last coin.)

use grundy_rules::games::Coins;

const MOD: u64 = 1_000_000_009;

fn power(mut base: u64, mut exponent: u64) -> u64 {
    let mut result = 1;
    base %= MOD;
    while exponent > 0 {
        if exponent & 1 == 1 {
            result = result * base % MOD;
        }
        base = base * base % MOD;
        exponent >>= 1;
    }
    result
}

/// Binomials mod `MOD` up to `n`.
struct Binomials {
    factorial: Vec<u64>,
    inverse: Vec<u64>,
}

impl Binomials {
    fn new(n: usize) -> Binomials {
        let mut factorial = vec![1u64; n + 1];
        for i in 1..=n {
            factorial[i] = factorial[i - 1] * (i as u64 % MOD) % MOD;
        }
        let mut inverse = vec![1u64; n + 1];
        inverse[n] = power(factorial[n], MOD - 2);
        for i in (0..n).rev() {
            inverse[i] = inverse[i + 1] * (i as u64 + 1) % MOD;
        }
        Binomials { factorial, inverse }
    }

    fn choose(&self, n: usize, k: usize) -> u64 {
        if k > n { 0 } else { self.factorial[n] * self.inverse[k] % MOD * self.inverse[n - k] % MOD }
    }
}

/// Placements of the coins on the cells that the first player wins, mod 1 000 000 009. Every
/// product is of two residues below `MOD < 2^30` (below `2^60`); the sums `s + j·bit` are checked.
pub fn first_player_placements(coins: &Coins) -> u64 {
    let (n, m) = (coins.cells() as usize, coins.coins() as usize);
    let free = n - m;
    let odd = m.div_ceil(2);
    let others = m / 2 + 1;
    let binomials = Binomials::new(n + m + 1);
    // ways[s]: the odd-step gaps with xor 0 and sum s.
    let mut ways = vec![0u64; free + 1];
    ways[0] = 1;
    let mut bit = 1usize;
    while bit <= free {
        let mut next = vec![0u64; free + 1];
        for (s, &w) in ways.iter().enumerate().filter(|&(_, &w)| w != 0) {
            for j in (0..=odd).step_by(2) {
                let Some(t) = j.checked_mul(bit).and_then(|d| s.checked_add(d)).filter(|&t| t <= free) else { break };
                next[t] = (next[t] + w * binomials.choose(odd, j)) % MOD;
            }
        }
        ways = next;
        bit *= 2;
    }
    let losing =
        (0..=free).fold(0u64, |sum, s| (sum + ways[s] * binomials.choose(free - s + others - 1, others - 1)) % MOD);
    (binomials.choose(n, m) + MOD - losing) % MOD
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_samples() {
        let count = |n, m| first_player_placements(&Coins::new(n, m).unwrap());
        assert_eq!(count(10, 2), 36);
        assert_eq!(count(6, 3), 14);
        assert_eq!(count(5, 1), 4);
    }

    /// The largest boards are counted with no overflow on the way (the tests' build checks every
    /// operation): a residue. With 60 coins, the binomials in the digit DP are large residues.
    #[test]
    fn the_largest_boards_count_without_overflow() {
        for m in [60, 61, Coins::MOST_COINS] {
            let count = first_player_placements(&Coins::new(Coins::MOST_CELLS, m).unwrap());
            assert!(count < MOD, "{m} coins: {count}");
        }
    }
}
