//! Tokens on a directed graph that may have cycles: who wins, or a draw. The oracle decides every
//! whole position (the multisets of the tokens' vertices) by retrograde analysis; the fast side
//! sums Smith's loopy values of the vertices.

use std::sync::Arc;

use grundy_fast::loopy::{LoopyValue, LoopyValues};
use grundy_oracle::games::tokens::TokenOracle;
use grundy_rules::games::{Digraph, Tokens};
use grundy_rules::{LoopyOutcome, Play};

use super::geography::{edges_of, edges_shape};
use super::prelude::*;

/// How two loopy values add: Smith's rule, or a planted wrong one (tests).
pub type SumRule = fn(&LoopyValue, &LoopyValue) -> LoopyValue;

/// Tokens on a directed graph.
#[derive(Debug, Clone)]
pub struct TokensProblem {
    name: &'static str,
    /// `None`: the fast side's own sum ([`LoopyValues::sum`], Smith's rule).
    rule: Option<SumRule>,
}

impl Default for TokensProblem {
    fn default() -> Self {
        TokensProblem { name: Self::DATA.name, rule: None }
    }
}

impl TokensProblem {
    /// The problem whose fast side adds values by `rule` (to show that a wrong rule is caught).
    pub fn with_rule(name: &'static str, rule: SumRule) -> TokensProblem {
        TokensProblem { name, rule: Some(rule) }
    }

    /// The value of `tokens` on a graph of these `values`, added by the problem's rule.
    fn value(&self, values: &LoopyValues, tokens: &[usize]) -> LoopyValue {
        match self.rule {
            None => values.sum(tokens),
            Some(rule) => tokens.iter().fold(LoopyValue::Finite(0), |total, &t| rule(&total, &values.value(t))),
        }
    }
}

/// The contest's limits.
pub const MOST_VERTICES: u64 = 100_000;
/// The most edges of a contest input.
pub const MOST_EDGES: u64 = 200_000;
/// The most queries of a contest input.
pub const MOST_QUERIES: u64 = 100_000;
/// The most tokens of all the queries of a contest input together.
pub const MOST_TOKENS: u64 = 1_000_000;

/// The oracle of the graph seen last (a contest input's queries share one graph).
pub struct TokenMemo {
    budget: Budget,
    last: Option<(Arc<Digraph>, TokenOracle)>,
}

impl Memo for TokenMemo {
    fn fresh(budget: Budget) -> Self {
        TokenMemo { budget, last: None }
    }

    fn stats(&self) -> Option<grundy_oracle::Stats> {
        let (positions, bytes) = self.last.as_ref().map_or((0, 0), |(_, oracle)| (oracle.positions(), oracle.bytes()));
        Some(grundy_oracle::Stats { positions, generated: 0, bytes })
    }
}

/// Every digraph on `vertices` vertices (loops included), each ordered pair an edge or not.
fn every_digraph(vertices: usize) -> impl Iterator<Item = Arc<Digraph>> {
    let pairs: Vec<(usize, usize)> = (0..vertices).flat_map(|u| (0..vertices).map(move |v| (u, v))).collect();
    (0..1u32 << pairs.len()).map(move |subset| {
        let edges = pairs.iter().enumerate().filter(|&(i, _)| subset >> i & 1 == 1).map(|(_, &e)| e).collect();
        Arc::new(Digraph::new(vertices, edges).expect("a graph"))
    })
}

/// Every multiset of `count` of the vertices `0..vertices`, sorted.
fn multisets(vertices: usize, count: usize) -> Vec<Vec<usize>> {
    let mut all = vec![Vec::new()];
    for _ in 0..count {
        all = all
            .into_iter()
            .flat_map(|set: Vec<usize>| {
                let from = set.last().copied().unwrap_or(0);
                (from..vertices).map(move |v| [set.clone(), vec![v]].concat())
            })
            .collect();
    }
    all
}

/// A random digraph of `vertices` vertices where each ordered pair is an edge with probability
/// `density`: cycles come often.
fn random_digraph(rng: &mut ChaCha8Rng, vertices: usize, density: f64) -> Digraph {
    let mut edges = Vec::new();
    for u in 0..vertices {
        for v in 0..vertices {
            if rng.random_bool(density) {
                edges.push((u, v));
            }
        }
    }
    Digraph::new(vertices, edges).expect("a graph")
}

impl Problem for TokensProblem {
    type Instance = Tokens;
    type Answer = LoopyOutcome;
    type Memo = TokenMemo;

