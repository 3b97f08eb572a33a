//! The definition level (values of single heaps by mex and XOR of parts) against the game tree
//! (the oracle, whole positions, no theory) wherever both reach: two ground truths, computed
//! apart, must agree.

use grundy_definition::{Definition, Stopped};
use grundy_oracle::{Budget, Engine, PileGame};
use grundy_rules::{Compound, Operation, Play, RuleSet, Value, ValueKind};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Heap `0..=upto` of `operation` under `play`, by the definition and by the game tree.
fn agree(operation: &Operation, play: Play, upto: u64) {
    let mut definition = Definition::new(operation, play).unwrap();
    definition.extend_to(upto, None).unwrap();
    let rules = RuleSet::new(operation.clone(), Compound::Disjunctive, play);
    let mut oracle = Engine::new(PileGame::new(rules.clone()), ValueKind::Grundy, Budget::default());
    for x in 0..=upto {
        let tree = oracle.solve(&vec![x]).unwrap().value;
        let by_definition = definition.value(x).map(|v| Value::Grundy(v.into()));
        assert_eq!(by_definition, tree, "{rules}: heap {x}: the definition against the game tree");
    }
}

#[test]
fn every_octal_code_of_two_digits_agrees_with_the_game_tree() {
    // d0 = 0 or 4 (split without taking), d1 and d2 any octal digit: 128 codes, heaps ≤ 14.
    for d0 in [0u8, 4] {
        for d1 in 0..8u8 {
            for d2 in 0..8u8 {
                let Ok(operation) = Operation::octal(vec![d0, d1, d2]) else { continue };
                agree(&operation, Play::Normal, 14);
            }
        }
    }
}

#[test]
fn hexadecimal_digits_that_split_into_three_agree_with_the_game_tree() {
    for code in ["octal:0.8", "octal:0.F", "octal:0.C8", "octal:8.0", "octal:C.F4", "octal:0.1F"] {
        agree(&code.parse().unwrap(), Play::Normal, 13);
    }
}

#[test]
fn random_operations_agree_in_both_plays() {
    let mut rng = ChaCha8Rng::seed_from_u64(27);
    for _ in 0..60 {
        let operation = grundy::catalog::pile::Piles::random_operation(&mut rng);
        let upto = if operation.splits() { 14 } else { 60 };
        agree(&operation, Play::Normal, upto);
        if operation.splits() {
            assert!(matches!(Definition::new(&operation, Play::Misere), Err(Stopped::MisereSplits(_))));
        } else {
            agree(&operation, Play::Misere, upto);
        }
    }
    for operation in ["nim", "half", "mod:5", "upto:4", "sub:2,5,7", "split", "grundy"] {
        agree(&operation.parse().unwrap(), Play::Normal, 16);
    }
}
