//! The fast side's time budget (`grundy_fast::set_deadline`, behind `--time`): alone in its test
//! binary, because the deadline is process-wide and would stop the tables of other tests.

use grundy_rules::{Operation, Play};

/// A table that grows toward a period out of reach stops at the deadline, saying how far it got.
#[test]
fn tables_stop_at_the_deadline() {
    let operation: Operation = "octal:0.16".parse().unwrap();
    grundy_fast::set_deadline(Some(std::time::Instant::now()));
    let result = grundy_fast::heap_table(&operation, Play::Normal, 10_000_000);
    grundy_fast::set_deadline(None);
    match result {
        Err(grundy_fast::Unsupported::OutOfTime { reached, wanted }) => {
            assert_eq!(wanted, 10_000_000);
            // The deadline is checked between steps, and the first step (heaps 0 to 1023)
            // always runs: the table got exactly that far.
            assert_eq!(reached, 1023);
        }
        other => panic!("expected OutOfTime, got {:?}", other.map(|table| table.computed_to())),
    }
}
