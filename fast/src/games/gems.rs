//! Gems Fight! (HDU 4778): a DP over the set of poured bags. The pot holds, per colour, the
//! gems poured so far modulo `S` — a function of the set alone — so `best[set]` (the mover's
//! best own − other's score from there) follows from the larger sets: pouring bag `b` scores
//! `k` stones; with `k > 0` the mover goes on (`k + best[set ∪ b]`), else the turn passes
//! (`−best[set ∪ b]`). `O(2^B · B · G)`.

/// The first player's best score minus the second's. `bags[b][c]` counts colour `c` in bag `b`.
pub fn best_difference(bags: &[Vec<u32>], stone: u32) -> i64 {
    let count = bags.len();
    let colours = bags.first().map_or(0, Vec::len);
    let sets = 1usize << count;
    // pot[set · colours + c]: colour c in the pot after pouring `set`, modulo `stone`.
    let mut pot = vec![0u32; sets * colours];
    for set in 1..sets {
        let b = set.trailing_zeros() as usize;
        let rest = set & (set - 1);
        for c in 0..colours {
            pot[set * colours + c] = (pot[rest * colours + c] + bags[b][c]) % stone;
        }
    }
    let mut best = vec![0i64; sets];
    for set in (0..sets - 1).rev() {
        let mut value = i64::MIN;
        for b in (0..count).filter(|&b| set >> b & 1 == 0) {
            let stones: i64 = (0..colours).map(|c| i64::from((pot[set * colours + c] + bags[b][c]) / stone)).sum();
            let next = best[set | 1 << b];
            value = value.max(if stones > 0 { stones + next } else { -next });
        }
        best[set] = value;
    }
    best[0]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bags(lists: &[&[usize]], colours: usize) -> Vec<Vec<u32>> {
        lists
            .iter()
            .map(|gems| {
                let mut counts = vec![0u32; colours];
                for &c in *gems {
                    counts[c - 1] += 1;
                }
                counts
            })
            .collect()
    }

    #[test]
    fn the_samples() {
        assert_eq!(best_difference(&bags(&[&[2, 3], &[1, 3], &[1, 2], &[2, 3, 1]], 3), 3), 3);
        assert_eq!(best_difference(&bags(&[&[2, 3, 1], &[1, 2, 3]], 3), 2), -3);
    }
}
