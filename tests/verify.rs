//! `grundy verify`: right formulas are accepted with what they covered, wrong ones rejected with
//! the smallest counterexample.

use grundy::verify::{Formula, Variables, VerifyReport, value_range, verify_value, verify_wins};
use grundy_rules::{Play, RuleSet};

fn value(game: &str, formula: &str) -> VerifyReport {
    let rules: RuleSet = game.parse().unwrap();
    let range = value_range(&rules, 300, 2000);
    verify_value(
        &rules,
        &Formula::new(formula, Variables::Plate).unwrap(),
        1,
        &range,
        100,
        &grundy::budget::Budget::default(),
    )
    .unwrap()
}

fn wins(game: &str, formula: &str) -> VerifyReport {
    let rules: RuleSet = game.parse().unwrap();
    verify_wins(
        &rules,
        &Formula::new(formula, Variables::Position).unwrap(),
        1,
        200,
        &grundy::budget::Budget::default(),
    )
    .unwrap()
}

fn counterexample(report: &VerifyReport) -> String {
    let failure = report.counterexample.as_ref().expect("a counterexample");
    format!("{}: {} vs {}", failure.case, failure.expected, failure.guessed)
}

/// A formula that reads values from an array literal.
fn table_formula(values: &[u32], index: &str) -> String {
    let list: Vec<String> = values.iter().map(u32::to_string).collect();
    format!("let t = [{}]; t[{index}]", list.join(","))
}

#[test]
fn nim_and_bounded_nim() {
    let report = value("nim", "x");
    assert!(report.counterexample.is_none());
    assert_eq!(report.covered[0], "every single plate 0..=300 (grundy, by the oracle)");
    assert!(value("upto:3", "x % (m + 1)").counterexample.is_none());
    assert_eq!(counterexample(&value("upto:3", "x % m")), "x = 3: grundy 3 vs 0");
}

#[test]
fn a_formula_wrong_only_from_51_reports_51() {
    assert_eq!(counterexample(&value("nim", "if x >= 51 { x + 1 } else { x }")), "x = 51: grundy 51 vs 52");
    // Wrong only far out: found among the random plates, then reduced to the smallest.
    assert_eq!(counterexample(&value("nim", "if x >= 1500 { 0 } else { x }")), "x = 1500: grundy 1500 vs 0");
}

#[test]
fn dawsons_kayles_with_and_without_its_exceptions() {
    let values = grundy_fast::octal::table(&[0, 0, 7], 200);
    // The periodic part alone (period 34 from heap 53): wrong on the early exceptions.
    let periodic: Vec<u32> = (0..34).map(|i| values[53 + (34 + i - 53 % 34) % 34]).collect();
    // periodic[x % 34] = G(x) for every x ≥ 53.
    assert!((53..=200).all(|x| values[x] == periodic[x % 34]));
    let without = table_formula(&periodic, "x % 34");
    // The smallest heap where Dawson's Kayles differs from its periodic part.
    let first = (0..53).find(|&x| values[x] != periodic[x % 34]).unwrap();
    assert_eq!(
        counterexample(&value("octal:0.07", &without)),
        format!("x = {first}: grundy {} vs {}", values[first], periodic[first % 34])
    );
    // With the exceptions: the first 53 values, then the period.
    let exceptions: Vec<String> = values[..53].iter().map(u32::to_string).collect();
    let with = format!(
        "let e = [{}]; let t = [{}]; if x < 53 {{ e[x] }} else {{ t[(x - 53) % 34] }}",
        exceptions.join(","),
        values[53..87].iter().map(u32::to_string).collect::<Vec<_>>().join(",")
    );
    let report = value("octal:0.07", &with);
    assert!(report.counterexample.is_none(), "{report:?}");
}

#[test]
fn the_misere_tame_rule_holds_where_the_game_is_tame_and_fails_where_it_is_not() {
    // The tame rule: xor of normal values, flipped when every plate has g⁺ ≠ g⁻ (values 0 and 1).
    let tame_rule = |normal: &[u32], misere: &[u32]| {
        let list = |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
        format!(
            "let g = [{}]; let h = [{}]; let s = 0; let all = true; \
             for x in p {{ s ^= g[x]; if g[x] == h[x] {{ all = false; }} }} \
             if all {{ (s ^ 1) != 0 }} else {{ s != 0 }}",
            list(normal),
            list(misere)
        )
    };
    let tables = |game: &str| {
        let operation = game.parse().unwrap();
        // Values far enough for the random positions (single plates up to 3000).
        let normal = grundy_fast::heap_table(&operation, Play::Normal, 3000).unwrap();
        let misere = grundy_fast::heap_table(&operation, Play::Misere, 3000).unwrap();
        let normal: Vec<u32> = (0..=3000).map(|x| normal.value(x).unwrap()).collect();
        let misere: Vec<u32> = (0..=3000).map(|x| misere.value(x).unwrap()).collect();
        (normal, misere)
    };
    let (normal, misere) = tables("sub:1,2,3");
    assert!(wins("sub:1,2,3/disjunctive/misere", &tame_rule(&normal, &misere)).counterexample.is_none());
    // 0.123 has an untame heap (8, genus 2^1420): the rule breaks on some position with it.
    let (normal, misere) = tables("octal:0.123");
    let report = wins("octal:0.123/disjunctive/misere", &tame_rule(&normal, &misere));
    let failure = counterexample(&report);
    assert!(failure.starts_with("p = ["), "{failure}");
}

