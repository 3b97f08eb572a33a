//! Tokens on a directed graph, played on whole positions: a position is the multiset of the
//! tokens' vertices; a move slides one token along an edge. Every multiset of `k` tokens is
//! numbered by the combinatorial number system, and all of them are decided at once by
//! retrograde analysis ([`crate::retrograde`]): who wins, or a draw.
//!
//! Numbering: the sorted vertices `x₁ ≤ … ≤ x_k` are the strictly increasing `yᵢ = xᵢ + i − 1`,
//! whose rank `Σ C(yᵢ, i)` numbers the `C(n + k − 1, k)` multisets of `k` of `n` vertices
//! `0, 1, 2, …` without gaps.
//!
//! Options and predecessors, each once: moving a token from `w` to `v` leaves `M − w + v`, and two
//! different moves `(w, v) ≠ (w', v')` never leave the same multiset (that would need
//! `w − w' = v − v'` as multisets with `w ≠ w'`, so `v = w'` and `v' = w`, and then
//! `2w' = 2w`). So the options of `M` are counted as the sum, over the distinct vertices `w` of
//! `M`, of `w`'s distinct options; and the positions with `M'` as an option are `M' − w + v` for
//! each distinct `w` in `M'` and each `v` with an edge `v → w`.

use std::collections::HashMap;

use grundy_rules::games::Digraph;
use grundy_rules::{LoopyOutcome, Play};

use crate::engine::{Budget, OracleError};
use crate::retrograde::{self, Numbered, Outcomes, StateGraph};

/// Every position of `k` tokens on a graph.
struct Product<'a> {
    graph: &'a StateGraph,
    k: usize,
    len: usize,
    /// `choose[i][y] = C(y, i)` for `1 ≤ i ≤ k`, `y < n + k`.
    choose: Vec<Vec<u64>>,
}

impl<'a> Product<'a> {
    fn new(graph: &'a StateGraph, k: usize, most: usize) -> Result<Product<'a>, OracleError> {
        let n = graph.len();
        let mut choose = vec![vec![0u64; n + k]; k + 1];
        for y in 0..n + k {
            choose[0][y] = 1;
            for i in 1..=k {
                // C(y, i) = C(y − 1, i − 1) + C(y − 1, i), saturating past any budget.
                choose[i][y] = if y == 0 { 0 } else { choose[i - 1][y - 1].saturating_add(choose[i][y - 1]) };
            }
        }
        let len = if k == 0 { 1 } else { choose[k][n + k - 1] };
        if len > most as u64 {
            return Err(OracleError::StatesExceeded { max_states: most });
        }
        Ok(Product { graph, k, len: len as usize, choose })
    }

    fn rank(&self, sorted: &[usize]) -> usize {
        sorted.iter().enumerate().map(|(i, &x)| self.choose[i + 1][x + i]).sum::<u64>() as usize
    }

    /// The sorted vertices of the multiset numbered `rank`, into `sorted`.
    fn unrank(&self, mut rank: u64, sorted: &mut Vec<usize>) {
        sorted.clear();
        sorted.resize(self.k, 0);
        for i in (1..=self.k).rev() {
            // The largest y with C(y, i) ≤ rank.
            let y = self.choose[i].partition_point(|&c| c <= rank) - 1;
            rank -= self.choose[i][y];
            sorted[i - 1] = y - (i - 1);
        }
    }
}

impl Numbered for Product<'_> {
    fn len(&self) -> usize {
        self.len
    }

    fn option_count(&self, position: usize) -> u32 {
        let mut sorted = Vec::with_capacity(self.k);
        self.unrank(position as u64, &mut sorted);
        let mut count = 0u32;
        for (i, &w) in sorted.iter().enumerate() {
            if i == 0 || sorted[i - 1] != w {
                count = count.saturating_add(self.graph.options(w).len() as u32);
            }
        }
        count
    }

    fn predecessors(&self, position: usize, mut visit: impl FnMut(usize)) {
        let mut sorted = Vec::with_capacity(self.k);
        self.unrank(position as u64, &mut sorted);
        let mut moved = Vec::with_capacity(self.k);
        for (i, &w) in sorted.iter().enumerate() {
            if i > 0 && sorted[i - 1] == w {
                continue;
            }
            for &v in self.graph.predecessors_of(w) {
                // The token at `w` came from `v`: the multiset with `v` in its place, sorted.
                moved.clear();
                moved.extend(sorted[..i].iter().chain(&sorted[i + 1..]).copied());
                let at = moved.partition_point(|&x| x < v as usize);
                moved.insert(at, v as usize);
                visit(self.rank(&moved));
            }
        }
    }
}

/// The oracle of one graph: the outcomes of every position of each number of tokens asked for,
/// kept once decided.
#[derive(Debug)]
pub struct TokenOracle {
    graph: StateGraph,
    play: Play,
    solved: HashMap<usize, Outcomes>,
}

