//! Whether a candidate is the misère quotient: its verification ([`verify`]), and the labelling and
//! reduction of a candidate ([`mark_and_reduce`]). The definitions are in [`super`].
//!
//! **Recognition** (the only source of correctness here). A candidate `(Q, P, Φ)` — a finite
//! commutative monoid given by how each heap acts on it, a subset `P`, a map of heaps — is *the*
//! quotient when (i) it predicts every outcome and (ii) it is reduced (no two elements `x ≠ y`
//! with `xz ∈ P ⇔ yz ∈ P` for all `z`): then `G ≡ H ⇔ Φ(G) = Φ(H)`. Reduction is by partition
//! refinement. (i) holds, by induction on the number of tokens, iff
//! * (0) the identity (the empty position, which the player to move wins) is not in `P`;
//! * (A) no predicted P-position has a predicted P-option: for every element `x`, heap `h` and
//!   option `o` of `h`, not both `x·Φ(h)` and `x·Φ(o)` lie in `P` (finite: every `x` is the image
//!   of some sum `u`, and `u + o` is an option of `u + h`);
//! * (B) every non-empty sum `w` predicted N has an option predicted P. With `T(w)` the images of
//!   the options of `w`, `T(w + h) = T(w)·Φ(h) ∪ Φ(w)·Φ(options of h)`; a smaller `T` for the same
//!   image makes (B) harder for every extension, so a best-first closure over the pairs
//!   `(Φ(w), T(w))` that keeps only the inclusion-minimal `T` per image decides (B) finitely.
//!   The empty sum must not stand for others: it has no option and is not checked.
//!
//! (Proofs: our research notes, `notes/misere/notes.md`, Theorems 1 and 2; the same test as
//! Siegel's "valid transition tables". The closure here is ours.) Both checks report the failing
//! sum of fewest tokens.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use super::monoid::Monoid;
use super::{Stop, Word, Work};
use crate::misere::SplitOptions;

/// Images of the options of `word` (sorted sums), by `m`.
fn option_images(m: &Monoid, options: &SplitOptions, word: &[u16]) -> Vec<u32> {
    let mut images = Vec::new();
    let mut rest: Vec<u16> = Vec::with_capacity(word.len());
    for (i, &h) in word.iter().enumerate() {
        if i > 0 && word[i - 1] == h {
            continue;
        }
        rest.clear();
        rest.extend(word[..i].iter().chain(&word[i + 1..]));
        let base = m.apply(0, &rest);
        for o in options.options(u64::from(h)) {
            images.push(m.apply(base, o));
        }
    }
    images.sort_unstable();
    images.dedup();
    images
}

/// Whether `word` is truly a P-position, given that `m` labels every option of it correctly.
pub(super) fn correct_label(m: &Monoid, options: &SplitOptions, word: &[u16]) -> bool {
    let images = option_images(m, options, word);
    !images.is_empty() && images.iter().all(|&t| !m.p[t as usize])
}

/// Labels an unreduced candidate from its elements' lightest sums, then reduces it (Moore's
/// partition refinement from the partition by label).
pub(super) fn mark_and_reduce(m: &Monoid, work: &mut Work) -> Result<Monoid, Stop> {
    let (_, parent, order) = m.dijkstra();
    let mut transitions: Vec<Vec<u32>> = vec![Vec::new(); m.size];
    let mut p = vec![false; m.size];
    for &x in order.iter().skip(1) {
        let (y, h) = parent[x as usize];
        let column = m.column(h);
        let mut t: Vec<u32> = transitions[y as usize].iter().map(|&t| column[t as usize]).collect();
        for o in work.options.options(u64::from(h)) {
            t.push(m.apply(y, o));
        }
        t.sort_unstable();
        t.dedup();
        work.tick(t.len() as u64 + 1)?;
        p[x as usize] = !t.is_empty() && t.iter().all(|&s| !p[s as usize]);
        transitions[x as usize] = t;
    }
    // Heaps acting alike need to be looked at once.
    let mut distinct: Vec<u16> = Vec::new();
    {
        let mut seen: HashMap<&[u32], ()> = HashMap::new();
        for &h in &m.heaps {
            if seen.insert(m.column(h), ()).is_none() {
                distinct.push(h);
            }
        }
    }
    let mut class: Vec<u32> = p.iter().map(|&b| u32::from(b)).collect();
    let mut classes = class.iter().collect::<std::collections::HashSet<_>>().len();
    loop {
        let mut ids: HashMap<Vec<u32>, u32> = HashMap::new();
        let mut next = vec![0u32; m.size];
        for x in 0..m.size {
            let mut signature = Vec::with_capacity(distinct.len() + 1);
            signature.push(class[x]);
            signature.extend(distinct.iter().map(|&h| class[m.act[h as usize][x] as usize]));
            let fresh = ids.len() as u32;
            next[x] = *ids.entry(signature).or_insert(fresh);
        }
        work.tick((m.size * distinct.len()) as u64 / 16 + 1)?;
        class = next;
        if ids.len() == classes {
            break;
        }
        classes = ids.len();
    }
    // Number the classes in the order of their lightest sums: the identity's class is 0.
    let mut rename = vec![u32::MAX; classes];
    let mut size = 0u32;
    for &x in &order {
        let c = class[x as usize] as usize;
        if rename[c] == u32::MAX {
            rename[c] = size;
            size += 1;
        }
    }
    let mut reduced = Monoid {
        size: size as usize,
        heaps: m.heaps.clone(),
        act: vec![Vec::new(); m.act.len()],
        p: vec![false; size as usize],
    };
    for &h in &m.heaps {
        let mut column = vec![0u32; size as usize];
        for &x in &order {
            let c = rename[class[x as usize] as usize];
            column[c as usize] = rename[class[m.act[h as usize][x as usize] as usize] as usize];
        }
        reduced.act[h as usize] = column;
    }
    for &x in &order {
        reduced.p[rename[class[x as usize] as usize] as usize] = p[x as usize];
    }
    Ok(reduced)
}