    const DATA: Data = Data {
        name: "tokens",
        summary: "tokens on a directed graph with cycles: win, lose or draw, by Smith's loopy values and their sum rule",
        format: "`n m`, m lines `u v` (an edge u → v; cycles and loops allowed), `q`, then q lines `k t1 … tk` (tokens \
                 on vertices); First, Second or Draw per line",
        limits: "as much as its limits allow",
        most_cases: 1,
        // The most of everything; then the same count of edges, each given twice (repeated edges
        // are allowed), in random order.
        at_limits: &[
            "n = 10^5, m = 2·10^5, q = 10^5, Σk = 10^6",
            "n = 10^5, m = 2·10^5 edges each given twice, in random order; q = 10^5, Σk = 10^6",
        ],
    };

    /// The data's, or a planted sum rule's.
    fn name(&self) -> String {
        self.name.to_string()
    }

    fn exhaustive(&self) -> Exhaustive<Tokens> {
        let mut cases = Vec::new();
        for vertices in 1..=3 {
            for graph in every_digraph(vertices) {
                for count in 1..=3 {
                    for tokens in multisets(vertices, count) {
                        cases.push(Tokens::new(graph.clone(), tokens).expect("tokens on the graph"));
                    }
                }
            }
        }
        Exhaustive {
            cases,
            description: "every digraph on ≤ 3 vertices (loops included), every 1 to 3 tokens".to_string(),
        }
    }

    fn random(&self, rng: &mut ChaCha8Rng) -> Tokens {
        let vertices = rng.random_range(1..=12);
        let density = rng.random_range(0.05..0.4);
        let graph = Arc::new(random_digraph(rng, vertices, density));
        let tokens = (0..rng.random_range(1..=4)).map(|_| rng.random_range(0..vertices)).collect();
        Tokens::new(graph, tokens).expect("tokens on the graph")
    }

    fn oracle(&self, memo: &mut TokenMemo, position: &Tokens) -> Result<LoopyOutcome, OracleError> {
        let same = memo.last.as_ref().is_some_and(|(graph, _)| Arc::ptr_eq(graph, position.graph()));
        if !same {
            memo.last = None; // the old graph's positions go before the new ones come
            memo.last = Some((position.graph().clone(), TokenOracle::new(position.graph(), Play::Normal)?));
        }
        let (_, oracle) = memo.last.as_mut().expect("an oracle");
        oracle.outcome(position.tokens(), memo.budget)
    }

    fn fast(&self, position: &Tokens) -> Result<LoopyOutcome, Unsupported> {
        Ok(self.value(&LoopyValues::new(position.graph()), position.tokens()).outcome())
    }
}

impl Contest for TokensProblem {
    const STATEMENT: &Statement = &statement::TOKENS;

    fn read(&self, input: &str) -> Result<Vec<Tokens>, InputError> {
        let mut tokens = crate::contest::Tokens::new("tokens", input);
        let vertices = tokens.number("n, the number of vertices", 1, MOST_VERTICES)?;
        let count = tokens.number("m, the number of edges", 0, MOST_EDGES)?;
        let edges = tokens.edges(count, vertices, ["an edge's start", "an edge's end"])?;
        let graph = Arc::new(Digraph::new(vertices as usize, edges).map_err(|e| tokens.error(e.0))?);
        let queries = tokens.number("q, the number of queries", 1, MOST_QUERIES)?;
        let mut cases = Vec::with_capacity(queries as usize);
        let mut total = 0u64;
        for _ in 0..queries {
            let k = tokens.number("k, the number of tokens", 1, MOST_TOKENS - total)?;
            total += k;
            let places = (0..k)
                .map(|_| tokens.number("a token's vertex", 1, vertices).map(|v| v as usize - 1))
                .collect::<Result<Vec<_>, _>>()?;
            cases.push(Tokens::new(graph.clone(), places).map_err(|e| tokens.error(e.0))?);
        }
        tokens.finish(&format!("the {queries} queries"))?;
        Ok(cases)
    }

    fn write(&self, cases: &[Tokens]) -> Result<String, Unwritable> {
        let Some(first) = cases.first() else { return Err("a tokens input holds at least one query".into()) };
        let graph = first.graph();
        if cases.iter().any(|case| case.graph() != graph) {
            return Err("the queries of one tokens input share one graph".into());
        }
        if cases.iter().any(|case| case.tokens().is_empty()) {
            return Err("a query holds at least one token".into());
        }
        let mut text = format!("{} {}\n{}", graph.vertices(), graph.edges().len(), edge_lines(graph.edges()));
        text.push_str(&format!("{}\n", cases.len()));
        for case in cases {
            let places: Vec<String> = case.tokens().iter().map(|t| (t + 1).to_string()).collect();
            text.push_str(&format!("{} {}\n", places.len(), places.join(" ")));
        }
        Ok(text)
    }

