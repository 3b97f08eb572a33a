//! `grundy problem NAME` on the largest inputs of `problems.md` (original limits), generated
//! with a fixed seed: parsing and solving, as the CLI runs them (less process start-up).
//!
//! `cargo bench --bench problems`

use std::fmt::Write;

use criterion::{Criterion, criterion_group, criterion_main};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn inputs() -> Vec<(&'static str, String)> {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut all = Vec::new();

    let mut stripes = String::from("1 5 7\n1000\n");
    (0..1000).for_each(|_| writeln!(stripes, "{}", rng.random_range(1..=1000)).unwrap());
    all.push(("stripes", stripes));

    let mut cutting = String::new();
    (0..1000).for_each(|_| writeln!(cutting, "{} {}", rng.random_range(2..=200), rng.random_range(2..=200)).unwrap());
    all.push(("cutting", cutting));

    let mut coloring = String::from("3\n");
    for k in 1..=3u64 {
        writeln!(coloring, "100000 {k}").unwrap();
        let mut previous = 0;
        for _ in 0..100_000 {
            let mut cell = if rng.random_bool(0.6) { 0 } else { rng.random_range(1..=k) };
            if cell == previous {
                cell = 0;
            }
            write!(coloring, "{cell} ").unwrap();
            previous = cell;
        }
        coloring.push('\n');
    }
    all.push(("coloring", coloring));

    let mut steins = String::from("100000\n");
    (0..100_000).for_each(|_| write!(steins, "{} ", rng.random_range(1..=1_000_000_000_000_000_000u64)).unwrap());
    all.push(("steins", steins));

    all.push(("coins", "150000 50\n".to_string()));

    let mut candy = String::from("100000\n");
    (0..100_000).for_each(|_| write!(candy, "{} ", rng.random_range(1..=1_000_000_000u64)).unwrap());
    all.push(("candy", candy));

    let mut nullify = String::from("1\n100 100\n");
    for _ in 0..100 {
        (0..100).for_each(|_| write!(nullify, "{} ", rng.random_range(0..=1_000_000)).unwrap());
        nullify.push('\n');
    }
    all.push(("nullify", nullify));

    let mut prime = String::from("1000\n");
    (0..1000).for_each(|_| write!(prime, "{} ", rng.random_range(1..=1_000_000_000_000_000_000u64)).unwrap());
    all.push(("prime", prime));

    let mut dig = String::from("300000\n");
    for _ in 0..300_000 {
        let step: String = (0..8).map(|_| if rng.random_bool(0.5) { 'W' } else { 'R' }).collect();
        writeln!(dig, "{step}").unwrap();
    }
    all.push(("dig", dig));

    let mut gems = String::from("8 21 19\n");
    for _ in 0..21 {
        let n = rng.random_range(1..=10);
        write!(gems, "{n}").unwrap();
        (0..n).for_each(|_| write!(gems, " {}", rng.random_range(1..=8)).unwrap());
        gems.push('\n');
    }
    gems.push_str("0 0 0\n");
    all.push(("gems", gems));

    let mut lock = String::from("1\n5 20000 01234\n");
    let mut forbidden: Vec<u32> = (0..100_000).filter(|&c| c != 1234).collect();
    for i in 0..20_000 {
        let j = rng.random_range(i..forbidden.len());
        forbidden.swap(i, j);
        writeln!(lock, "{:05}", forbidden[i]).unwrap();
    }
    all.push(("lock", lock));

    let mut fibonacci = String::new();
    (0..10_000).for_each(|_| writeln!(fibonacci, "{}", rng.random_range(2..2u64.pow(31))).unwrap());
    fibonacci.push_str("0\n");
    all.push(("fibonacci", fibonacci));

    let mut wythoff = String::new();
    (0..10_000).for_each(|_| {
        writeln!(wythoff, "{} {}", rng.random_range(0..=1_000_000_000), rng.random_range(0..=1_000_000_000)).unwrap()
    });
    all.push(("wythoff", wythoff));
    all
}

fn problems(c: &mut Criterion) {
    let mut group = c.benchmark_group("problem");
    group.sample_size(10).warm_up_time(std::time::Duration::from_millis(300));
    for (name, input) in inputs() {
        group.bench_function(name, |bench| {
            bench.iter(|| grundy::problems::solve(name, &input).expect("a known problem").expect("a valid input"))
        });
    }
    group.finish();
}

criterion_group!(benches, problems);
criterion_main!(benches);
