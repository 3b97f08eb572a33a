//! Smith's loopy nim values: the Sprague–Grundy theory of games that may go on for ever.
//!
//! C. A. B. Smith, *Graphs and composite games* (J. Combin. Theory 1, 1966); A. S. Fraenkel and
//! Y. Yesha, *The generalized Sprague–Grundy function and its invariance under certain mappings*
//! (J. Combin. Theory A 43, 1986); *Winning Ways*, ch. 12. On a finite directed graph (normal
//! play: whoever cannot move loses; play for ever is a draw), every vertex `u` has a value
//! `γ(u)`, either a natural number or `∞(A)` with `A` the set of the finite values of `u`'s
//! options, such that:
//!
//! * `γ(u) = 0`: a second-player win (P); `γ(u) = n > 0`, or `∞(A)` with `0 ∈ A`: a first-player
//!   win (N); `∞(A)` with `0 ∉ A`: a draw (D);
//! * **sums** (several tokens, one moved a turn): `γ(u + v) = γ(u) ⊕ γ(v)` when both are finite;
//!   `∞(A ⊕ y)` when one is `∞(A)` and the other `y` (`A ⊕ y = {a ⊕ y : a ∈ A}`); `∞(∅)` when both
//!   are infinite.
//!
//! `γ` is computed by labelling, for `m = 0, 1, 2, …` (Fraenkel–Yesha): while some unlabelled `u`
//! has no option labelled `m`, and each of its options that is unlabelled or labelled `∞` has
//! an option labelled `m`, label `u` with `m`; then label `∞` every unlabelled vertex with no
//! option labelled `m`. Every vertex left unlabelled at round `m` has options labelled
//! `0, …, m − 1` (else it was labelled `∞` before), so a label `m` is the mex of the finite
//! labels, provided that the options with larger or infinite values can be answered by a move
//! back to `m` — which is what the condition asks. Which `u` is labelled first does not matter:
//! when `u` qualifies, each unlabelled option of `u` has an option labelled `m` and can never be
//! labelled `m` itself, so no later label takes `u`'s away.
//!
//! Each round counts, for each unlabelled vertex, its options that are unlabelled or `∞` and not
//! yet answered by an option labelled `m`; labelling a vertex `m` answers its predecessors, which
//! lowers their predecessors' counts. A round is `O(V + E)`, and there are at most
//! `max γ + 2` rounds.

use std::fmt;

use grundy_rules::LoopyOutcome;
use grundy_rules::games::Digraph;

/// A loopy nim value.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum LoopyValue {
    /// A natural number.
    Finite(u64),
    /// `∞(A)`: the finite values `A` of the options, sorted.
    Infinite(Vec<u64>),
}

impl LoopyValue {
    /// Who wins a position of this value.
    pub fn outcome(&self) -> LoopyOutcome {
        match self {
            LoopyValue::Finite(0) => LoopyOutcome::Second,
            LoopyValue::Finite(_) => LoopyOutcome::First,
            LoopyValue::Infinite(finite) if finite.contains(&0) => LoopyOutcome::First,
            LoopyValue::Infinite(_) => LoopyOutcome::Draw,
        }
    }

    /// The value of the sum of two positions of these values.
    pub fn plus(&self, other: &LoopyValue) -> LoopyValue {
        match (self, other) {
            (LoopyValue::Finite(x), LoopyValue::Finite(y)) => LoopyValue::Finite(x ^ y),
            (LoopyValue::Infinite(finite), LoopyValue::Finite(y))
            | (LoopyValue::Finite(y), LoopyValue::Infinite(finite)) => {
                let mut shifted: Vec<u64> = finite.iter().map(|a| a ^ y).collect();
                shifted.sort_unstable();
                LoopyValue::Infinite(shifted)
            }
            (LoopyValue::Infinite(_), LoopyValue::Infinite(_)) => LoopyValue::Infinite(Vec::new()),
        }
    }
}

impl fmt::Display for LoopyValue {
    /// `3`, or `∞(0,2)`; `∞` alone for `∞(∅)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoopyValue::Finite(n) => write!(f, "{n}"),
            LoopyValue::Infinite(finite) if finite.is_empty() => f.write_str("∞"),
            LoopyValue::Infinite(finite) => {
                let list: Vec<String> = finite.iter().map(u64::to_string).collect();
                write!(f, "∞({})", list.join(","))
            }
        }
    }
}

