//! Replays every input a fuzz target once failed on (`fuzz/regressions/`), as the target runs
//! it: no panic, and where `NAME.expected` exists, exactly that output.

use std::path::Path;

/// What `fuzz/fuzz_targets/parsers.rs` does with its bytes; the problem's output, if any.
fn parsers(data: &[u8]) -> Option<String> {
    // As `grundy problem` does (its --time), tables that grow toward no period stop in time.
    grundy_fast::set_deadline(Some(std::time::Instant::now() + std::time::Duration::from_secs(2)));
    let _ = grundy::pack::solve(data, &grundy::budget::Budget::default());
    let text = std::str::from_utf8(data).ok()?;
    let _ = text.parse::<grundy_rules::RuleSet>();
    let _ = text.parse::<grundy_rules::Position>();
    let (name, input) = text.split_once('\n')?;
    grundy::catalog::find_contest(name.trim())?.solve_text(input.as_bytes(), &grundy::budget::Budget::default()).ok()
}

#[test]
fn parsers_regressions_replay() {
    let directory = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/regressions/parsers");
    let mut replayed = 0;
    for entry in std::fs::read_dir(&directory).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "expected") {
            continue;
        }
        let output = parsers(&std::fs::read(&path).unwrap());
        let expected = path.with_file_name(format!("{}.expected", path.file_name().unwrap().to_string_lossy()));
        if let Ok(expected) = std::fs::read_to_string(&expected) {
            assert_eq!(output.as_deref(), Some(expected.as_str()), "{}", path.display());
        }
        replayed += 1;
    }
    assert!(replayed > 0, "no regression inputs in {}", directory.display());
}
