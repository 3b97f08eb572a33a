//! A process-wide odometer of the oracle's work, for progress displays: how many positions every
//! search of this process has interned so far, and the bytes the latest one holds.
//!
//! The engines add to it every 4096 positions (where they also look at the clock), box mode after
//! each wave; reading it costs two atomic loads, so a display can poll it from its own thread.

use std::sync::atomic::{AtomicU64, Ordering};

static POSITIONS: AtomicU64 = AtomicU64::new(0);
static BYTES: AtomicU64 = AtomicU64::new(0);

/// `positions` more positions were solved; the search holds `bytes`.
pub fn add(positions: u64, bytes: usize) {
    POSITIONS.fetch_add(positions, Ordering::Relaxed);
    BYTES.store(bytes as u64, Ordering::Relaxed);
}

/// Positions so far, and the bytes of the latest search.
pub fn read() -> (u64, u64) {
    (POSITIONS.load(Ordering::Relaxed), BYTES.load(Ordering::Relaxed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_odometer_counts_what_the_engine_solves() {
        use crate::{Budget, Engine, PileGame};
        let rules: grundy_rules::RuleSet = "nim".parse().unwrap();
        let (before, _) = read();
        let mut engine = Engine::new(PileGame::new(rules.clone()), rules.value_kind(), Budget::default());
        engine.solve(&vec![30, 30, 30, 30]).unwrap();
        let (after, bytes) = read();
        // At least every whole 4096 positions were counted (other tests may add more).
        assert!(after - before >= engine.stats().positions as u64 / 4096 * 4096, "{before} {after}");
        assert!(after > before && bytes > 0);
    }
}