    fn random_input(&self, rng: &mut ChaCha8Rng, large: bool) -> Vec<Tokens> {
        let (graph, queries, most_tokens) = if large {
            let vertices = rng.random_range(1000..=20_000usize);
            let edges = (0..rng.random_range(vertices..=2 * vertices))
                .map(|_| (rng.random_range(0..vertices), rng.random_range(0..vertices)))
                .collect();
            (Digraph::new(vertices, edges).expect("a graph"), rng.random_range(50..=500), 20)
        } else {
            let vertices = rng.random_range(1..=10);
            let density = rng.random_range(0.05..0.4);
            (random_digraph(rng, vertices, density), rng.random_range(1..=6), 3)
        };
        let graph = Arc::new(graph);
        let n = graph.vertices();
        (0..queries)
            .map(|_| {
                let places = (0..rng.random_range(1..=most_tokens)).map(|_| rng.random_range(0..n)).collect();
                Tokens::new(graph.clone(), places).expect("tokens on the graph")
            })
            .collect()
    }

    fn largest_input(&self, rng: &mut ChaCha8Rng) -> Vec<Tokens> {
        let n = MOST_VERTICES as usize;
        let edges = (0..MOST_EDGES).map(|_| (rng.random_range(0..n), rng.random_range(0..n))).collect();
        let graph = Arc::new(Digraph::new(n, edges).expect("a graph"));
        (0..MOST_QUERIES)
            .map(|_| {
                let places = (0..10).map(|_| rng.random_range(0..n)).collect();
                Tokens::new(graph.clone(), places).expect("tokens on the graph")
            })
            .collect()
    }

    fn at_limit(&self, which: usize, rng: &mut ChaCha8Rng) -> Vec<Tokens> {
        if which == 0 {
            return self.largest_input(rng);
        }
        let n = MOST_VERTICES as usize;
        let mut edges: Vec<(usize, usize)> =
            (0..MOST_EDGES / 2).map(|_| (rng.random_range(0..n), rng.random_range(0..n))).collect();
        edges.extend(edges.clone());
        for i in (1..edges.len()).rev() {
            edges.swap(i, rng.random_range(0..=i));
        }
        let graph = Arc::new(Digraph::new(n, edges).expect("a graph"));
        (0..MOST_QUERIES)
            .map(|_| Tokens::new(graph.clone(), (0..10).map(|_| rng.random_range(0..n)).collect()).expect("tokens"))
            .collect()
    }

    /// One vertex, no edge, one token; then 10^5 vertices with edges 1 → 10^5, 10^5 → 1, a loop
    /// on 10^5 and 1 → 2, and queries of one token on either end, both, and 10 000 tokens on the
    /// two ends (45 KB). Not reached: m = 2·10^5 (2.6 MB), q = 10^5 (400 KB), Σk = 10^6 (7 MB).
    fn extremes(&self) -> Vec<Vec<Tokens>> {
        let one = Arc::new(Digraph::new(1, Vec::new()).expect("a graph"));
        let last = MOST_VERTICES as usize - 1;
        let graph =
            Arc::new(Digraph::new(last + 1, vec![(0, last), (last, 0), (last, last), (0, 1)]).expect("a graph"));
        let many = in_turn(10_000, 0, last);
        let queries = [vec![0], vec![last], vec![0, last], many];
        vec![
            vec![Tokens::new(one, vec![0]).expect("tokens on the graph")],
            queries
                .into_iter()
                .map(|places| Tokens::new(graph.clone(), places).expect("tokens on the graph"))
                .collect(),
        ]
    }

    /// The oracle decides every multiset of as many tokens on the graph: `C(n + k − 1, k)`.
    fn oracle_positions(&self, position: &Tokens) -> Option<u128> {
        let (n, k) = (position.graph().vertices() as u128, position.tokens().len() as u128);
        Some(binomial((n + k).saturating_sub(1), k))
    }

    fn fast_all(
        &self,
        cases: &[Tokens],
        _deadline: Option<std::time::Instant>,
    ) -> Result<Vec<LoopyOutcome>, Unsupported> {
        let mut values: Option<(&Arc<Digraph>, LoopyValues)> = None;
        let mut answers = Vec::with_capacity(cases.len());
        for case in cases {
            if !values.as_ref().is_some_and(|(graph, _)| Arc::ptr_eq(graph, case.graph())) {
                values = Some((case.graph(), LoopyValues::new(case.graph())));
            }
            let (_, of_graph) = values.as_ref().expect("values");
            answers.push(self.value(of_graph, case.tokens()).outcome());
        }
        Ok(answers)
    }
}

