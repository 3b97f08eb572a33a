//! Misère quotients of octal games (Plambeck, "Taming the wild in impartial combinatorial games",
//! INTEGERS 5 (2005) G5; Plambeck and Siegel, "Misère quotients for impartial games", JCTA 115
//! (2008) 593–622, arXiv math/0609825).
//!
//! Sums of heaps `1..=N` of one game form a commutative monoid; two sums `G`, `H` are
//! *indistinguishable* when `G + X` and `H + X` have the same misère outcome for every sum `X`.
//! The classes form the *misère quotient* `Q`, a finite or infinite commutative monoid; the
//! classes of P-positions form its *P-portion*, and the *heap map* `Φ` sends each heap to its
//! class. Then the outcome of a sum of heaps is whether `Φ(h₁)·…·Φ(h_k)` lies in the P-portion:
//! one table look-up per heap.
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
//!
//! **Construction** (the idea of Siegel's MisereSolver, written anew): add heaps one at a time.
//! First try to send the new heap to an existing element (the quotient does not grow); else
//! adjoin a free cyclic generator `⟨g | g⁴ = g²⟩`, label every element from its lightest sum's
//! options (correct if the candidate is), reduce, and verify; when verification fails at a sum
//! `w`, unfold some of the heaps of `w` into longer cyclic generators and try again. The
//! construction is a heuristic that may not end (the quotient may be infinite); a budget stops
//! it, and only verified candidates are ever kept.
//!
//! **Periodicity** (notes, Theorem 3, in the manner of the Guy–Smith theorem): with `k` the last
//! non-zero digit, if `Φ(n + p) = Φ(n)` for all `n₀ ≤ n ≤ N − p` and `N ≥ 2n₀ + 2p + k − 1`, then
//! every heap past `N` has the same image and options' images as one `p` smaller, so the quotient
//! of *all* heaps is `Q` and `Φ` is periodic. (The proof splits an option into two heaps; codes
//! with three-heap moves get no proof.)

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::time::Instant;

use grundy_rules::Outcome;

use crate::Unsupported;
use crate::misere::SplitOptions;

/// Limits on computing a quotient.
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    /// Wall-clock limit.
    pub deadline: Option<Instant>,
    /// Most elements of any candidate monoid.
    pub max_elements: usize,
    /// Most steps of the verification closures, in all.
    pub max_steps: u64,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget { deadline: None, max_elements: 200_000, max_steps: 50_000_000 }
    }
}

/// A sum of heaps, sorted.
type Word = Vec<u16>;

/// A finite commutative monoid acted on by heaps, with its labels: element 0 is the identity,
/// `act[h][x] = x·Φ(h)` (empty for heaps that are zero games or not yet adjoined), `p[x]` whether
/// `x` is in the P-portion.
#[derive(Debug, Clone)]
struct Monoid {
    size: usize,
    heaps: Vec<u16>,
    act: Vec<Vec<u32>>,
    p: Vec<bool>,
}

enum Stop {
    Time,
    Elements(usize),
    Queue(usize),
    Steps,
}

impl Stop {
    fn reason(&self, budget: &Budget) -> String {
        match self {
            Stop::Time => "the time limit".to_string(),
            Stop::Elements(n) => {
                format!("a candidate of {n} elements, over the budget of {}", budget.max_elements)
            }
            Stop::Queue(n) => format!("a verification queue of {n} sums, over 16 × the element budget"),
            Stop::Steps => format!("the budget of {} verification steps", budget.max_steps),
        }
    }
}

struct Work<'a> {
    options: &'a SplitOptions,
    budget: Budget,
    steps: u64,
}

impl Work<'_> {
    fn tick(&mut self, n: u64) -> Result<(), Stop> {
        self.steps += n;
        if self.steps > self.budget.max_steps {
            return Err(Stop::Steps);
        }
        if self.steps % 1024 < n && self.budget.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(Stop::Time);
        }
        Ok(())
    }
}