/// Theorem 2: `None` when `m` predicts every outcome of sums of its heaps, else a failing sum
/// of fewest tokens.
pub(super) fn verify(m: &Monoid, work: &mut Work) -> Result<Option<Word>, Stop> {
    if m.p[0] {
        return Ok(Some(Vec::new()));
    }
    let (dist, words, _) = m.lightest();
    // Heap types: heaps with the same image and options' images behave alike.
    let mut types: HashMap<(u32, Vec<u32>), u16> = HashMap::new();
    for &h in &m.heaps {
        let mut images: Vec<u32> = work.options.options(u64::from(h)).iter().map(|o| m.apply(0, o)).collect();
        images.sort_unstable();
        images.dedup();
        let entry = types.entry((m.phi(h), images)).or_insert(h);
        *entry = (*entry).min(h);
    }
    // Each type: its lightest heap and one option per distinct image.
    let mut kinds: Vec<(u16, Vec<Word>)> = types
        .values()
        .map(|&h| {
            let mut seen = Vec::new();
            let mut kept = Vec::new();
            for o in work.options.options(u64::from(h)) {
                let image = m.apply(0, o);
                if !seen.contains(&image) {
                    seen.push(image);
                    kept.push(o.clone());
                }
            }
            (h, kept)
        })
        .collect();
    kinds.sort();
    let mut best: Option<(u64, Word)> = None;
    // (A): a predicted P-position with a predicted P-option.
    for x in 0..m.size {
        for (h, kept) in &kinds {
            if !m.p[m.act[*h as usize][x] as usize] {
                continue;
            }
            let w = dist[x] + u64::from(*h);
            if best.as_ref().is_some_and(|(b, _)| w >= *b) {
                continue;
            }
            work.tick(kept.len() as u64)?;
            if kept.iter().any(|o| m.p[m.apply(x as u32, o) as usize]) {
                let mut word = words[x].clone();
                let at = word.partition_point(|&g| g < *h);
                word.insert(at, *h);
                best = Some((w, word));
            }
        }
    }
    let cap = best.as_ref().map(|(w, _)| *w);
    // (B): a non-empty predicted N-position with no predicted P-option; best-first by tokens.
    let words_of = m.size.div_ceil(64);
    let mut minimal: Vec<Vec<Vec<u64>>> = vec![Vec::new(); m.size];
    let subset = |a: &[u64], b: &[u64]| a.iter().zip(b).all(|(x, y)| x & !y == 0);
    // (tokens, insertion count, image, images of the options as a bitset, the sum)
    type Entry = (u64, u64, u32, Vec<u64>, Word);
    let mut queue: BinaryHeap<Reverse<Entry>> = BinaryHeap::new();
    let mut counter = 0u64;
    queue.push(Reverse((0, 0, 0, vec![0; words_of], Vec::new())));
    while let Some(Reverse((w, _, x, t, word))) = queue.pop() {
        if cap.is_some_and(|c| w >= c) {
            break;
        }
        work.tick(1)?;
        if !word.is_empty() {
            let list = &mut minimal[x as usize];
            if list.iter().any(|s| subset(s, &t)) {
                continue;
            }
            list.retain(|s| !subset(&t, s));
            list.push(t.clone());
            let has_p = t.iter().enumerate().any(|(i, &bits)| {
                let mut bits = bits;
                while bits != 0 {
                    let j = i * 64 + bits.trailing_zeros() as usize;
                    if m.p[j] {
                        return true;
                    }
                    bits &= bits - 1;
                }
                false
            });
            if !m.p[x as usize] && !has_p {
                best = Some((w, word));
                break;
            }
        }
        for (h, kept) in &kinds {
            let column = m.column(*h);
            let y = column[x as usize];
            let nw = w + u64::from(*h);
            if cap.is_some_and(|c| nw >= c) {
                continue;
            }
            let mut next = vec![0u64; words_of];
            for (i, &bits) in t.iter().enumerate() {
                let mut bits = bits;
                while bits != 0 {
                    let j = column[i * 64 + bits.trailing_zeros() as usize] as usize;
                    next[j / 64] |= 1 << (j % 64);
                    bits &= bits - 1;
                }
            }
            for o in kept {
                let j = m.apply(x, o) as usize;
                next[j / 64] |= 1 << (j % 64);
            }
            work.tick(kept.len() as u64 + 1)?;
            if minimal[y as usize].iter().any(|s| subset(s, &next)) {
                continue;
            }
            let mut extended = word.clone();
            let at = extended.partition_point(|&g| g < *h);
            extended.insert(at, *h);
            counter += 1;
            queue.push(Reverse((nw, counter, y, next, extended)));
        }
        if queue.len() > work.budget.max_elements.saturating_mul(16) {
            return Err(Stop::Queue(queue.len()));
        }
    }
    Ok(best.map(|(_, word)| word))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::quotient::Budget;
    use crate::quotient::tests::{quotient, sums, weight};
    #[test]
    fn a_flipped_label_fails_verification() {
        let q = quotient("0.75", &[0, 7, 5], 12);
        let options = SplitOptions::new(&[0, 7, 5], 12).unwrap();
        let mut work = Work { options: &options, budget: Budget::default(), steps: 0 };
        assert_eq!(verify(&q.monoid, &mut work).ok(), Some(None));
        for x in 0..q.order() as u32 {
            let wrong = q.with_flipped_label(x);
            assert!(matches!(verify(&wrong.monoid, &mut work), Ok(Some(_))), "element {x}");
        }
    }

    /// Whether the player to move wins the misère sum `word`, by definition: with no heap left
    /// (zero games are left out of options) the player to move has won.
    fn first_wins(options: &SplitOptions, word: &[u16], memo: &mut HashMap<Word, bool>) -> bool {
        if let Some(&known) = memo.get(word) {
            return known;
        }
        let wins = word.is_empty()
            || (0..word.len()).any(|i| {
                options.options(u64::from(word[i])).iter().any(|parts| {
                    let mut option: Word = word[..i].iter().chain(&word[i + 1..]).chain(parts).copied().collect();
                    option.sort_unstable();
                    !first_wins(options, &option, memo)
                })
            });
        memo.insert(word.to_vec(), wins);
        wins
    }

    /// Verification of a wrong candidate reports a sum it predicts wrongly (by the definition of
    /// misère play), written sorted, and of fewest tokens: every lighter sum is predicted right.
    #[test]
    fn verification_reports_a_lightest_mispredicted_sum() {
        let codes = [
            ("0.75", vec![0, 7, 5], 12),
            ("0.12", vec![0, 1, 2], 14),
            ("0.72", vec![0, 7, 2], 12),
            ("0.123", vec![0, 1, 2, 3], 12),
            ("0.312", vec![0, 3, 1, 2], 12),
        ];
        for (code, digits, upto) in codes {
            let q = quotient(code, &digits, upto);
            let options = SplitOptions::new(&digits, upto).unwrap();
            let mut memo = HashMap::new();
            let mut work = Work { options: &options, budget: Budget::default(), steps: 0 };
            // Every label flipped, and every pair of labels (whose failures may be of either kind).
            let flips = (0..q.order() as u32).flat_map(|x| (x..q.order() as u32).map(move |y| (x, y)));
            for (x, y) in flips {
                let wrong =
                    if x == y { q.with_flipped_label(x) } else { q.with_flipped_label(x).with_flipped_label(y) };
                let failure = verify(&wrong.monoid, &mut work).ok().flatten().expect("a wrong label fails");
                assert!(failure.is_sorted(), "{code}, elements {x}, {y}: {failure:?}");
                let predicted = |w: &[u16]| !wrong.monoid.p[wrong.monoid.apply(0, w) as usize];
                let truth = first_wins(&options, &failure, &mut memo);
                assert_ne!(predicted(&failure), truth, "{code}, elements {x}, {y}: {failure:?} is predicted right");
                let lighter = weight(&failure).checked_sub(1).map_or(Vec::new(), |w| sums(&options, upto as u16, w));
                for sum in lighter {
                    let truth = first_wins(&options, &sum, &mut memo);
                    assert_eq!(
                        predicted(&sum),
                        truth,
                        "{code}, elements {x}, {y}: {sum:?} is lighter than {failure:?}"
                    );
                }
            }
        }
    }

    /// Verification's search keeps at most 16 sums a permitted element in its queue: past that,
    /// it stops and says so.
    #[test]
    fn verification_stops_when_its_queue_outgrows_the_budget() {
        let q = quotient("0.75", &[0, 7, 5], 12);
        let options = SplitOptions::new(&[0, 7, 5], 12).unwrap();
        let budget = Budget { max_elements: 1, ..Budget::default() };
        let mut work = Work { options: &options, budget, steps: 0 };
        assert!(matches!(verify(&q.monoid, &mut work), Err(Stop::Queue(n)) if n > 16), "the queue is bounded");
    }
}
