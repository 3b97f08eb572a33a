//! Vertex geography: the first player wins iff the start is in every maximum matching
//! (Hopcroft–Karp and Dinic on bipartite graphs, Gabow's algorithm on any graph).

use grundy_fast::games::geography::{self, Method};
use grundy_oracle::games::geography::GeographyGame;
use grundy_rules::games::Geography;

use super::prelude::*;

/// The format's most edges (grundy reads up to [`Geography::MOST_EDGES`], 10^7).
const MOST_EDGES: usize = 2_000_000;

/// Vertex geography by one matching method (`None`: the best one for each graph).
#[derive(Debug, Clone, Copy, Default)]
pub struct GeographyProblem {
    method: Option<Method>,
}

impl GeographyProblem {
    fn method_name(&self) -> &'static str {
        match self.method {
            None => "auto",
            Some(Method::HopcroftKarp) => "hopcroft-karp",
            Some(Method::Dinic) => "dinic",
            Some(Method::General) => "general",
        }
    }
}

impl Problem for GeographyProblem {
    type Instance = Geography;
    type Answer = Outcome;
    engine_oracle!();

    const DATA: Data = Data {
        name: "geography",
        summary: "vertex geography, by the best matching method for the graph",
        format: "`n m s`, then m lines `u v` (vertices 1..n, start s); First or Second",
        limits: "m to 10^7",
        most_cases: 1,
        // A bipartite graph of 10^5 vertices and 2·10^5 edges, one of 10^6 vertices and 2·10^6
        // edges (the format's most); a graph that is not bipartite at its most vertices (20000)
        // and the most edges.
        at_limits: &[
            "a bipartite graph of 10^5 vertices, 2·10^5 edges",
            "a bipartite graph of 10^6 vertices, 2·10^6 edges",
            "a graph that is not bipartite, 20000 vertices, 2·10^6 edges",
        ],
    };

    fn name(&self) -> String {
        match self.method {
            None => Self::DATA.name.to_string(),
            Some(_) => format!("geography/{}", self.method_name()),
        }
    }

    fn summary(&self) -> String {
        match self.method {
            None => Self::DATA.summary.to_string(),
            Some(Method::HopcroftKarp) => {
                "vertex geography: first player wins iff the start is in every maximum matching (Hopcroft–Karp)"
                    .to_string()
            }
            Some(Method::Dinic) => "vertex geography by maximum flow (Dinic), bipartite graphs".to_string(),
            Some(Method::General) => "vertex geography on any graph (petgraph's Gabow matching)".to_string(),
        }
    }

    fn exhaustive(&self) -> Exhaustive<Geography> {
        let mut cases = Vec::new();
        for vertices in 1..=4usize {
            let pairs: Vec<(usize, usize)> =
                (0..vertices).flat_map(|u| (u + 1..vertices).map(move |v| (u, v))).collect();
            for subset in 0..1u32 << pairs.len() {
                let edges: Vec<(usize, usize)> =
                    pairs.iter().enumerate().filter(|&(i, _)| subset >> i & 1 == 1).map(|(_, &e)| e).collect();
                cases.extend(
                    (0..vertices).map(|start| Geography::new(vertices, start, edges.clone()).expect("a graph")),
                );
            }
        }
        Exhaustive { cases, description: "every graph on ≤ 4 vertices, every start".to_string() }
    }

    fn random(&self, rng: &mut ChaCha8Rng) -> Geography {
        random_graph(rng, 13, self.method.is_some_and(|m| m != Method::General))
    }

    fn fast(&self, game: &Geography) -> Result<Outcome, Unsupported> {
        match self.method {
            None => Ok(geography::outcome_auto(game)),
            Some(method) => geography::outcome(game, method)
                .ok_or_else(|| Unsupported::NoTheory(format!("{method:?} needs a bipartite graph"))),
        }
    }
}

/// A random graph of up to `most` vertices; `bipartite` keeps only edges between two random sides.
fn random_graph(rng: &mut ChaCha8Rng, most: usize, bipartite: bool) -> Geography {
    let vertices = rng.random_range(1..=most);
    let sides: Vec<bool> = (0..vertices).map(|_| rng.random_bool(0.5)).collect();
    let density = rng.random_range(0.15..0.7);
    let mut edges = Vec::new();
    for u in 0..vertices {
        for v in u + 1..vertices {
            if (!bipartite || sides[u] != sides[v]) && rng.random_bool(density) {
                edges.push((u, v));
            }
        }
    }
    Geography::new(vertices, rng.random_range(0..vertices), edges).expect("a graph")
}

impl Contest for GeographyProblem {
    const STATEMENT: &Statement = &statement::GEOGRAPHY;

    /// One entry per matching method.
    fn entries() -> Vec<Self> {
        Method::ALL.into_iter().map(|method| GeographyProblem { method: Some(method) }).collect()
    }

    fn read(&self, input: &str) -> Result<Vec<Geography>, InputError> {
        let mut tokens = Tokens::new("geography", input);
        let vertices = tokens.number("n, the number of vertices", 1, Geography::MOST_VERTICES as u64)?;
        let count = tokens.number("m, the number of edges", 0, Geography::MOST_EDGES as u64)?;
        let start = tokens.number("s, the start vertex", 1, vertices)?;
        let edges = tokens.edges(count, vertices, ["an edge end", "an edge end"])?;
        tokens.finish(&format!("the {count} edges"))?;
        let game = Geography::new(vertices as usize, start as usize - 1, edges).map_err(|e| tokens.error(e.0))?;
        if let Some(reason) = grundy_fast::games::geography::too_large(&game) {
            return Err(tokens.error(reason));
        }
        Ok(vec![game])
    }

