//! Oracle against fast on arbitrary small instances. The first byte chooses the rules: one of
//! the 60 Game Pack rule sets, or an operation built from the next bytes (a subtraction set,
//! `upto`, `mod`, `half` or an octal code of up to four digits) in any of the twelve compounds ×
//! plays. The remaining bytes are a position of up to four plates. A disagreement panics with the
//! command that replays it.

#![no_main]

use grundy_rules::{Compound, Operation, Play, Position, RuleSet};
use libfuzzer_sys::fuzz_target;

/// An operation from up to five bytes, and the bytes left.
fn operation(data: &[u8]) -> Option<(Operation, &[u8])> {
    let (&kind, rest) = data.split_first()?;
    let (params, rest) = rest.split_at(rest.len().min(4));
    let param = |i: usize| params.get(i).copied().unwrap_or(0);
    let operation = match kind % 6 {
        0 => {
            let mask = u64::from(param(0)).max(1);
            Operation::Subtraction((1..=8).filter(|k| mask >> (k - 1) & 1 == 1).collect())
        }
        1 => Operation::UpTo(u64::from(param(0) % 5).max(1)),
        2 => Operation::Mod(u64::from(param(0) % 7).max(1)),
        3 => Operation::Half,
        _ => {
            let first = if param(0) & 0x80 != 0 { 4 } else { 0 };
            let length = usize::from(param(0) % 4) + 1;
            let mut digits = vec![first];
            digits.extend((0..length).map(|i| param(i + 1) % 8));
            Operation::octal(digits).ok()?
        }
    };
    Some((operation, rest))
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let (rules, plates) = if pick < 64 {
        let all = RuleSet::pack_all();
        (all[usize::from(pick) % all.len()].clone(), rest)
    } else {
        let Some((operation, rest)) = operation(rest) else { return };
        let compound = Compound::ALL[usize::from(pick) % Compound::ALL.len()];
        let play = Play::ALL[usize::from(pick / 8) % 2];
        (RuleSet { operation, compound, play }, rest)
    };
    // Small enough for the oracle on every operation and compound.
    let size = if rules.operation.splits() { 10 } else { 13 };
    let plates: Vec<u64> = plates.iter().take(4).map(|&x| u64::from(x) % size).collect();
    let Some(position) = Position::new(plates) else { return };
    let name = format!("random/{}/{}", rules.compound, rules.play);
    let case = format!("{rules} @ {position}");
    thread_local! {
        static ENTRIES: Vec<Box<dyn grundy::catalog::Entry>> = grundy::catalog::entries()
            .into_iter()
            .filter(|entry| entry.name().starts_with("random/"))
            .collect();
    }
    ENTRIES.with(|entries| {
        let Some(entry) = entries.iter().find(|entry| entry.name() == name) else {
            panic!("no registry entry {name}");
        };
        if let Ok(report) = entry.replay(&case, &grundy::budget::Budget::default()) {
            assert!(
                report.status != grundy::check::Status::Mismatch,
                "oracle and fast disagree: grundy check --only '{name}' --case '{case}'"
            );
        }
    });
});
