//! Games that may not end (#25): retrograde analysis on a large random digraph (moves per
//! second, and its bytes per vertex beyond the graph), three tokens on a 200-vertex cyclic
//! digraph decided whole by the oracle, Smith's values of that graph, and a scripted game's
//! positions explored per second (a rule with ten moves a position).
//!
//! `cargo bench --bench loopy` (`-- retrograde`, `-- tokens`, `-- smith`, `-- script`).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use grundy_oracle::games::tokens::TokenOracle;
use grundy_oracle::retrograde::{self, Numbered, StateGraph};
use grundy_oracle::{Budget, Engine};
use grundy_rules::games::Digraph;
use grundy_rules::{Play, ValueKind};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// `vertices` vertices and `edges` moves drawn at random (seeded): cycles everywhere, and the
/// vertices no move leaves are the ends.
fn random_edges(vertices: usize, edges: usize, seed: u64) -> Vec<(usize, usize)> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..edges).map(|_| (rng.random_range(0..vertices), rng.random_range(0..vertices))).collect()
}

fn retrograde_analysis(c: &mut Criterion) {
    let mut group = c.benchmark_group("retrograde");
    group.sample_size(10);
    let (vertices, edges) = (1_000_000, 5_000_000);
    let graph = StateGraph::new(vertices, &random_edges(vertices, edges, 25)).unwrap();
    let outcomes = retrograde::analyse(&graph, Play::Normal, usize::MAX, None).unwrap();
    eprintln!(
        "retrograde: {} vertices, {} distinct moves; the graph holds {:.1} bytes a vertex, the analysis {:.1} more",
        graph.len(),
        graph.moves(),
        graph.bytes() as f64 / vertices as f64,
        outcomes.bytes() as f64 / vertices as f64
    );
    group.throughput(Throughput::Elements(graph.moves() as u64));
    group.bench_function("10^6 vertices, 5·10^6 random moves", |b| {
        b.iter(|| retrograde::analyse(&graph, Play::Normal, usize::MAX, None).unwrap())
    });
    // Random moves decide few positions (most are draws, never reached from an end): every
    // move is looked at only when every position is decided, as when moves only go down.
    let down: Vec<(usize, usize)> = random_edges(vertices, edges, 26)
        .into_iter()
        .filter(|&(u, v)| u != v)
        .map(|(u, v)| (u.max(v), u.min(v)))
        .collect();
    let graph = StateGraph::new(vertices, &down).unwrap();
    let outcomes = retrograde::analyse(&graph, Play::Normal, usize::MAX, None).unwrap();
    let draws = (0..vertices).filter(|&v| outcomes.outcome(v) == grundy_rules::LoopyOutcome::Draw).count();
    assert_eq!(draws, 0, "play ends on a graph whose moves go down");
    group.throughput(Throughput::Elements(graph.moves() as u64));
    group.bench_function("10^6 vertices, 5·10^6 random moves down (every position decided)", |b| {
        b.iter(|| retrograde::analyse(&graph, Play::Normal, usize::MAX, None).unwrap())
    });
    group.finish();
}

/// A 200-vertex digraph with cycles: each vertex moves to two or three others, one in ten to
/// none (the ends).
fn small_cyclic() -> Digraph {
    let mut rng = ChaCha8Rng::seed_from_u64(200);
    let mut edges = Vec::new();
    for u in 0..200 {
        if rng.random_range(0..10) == 0 {
            continue;
        }
        for _ in 0..rng.random_range(2..=3) {
            edges.push((u, rng.random_range(0..200)));
        }
    }
    Digraph::new(200, edges).unwrap()
}

fn tokens(c: &mut Criterion) {
    let mut group = c.benchmark_group("tokens");
    group.sample_size(10);
    let graph = small_cyclic();
    let mut oracle = TokenOracle::new(&graph, Play::Normal).unwrap();
    oracle.outcome(&[0, 1, 2], Budget::default()).unwrap();
    eprintln!("tokens: three tokens on 200 vertices: {} positions", oracle.positions());
    group.throughput(Throughput::Elements(oracle.positions() as u64));
    group.bench_function("three tokens on 200 vertices, every position (oracle)", |b| {
        b.iter(|| TokenOracle::new(&graph, Play::Normal).unwrap().outcome(&[0, 1, 2], Budget::default()).unwrap())
    });
    group.finish();
}

fn smith(c: &mut Criterion) {
    let mut group = c.benchmark_group("smith");
    let graph = small_cyclic();
    group.bench_function("Smith's values of 200 vertices", |b| b.iter(|| grundy_fast::loopy::LoopyValues::new(&graph)));
    let large = Digraph::new(1_000_000, random_edges(1_000_000, 5_000_000, 25)).unwrap();
    group.sample_size(10);
    group.bench_function("Smith's values of 10^6 vertices, 5·10^6 moves", |b| {
        b.iter(|| grundy_fast::loopy::LoopyValues::new(&large))
    });
    group.finish();
}

/// Take 1 to 10 from one heap: ten moves a position.
const TEN_MOVES: &str =
    "fn moves(p) { let x = p[0]; let out = []; for t in 1..=10 { if x >= t { out.push([x - t]); } } out }";

fn script(c: &mut Criterion) {
    let mut group = c.benchmark_group("script");
    group.sample_size(10);
    let script = grundy::script::Script::compile("ten-moves.rhai", TEN_MOVES).unwrap();
    let heap = 100_000u64;
    group.throughput(Throughput::Elements(heap + 1));
    group.bench_function("take 1..10 from a heap of 10^5: the game tree", |b| {
        b.iter(|| {
            let game = grundy::script::ScriptGame::new(&script, Play::Normal);
            Engine::new(game, ValueKind::Grundy, Budget::default()).solve(&vec![heap]).unwrap()
        })
    });
    group.bench_function("take 1..10 from a heap of 10^5: every position reachable", |b| {
        b.iter(|| {
            let game = grundy::script::ScriptGame::new(&script, Play::Normal);
            grundy_oracle::explore::reachable(&game, &vec![heap], Budget::default()).unwrap()
        })
    });
    group.finish();
}

criterion_group!(benches, retrograde_analysis, tokens, smith, script);
criterion_main!(benches);
