//! When the period of the heap map covers every heap ([`heap_map_periods`]). The definitions are in
//! [`super`].
//!
//! **Periodicity** (notes, Theorem 3, in the manner of the Guy–Smith theorem): with `k` the last
//! non-zero digit, if `Φ(n + p) = Φ(n)` for all `n₀ ≤ n ≤ N − p` and `N ≥ 2n₀ + 2p + k − 1`, then
//! every heap past `N` has the same image and options' images as one `p` smaller, so the quotient
//! of *all* heaps is `Q` and `Φ` is periodic. (The proof splits an option into two heaps; codes
//! with three-heap moves get no proof.)

/// A periodic heap map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HeapPeriod {
    /// `Φ(n + period) = Φ(n)` from this heap on.
    pub start: u64,
    /// The period.
    pub period: u64,
}

/// The periods of a heap map `map[0..=n]` (heap 0 is the identity and never counted):
/// `(proven, observed)`. Each is the shortest period `p` of `map[1..=n]` with the earliest start
/// `s ≥ 1` for it (`map[h + p] = map[h]` for `s ≤ h ≤ n − p`) such that, for `proven`, the map's
/// periodicity theorem applies: `n + 1 ≥ 2s + 2p + k` for a game whose moves take at most `k`
/// tokens and leave at most two heaps (`last_digit` is `Some(k)`; `None`, no theorem: three
/// heaps); for `observed`, the period is seen at least three times: `n + 1 ≥ s + 3p`. The two are
/// looked for independently: a period may be observed and a longer one proven, or the other way.
pub(super) fn heap_map_periods(map: &[u32], last_digit: Option<u64>) -> (Option<HeapPeriod>, Option<HeapPeriod>) {
    let n = map.len() as u64 - 1;
    let (mut proven, mut observed) = (None, None);
    for period in 1..n {
        // One past the last heap where the period fails (never before heap 1).
        let start =
            (1..=n - period).rev().find(|&h| map[(h + period) as usize] != map[h as usize]).map_or(1, |h| h + 1);
        if observed.is_none() && n + 1 >= start + 3 * period {
            observed = Some(HeapPeriod { start, period });
        }
        if proven.is_none() && last_digit.is_some_and(|k| n + 1 >= 2 * start + 2 * period + k) {
            proven = Some(HeapPeriod { start, period });
        }
        if observed.is_some() && (proven.is_some() || last_digit.is_none()) {
            break;
        }
    }
    (proven, observed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::quotient::tests::quotient;
    /// The periodicity theorem proves the heap map's period as soon as the heaps verified reach
    /// `2·n0 + 2p + k − 1` for some period `p` from `n0` (the shortest such `p`), never before; a
    /// period is reported as seen once it shows three whole times. A proven quotient predicts
    /// every sum of far heaps as a longer computation does.
    /// On every map of up to 11 heaps over three elements, the proven and the observed period are
    /// each the shortest period whose condition holds, looked for independently of the other.
    #[test]
    fn heap_map_periods_are_each_the_shortest_that_holds() {
        let mut map = Vec::new();
        for n in 0..=11u32 {
            for code in 0..3u32.pow(n) {
                map.clear();
                map.push(0);
                map.extend((0..n).map(|i| code / 3u32.pow(i) % 3));
                let n = u64::from(n);
                let start =
                    |p: u64| (1..=n - p).rev().find(|&h| map[(h + p) as usize] != map[h as usize]).map_or(1, |h| h + 1);
                let shortest = |holds: &dyn Fn(u64, u64) -> bool| {
                    (1..n).find(|&p| holds(start(p), p)).map(|p| HeapPeriod { start: start(p), period: p })
                };
                let observed = shortest(&|s, p| n + 1 >= s + 3 * p);
                for k in 1..=3 {
                    let proven = shortest(&|s, p| n + 1 >= 2 * s + 2 * p + k);
                    assert_eq!(heap_map_periods(&map, Some(k)), (proven, observed), "{map:?}, k = {k}");
                }
                assert_eq!(heap_map_periods(&map, None), (None, observed), "{map:?}, three heaps");
            }
        }
    }

    #[test]
    fn heap_map_periods_come_exactly_when_shown() {
        // (0.34's period, 8 from heap 7, does not divide twice its start: a map read from the
        // wrong end of the period shows.)
        let codes = [
            ("0.31", vec![0, 3, 1]),
            ("0.123", vec![0, 1, 2, 3]),
            ("0.312", vec![0, 3, 1, 2]),
            ("0.34", vec![0, 3, 4]),
        ];
        for (code, digits) in codes {
            let long = quotient(code, &digits, 60);
            assert!(long.proven.is_some(), "{code}");
            let k = crate::octal::last_digit(&digits) as u64;
            let mut proven_at = None;
            for upto in 1..=40 {
                let q = quotient(code, &digits, upto);
                let map: Vec<u32> = (0..=upto).map(|h| q.heap_element(h).unwrap()).collect();
                // Period p from its start on this map (never before heap 1).
                let start = |p: u64| {
                    (1..=upto.saturating_sub(p))
                        .rev()
                        .find(|&h| map[(h + p) as usize] != map[h as usize])
                        .map_or(1, |h| h + 1)
                };
                let first = |enough: &dyn Fn(u64, u64) -> bool| {
                    (1..upto).find_map(|p| enough(start(p), p).then(|| HeapPeriod { start: start(p), period: p }))
                };
                let observed = first(&|n0, p| upto + 1 >= n0 + 3 * p);
                let proven = first(&|n0, p| upto + 1 >= 2 * n0 + 2 * p + k);
                assert_eq!(q.observed, observed, "{code} to {upto}");
                assert_eq!(q.proven, proven, "{code} to {upto}");
                if q.proven.is_some() {
                    proven_at.get_or_insert(upto);
                    // Past the heaps verified, the map follows the proven period: each heap's
                    // element is the one the longer computation finds, and a heap alone is
                    // its element.
                    for h in 1..=60 {
                        assert_eq!(q.heap_element(h), long.heap_element(h), "{code} to {upto}: heap {h}");
                        assert_eq!(q.times_heap(0, h).ok(), q.heap_element(h), "{code} to {upto}: heap {h}");
                    }
                    for a in 1..=60 {
                        for b in [1, 7, 33, 59, 60] {
                            assert_eq!(
                                q.outcome(&[a, b]).ok(),
                                long.outcome(&[a, b]).ok(),
                                "{code} to {upto}: {a} + {b}"
                            );
                        }
                    }
                }
            }
            assert!(proven_at.is_some(), "{code}: proven within 40 heaps");
        }
    }
}