    fn write(&self, cases: &[Geography]) -> Result<String, Unwritable> {
        let game = single(cases, "geography")?;
        let (vertices, edges, start) = (game.vertices(), game.edges(), game.start() + 1);
        Ok(format!("{vertices} {} {start}\n{}", edges.len(), edge_lines(edges)))
    }

    fn random_large_input(&self, rng: &mut ChaCha8Rng) -> Vec<Geography> {
        let n = rng.random_range(2..=3000usize);
        let edges =
            (0..rng.random_range(1..=3 * n)).map(|_| (rng.random_range(0..n), rng.random_range(0..n))).collect();
        vec![Geography::new(n, 0, edges).expect("a graph")]
    }

    fn at_limit(&self, which: usize, rng: &mut ChaCha8Rng) -> Vec<Geography> {
        let (n, m, bipartite) = match which {
            0 => (100_000usize, 200_000, true),
            1 => (Geography::MOST_VERTICES, MOST_EDGES, true),
            _ => (20_000, MOST_EDGES, false),
        };
        let edges = (0..m)
            .map(|_| match bipartite {
                true => (2 * rng.random_range(0..n / 2), 2 * rng.random_range(0..n / 2) + 1),
                false => (rng.random_range(0..n), rng.random_range(0..n)),
            })
            .collect();
        vec![Geography::new(n, rng.random_range(0..n), edges).expect("a graph")]
    }

    /// One vertex and no edge; then 10^6 vertices, a path through vertices 2, 1, 10^6 and
    /// 10^6 − 1, from 10^6.
    fn extremes(&self) -> Vec<Vec<Geography>> {
        let most = Geography::MOST_VERTICES;
        vec![
            vec![Geography::new(1, 0, Vec::new()).expect("a graph")],
            vec![Geography::new(most, most - 1, vec![(1, 0), (0, most - 1), (most - 1, most - 2)]).expect("a graph")],
        ]
    }

    /// A position is the token's vertex and the visited set, a walk from the start: at most
    /// `C · 2^(C − 1)` for the `C` vertices connected to the start. The oracle refuses graphs of
    /// more than 64 vertices (`u128::MAX`).
    fn oracle_positions(&self, game: &Geography) -> Option<u128> {
        if game.vertices() > GeographyGame::MOST_VERTICES {
            return Some(u128::MAX);
        }
        let mut neighbours = vec![Vec::new(); game.vertices()];
        for &(u, v) in game.edges() {
            neighbours[u].push(v);
            neighbours[v].push(u);
        }
        let mut seen = vec![false; game.vertices()];
        seen[game.start()] = true;
        let (mut stack, mut connected) = (vec![game.start()], 1u64);
        while let Some(at) = stack.pop() {
            for &next in &neighbours[at] {
                if !seen[next] {
                    seen[next] = true;
                    connected += 1;
                    stack.push(next);
                }
            }
        }
        Some(walks_within(connected))
    }

    fn largest_input(&self, rng: &mut ChaCha8Rng) -> Vec<Geography> {
        // A bipartite graph (even to odd vertices), as the matching methods' worst case here.
        let n = 100_000usize;
        let edges =
            (0..200_000).map(|_| (2 * rng.random_range(0..n / 2), 2 * rng.random_range(0..n / 2) + 1)).collect();
        vec![Geography::new(n, 0, edges).expect("a graph")]
    }
}

/// Edges are removed, never moved (a moved edge is another graph, seldom a smaller one).
impl Shrink for Geography {
    fn shape(&self) -> Shape {
        Shape::tuple(vec![
            edges_shape(self.edges()).removable_only(),
            Shape::number(self.vertices() as u64, 1),
            Shape::number(self.start() as u64, 0),
        ])
    }

    fn with_shape(&self, shape: &Shape) -> Option<Geography> {
        let [edges, vertices, start] = shape.parts()?;
        let edges = edges_of(edges)?;
        Geography::new(usize::try_from(vertices.value()?).ok()?, usize::try_from(start.value()?).ok()?, edges).ok()
    }
}

/// A graph's edges as a shape (geography's, tokens'): a list of pairs of vertex numbers.
pub(crate) fn edges_shape(edges: &[(usize, usize)]) -> Shape {
    let edge = |&(u, v): &(usize, usize)| Shape::tuple(vec![Shape::number(u as u64, 0), Shape::number(v as u64, 0)]);
    Shape::list(edges.iter().map(edge), 0)
}

/// The edges of [`edges_shape`] read back.
pub(crate) fn edges_of(shape: &Shape) -> Option<Vec<(usize, usize)>> {
    let edge = |shape: &Shape| -> Option<(usize, usize)> {
        let [u, v] = shape.parts()?;
        Some((usize::try_from(u.value()?).ok()?, usize::try_from(v.value()?).ok()?))
    };
    shape.items()?.iter().map(|item| edge(&item.shape)).collect()
}

impl GeographyProblem {
    /// The problem solved by the best method for each graph, as `grundy problem geography` does.
    pub fn auto() -> GeographyProblem {
        GeographyProblem { method: None }
    }
}