/// A label not given yet.
const UNLABELLED: u32 = u32::MAX;
/// The label `∞`.
const INFINITE: u32 = u32::MAX - 1;

/// The loopy values of every vertex of a graph.
#[derive(Debug, Clone)]
pub struct LoopyValues {
    /// Each vertex's distinct options, in compressed rows.
    option_start: Vec<usize>,
    options: Vec<u32>,
    labels: Vec<u32>,
}

impl LoopyValues {
    /// Smith's values of every vertex of `graph` (see the module's documentation).
    pub fn new(graph: &Digraph) -> LoopyValues {
        let n = graph.vertices();
        let mut forward: Vec<(u32, u32)> = graph.edges().iter().map(|&(u, v)| (u as u32, v as u32)).collect();
        forward.sort_unstable();
        forward.dedup();
        let mut backward: Vec<(u32, u32)> = forward.iter().map(|&(u, v)| (v, u)).collect();
        backward.sort_unstable();
        let starts = |pairs: &[(u32, u32)]| {
            let mut start = vec![0usize; n + 1];
            for &(u, _) in pairs {
                start[u as usize + 1] += 1;
            }
            for v in 0..n {
                start[v + 1] += start[v];
            }
            start
        };
        let (option_start, predecessor_start) = (starts(&forward), starts(&backward));
        let options: Vec<u32> = forward.iter().map(|&(_, v)| v).collect();
        let predecessors: Vec<u32> = backward.iter().map(|&(_, u)| u).collect();

        let mut labels = vec![UNLABELLED; n];
        let mut unlabelled = n;
        // `answered[v]`: v has an option labelled m (this round).
        let mut answered = vec![false; n];
        // `open[u]`: options of u that are unlabelled or ∞ and not answered yet.
        let mut open = vec![0u32; n];
        let mut queue: Vec<u32> = Vec::new();
        let mut m = 0u32;
        while unlabelled > 0 {
            answered.iter_mut().for_each(|a| *a = false);
            queue.clear();
            for u in 0..n {
                if labels[u] != UNLABELLED {
                    continue;
                }
                let count = options[option_start[u]..option_start[u + 1]]
                    .iter()
                    .filter(|&&v| matches!(labels[v as usize], UNLABELLED | INFINITE))
                    .count();
                open[u] = count as u32;
                if count == 0 {
                    queue.push(u as u32);
                }
            }
            let mut labelled_now = 0usize;
            while let Some(u) = queue.pop() {
                let u = u as usize;
                if labels[u] != UNLABELLED || answered[u] || open[u] != 0 {
                    continue;
                }
                labels[u] = m;
                unlabelled -= 1;
                labelled_now += 1;
                for &w in &predecessors[predecessor_start[u]..predecessor_start[u + 1]] {
                    let w = w as usize;
                    if answered[w] {
                        continue;
                    }
                    answered[w] = true;
                    if !matches!(labels[w], UNLABELLED | INFINITE) {
                        continue;
                    }
                    // w, unlabelled or ∞, is now answered: one open option fewer for each
                    // unlabelled predecessor.
                    for &x in &predecessors[predecessor_start[w]..predecessor_start[w + 1]] {
                        let x = x as usize;
                        if labels[x] == UNLABELLED {
                            open[x] -= 1;
                            if open[x] == 0 && !answered[x] {
                                queue.push(x as u32);
                            }
                        }
                    }
                }
            }
            for u in 0..n {
                if labels[u] == UNLABELLED && !answered[u] {
                    labels[u] = INFINITE;
                    unlabelled -= 1;
                }
            }
            if labelled_now == 0 {
                // Nothing labelled m: no vertex is answered, so every one left became ∞.
                debug_assert_eq!(unlabelled, 0);
            }
            m += 1;
        }
        LoopyValues { option_start, options, labels }
    }

    /// The value of vertex `v`.
    pub fn value(&self, v: usize) -> LoopyValue {
        match self.labels[v] {
            INFINITE => {
                let mut finite: Vec<u64> = self.options[self.option_start[v]..self.option_start[v + 1]]
                    .iter()
                    .map(|&w| self.labels[w as usize])
                    .filter(|&label| label != INFINITE)
                    .map(u64::from)
                    .collect();
                finite.sort_unstable();
                finite.dedup();
                LoopyValue::Infinite(finite)
            }
            label => LoopyValue::Finite(u64::from(label)),
        }
    }

