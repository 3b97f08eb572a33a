//! The oracle's speed: canonical positions solved per second (criterion's "elements") on pile
//! games, by the generic engine and in box mode, and the exhaustive part of `grundy check` over
//! all 60 Game Pack rule sets. Bytes per position are printed once per workload.
//!
//! `cargo bench --bench oracle` (`-- box` for box mode alone).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use grundy::catalog::Entry;
use grundy::catalog::pile::{Piles, sorted_sequences};
use grundy::check::Plan;
use grundy_oracle::{Budget, Engine, PileBox, PileGame};
use grundy_rules::RuleSet;

/// Solves `roots` from a fresh engine; returns the number of positions and bytes held.
fn solve_all(rules: &RuleSet, roots: &[Vec<u64>]) -> (usize, usize) {
    let mut engine = Engine::new(PileGame::new(rules.clone()), rules.value_kind(), Budget::default());
    for root in roots {
        engine.solve(root).unwrap();
    }
    let stats = engine.stats();
    (stats.positions, stats.bytes)
}

fn oracle(c: &mut Criterion) {
    let mut group = c.benchmark_group("oracle");
    group.sample_size(10);
    let workloads: Vec<(&str, &str, Vec<Vec<u64>>)> = vec![
        ("sub:1,2,3 one plate of 10^6", "pack:1,0,0,0", vec![vec![1_000_000]]),
        ("sub:1,2,3 five plates of 30", "pack:1,0,0,0", vec![vec![30; 5]]),
        ("mod:17 one plate of 10^6, misere", "pack:3,0,0,1", vec![vec![1_000_000]]),
        ("sub:1,2,3 all ≤ 6 plates ≤ 20", "pack:1,0,0,0", all_positions(6, 20)),
        ("nim all ≤ 4 plates ≤ 12", "pack:0,0,0,0", all_positions(4, 12)),
        ("half selective all ≤ 3 plates ≤ 9", "pack:2,1,0,0", all_positions(3, 9)),
        ("split all ≤ 4 plates ≤ 12", "pack:4,0,0,0", all_positions(4, 12)),
    ];
    for (name, rules, roots) in &workloads {
        let rules: RuleSet = rules.parse().unwrap();
        let (positions, bytes) = solve_all(&rules, roots);
        eprintln!("{name}: {positions} positions, {:.1} bytes/position", bytes as f64 / positions as f64);
        group.throughput(Throughput::Elements(positions as u64));
        group.bench_function(*name, |bench| bench.iter(|| solve_all(&rules, roots)));
    }
    group.finish();

    // Box mode: every position of at most P plates of at most N tokens, in rank order.
    let mut boxes = c.benchmark_group("box");
    boxes.sample_size(10);
    for (name, rules, plates, size) in [
        ("sub:1,2,3 ≤ 6 plates ≤ 41", "pack:1,0,0,0", 6, 41),
        ("nim ≤ 6 plates ≤ 41", "pack:0,0,0,0", 6, 41),
        ("nim ≤ 15 plates ≤ 11", "pack:0,0,0,0", 15, 11),
        ("sub:1,2,3 selective ≤ 4 plates ≤ 20", "pack:1,1,0,0", 4, 20),
    ] {
        let rules: RuleSet = rules.parse().unwrap();
        let solve = || PileBox::solve(&rules, rules.value_kind(), plates, size, Budget::default()).unwrap();
        let solved = solve();
        let stats = solved.stats();
        eprintln!(
            "box {name}: {} positions, {:.2} bytes/position held, {:.2} at the peak",
            stats.positions,
            stats.bytes_per_position(),
            solved.peak_bytes() as f64 / stats.positions as f64
        );
        boxes.throughput(Throughput::Elements(stats.positions as u64));
        boxes.bench_function(name, |bench| bench.iter(solve));
    }
    boxes.finish();

    let mut check = c.benchmark_group("check");
    check.sample_size(10);
    let plan = Plan::new(1, 0);
    let entries = Piles::pack_entries();
    let cases: usize = entries.iter().map(|entry| entry.exhaustive_count()).sum();
    check.throughput(Throughput::Elements(cases as u64));
    check.bench_function("exhaustive part, all 60 rule sets, one thread", |bench| {
        bench.iter(|| {
            for entry in &entries {
                assert_eq!(entry.check(&plan, &|_| {}).status, grundy::check::Status::Ok);
            }
        })
    });
    check.finish();
}

/// Every position of at most `plates` plates of at most `size` tokens.
fn all_positions(plates: usize, size: u64) -> Vec<Vec<u64>> {
    sorted_sequences(plates, 0, size)
}

criterion_group!(benches, oracle);
criterion_main!(benches);
