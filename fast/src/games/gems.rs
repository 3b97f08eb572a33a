//! Gems Fight! (HDU 4778): a DP over the set of poured bags. The pot holds, per colour, the
//! gems poured so far modulo `S` — a function of the set alone — so `best[set]` (the mover's
//! best own − other's score from there) follows from the larger sets: pouring bag `b` scores
//! `k` stones; with `k > 0` the mover goes on (`k + best[set ∪ b]`), else the turn passes
//! (`−best[set ∪ b]`). `O(2^B · B · G)`.

use grundy_rules::games::Gems;

/// The first player's best score minus the second's.
pub fn best_difference(gems: &Gems) -> i64 {
    let (bags, stone) = (gems.bags(), gems.stone());
    let count = bags.len();
    let colours = gems.colours();
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

    fn gems(lists: &[&[usize]], colours: usize, stone: u32) -> Gems {
        let bags = lists
            .iter()
            .map(|gems| {
                let mut counts = vec![0u32; colours];
                for &c in *gems {
                    counts[c - 1] += 1;
                }
                counts
            })
            .collect();
        Gems::new(colours, stone, bags).unwrap()
    }

    #[test]
    fn the_samples() {
        assert_eq!(best_difference(&gems(&[&[2, 3], &[1, 3], &[1, 2], &[2, 3, 1]], 3, 3)), 3);
        assert_eq!(best_difference(&gems(&[&[2, 3, 1], &[1, 2, 3]], 3, 2)), -3);
    }
}