#[test]
fn a_remoteness_formula() {
    // Conjunctive Nim: a non-empty heap is emptied at once.
    assert!(value("nim/conjunctive", "if x == 0 { 0 } else { 1 }").counterexample.is_none());
    assert_eq!(counterexample(&value("nim/conjunctive", "x")), "x = 2: remoteness 1 vs 2");
}

#[test]
fn a_wins_predicate_shrinks_to_a_smallest_position() {
    assert!(wins("nim", "xor_all(p) != 0").counterexample.is_none());
    assert_eq!(counterexample(&wins("nim", "sum(p) % 2 == 1")), "p = [2]: true vs false");
}

#[test]
fn looping_and_ill_typed_formulas_are_reported_not_hung() {
    let report = value("nim", "loop { }");
    assert!(counterexample(&report).contains("formula"), "{report:?}");
    let error = Formula::new("x +* 2", Variables::Plate).err().unwrap().to_string();
    assert!(error.contains("column"), "{error}");
}

#[test]
fn a_formula_wrong_only_at_51_is_reported_there_and_marked_minimal() {
    let report = value("nim", "if x == 51 { 0 } else { x }");
    let failure = report.counterexample.as_ref().expect("caught");
    assert_eq!(failure.case, "x = 51");
    assert!(matches!(failure.minimality, grundy::shrink::Minimality::Proven { tried: 51 }), "{:?}", failure.minimality);
    // Wrong only far out, found among the random plates: still shrunk to the one plate.
    let report = value("nim", "if x == 1777 { 0 } else { x }");
    assert!(report.counterexample.is_none() || counterexample(&report).starts_with("x = 1777"));
}

/// Kayles' values: 0..=71 (the exceptions end at 70), then period 12.
fn kayles_formula(exceptions_below: usize, skip: &[usize]) -> String {
    let values = grundy_definition_values("octal:0.77", 83);
    let first: Vec<String> = values[..exceptions_below].iter().map(u32::to_string).collect();
    let period: Vec<String> = (0..12).map(|i| values[72 + i].to_string()).collect();
    let skip: Vec<String> = skip.iter().map(usize::to_string).collect();
    format!(
        "let e = [{}]; let t = [{}]; if x < {exceptions_below} && ![{}].contains(x) {{ e[x] }} else {{ t[x % 12] }}",
        first.join(","),
        period.join(","),
        skip.join(",")
    )
}

fn grundy_definition_values(operation: &str, n: u64) -> Vec<u32> {
    let mut definition = grundy_definition::Definition::new(&operation.parse().unwrap(), Play::Normal).unwrap();
    definition.extend_to(n, None).unwrap();
    definition.values().to_vec()
}

#[test]
fn past_the_game_tree_values_by_definition_refute_kayles_without_57_and_70() {
    // Every exception but 57 and 70: the game tree (heaps ≤ 45) cannot see them.
    let wrong = kayles_formula(72, &[57, 70]);
    let report = value("octal:0.77", &wrong);
    let failure = report.counterexample.as_ref().expect("a counterexample");
    assert_eq!(counterexample(&report), "x = 57: grundy 4 vs 8");
    assert_eq!(failure.truth, "definition");
    assert!(matches!(failure.minimality, grundy::shrink::Minimality::Proven { .. }), "{:?}", failure.minimality);
    assert_eq!(
        report.covered[0],
        "the first 57 of every single plate 0..=300 (grundy, 0..=45 by the oracle, 46..=300 by definition)"
    );
    // Without 70 alone: 70.
    assert_eq!(counterexample(&value("octal:0.77", &kayles_formula(72, &[70]))), "x = 70: grundy 6 vs 2");
    // The right formula holds to 10^4, every plate, each level named.
    let rules: RuleSet = "octal:0.77".parse().unwrap();
    let right = Formula::new(&kayles_formula(72, &[]), Variables::Plate).unwrap();
    let range = value_range(&rules, 10_000, 10_000);
    let report = verify_value(&rules, &right, 1, &range, 0, &grundy::budget::Budget::default()).unwrap();
    assert!(report.counterexample.is_none() && report.notes.is_empty(), "{report:?}");
    assert_eq!(
        report.covered,
        ["every single plate 0..=10000 (grundy, 0..=45 by the oracle, 46..=10000 by definition)"]
    );
}

#[test]
fn a_dawson_formula_wrong_only_at_100_is_refuted_there_by_definition() {
    let values = grundy_definition_values("octal:0.07", 300);
    let list: Vec<String> = values.iter().map(u32::to_string).collect();
    let formula = format!("let t = [{}]; if x == 100 {{ t[x] + 1 }} else {{ t[x] }}", list.join(","));
    let report = value("octal:0.07", &formula);
    assert_eq!(counterexample(&report), format!("x = 100: grundy {} vs {}", values[100], values[100] + 1));
    let failure = report.counterexample.as_ref().unwrap();
    assert_eq!(failure.truth, "definition");
    assert!(matches!(failure.minimality, grundy::shrink::Minimality::Proven { .. }), "{:?}", failure.minimality);
}
