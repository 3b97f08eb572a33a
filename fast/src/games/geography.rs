//! Undirected vertex geography: a token on a start vertex; a move goes along an edge to a vertex
//! not visited yet (the start counts as visited); whoever cannot move loses.
//!
//! Theorem (Fraenkel, Scheinerman and Ullman, 1993): the first player wins iff the start vertex
//! is covered by every maximum matching, i.e. iff removing it shrinks the maximum matching. (If
//! some maximum matching `M` misses the start, every move goes to a matched vertex — else `M`
//! would grow — and the second player answers along `M`; otherwise the first player follows a
//! maximum matching from the start.)

use grundy_rules::Outcome;
use grundy_rules::games::Geography;

use crate::matching::{Graph, dinic, general, in_every_maximum_matching};

/// How the maximum matchings are computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// Hopcroft–Karp (bipartite graphs only).
    HopcroftKarp,
    /// Dinic's maximum flow (bipartite graphs only).
    Dinic,
    /// Gabow's algorithm through petgraph (any graph).
    General,
}

impl Method {
    /// All three.
    pub const ALL: [Method; 3] = [Method::HopcroftKarp, Method::Dinic, Method::General];
}

/// Who wins, by `method`; `None` when `method` needs a bipartite graph and this one is not.
pub fn outcome(game: &Geography, method: Method) -> Option<Outcome> {
    first_wins(&graph(game), game.start(), method).map(Outcome::from_first_wins)
}

/// Who wins, by the best method for the graph: Hopcroft–Karp when it is bipartite, else the
/// general one.
pub fn outcome_auto(game: &Geography) -> Outcome {
    Outcome::from_first_wins(first_wins_auto(&graph(game), game.start()))
}

/// Most vertices of a graph that is not bipartite: its maximum matching (Gabow's algorithm)
/// takes about `O(V³)` in the worst case; measured on random graphs with `2V` edges, 20,000
/// vertices take 0.8 s, 50,000 take 12 s and 100,000 take 71 s. Bipartite graphs take
/// Hopcroft–Karp's `O(E √V)` up to the format's limits.
pub const MOST_GENERAL_VERTICES: usize = 20_000;

/// Why a game is too large to answer in seconds, if it is: a graph that is not bipartite with
/// more than [`MOST_GENERAL_VERTICES`] vertices. Checked in `O(V + E)`, before any matching.
pub fn too_large(game: &Geography) -> Option<String> {
    let graph = graph(game);
    (graph.vertices > MOST_GENERAL_VERTICES && graph.bipartition().is_none()).then(|| {
        format!(
            "a graph that is not bipartite has at most {MOST_GENERAL_VERTICES} vertices here (its matching takes \
             O(V³)); this one has {}",
            graph.vertices
        )
    })
}

/// The graph of a geography game.
pub fn graph(game: &Geography) -> Graph {
    Graph { vertices: game.vertices(), edges: game.edges().to_vec() }
}

/// Whether the start is in every maximum matching: by Hopcroft–Karp, one matching of the graph
/// without the start and one augmenting search from it; by the other methods, whether removing
/// the start shrinks the maximum matching (two matchings, an independent check).
fn first_wins(graph: &Graph, start: usize, method: Method) -> Option<bool> {
    Some(match method {
        Method::HopcroftKarp => in_every_maximum_matching(graph, &graph.bipartition()?, start),
        Method::Dinic => {
            let sides = graph.bipartition()?;
            dinic(graph, &sides, Some(start)) < dinic(graph, &sides, None)
        }
        Method::General => general(graph, Some(start)) < general(graph, None),
    })
}

fn first_wins_auto(graph: &Graph, start: usize) -> bool {
    first_wins(graph, start, Method::HopcroftKarp)
        .unwrap_or_else(|| first_wins(graph, start, Method::General).expect("the general method takes any graph"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A graph that is not bipartite, past the vertices the general matching answers in
    /// seconds, is refused before any matching (saying how many it has); a bipartite one of the
    /// same size, or a small odd cycle, is not.
    #[test]
    fn large_graphs_that_are_not_bipartite_are_refused() {
        let n = MOST_GENERAL_VERTICES + 1;
        let mut edges: Vec<(usize, usize)> = (1..n).map(|u| (u - 1, u)).collect();
        edges.push((0, 2)); // a triangle: an odd cycle
        let odd = Geography::new(n, 0, edges.clone()).unwrap();
        assert!(too_large(&odd).is_some_and(|why| why.contains(&n.to_string())), "{:?}", too_large(&odd));
        edges.pop();
        assert_eq!(too_large(&Geography::new(n, 0, edges).unwrap()), None);
        assert_eq!(too_large(&Geography::new(3, 0, vec![(0, 1), (1, 2), (0, 2)]).unwrap()), None);
        let most = Geography::new(n - 1, 0, (1..n - 1).map(|u| (u - 1, u)).chain([(0, 2)]).collect()).unwrap();
        assert_eq!(too_large(&most), None, "{} vertices are answered", n - 1);
    }
}