    /// The value of tokens on the vertices `tokens`: the sum of theirs.
    pub fn sum(&self, tokens: &[usize]) -> LoopyValue {
        let mut total = LoopyValue::Finite(0);
        for &t in tokens {
            total = total.plus(&self.value(t));
            if total == LoopyValue::Infinite(Vec::new()) {
                break; // ∞(∅) plus anything is ∞(∅)
            }
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(n: usize, edges: &[(usize, usize)]) -> Vec<LoopyValue> {
        let values = LoopyValues::new(&Digraph::new(n, edges.to_vec()).unwrap());
        (0..n).map(|v| values.value(v)).collect()
    }

    #[test]
    fn acyclic_graphs_have_their_grundy_values() {
        // 3 → 2 → 1 → 0, 3 → 1, 3 → 0: a Nim heap of 3.
        let got = values(4, &[(1, 0), (2, 1), (2, 0), (3, 2), (3, 1), (3, 0)]);
        assert_eq!(got, (0..4).map(LoopyValue::Finite).collect::<Vec<_>>());
    }

    #[test]
    fn cycles_have_infinite_values_or_reverse_out() {
        use LoopyValue::*;
        // 0 ⇄ 1 alone: ∞(∅), a draw.
        assert_eq!(values(2, &[(0, 1), (1, 0)]), [Infinite(vec![]), Infinite(vec![])]);
        // a → a and a → t: ∞(0), a first-player win.
        assert_eq!(values(2, &[(0, 0), (0, 1)]), [Infinite(vec![0]), Finite(0)]);
        // u → v, v → u, v → t: v has the option t of value 0, so u, whose only option v can be
        // answered by a move back to u, is 0; then v is 1.
        assert_eq!(values(3, &[(0, 1), (1, 0), (1, 2)]), [Finite(0), Finite(1), Finite(0)]);
        // x ⇄ y, both → t (0), y → s → a terminal (s is 1): x is mex {0} = 1 since y (of value 2)
        // has the option x; y is mex {0, 1} = 2.
        let got = values(5, &[(0, 1), (1, 0), (0, 2), (1, 2), (1, 3), (3, 4)]);
        assert_eq!(got[2], Finite(0));
        assert_eq!(got[3], Finite(1));
        assert_eq!(got[0], Finite(1));
        assert_eq!(got[1], Finite(2));
    }

    /// The value of several tokens is their values added one by one, on every digraph of three
    /// vertices (loops included) and every multiset of up to three tokens.
    #[test]
    fn a_sum_of_tokens_adds_their_values() {
        let pairs: Vec<(usize, usize)> = (0..3).flat_map(|u| (0..3).map(move |v| (u, v))).collect();
        for mask in 0..1u32 << pairs.len() {
            let edges: Vec<(usize, usize)> =
                (0..pairs.len()).filter(|&i| mask >> i & 1 == 1).map(|i| pairs[i]).collect();
            let values = LoopyValues::new(&Digraph::new(3, edges).unwrap());
            for tokens in [&[][..], &[0], &[2], &[0, 1], &[1, 1], &[0, 2], &[0, 1, 2], &[2, 2, 1], &[1, 1, 1]] {
                let added = tokens.iter().fold(LoopyValue::Finite(0), |total, &t| total.plus(&values.value(t)));
                assert_eq!(values.sum(tokens), added, "graph {mask:b}, tokens {tokens:?}");
            }
        }
    }

    #[test]
    fn sums_follow_smiths_rule_and_outcomes_read_off_values() {
        use LoopyValue::*;
        assert_eq!(Finite(3).plus(&Finite(5)), Finite(6));
        assert_eq!(Infinite(vec![0, 2]).plus(&Finite(2)), Infinite(vec![0, 2]));
        assert_eq!(Finite(1).plus(&Infinite(vec![0, 3])), Infinite(vec![1, 2]));
        assert_eq!(Infinite(vec![0]).plus(&Infinite(vec![0])), Infinite(vec![]));
        assert_eq!(Finite(0).outcome(), LoopyOutcome::Second);
        assert_eq!(Finite(4).outcome(), LoopyOutcome::First);
        assert_eq!(Infinite(vec![0, 1]).outcome(), LoopyOutcome::First);
        assert_eq!(Infinite(vec![1]).outcome(), LoopyOutcome::Draw);
        assert_eq!(Infinite(vec![1, 4]).to_string(), "∞(1,4)");
        assert_eq!(Infinite(vec![]).to_string(), "∞");
    }
}
