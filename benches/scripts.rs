//! A scripted game against the script its user would otherwise write (#38): the oracle on
//! Grundy's game stated in Rhai (`tests/data/games/grundys-game.rhai`) at [7 8 11 13], in
//! positions solved per second, beside a plain memoised Python search of the same rules
//! (`tests/data/grundys_game.py`, timed by itself, without the interpreter's start) and the
//! ratio of the two, each side's best of [`RUNS`] runs from nothing (a first run pays for the
//! allocator's and the caches' warming on either side). Python is skipped when `python3` is not
//! on the path.
//!
//! `cargo bench --bench scripts`.

use std::process::Command;
use std::time::Instant;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use grundy::script::{Script, ScriptGame};
use grundy_oracle::{Budget, Engine};
use grundy_rules::{Play, Value, ValueKind};

const SCRIPT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/games/grundys-game.rhai");
const PYTHON: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/grundys_game.py");
const POSITION: [u64; 4] = [7, 8, 11, 13];

/// Runs of each side for the ratio line.
const RUNS: usize = 5;

/// The scripted oracle's Grundy value of [`POSITION`] and the positions it solved, from nothing.
fn scripted(script: &Script) -> (u64, usize) {
    let mut tree = Engine::new(ScriptGame::new(script, Play::Normal), ValueKind::Grundy, Budget::default());
    let solution = tree.solve(&POSITION.to_vec()).expect("Grundy's game is solved");
    let Some(Value::Grundy(value)) = solution.value else { panic!("a Grundy value") };
    (value, tree.stats().positions)
}

/// Python's value, positions and seconds, or `None` without `python3`.
fn python() -> Option<(u64, usize, f64)> {
    let output = Command::new("python3").arg(PYTHON).args(POSITION.map(|x| x.to_string())).output().ok()?;
    let text = String::from_utf8(output.stdout).ok()?;
    let mut words = text.split_whitespace();
    Some((words.next()?.parse().ok()?, words.next()?.parse().ok()?, words.next()?.parse().ok()?))
}

fn grundys_game(c: &mut Criterion) {
    let script = Script::load(std::path::Path::new(SCRIPT)).expect("the script compiles");
    let mut seconds = f64::INFINITY;
    let (mut value, mut positions) = (0, 0);
    for _ in 0..RUNS {
        let started = Instant::now();
        (value, positions) = scripted(&script);
        seconds = seconds.min(started.elapsed().as_secs_f64());
    }
    let rhai_rate = positions as f64 / seconds;
    eprintln!(
        "scripted oracle: grundy {value}, {positions} positions in {seconds:.3} s (best of {RUNS}): \
         {rhai_rate:.0} positions/s"
    );
    let fastest = (0..RUNS).filter_map(|_| python()).min_by(|a, b| a.2.total_cmp(&b.2));
    match fastest {
        Some((python_value, python_positions, python_seconds)) => {
            assert_eq!(python_value, value, "Python and the scripted oracle agree");
            let python_rate = python_positions as f64 / python_seconds;
            eprintln!(
                "python memoised search: grundy {python_value}, {python_positions} positions in {python_seconds:.3} s \
                 (best of {RUNS}): {python_rate:.0} positions/s; scripted/python = {:.2}×",
                rhai_rate / python_rate
            );
        }
        None => eprintln!("python3 not found: no comparison"),
    }
    let mut group = c.benchmark_group("script");
    group.sample_size(10);
    group.throughput(Throughput::Elements(positions as u64));
    group.bench_function("grundy's game [7 8 11 13], scripted oracle", |b| b.iter(|| scripted(&script)));
    group.finish();
}

criterion_group!(benches, grundys_game);
criterion_main!(benches);