impl TokenOracle {
    /// The oracle of tokens on `digraph` under `play`.
    pub fn new(digraph: &Digraph, play: Play) -> Result<TokenOracle, OracleError> {
        Ok(TokenOracle { graph: StateGraph::new(digraph.vertices(), digraph.edges())?, play, solved: HashMap::new() })
    }

    /// Who wins with tokens on the vertices `tokens` (any order), deciding every position of as
    /// many tokens first, within `budget`.
    pub fn outcome(&mut self, tokens: &[usize], budget: Budget) -> Result<LoopyOutcome, OracleError> {
        let k = tokens.len();
        let exceeded = OracleError::MemoryExceeded { max_bytes: budget.max_bytes };
        if k == 1 {
            // One token: the positions are the vertices.
            if !self.solved.contains_key(&1) {
                let room = budget.max_bytes.checked_sub(self.bytes()).ok_or(exceeded)?;
                let outcomes = retrograde::analyse(&self.graph, self.play, room, budget.deadline)?;
                self.solved.insert(1, outcomes);
            }
            return Ok(self.solved[&1].outcome(tokens[0]));
        }
        let product = Product::new(&self.graph, k, budget.max_states)?;
        if !self.solved.contains_key(&k) {
            let room = budget.max_bytes.checked_sub(self.bytes()).ok_or(exceeded)?;
            let outcomes = retrograde::analyse(&product, self.play, room, budget.deadline)?;
            self.solved.insert(k, outcomes);
        }
        let mut sorted = tokens.to_vec();
        sorted.sort_unstable();
        Ok(self.solved[&k].outcome(product.rank(&sorted)))
    }

    /// Positions decided so far.
    pub fn positions(&self) -> usize {
        self.solved.values().map(Outcomes::len).sum()
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        self.graph.bytes() + self.solved.values().map(Outcomes::bytes).sum::<usize>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multisets_are_numbered_without_gaps() {
        let graph = StateGraph::new(5, &[]).unwrap();
        for k in 0..=4 {
            let product = Product::new(&graph, k, usize::MAX).unwrap();
            let mut sorted = Vec::new();
            let mut seen = Vec::new();
            for rank in 0..product.len() {
                product.unrank(rank as u64, &mut sorted);
                assert!(sorted.windows(2).all(|w| w[0] <= w[1]) && sorted.iter().all(|&x| x < 5));
                assert_eq!(product.rank(&sorted), rank);
                seen.push(sorted.clone());
            }
            seen.dedup();
            assert_eq!(seen.len(), product.len(), "{k} tokens");
        }
        assert_eq!(Product::new(&graph, 3, usize::MAX).unwrap().len(), 35);
    }

    /// Tokens played by brute force on ordered tuples of token places, decided by the definition
    /// iterated to a fixed point.
    fn by_tuples(digraph: &Digraph, tokens: &[usize]) -> LoopyOutcome {
        let n = digraph.vertices();
        let k = tokens.len();
        let count = n.pow(k as u32);
        let place = |mut code: usize| -> Vec<usize> {
            (0..k)
                .map(|_| {
                    let v = code % n;
                    code /= n;
                    v
                })
                .collect()
        };
        let code = |places: &[usize]| places.iter().rev().fold(0, |c, &v| c * n + v);
        let mut edges = Vec::new();
        for c in 0..count {
            let places = place(c);
            for t in 0..k {
                for &(u, v) in digraph.edges() {
                    if places[t] == u {
                        let mut moved = places.clone();
                        moved[t] = v;
                        edges.push((c, code(&moved)));
                    }
                }
            }
        }
        let graph = StateGraph::new(count, &edges).unwrap();
        retrograde::analyse(&graph, Play::Normal, 1 << 30, None).unwrap().outcome(code(tokens))
    }

    #[test]
    fn multisets_decide_as_ordered_tuples_do() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |bound: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % bound
        };
        for _ in 0..300 {
            let n = 1 + next(5) as usize;
            let edges =
                (0..next(2 * n as u64 + 1)).map(|_| (next(n as u64) as usize, next(n as u64) as usize)).collect();
            let digraph = Digraph::new(n, edges).unwrap();
            let mut oracle = TokenOracle::new(&digraph, Play::Normal).unwrap();
            let tokens: Vec<usize> = (0..next(4)).map(|_| next(n as u64) as usize).collect();
            assert_eq!(
                oracle.outcome(&tokens, Budget::default()).unwrap(),
                by_tuples(&digraph, &tokens),
                "{digraph:?} {tokens:?}"
            );
        }
    }

    #[test]
    fn a_product_beyond_the_state_budget_is_refused_before_any_work() {
        let digraph = Digraph::new(1000, vec![(0, 1)]).unwrap();
        let mut oracle = TokenOracle::new(&digraph, Play::Normal).unwrap();
        let budget = Budget { max_states: 1_000_000, ..Budget::default() };
        assert_eq!(oracle.outcome(&[0, 1, 2], budget), Err(OracleError::StatesExceeded { max_states: 1_000_000 }));
    }
}
