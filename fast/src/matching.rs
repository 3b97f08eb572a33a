//! Maximum matchings: Hopcroft–Karp and Dinic on bipartite graphs (written here), and
//! petgraph's implementation of Gabow's algorithm on general graphs.
//!
//! * Hopcroft–Karp: phases of a BFS from the free left vertices, then vertex-disjoint shortest
//!   augmenting paths by DFS; `O(E √V)`.
//! * Dinic: the matching as a unit-capacity flow source → left → right → sink; level graphs and
//!   blocking flows, `O(E √V)` on such networks.
//! * General graphs: `petgraph::algo::maximum_matching`, `O(V³)`.
//!
//! Every search here uses explicit stacks, so long augmenting paths cannot overflow the call
//! stack.

use std::collections::VecDeque;

/// An undirected graph on vertices `0..vertices`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Graph {
    /// Number of vertices.
    pub vertices: usize,
    /// Edges (self-loops are ignored; repeated edges are harmless).
    pub edges: Vec<(usize, usize)>,
}

impl Graph {
    /// Neighbour lists, without vertex `removed`.
    fn adjacency(&self, removed: Option<usize>) -> Vec<Vec<usize>> {
        let mut adjacency = vec![Vec::new(); self.vertices];
        for &(u, v) in &self.edges {
            if u != v && Some(u) != removed && Some(v) != removed {
                adjacency[u].push(v);
                adjacency[v].push(u);
            }
        }
        adjacency
    }

    /// A 2-colouring (`true` for one side) if the graph is bipartite.
    pub fn bipartition(&self) -> Option<Vec<bool>> {
        let adjacency = self.adjacency(None);
        let mut side: Vec<Option<bool>> = vec![None; self.vertices];
        for root in 0..self.vertices {
            if side[root].is_some() {
                continue;
            }
            side[root] = Some(false);
            let mut queue = VecDeque::from([root]);
            while let Some(u) = queue.pop_front() {
                let here = side[u].expect("coloured when queued");
                for &v in &adjacency[u] {
                    match side[v] {
                        None => {
                            side[v] = Some(!here);
                            queue.push_back(v);
                        }
                        Some(there) if there == here => return None,
                        Some(_) => {}
                    }
                }
            }
        }
        Some(side.into_iter().map(|s| s.unwrap_or(false)).collect())
    }
}

/// A vertex's mate when it has none.
const FREE: usize = usize::MAX;

/// Size of a maximum matching of the bipartite `graph` (sides from [`Graph::bipartition`])
/// without vertex `removed`, by Hopcroft–Karp.
pub fn hopcroft_karp(graph: &Graph, sides: &[bool], removed: Option<usize>) -> usize {
    maximum_matching(&graph.adjacency(removed), sides).1
}

/// Whether `start` is covered by every maximum matching of the bipartite `graph`, i.e. whether
/// removing it shrinks the maximum matching. With `M` a maximum matching of `G − start`
/// (Hopcroft–Karp), it does iff `G` has an `M`-augmenting path (Berge's theorem), and such a
/// path ends at `start` (one that misses it would augment `M` in `G − start`). So one matching
/// and one alternating search from `start`, `O(V + E)` in a bipartite graph, where comparing
/// two matchings would take two.
pub fn in_every_maximum_matching(graph: &Graph, sides: &[bool], start: usize) -> bool {
    let adjacency = graph.adjacency(Some(start));
    let (mate, _) = maximum_matching(&adjacency, sides);
    let start_neighbours: Vec<usize> = graph
        .edges
        .iter()
        .filter_map(|&(u, v)| match (u == start, v == start) {
            (true, false) => Some(v),
            (false, true) => Some(u),
            _ => None,
        })
        .collect();
    // The alternating tree from `start`: an edge out of the tree to a free vertex ends an
    // augmenting path; to a matched one, the tree grows by that vertex's mate. (No odd cycle, so
    // no blossom: every vertex reached on `start`'s side is reached by an even alternating path.)
    let mut reached = vec![false; graph.vertices];
    reached[start] = true;
    let mut stack = vec![start];
    while let Some(u) = stack.pop() {
        let neighbours = if u == start { &start_neighbours } else { &adjacency[u] };
        for &v in neighbours {
            match mate[v] {
                FREE => return true,
                w if !reached[w] => {
                    reached[w] = true;
                    stack.push(w);
                }
                _ => {}
            }
        }
    }
    false
}

