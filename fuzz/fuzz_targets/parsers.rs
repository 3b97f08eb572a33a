//! Every parser of user input, on arbitrary bytes: an answer or an error, never a panic.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // As `grundy problem` does (its --time), tables that grow toward no period stop in time;
    // a run slower than this (and the fuzzer's -timeout) is a finding.
    grundy_fast::set_deadline(Some(std::time::Instant::now() + std::time::Duration::from_secs(2)));
    let _ = grundy::pack::solve(data, &grundy::budget::Budget::default());
    let Ok(text) = std::str::from_utf8(data) else { return };
    let _ = text.parse::<grundy_rules::RuleSet>();
    let _ = text.parse::<grundy_rules::Position>();
    // The first line names a catalog problem; the rest is its input.
    if let Some((name, input)) = text.split_once('\n') {
        if let Some(problem) = grundy::catalog::find_contest(name.trim()) {
            let _ = problem.solve_text(input.as_bytes(), &grundy::budget::Budget::default());
        }
    }
});
