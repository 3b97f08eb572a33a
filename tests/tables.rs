//! Value tables against the oracle: every heap of a table, for octal codes and subtraction
//! games, equals the Grundy value the oracle finds for that heap alone by exhaustive search. (The
//! published sequences and periods are records of `tests/data/`.)

use grundy_fast::heap_table;
use grundy_oracle::{Budget, Engine, PileGame};
use grundy_rules::{Operation, Play, RuleSet, Value, ValueKind};

fn oracle_values(operation: &Operation, play: Play, n: u64) -> Vec<u64> {
    let rules = RuleSet::new(operation.clone(), grundy_rules::Compound::Disjunctive, play);
    let mut engine = Engine::new(PileGame::new(rules), ValueKind::Grundy, Budget::default());
    (0..=n)
        .map(|x| match engine.solve(&vec![x]).unwrap().value {
            Some(Value::Grundy(g)) => g,
            other => panic!("expected a Grundy value, got {other:?}"),
        })
        .collect()
}

#[test]
fn tables_equal_the_oracle_heap_by_heap() {
    let games = [
        ("octal:0.07", Play::Normal, 40),
        ("octal:0.77", Play::Normal, 40),
        ("octal:0.137", Play::Normal, 40),
        ("octal:0.16", Play::Normal, 40),
        ("octal:0.6", Play::Normal, 40),
        ("octal:4.07", Play::Normal, 30),
        ("octal:0.123", Play::Normal, 40),
        ("octal:0.8", Play::Normal, 30),
        ("stripes:1,5,2", Play::Normal, 40),
        ("sub:2,3,7", Play::Normal, 200),
        ("sub:2,3,7", Play::Misere, 200),
        ("mod:5", Play::Misere, 200),
        ("octal:0.33", Play::Misere, 200),
        ("half", Play::Normal, 200),
    ];
    for (game, play, n) in games {
        let operation: Operation = game.parse().unwrap();
        let table = heap_table(&operation, play, n).unwrap();
        let fast: Vec<u64> = (0..=n).map(|x| u64::from(table.value(x).unwrap())).collect();
        assert_eq!(fast, oracle_values(&operation, play, n), "{game} ({play})");
    }
}