/// A maximum matching of the bipartite graph of `adjacency` (each vertex's mate, or [`FREE`])
/// and its size, by Hopcroft–Karp.
fn maximum_matching(adjacency: &[Vec<usize>], sides: &[bool]) -> (Vec<usize>, usize) {
    let vertices = adjacency.len();
    // The searches start from the `true` side. (Either side would do: the adjacency lists go
    // both ways, and a maximum matching has one size.)
    let left: Vec<usize> = (0..vertices).filter(|&u| sides[u]).collect();
    let mut mate = vec![FREE; vertices];
    let mut distance = vec![usize::MAX; vertices];
    let mut matched = 0;
    loop {
        // BFS layers from the free left vertices.
        let mut queue = VecDeque::new();
        for &u in &left {
            distance[u] = if mate[u] == FREE { 0 } else { usize::MAX };
            if mate[u] == FREE {
                queue.push_back(u);
            }
        }
        let mut found = false;
        while let Some(u) = queue.pop_front() {
            for &v in &adjacency[u] {
                match mate[v] {
                    FREE => found = true,
                    w if distance[w] == usize::MAX => {
                        distance[w] = distance[u] + 1;
                        queue.push_back(w);
                    }
                    _ => {}
                }
            }
        }
        if !found {
            return (mate, matched);
        }
        // Vertex-disjoint shortest augmenting paths, by iterative DFS.
        let mut next = vec![0usize; vertices];
        for &root in &left {
            if mate[root] != FREE {
                continue;
            }
            let mut path: Vec<usize> = vec![root];
            while let Some(&u) = path.last() {
                if next[u] == adjacency[u].len() {
                    distance[u] = usize::MAX; // dead end for this phase
                    path.pop();
                    continue;
                }
                let v = adjacency[u][next[u]];
                next[u] += 1;
                match mate[v] {
                    FREE => {
                        // Augment along the path: path[i] takes the next right vertex.
                        let mut right = v;
                        while let Some(l) = path.pop() {
                            let previous = mate[l];
                            mate[l] = right;
                            mate[right] = l;
                            right = previous;
                        }
                        matched += 1;
                        break;
                    }
                    w if distance[w] == distance[u] + 1 => path.push(w),
                    _ => {}
                }
            }
        }
    }
}

/// Size of a maximum matching of the bipartite `graph` without vertex `removed`, as a maximum
/// flow by Dinic's algorithm.
pub fn dinic(graph: &Graph, sides: &[bool], removed: Option<usize>) -> usize {
    // Nodes: 0..V the vertices, V the source, V + 1 the sink. Edges in pairs (forward, back).
    let (source, sink) = (graph.vertices, graph.vertices + 1);
    let nodes = graph.vertices + 2;
    let mut head: Vec<Vec<usize>> = vec![Vec::new(); nodes];
    let (mut to, mut capacity) = (Vec::new(), Vec::new());
    let mut add = |u: usize, v: usize, head: &mut Vec<Vec<usize>>| {
        head[u].push(to.len());
        to.push(v);
        capacity.push(1u32);
        head[v].push(to.len());
        to.push(u);
        capacity.push(0u32);
    };
    for u in (0..graph.vertices).filter(|&u| Some(u) != removed) {
        if sides[u] { add(u, sink, &mut head) } else { add(source, u, &mut head) }
    }
    for &(u, v) in &graph.edges {
        if u == v || Some(u) == removed || Some(v) == removed {
            continue;
        }
        let (l, r) = if sides[u] { (v, u) } else { (u, v) };
        add(l, r, &mut head);
    }
    let mut flow = 0;
    loop {
        let mut level = vec![usize::MAX; nodes];
        level[source] = 0;
        let mut queue = VecDeque::from([source]);
        while let Some(u) = queue.pop_front() {
            for &e in &head[u] {
                if capacity[e] > 0 && level[to[e]] == usize::MAX {
                    level[to[e]] = level[u] + 1;
                    queue.push_back(to[e]);
                }
            }
        }
        if level[sink] == usize::MAX {
            return flow;
        }
        let mut next = vec![0usize; nodes];
        loop {
            // One augmenting path in the level graph, by iterative DFS (edges on the stack).
            let mut path: Vec<usize> = Vec::new();
            let mut u = source;
            while u != sink {
                let mut advanced = false;
                while next[u] < head[u].len() {
                    let e = head[u][next[u]];
                    if capacity[e] > 0 && level[to[e]] == level[u] + 1 {
                        path.push(e);
                        u = to[e];
                        advanced = true;
                        break;
                    }
                    next[u] += 1;
                }
                if !advanced {
                    if u == source {
                        break;
                    }
                    level[u] = usize::MAX; // no way on from here
                    let e = path.pop().expect("a node other than the source was reached by an edge");
                    u = to[e ^ 1];
                    next[u] += 1;
                }
            }
            if u != sink {
                break;
            }
            for &e in &path {
                capacity[e] -= 1;
                capacity[e ^ 1] += 1;
            }
            flow += 1;
        }
    }
}