impl Monoid {
    fn trivial() -> Monoid {
        Monoid { size: 1, heaps: Vec::new(), act: Vec::new(), p: vec![false] }
    }

    fn column(&self, h: u16) -> &[u32] {
        &self.act[h as usize]
    }

    fn phi(&self, h: u16) -> u32 {
        self.column(h)[0]
    }

    fn apply(&self, mut x: u32, word: &[u16]) -> u32 {
        for &h in word {
            x = self.act[h as usize][x as usize];
        }
        x
    }

    fn set_column(&mut self, h: u16, column: Vec<u32>) {
        if self.act.len() <= h as usize {
            self.act.resize(h as usize + 1, Vec::new());
        }
        self.act[h as usize] = column;
        if !self.heaps.contains(&h) {
            self.heaps.push(h);
        }
    }

    /// The token weight of every element's lightest sum, the last step of that sum (the element
    /// before, and the heap added), and the elements in order of weight (Dijkstra on the Cayley
    /// graph; every element is reachable from the identity).
    fn dijkstra(&self) -> (Vec<u64>, Vec<(u32, u16)>, Vec<u32>) {
        let mut dist = vec![u64::MAX; self.size];
        let mut parent: Vec<(u32, u16)> = vec![(0, 0); self.size];
        let mut order = Vec::with_capacity(self.size);
        let mut queue = BinaryHeap::new();
        dist[0] = 0;
        queue.push(Reverse((0u64, 0u32)));
        while let Some(Reverse((w, x))) = queue.pop() {
            if w > dist[x as usize] {
                continue;
            }
            order.push(x);
            for &h in &self.heaps {
                let y = self.act[h as usize][x as usize];
                let nw = w + u64::from(h);
                if nw < dist[y as usize] {
                    dist[y as usize] = nw;
                    parent[y as usize] = (x, h);
                    queue.push(Reverse((nw, y)));
                }
            }
        }
        (dist, parent, order)
    }

    /// The token weight and a lightest sum of every element, and the elements by weight.
    fn lightest(&self) -> (Vec<u64>, Vec<Word>, Vec<u32>) {
        let (dist, parent, order) = self.dijkstra();
        let mut words: Vec<Word> = vec![Vec::new(); self.size];
        for &x in order.iter().skip(1) {
            let (y, h) = parent[x as usize];
            let mut word = words[y as usize].clone();
            let at = word.partition_point(|&g| g < h);
            word.insert(at, h);
            words[x as usize] = word;
        }
        (dist, words, order)
    }
}

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
fn correct_label(m: &Monoid, options: &SplitOptions, word: &[u16]) -> bool {
    let images = option_images(m, options, word);
    !images.is_empty() && images.iter().all(|&t| !m.p[t as usize])
}