/// A vertex count, the edges (each end lowered), and the tokens (a multiset). A graph also
/// loses a vertex that nothing touches, the later ones numbered one lower: a renumbering no
/// shape states.
impl Shrink for Tokens {
    fn shape(&self) -> Shape {
        let graph = self.graph();
        let tokens: Vec<u64> = self.tokens().iter().map(|&t| t as u64).collect();
        Shape::tuple(vec![
            Shape::numbers(&tokens, 0, 0).multiset(),
            edges_shape(graph.edges()),
            Shape::number(graph.vertices() as u64, 1),
        ])
    }

    fn with_shape(&self, shape: &Shape) -> Option<Tokens> {
        let [tokens, edges, vertices] = shape.parts()?;
        let edges = edges_of(edges)?;
        let graph = Digraph::new(usize::try_from(vertices.value()?).ok()?, edges).ok()?;
        let tokens = tokens.values()?.into_iter().map(|t| usize::try_from(t).ok()).collect::<Option<_>>()?;
        Tokens::new(Arc::new(graph), tokens).ok()
    }

    /// Queries of one graph state it once: the graph, then the list of their tokens.
    fn list_shape(cases: &[Tokens]) -> Shape {
        let Some(first) = cases.first().filter(|first| cases.iter().all(|case| case.graph() == first.graph())) else {
            return Shape::list(cases.iter().map(Shrink::shape), 1);
        };
        let Shape::Tuple(mut parts) = first.shape() else { return Shape::list(cases.iter().map(Shrink::shape), 1) };
        let queries = cases.iter().map(|case| {
            let tokens: Vec<u64> = case.tokens().iter().map(|&t| t as u64).collect();
            Shape::numbers(&tokens, 0, 1).multiset()
        });
        parts[0] = Shape::list(queries, 1);
        Shape::tuple(parts)
    }

    fn list_with_shape(cases: &[Tokens], shape: &Shape) -> Option<Vec<Tokens>> {
        let Some([queries, edges, vertices]) = shape.parts::<3>() else {
            return shape.items()?.iter().map(|item| cases.get(item.from)?.with_shape(&item.shape)).collect();
        };
        let edges = edges_of(edges)?;
        let graph = Arc::new(Digraph::new(usize::try_from(vertices.value()?).ok()?, edges).ok()?);
        queries
            .items()?
            .iter()
            .map(|query| {
                let tokens =
                    query.shape.values()?.into_iter().map(|t| usize::try_from(t).ok()).collect::<Option<_>>()?;
                Tokens::new(graph.clone(), tokens).ok()
            })
            .collect()
    }

    /// The vertices nothing touches removed, the others numbered in order: all of them at
    /// once first (a graph of 10^5 vertices whose failure needs 3 is there in one step), then,
    /// after the shape's candidates, the last of them alone.
    fn candidates(&self, longest: usize) -> crate::shrink::Cases<'_, Tokens> {
        let graph = self.graph();
        let n = graph.vertices();
        let mut touched = vec![false; n];
        for &(a, b) in graph.edges() {
            touched[a] = true;
            touched[b] = true;
        }
        for &t in self.tokens() {
            touched[t] = true;
        }
        let renumbered = |keep: &dyn Fn(usize) -> bool| {
            let mut number = vec![0usize; n];
            let mut kept = 0;
            for (v, slot) in number.iter_mut().enumerate() {
                *slot = kept;
                kept += usize::from(keep(v));
            }
            let edges = graph.edges().iter().map(|&(a, b)| (number[a], number[b])).collect();
            let smaller = Digraph::new(kept.max(1), edges).ok()?;
            Tokens::new(Arc::new(smaller), self.tokens().iter().map(|&t| number[t]).collect()).ok()
        };
        let free = touched.iter().filter(|&&t| !t).count();
        let all_free = (free > 0 && free < n).then(|| renumbered(&|v| touched[v])).flatten();
        let last_free = (free > 1 && n > 1)
            .then(|| (0..n).rev().find(|&v| !touched[v]))
            .flatten()
            .and_then(|last| renumbered(&|v| v != last));
        Box::new(all_free.into_iter().chain(crate::shrink::shaped_candidates(self, longest)).chain(last_free))
    }
}