/// Size of a maximum matching of any `graph` without vertex `removed`, by petgraph (Gabow).
pub fn general(graph: &Graph, removed: Option<usize>) -> usize {
    let mut g = petgraph::graph::UnGraph::<(), ()>::with_capacity(graph.vertices, graph.edges.len());
    let nodes: Vec<_> = (0..graph.vertices).map(|_| g.add_node(())).collect();
    for &(u, v) in &graph.edges {
        if u != v && Some(u) != removed && Some(v) != removed {
            g.add_edge(nodes[u], nodes[v], ());
        }
    }
    petgraph::algo::maximum_matching(&g).len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_three_agree_on_a_path_and_a_cycle() {
        let path = Graph { vertices: 5, edges: vec![(0, 1), (1, 2), (2, 3), (3, 4)] };
        let sides = path.bipartition().unwrap();
        for removed in [None, Some(0), Some(1), Some(2)] {
            let expected = general(&path, removed);
            assert_eq!(hopcroft_karp(&path, &sides, removed), expected, "{removed:?}");
            assert_eq!(dinic(&path, &sides, removed), expected, "{removed:?}");
        }
        assert_eq!(general(&path, None), 2);
        let triangle = Graph { vertices: 3, edges: vec![(0, 1), (1, 2), (2, 0)] };
        assert!(triangle.bipartition().is_none());
        assert_eq!(general(&triangle, None), 1);
    }

    /// One matching and one augmenting search say what two matchings say (petgraph's, without
    /// and with the start), on every bipartite graph of up to 6 vertices, from every start:
    /// a lone vertex, an isolated start, and the same graphs with every edge doubled and a loop
    /// at the start (a multigraph).
    #[test]
    fn in_every_maximum_matching_is_removing_the_start_shrinking_the_matching() {
        for vertices in 1..=6usize {
            for mask in 0..1u32 << vertices {
                let sides: Vec<bool> = (0..vertices).map(|u| mask >> u & 1 == 1).collect();
                let cross: Vec<(usize, usize)> = (0..vertices)
                    .flat_map(|u| (u + 1..vertices).map(move |v| (u, v)))
                    .filter(|&(u, v)| sides[u] != sides[v])
                    .collect();
                for subset in 0..1u64 << cross.len() {
                    let edges: Vec<(usize, usize)> =
                        cross.iter().enumerate().filter(|&(i, _)| subset >> i & 1 == 1).map(|(_, &e)| e).collect();
                    for start in 0..vertices {
                        let simple = Graph { vertices, edges: edges.clone() };
                        let expected = general(&simple, Some(start)) < general(&simple, None);
                        assert_eq!(in_every_maximum_matching(&simple, &sides, start), expected, "{simple:?} {start}");
                        let doubled: Vec<(usize, usize)> =
                            edges.iter().flat_map(|&(u, v)| [(u, v), (v, u)]).chain([(start, start)]).collect();
                        let multi = Graph { vertices, edges: doubled };
                        assert_eq!(in_every_maximum_matching(&multi, &sides, start), expected, "{multi:?} {start}");
                    }
                }
            }
        }
    }
}