/// Labels an unreduced candidate from its elements' lightest sums, then reduces it (Moore's
/// partition refinement from the partition by label).
fn mark_and_reduce(m: &Monoid, work: &mut Work) -> Result<Monoid, Stop> {
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

/// The product of the submonoid of `base` generated by the heaps not unfolded with one cyclic
/// monoid `⟨g | g^(i+p) = g^i⟩` per unfolded heap (only the part reachable from the identity).
fn product(base: &Monoid, unfold: &[(u16, u32, u32)], max_elements: usize) -> Result<Monoid, Stop> {
    let mut index: HashMap<Vec<u32>, u32> = HashMap::new();
    let start = vec![0u32; 1 + unfold.len()];
    index.insert(start.clone(), 0);
    let mut elements = vec![start];
    let mut act: Vec<Vec<u32>> = vec![Vec::new(); base.act.len()];
    let mut i = 0;
    while i < elements.len() {
        for &h in &base.heaps {
            let mut f = elements[i].clone();
            match unfold.iter().position(|&(u, _, _)| u == h) {
                Some(j) => {
                    let (_, index, period) = unfold[j];
                    let c = f[1 + j] + 1;
                    f[1 + j] = if c >= index + period { index } else { c };
                }
                None => f[0] = base.act[h as usize][f[0] as usize],
            }
            let fresh = elements.len() as u32;
            let k = *index.entry(f.clone()).or_insert(fresh);
            if k == fresh {
                elements.push(f);
                if elements.len() > max_elements {
                    return Err(Stop::Elements(elements.len()));
                }
            }
            act[h as usize].push(k);
        }
        i += 1;
    }
    Ok(Monoid { size: elements.len(), heaps: base.heaps.clone(), act, p: Vec::new() })
}

/// Theorem 2: `None` when `m` predicts every outcome of sums of its heaps, else a failing sum
/// of fewest tokens.
fn verify(m: &Monoid, work: &mut Work) -> Result<Option<Word>, Stop> {
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

/// Repairs a candidate that fails at `failure` (whose true label is `target`): unfolds subsets
/// of the failure's heaps into fresh cyclic generators, smallest subsets first, until the failure
/// is labelled right.
fn recalibrate(c: &Monoid, failure: &[u16], target: bool, work: &mut Work) -> Result<Monoid, Stop> {
    let mut support: Vec<u16> = failure.to_vec();
    support.dedup();
    support.reverse();
    let exponent = |h: u16| multiplicity(failure, h);
    let max = work.budget.max_elements;
    for size in 1..=support.len().min(3) {
        let mut chosen: Vec<usize> = (0..size).collect();
        loop {
            let unfold: Vec<(u16, u32, u32)> =
                chosen.iter().map(|&i| (support[i], (exponent(support[i]) + 1).max(2), 2)).collect();
            if let Ok(candidate) = product(c, &unfold, max) {
                let repaired = mark_and_reduce(&candidate, work)?;
                if repaired.p[repaired.apply(0, failure) as usize] == target {
                    return Ok(repaired);
                }
            }
            if !next_combination(&mut chosen, support.len()) {
                break;
            }
        }
    }
    let unfold: Vec<(u16, u32, u32)> = support.iter().map(|&h| (h, exponent(h) + 2, 2)).collect();
    mark_and_reduce(&product(c, &unfold, max)?, work)
}

/// How many heaps of `h` the sum `word` holds.
fn multiplicity(word: &[u16], h: u16) -> u32 {
    word.iter().filter(|&&g| g == h).count() as u32
}

/// Steps `chosen` (increasing indices below `n`) to the next combination of as many indices in
/// lexicographic order; `false` after the last.
fn next_combination(chosen: &mut [usize], n: usize) -> bool {
    let size = chosen.len();
    let Some(i) = (0..size).rev().find(|&i| chosen[i] + size < n + i) else { return false };
    chosen[i] += 1;
    for j in i + 1..size {
        chosen[j] = chosen[j - 1] + 1;
    }
    true
}

/// Adjoins heap `h` to the verified quotient `q`; returns the verified quotient of its heaps and
/// `h`, and whether `h` needed a new generator.
fn add_heap(q: &Monoid, h: u16, work: &mut Work) -> Result<(Monoid, bool), Stop> {
    let images: Vec<u32> = work.options.options(u64::from(h)).iter().map(|o| q.apply(0, o)).collect();
    let need_p = !images.is_empty() && images.iter().all(|&t| !q.p[t as usize]);
    let (_, words, _) = q.lightest();
    for (word, _) in words.iter().zip(&q.p).filter(|&(_, &p)| p == need_p) {
        let mut candidate = q.clone();
        candidate.set_column(h, (0..q.size as u32).map(|y| q.apply(y, word)).collect());
        if verify(&candidate, work)?.is_none() {
            return Ok((candidate, false));
        }
    }
    let mut base = q.clone();
    base.set_column(h, (0..q.size as u32).collect());
    let mut candidate = mark_and_reduce(&product(&base, &[(h, 2, 2)], work.budget.max_elements)?, work)?;
    while let Some(failure) = verify(&candidate, work)? {
        let target = correct_label(&candidate, work.options, &failure);
        candidate = recalibrate(&candidate, &failure, target, work)?;
    }
    Ok((candidate, true))
}

/// Where the quotient grew.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Growth {
    /// The heap that made it grow.
    pub heap: u64,
    /// The order after it.
    pub order: usize,
    /// The size of the P-portion after it.
    pub p_portion: usize,
}

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
fn heap_map_periods(map: &[u32], last_digit: Option<u64>) -> (Option<HeapPeriod>, Option<HeapPeriod>) {
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

/// The verified misère quotient of the heaps `1..=verified_to` of an octal game.
#[derive(Debug, Clone)]
pub struct Quotient {
    code: String,
    three_heaps: bool,
    monoid: Monoid,
    options: SplitOptions,
    /// Heaps up to this one are in the quotient.
    pub verified_to: u64,
    /// Where the order grew.
    pub growth: Vec<Growth>,
    /// The period of the heap map proven by the periodicity theorem: the quotient is then that of
    /// every heap.
    pub proven: Option<HeapPeriod>,
    /// A period seen at least three times in the heap map, without proof.
    pub observed: Option<HeapPeriod>,
    /// Why the computation stopped before the heap asked for.
    pub stopped: Option<String>,
}

impl Quotient {
    /// The misère quotient of heaps `1..=upto` of the octal code `digits`, as far as `budget`
    /// allows (see [`Quotient::stopped`]).
    pub fn compute(code: &str, digits: &[u8], upto: u64, budget: Budget) -> Result<Quotient, Unsupported> {
        let options = SplitOptions::new(digits, upto)?;
        let mut work = Work { options: &options, budget, steps: 0 };
        let mut monoid = Monoid::trivial();
        let mut growth = Vec::new();
        let mut verified_to = 0;
        let mut stopped = None;
        for heap in 1..=upto {
            if options.is_zero(heap) {
                verified_to = heap; // the zero game: the identity, no generator
                continue;
            }
            match add_heap(&monoid, heap as u16, &mut work) {
                Ok((next, _)) => {
                    if next.size != monoid.size {
                        growth.push(Growth {
                            heap,
                            order: next.size,
                            p_portion: next.p.iter().filter(|&&p| p).count(),
                        });
                    }
                    monoid = next;
                    verified_to = heap;
                }
                Err(stop) => {
                    stopped = Some(format!("heap {heap} was not added: stopped by {}", stop.reason(&budget)));
                    break;
                }
            }
        }
        let mut quotient = Quotient {
            code: code.to_string(),
            three_heaps: digits.iter().any(|&d| d & 8 != 0),
            monoid,
            options,
            verified_to,
            growth,
            proven: None,
            observed: None,
            stopped,
        };
        quotient.find_periods();
        Ok(quotient)
    }

    /// The periods of the heap map of the heaps verified (see [`heap_map_periods`]).
    fn find_periods(&mut self) {
        let map: Vec<u32> = (0..=self.verified_to).map(|h| self.image(h)).collect();
        let last_digit = (!self.three_heaps).then(|| self.options.last_digit() as u64);
        (self.proven, self.observed) = heap_map_periods(&map, last_digit);
    }

    /// The game's code.
    pub fn code(&self) -> &str {
        &self.code
    }

    /// The number of elements.
    pub fn order(&self) -> usize {
        self.monoid.size
    }

    /// The elements in the P-portion.
    pub fn p_portion(&self) -> Vec<u32> {
        (0..self.monoid.size as u32).filter(|&x| self.monoid.p[x as usize]).collect()
    }

    /// Whether element `x` is in the P-portion.
    pub fn is_p(&self, x: u32) -> bool {
        self.monoid.p[x as usize]
    }

    /// A lightest sum of heaps of each element (element 0, the identity, is the empty sum).
    pub fn words(&self) -> Vec<Vec<u16>> {
        self.monoid.lightest().1
    }

    /// The image of heap `h ≤ verified_to` (heaps with no move, and 0, map to the identity 0).
    fn image(&self, h: u64) -> u32 {
        if h == 0 || self.options.is_zero(h) { 0 } else { self.monoid.phi(h as u16) }
    }

    /// The element of heap `h`: read off the map up to [`Quotient::verified_to`], through the
    /// proven period beyond; `None` past the map without a proven period.
    pub fn heap_element(&self, h: u64) -> Option<u32> {
        if h <= self.verified_to {
            return Some(self.image(h));
        }
        let HeapPeriod { start, period } = self.proven?;
        Some(self.image(start + (h - start) % period))
    }

    /// Who wins the misère disjunctive sum of heaps `plates`: one look-up per heap.
    pub fn outcome(&self, plates: &[u64]) -> Result<Outcome, Unsupported> {
        let mut x = 0u32;
        for &h in plates {
            x = self.times_heap(x, h)?;
        }
        Ok(Outcome::from_first_wins(!self.monoid.p[x as usize]))
    }

    /// The element `x·Φ(h)`: `x` followed by a heap of `h`.
    #[inline]
    pub fn times_heap(&self, x: u32, h: u64) -> Result<u32, Unsupported> {
        match self.heap_element(h) {
            Some(0) => Ok(x),
            Some(_) => Ok(self.monoid.act[self.representative(h) as usize][x as usize]),
            None => {
                let why = self.stopped.as_deref().map_or(String::new(), |why| format!(" ({why})"));
                Err(Unsupported::NoTheory(format!(
                    "heap {h} is beyond the misère quotient of octal:{}, computed for heaps up to {}{why} and not \
                     proven periodic",
                    self.code, self.verified_to
                )))
            }
        }
    }

    /// The heap `≤ verified_to` whose column acts as heap `h` does.
    fn representative(&self, h: u64) -> u64 {
        match self.proven {
            Some(HeapPeriod { start, period }) if h > self.verified_to => start + (h - start) % period,
            _ => h,
        }
    }

    /// The same quotient with one element's P-label flipped: a wrong quotient, for tests that
    /// show the oracle catches it.
    pub fn with_flipped_label(&self, x: u32) -> Quotient {
        let mut wrong = self.clone();
        wrong.monoid.p[x as usize] ^= true;
        wrong
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quotient(code: &str, digits: &[u8], upto: u64) -> Quotient {
        let q = Quotient::compute(code, digits, upto, Budget::default()).unwrap();
        assert_eq!(q.stopped, None);
        q
    }

    #[test]
    fn nim_heaps_of_one_and_two_give_the_tame_quotient_of_order_six() {
        // 0.31 (heaps of one token taken whole or one taken from a larger heap, plus two taken to
        // leave one heap) has the quotient T2 of tame games, 6 elements, 2 in the P-portion.
        let q = quotient("0.31", &[0, 3, 1], 20);
        assert_eq!((q.order(), q.p_portion().len()), (6, 2));
        assert!(q.proven.is_some());
    }

    #[test]
    fn every_order_is_even_and_the_identity_is_not_p() {
        for (code, digits) in [("0.75", vec![0, 7, 5]), ("0.72", vec![0, 7, 2]), ("0.12", vec![0, 1, 2])] {
            let q = quotient(code, &digits, 30);
            assert_eq!(q.order() % 2, 0, "{code}");
            assert!(!q.is_p(0), "{code}");
        }
    }

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

    /// A heap needs a new generator exactly when the quotient grows with it: a heap equivalent to
    /// an element already there is given that element's column, whatever the element's outcome.
    #[test]
    fn a_heap_adds_a_generator_exactly_when_the_quotient_grows() {
        for (code, digits) in [("0.31", vec![0, 3, 1]), ("0.75", vec![0, 7, 5]), ("0.123", vec![0, 1, 2, 3])] {
            let upto = 16;
            let options = SplitOptions::new(&digits, upto).unwrap();
            let mut work = Work { options: &options, budget: Budget::default(), steps: 0 };
            let mut q = Monoid::trivial();
            let mut reused = 0;
            for h in (1..=upto as u16).filter(|&h| !options.is_zero(u64::from(h))) {
                let Ok((next, generator)) = add_heap(&q, h, &mut work) else { panic!("{code}: heap {h} stopped") };
                assert_eq!(generator, next.size > q.size, "{code}: heap {h}");
                reused += usize::from(!generator);
                q = next;
            }
            assert!(reused > 0, "{code}: some heap is an element already there");
        }
    }

    /// Every sum (sorted) of heaps `1..=top` that are not zero games, of at most `tokens` tokens.
    fn sums(options: &SplitOptions, top: u16, tokens: u64) -> Vec<Word> {
        let mut all = vec![Vec::new()];
        let mut i = 0;
        while i < all.len() {
            let word: Word = all[i].clone();
            let weight: u64 = word.iter().map(|&h| u64::from(h)).sum();
            for h in word.last().copied().unwrap_or(1)..=top {
                if !options.is_zero(u64::from(h)) && weight + u64::from(h) <= tokens {
                    let mut longer = word.clone();
                    longer.push(h);
                    all.push(longer);
                }
            }
            i += 1;
        }
        all
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

    fn weight(word: &[u16]) -> u64 {
        word.iter().map(|&h| u64::from(h)).sum()
    }

    /// Dijkstra on the Cayley graph lists every element once, by the weight of its lightest sum,
    /// each after the element its last step comes from.
    #[test]
    fn elements_come_once_each_in_order_of_weight() {
        for (code, digits, upto) in
            [("0.75", vec![0, 7, 5], 12), ("0.12", vec![0, 1, 2], 16), ("0.31", vec![0, 3, 1], 10)]
        {
            let q = quotient(code, &digits, upto);
            let (dist, parent, order) = q.monoid.dijkstra();
            let mut sorted = order.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..q.order() as u32).collect::<Vec<_>>(), "{code}: each element once");
            assert!(order.windows(2).all(|w| dist[w[0] as usize] <= dist[w[1] as usize]), "{code}: by weight");
            for (place, &x) in order.iter().enumerate().skip(1) {
                let (y, h) = parent[x as usize];
                assert_eq!(q.monoid.act[h as usize][y as usize], x, "{code}: {x}'s last step");
                assert_eq!(dist[x as usize], dist[y as usize] + u64::from(h), "{code}: {x}'s weight");
                assert!(order[..place].contains(&y), "{code}: {y} before {x}");
            }
        }
    }

    #[test]
    fn each_elements_word_is_a_lightest_sum_for_it_written_sorted() {
        for (code, digits, upto) in
            [("0.75", vec![0, 7, 5], 12), ("0.12", vec![0, 1, 2], 16), ("0.31", vec![0, 3, 1], 10)]
        {
            let q = quotient(code, &digits, upto);
            assert_eq!(q.code(), code, "a quotient names its game");
            let words = q.words();
            assert_eq!(words.len(), q.order(), "{code}: a word for each element");
            let heaviest = words.iter().map(|w| weight(w)).max().unwrap();
            let all = sums(&q.options, upto as u16, heaviest);
            for (x, word) in words.iter().enumerate() {
                assert!(word.is_sorted(), "{code}: {word:?}");
                assert_eq!(q.monoid.apply(0, word), x as u32, "{code}: {word:?}");
                let lighter = all.iter().find(|s| weight(s) < weight(word) && q.monoid.apply(0, s) == x as u32);
                assert_eq!(lighter, None, "{code}: element {x} has a sum lighter than {word:?}");
            }
        }
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

    /// The growth record lists exactly the heaps whose adding made the quotient larger, with its
    /// order and P-portion from then on: what the quotients of fewer heaps show.
    #[test]
    fn growth_lists_the_heaps_where_the_quotient_grows() {
        for (code, digits) in [("0.31", vec![0, 3, 1]), ("0.123", vec![0, 1, 2, 3]), ("0.34", vec![0, 3, 4])] {
            let upto = 24;
            let mut expected = Vec::new();
            let mut order = quotient(code, &digits, 0).order();
            for heap in 1..=upto {
                let q = quotient(code, &digits, heap);
                if q.order() != order {
                    assert!(q.order() > order, "{code}: a quotient never shrinks as heaps are added");
                    order = q.order();
                    expected.push((heap, order, q.p_portion().len()));
                }
            }
            let growth = quotient(code, &digits, upto).growth;
            let growth: Vec<_> = growth.iter().map(|g| (g.heap, g.order, g.p_portion)).collect();
            assert_eq!(growth, expected, "{code}");
            assert!(!growth.is_empty(), "{code} grows");
        }
    }

    #[test]
    fn combinations_come_in_lexicographic_order_each_once() {
        for n in 0..7 {
            for size in 1..=n.min(4) {
                let mut chosen: Vec<usize> = (0..size).collect();
                let mut seen = vec![chosen.clone()];
                while next_combination(&mut chosen, n) {
                    seen.push(chosen.clone());
                }
                let mut expected = Vec::new();
                for mask in 0u32..1 << n {
                    if mask.count_ones() as usize == size {
                        expected.push((0..n).filter(|&i| mask >> i & 1 == 1).collect::<Vec<_>>());
                    }
                }
                expected.sort();
                assert_eq!(seen, expected, "{size} of {n}");
            }
        }
    }

    #[test]
    fn multiplicity_counts_one_heap_size() {
        let word = [1u16, 2, 2, 5, 5, 5];
        for h in 0..7 {
            assert_eq!(multiplicity(&word, h) as usize, word.iter().filter(|&&g| g == h).count(), "{h}");
        }
        assert_eq!(multiplicity(&word, 5), 3);
    }

    #[test]
    fn a_past_deadline_stops_the_work_when_its_steps_cross_a_multiple_of_1024() {
        // The clock is read once per 1024 steps of work (whatever the steps a tick counts): past
        // the deadline, the first tick that reaches or crosses a multiple of 1024 stops.
        let options = SplitOptions::new(&[0, 7, 5], 12).unwrap();
        for n in [1, 3, 700, 1023, 1024, 1025, 5000] {
            let budget = Budget { deadline: Some(Instant::now()), ..Budget::default() };
            let mut work = Work { options: &options, budget, steps: 0 };
            let mut ticks = 0u64;
            let stop = loop {
                ticks += 1;
                match work.tick(n) {
                    Ok(()) => assert!(ticks * n < 10_000_000, "ticks of {n} never stopped"),
                    Err(stop) => break stop,
                }
            };
            assert!(matches!(stop, Stop::Time), "ticks of {n}");
            // At the first tick that reaches 1024 steps.
            assert!((ticks - 1) * n < 1024 && ticks * n >= 1024, "ticks of {n}: stopped at tick {ticks}");
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

    #[test]
    fn a_past_deadline_stops_the_construction() {
        let budget = Budget { deadline: Some(Instant::now()), ..Budget::default() };
        let q = Quotient::compute("0.75", &[0, 7, 5], 30, budget).unwrap();
        assert!(q.stopped.as_deref().unwrap().contains("the time limit"), "{:?}", q.stopped);
    }

    #[test]
    fn a_budget_stops_the_construction_and_says_so() {
        let budget = Budget { deadline: None, max_elements: 8, max_steps: u64::MAX };
        let q = Quotient::compute("0.77", &[0, 7, 7], 30, budget).unwrap();
        assert!(q.stopped.as_deref().unwrap().contains("budget of 8"), "{:?}", q.stopped);
        assert!(q.verified_to < 30);
        assert!(q.outcome(&[q.verified_to + 1]).is_err());
    }
}
