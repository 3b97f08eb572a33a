//! Value tables of single heaps: how long a proven period takes to find, and the plain
//! (quadratic) method on a game without a short period.
//!
//! `cargo bench --bench tables` (`-- Officers` for the longest one alone). Tables of sparse-space
//! games longer than 2^14 values are computed on every core.
//!
//! The group `long` times the research path (`table CODE --upto N --summary`: the sparse-space
//! method on every core, a byte and a bit a heap, drafts of 16 heaps at a time and the search in
//! AVX-512 lanes where the machine has them) on three octal games with no known period, to 10^6
//! (and to 10^7 with `GRUNDY_BENCH_LONG=1`). Before #39 (2026-11-26, two threads): 0.6 to 10^6
//! 1.52 s, 0.14 1.41 s, 0.36 0.56 s. After (2026-11-26, runs named in #39's report, on a machine
//! loaded by other jobs, so CPU time): Officers from 10^6, 10^7 and 10^8, two million heaps on
//! one thread, 4.1, 4.3 and 5.9 s of CPU (the last with 1.5 s of reading its checkpoint), about
//! 2 µs a heap; to 3·10^6 on one thread 6.3 s CPU against ogsolve's (RC2) 21.6 s, 3.4× per core.
//! Again at 15:30 UTC (load average 9 on the 2 cores): a million heaps past 10^6, 10^7 and 10^8
//! on one thread, 2.29, 2.31 and 2.50 s of CPU (0.44, 0.43, 0.40 M heaps a second), each the
//! median of three `farm-bench -n 3 -- grundy table octal:0.6 --upto N+1000000 --summary
//! --resume CHECKPOINT-AT-N --threads 1` less the median of the same to N+10 (reading the
//! checkpoint: 0.03, 0.34, 1.88 s).
//! Officers to 2·10^6 on one thread and on two (`cargo bench --bench tables -- "on . thread"`),
//! 2026-11-28 on an idle AMD EPYC with AVX-512 (Zen 4, 2 cores): 2.06 s and 1.12 s, 1.85×.
//!
//! The group `definition` times the second ground truth (`grundy-definition`: mex over every
//! option, a split heap's value the XOR of its parts, one heap after another): the tables
//! `verify` reads past the game tree, to 10^5 heaps (goal: ≤ 10 s each).

use criterion::{Criterion, criterion_group, criterion_main};
use grundy_fast::heap_table;
use grundy_rules::{Operation, Play};

fn tables(c: &mut Criterion) {
    let mut group = c.benchmark_group("table");
    group.sample_size(10);
    for (name, operation, n) in [
        ("0.07 (Dawson's Kayles) to 10^6", "octal:0.07", 1_000_000),
        ("0.77 (Kayles) to 10^9", "octal:0.77", 1_000_000_000),
        ("0.137 (Dawson's chess) to 10^9", "octal:0.137", 1_000_000_000),
        ("sub:2,3,7 to 10^9", "sub:2,3,7", 1_000_000_000),
        ("0.16 to 10^6 (sparse space; proves period 149459)", "octal:0.16", 1_000_000),
        ("0.6 (Officers) to 10^5 (sparse space, no period)", "octal:0.6", 100_000),
        ("0.6 (Officers) to 10^6 (sparse space on every core)", "octal:0.6", 1_000_000),
        ("half to 10^6", "half", 1_000_000),
    ] {
        let operation: Operation = operation.parse().unwrap();
        group.bench_function(name, |bench| bench.iter(|| heap_table(&operation, Play::Normal, n).unwrap()));
    }
    group.finish();
}

fn definition(c: &mut Criterion) {
    let mut group = c.benchmark_group("definition");
    group.sample_size(10);
    for (name, operation) in [
        ("0.77 (Kayles) to 10^5", "octal:0.77"),
        ("0.07 (Dawson's Kayles) to 10^5", "octal:0.07"),
        ("0.6 (Officers) to 10^5", "octal:0.6"),
        ("grundy (Grundy's game) to 10^5", "grundy"),
    ] {
        let operation: Operation = operation.parse().unwrap();
        group.bench_function(name, |bench| {
            bench.iter(|| {
                let mut table = grundy_definition::Definition::new(&operation, Play::Normal).unwrap();
                table.extend_to(100_000, None).unwrap();
                table
            })
        });
    }
    group.finish();
}

fn long(c: &mut Criterion) {
    let mut group = c.benchmark_group("long");
    group.sample_size(10);
    let mut sizes = vec![1_000_000u64];
    if std::env::var_os("GRUNDY_BENCH_LONG").is_some() {
        sizes.push(10_000_000);
    }
    for n in sizes {
        for (name, digits) in [("0.6 (Officers)", &[0u8, 6][..]), ("0.14", &[0, 1, 4]), ("0.36", &[0, 3, 6])] {
            let every_core = grundy_fast::sparse::Effort::every_core();
            group.bench_function(format!("{name} to {n}"), |bench| bench.iter(|| summary(digits, n, every_core)));
        }
    }
    // Officers on one thread and on two, for the ratio of #39 (two threads ≥ 1.8× one).
    for threads in [1, 2] {
        let n = 2_000_000u64;
        let effort = grundy_fast::sparse::Effort { threads, deadline: None };
        group.bench_function(format!("0.6 (Officers) to {n} on {threads} thread(s)"), |bench| {
            bench.iter(|| summary(&[0, 6], n, effort))
        });
    }
    group.finish();
}

/// The summary of a long table of the octal game `digits` to heap `n`, computed with `effort`.
fn summary(digits: &[u8], n: u64, effort: grundy_fast::sparse::Effort) -> grundy_fast::long_table::Summary {
    let mut table = grundy_fast::long_table::LongTable::start(digits).unwrap();
    table.reserve(n);
    table.extend(n, effort).unwrap();
    table.summary(n)
}

criterion_group!(benches, tables, long, definition);
criterion_main!(benches);
