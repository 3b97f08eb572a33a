//! `grundy pack` throughput: 10^6 plates of sizes up to 5·10^5 (1000 games of 1000 plates), for
//! each of the 60 Game Pack rule sets. Input parsing, tables and evaluation, as the CLI runs them
//! (less process start-up and the read of stdin).
//!
//! `cargo bench --bench pack`; `cargo bench --bench pack -- 'pack/1,0,0,1'` for one rule set.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn input(a: u8, b: u8, c: u8, d: u8) -> Vec<u8> {
    use std::fmt::Write;
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut text = format!("{a} {b} {c} {d} 1000\n");
    for _ in 0..1000 {
        text.push_str("1000");
        for _ in 0..1000 {
            write!(text, " {}", rng.random_range(1..=500_000u64)).unwrap();
        }
        text.push('\n');
    }
    text.into_bytes()
}

fn pack(c: &mut Criterion) {
    let mut group = c.benchmark_group("pack");
    group.sample_size(10).warm_up_time(std::time::Duration::from_millis(500));
    group.measurement_time(std::time::Duration::from_secs(2));
    group.throughput(Throughput::Elements(1_000_000));
    for rules in grundy_rules::RuleSet::pack_all() {
        let (a, b, c, d) = rules.pack_code().unwrap();
        let bytes = input(a, b, c, d);
        group.bench_function(format!("{a},{b},{c},{d}"), |bench| {
            bench.iter(|| grundy::pack::solve(&bytes, &grundy::budget::Budget::default()).unwrap());
        });
    }
    group.finish();
}

criterion_group!(benches, pack);
criterion_main!(benches);
