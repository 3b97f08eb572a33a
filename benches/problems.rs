//! `grundy problem NAME` on an input at each problem's contest limits (`Contest::largest_input`),
//! generated with a fixed seed: parsing and solving, as the CLI runs them (less process start-up).
//! Every problem of the catalog's list is measured.
//!
//! `cargo bench --bench problems`

use criterion::{Criterion, criterion_group, criterion_main};

fn problems(c: &mut Criterion) {
    let mut group = c.benchmark_group("problem");
    group.sample_size(10).warm_up_time(std::time::Duration::from_millis(300));
    for problem in grundy::catalog::contests() {
        let input = problem.largest_input_text(7).expect("the largest input can be written");
        group.bench_function(problem.name(), |bench| {
            bench.iter(|| {
                problem.solve_text(input.as_bytes(), &grundy::budget::Budget::default()).expect("a valid input")
            })
        });
    }
    group.finish();
}

criterion_group!(benches, problems);
criterion_main!(benches);
