//! Oracle against fast on arbitrary small instances: a registry entry picked by the first byte,
//! a position of up to four plates of at most 12 from the next ones. A disagreement panics with
//! the command that replays it.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, plates)) = data.split_first() else { return };
    let rules = grundy_rules::RuleSet::pack_all();
    let rules = &rules[usize::from(pick) % rules.len()];
    let Some((a, b, c, d)) = rules.pack_code() else { return };
    let name = format!("pack:{a},{b},{c},{d}");
    let Some(entry) = grundy::catalog::find(&name) else { return };
    let case: Vec<String> = plates.iter().take(4).map(|&x| (x % 13).to_string()).collect();
    if case.is_empty() {
        return;
    }
    let case = case.join(" ");
    if let Ok(report) = entry.replay(&case) {
        assert!(
            report.status != grundy::check::Status::Mismatch,
            "oracle and fast disagree: grundy check --only '{name}' --case '{case}'"
        );
    }
});
