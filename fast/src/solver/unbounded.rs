//! Plates of every size, for an operation that never splits a heap: closed forms for Nim and for
//! `half`, and periods proven by the window argument for the others ([`window_column`]);
//! remotenesses and suspense numbers, which grow, by an even step each period
//! ([`saltus_column`]). What no theorem extends is tabulated up to the plate, or refused with the
//! reason past [`tables::MAX_TABLE`] ([`super::PileSolver::new`]).

use grundy_rules::{Compound, Foreclosed, Operation, Play, RuleSet};

use super::column::{Column, Periodic};
use super::plan::{Plan, Saltus, Wide, is_tame, outcome_plan};
use crate::Unsupported;
use crate::moves::Heap;
use crate::tables::{self, MexRule, ParityRule};

/// Plates above this are answered through a proven period or a closed form where there is one,
/// rather than by a table up to the largest plate (which would cost seconds and hundreds of MB).
pub(super) const UNBOUNDED_FROM: u64 = 1 << 20;

/// The longest table searched for a period proven by the window argument.
const PERIOD_SEARCH: usize = 1 << 20;

/// A plan for plates of every size, for an operation that never splits a heap: closed forms for
/// Nim and for `half`, periods proven by the window argument for the others; or why there is none.
pub(super) fn unbounded_plan(rules: &RuleSet, heap: &Heap) -> Result<Plan, Unsupported> {
    let misere = rules.play == Play::Misere;
    let parity = |hurry| ParityRule { wanted: usize::from(misere), hurry };
    let no_theory =
        |what: &str| Unsupported::NoTheory(format!("{rules}: no closed form or proven period is known for {what}"));
    match &rules.operation {
        Operation::Nim => {
            // Nim's options of x are 0..x, so a set-based value repeats from the first plate whose
            // value already occurred (`constant_from`); the Grundy values never repeat, and have
            // closed forms: g⁺(x) = mex{0, …, x−1} = x; g⁻(0) = 1, g⁻(1) = mex{1} = 0, and
            // g⁻(x) = mex{1, 0, 2, …, x−1} = x from 2 on; the misère foreclosed value of x ≥ 1 is
            // the mex over the operable options 1..x, whose values are 0..x−1 by induction, so x − 1.
            const SHORT: u64 = 64;
            Ok(match (rules.compound, rules.play) {
                (Compound::Disjunctive, Play::Normal) => Plan::Wide(Wide::Grundy(|x| x)),
                (Compound::Disjunctive, Play::Misere) => {
                    Plan::Wide(Wide::TamePairs(|x| [x, if x < 2 { 1 - x } else { x }]))
                }
                (Compound::Diminished, Play::Misere) => Plan::Wide(Wide::Foreclosed(|x| match x {
                    0 => Foreclosed::Ended,
                    _ => Foreclosed::Grundy(x - 1),
                })),
                (Compound::Diminished, Play::Normal) => Plan::Foreclosed {
                    values: constant_from(tables::mex_table(heap, SHORT, MexRule::ForeclosedNormal)?)?,
                },
                (Compound::Selective, _) | (Compound::Shortened, _) => {
                    outcome_plan(rules, constant_from(tables::outcome_table(heap, SHORT)?)?)
                }
                (Compound::Conjunctive, _) => {
                    Plan::Conjunctive { remoteness: constant_from(tables::parity_table(heap, SHORT, parity(true))?)? }
                }
                (Compound::Continued, _) => {
                    Plan::Continued { suspense: constant_from(tables::parity_table(heap, SHORT, parity(false))?)? }
                }
            })
        }
        Operation::Half => match (rules.compound, rules.play) {
            // Levine, "Fractal sequences and restricted Nim" (Ars Combin. 80, 2006): taking at most
            // half, g(2k) = k and g(2k + 1) = g(k); that is, x shifted right past its trailing ones
            // and one more bit. (Options of 2k are k..2k−1, whose values take every value below k
            // by induction and never k; those of 2k + 1 are k+1..2k, missing exactly g(k).)
            (Compound::Disjunctive, Play::Normal) => {
                Ok(Plan::Wide(Wide::Grundy(|x| x.checked_shr(x.trailing_ones() + 1).unwrap_or(0))))
            }
            _ => Err(no_theory(&format!("the {} compound of half", rules.compound.full_name()))),
        },
        operation => {
            let Some((window, rule_period)) = crate::periodic::window_rule(operation) else {
                return Err(no_theory("its plates"));
            };
            let periodic = |found: Option<(Vec<_>, u64, u64)>, what: &str| match found {
                Some((values, start, period)) => Ok(Column::Periodic(Periodic::from_table(values, start, period))),
                None => Err(no_theory(&format!("{what} within {PERIOD_SEARCH} plates"))),
            };
            let mex = |rule| window_column(|n| tables::mex_table(heap, n, rule), window, rule_period);
            Ok(match (rules.compound, rules.play) {
                (Compound::Disjunctive, Play::Normal) => {
                    Plan::Disjunctive { grundy: periodic(mex(MexRule::Grundy { terminal: 0 })?, "its Grundy values")? }
                }
                (Compound::Disjunctive, Play::Misere) => misere_plan(rules, heap, window, rule_period)?,
                (Compound::Diminished, _) => {
                    let rule = if misere { MexRule::ForeclosedMisere } else { MexRule::ForeclosedNormal };
                    Plan::Foreclosed { values: periodic(mex(rule)?, "its foreclosed values")? }
                }
                (Compound::Selective, _) | (Compound::Shortened, _) => {
                    let outcomes = window_column(|n| tables::outcome_table(heap, n), window, rule_period)?;
                    let outcomes = match outcomes {
                        Some((values, start, period)) => Column::Periodic(Periodic::from_table(values, start, period)),
                        None => return Err(no_theory(&format!("its outcomes within {PERIOD_SEARCH} plates"))),
                    };
                    outcome_plan(rules, outcomes)
                }
                (Compound::Conjunctive, _) | (Compound::Continued, _) => {
                    let hurry = rules.compound == Compound::Conjunctive;
                    let table = |n| tables::parity_table(heap, n, parity(hurry));
                    let Some(saltus) = saltus_column(table, window, rule_period)? else {
                        return Err(no_theory(&format!(
                            "its {} within {PERIOD_SEARCH} plates",
                            if hurry { "remotenesses" } else { "suspense numbers" }
                        )));
                    };
                    Plan::Wide(if hurry { Wide::Remoteness(saltus) } else { Wide::Suspense(saltus) })
                }
            })
        }
    }
}

/// The misère disjunctive plan of a window operation: pairs `[g⁺, g⁻]` and genera, periodic
/// together (a genus is a function of its options' genera, so the window argument covers it).
fn misere_plan(rules: &RuleSet, heap: &Heap, window: usize, rule_period: usize) -> Result<Plan, Unsupported> {
    let rows = |n: u64| -> Result<Vec<([u32; 2], crate::genus::Genus)>, Unsupported> {
        let normal = tables::mex_table(heap, n, MexRule::Grundy { terminal: 0 })?;
        let misere = tables::mex_table(heap, n, MexRule::Grundy { terminal: 1 })?;
        let genera = crate::genus::genus_table(&rules.operation, n)?;
        Ok(normal.into_iter().zip(misere).map(|(g, m)| [g, m]).zip(genera).collect())
    };
    let Some((rows, start, period)) = window_column(rows, window, rule_period)? else {
        return Err(Unsupported::NoTheory(format!(
            "{rules}: no proven period of its Grundy values and genera within {PERIOD_SEARCH} plates"
        )));
    };
    // Every plate's row is one of those held, so the first untame plate, if any, is among them.
    let first_untame = rows
        .iter()
        .position(|([g, m], genus)| !is_tame((*g).into(), (*m).into()) || !genus.is_tame())
        .map(|x| x as u64);
    let values = rows.into_iter().map(|(pair, _)| pair).collect();
    Ok(Plan::DisjunctiveMisere {
        grundy: Column::Periodic(Periodic::from_table(values, start, period)),
        first_untame,
        quotient: None,
    })
}

/// The values of `table(n)` (plates `0..=n`) up to one whole period, with the period's start and
/// length, when tables of growing length prove a period by the window argument; `None` when none
/// up to [`PERIOD_SEARCH`] plates does.
///
/// The window argument: from plate `window` on, a plate's value is the same function of the
/// `window` values before it and of the plate modulo `rule_period`. So if the table repeats
/// with a period `p` (a multiple of `rule_period`) on `[start, len)` and
/// `len ≥ start + p + window`, then by induction on `x` it repeats for every `x ≥ start`.
fn window_column<T: PartialEq>(
    table: impl Fn(u64) -> Result<Vec<T>, Unsupported>,
    window: usize,
    rule_period: usize,
) -> Result<Option<(Vec<T>, u64, u64)>, Unsupported> {
    let mut len = 1 << 12;
    loop {
        let values = table(len as u64 - 1)?;
        if let Some((start, period)) = window_period(&values, window, rule_period) {
            let mut values = values;
            values.truncate(start + period);
            return Ok(Some((values, start as u64, period as u64)));
        }
        if len >= PERIOD_SEARCH {
            return Ok(None);
        }
        len *= 8;
    }
}

/// The shortest period of `values` (a multiple of `rule_period`) that the window argument of
/// [`window_column`] proves, with its start.
fn window_period<T: PartialEq>(values: &[T], window: usize, rule_period: usize) -> Option<(usize, usize)> {
    let len = values.len();
    (1..len / 2).filter(|period| period % rule_period == 0).find_map(|period| {
        let start = (0..len - period).rev().find(|&x| values[x + period] != values[x]).map_or(0, |x| x + 1);
        (len >= start + period + window).then_some((start, period))
    })
}

/// Remotenesses or suspense numbers of `table(n)` (plates `0..=n`) as values that grow by an
/// even step every period, when tables of growing length prove it; `None` when none up to
/// [`PERIOD_SEARCH`] plates does.
///
/// The window argument of [`window_column`] holds with a step: from plate `window` on, a value
/// is 1 + the smallest (or largest) option value of the wanted parity, else 1 + the largest
/// (smallest) of all — a function of the `window` values before that commutes with adding an
/// even number to all of them (parities, and so the choice, are kept). So if
/// `v(x + p) = v(x) + c` with `c` even on `[start, len − p)` and `len ≥ start + p + window`, it
/// holds for every `x ≥ start`.
fn saltus_column(
    table: impl Fn(u64) -> Result<Vec<u32>, Unsupported>,
    window: usize,
    rule_period: usize,
) -> Result<Option<Saltus>, Unsupported> {
    let mut len = 1 << 12;
    loop {
        let values = table(len as u64 - 1)?;
        let found = (1..len / 2).filter(|period| period % rule_period == 0).find_map(|period| {
            let step = i64::from(values[len - 1]) - i64::from(values[len - 1 - period]);
            if step < 0 || step % 2 != 0 {
                return None;
            }
            let differs = |x: usize| i64::from(values[x + period]) - i64::from(values[x]) != step;
            let start = (0..len - period).rev().find(|&x| differs(x)).map_or(0, |x| x + 1);
            (len >= start + period + window).then_some((start, period, step as u64))
        });
        if let Some((start, period, step)) = found {
            let mut values = values;
            values.truncate(start + period);
            return Ok(Some(Saltus { values, start: start as u64, period: period as u64, step }));
        }
        if len >= PERIOD_SEARCH {
            return Ok(None);
        }
        len *= 8;
    }
}

/// Nim's column of a value that depends only on the set of the options' values: constant from
/// the first plate `x ≥ 1` whose value already occurred below it. (The options of `x + 1` are
/// those of `x` and `x` itself; when `v(x)` is among `v(0..x)`, the set does not change, so
/// neither does the value, and so on.) `None` when no value repeats in the table.
fn constant_from<T: Copy + PartialEq>(values: Vec<T>) -> Result<Column<T>, Unsupported> {
    match (1..values.len()).find(|&x| values[..x].contains(&values[x])) {
        Some(x) => {
            let mut values = values;
            values.truncate(x + 1);
            Ok(Column::Periodic(Periodic::from_table(values, x as u64, 1)))
        }
        None => Err(Unsupported::NoTheory("Nim's values here never repeat".to_string())),
    }
}

#[cfg(test)]
mod tests {
    use grundy_rules::{Outcome, Value};

    use super::*;
    use crate::solver::tests::every_rule_set;
    use crate::solver::{PileSolver, PlateValue};
    /// Where a theorem extends a column to every plate, it agrees with the table computed by
    /// definition, far past the values the period was read from (at least 4096).
    #[test]
    fn unbounded_plans_agree_with_tables() {
        let operations = [
            "nim",
            "half",
            "sub:1,2,3",
            "sub:1,3,4",
            "sub:2,5,6",
            "sub:3,7,10",
            "upto:4",
            "mod:17",
            "mod:5",
            "octal:0.3",
            "octal:0.31",
            "octal:0.13",
            "octal:0.333",
        ];
        let n = 40_000;
        let mut proven = 0;
        for rules in every_rule_set(&operations) {
            let heap = Heap::new(&rules.operation);
            let Ok(plan) = unbounded_plan(&rules, &heap) else { continue };
            proven += 1;
            let unbounded = PileSolver { rules: rules.clone(), limit: u64::MAX, plan };
            let table = PileSolver::tabulated(&rules, &heap, n).unwrap();
            for x in (0..=n).chain([n - 1]) {
                assert_eq!(unbounded.plate_value(x), table.plate_value(x), "{rules}, plate {x}");
            }
            // Sums too: the combination of wide values is the columns' one.
            for plates in [&[3, 5, 6][..], &[1, 1], &[n, n - 7, 2], &[0, 1, 39_999]] {
                assert_eq!(unbounded.solve(plates), table.solve(plates), "{rules}, {plates:?}");
            }
        }
        // Nim in every compound, half disjunctive normal, and every window operation in every
        // compound but one or two must be among those extended.
        assert!(proven >= 12 + 1 + 11 * 10, "only {proven} rule sets were extended");
    }

    /// Remotenesses and suspense numbers grow by a saltus: values a period apart differ by one
    /// step from the start on. The window argument proves it from a table holding a whole period
    /// and a window past the start, and only for an even step: shifting every option by an odd
    /// step would swap who wins, which the rule does not commute with.
    #[test]
    fn a_saltus_is_proven_only_when_even_and_over_a_window() {
        // The first table `saltus_column` asks for; longer ones are refused here.
        const LEN: usize = 1 << 12;
        let (period, window) = (3, 4);
        let table = |start: usize, step: u32| {
            move |n: u64| -> Result<Vec<u32>, Unsupported> {
                if n as usize + 1 != LEN {
                    return Err(Unsupported::TooLarge { size: n, limit: LEN as u64 - 1 });
                }
                Ok((0..LEN)
                    .map(|x| match x.checked_sub(start) {
                        None => 1_000_000 + x as u32 % 5,
                        Some(y) => [1, 0, 2][y % period] + step * (y / period) as u32,
                    })
                    .collect())
            }
        };
        let start = LEN - period - window;
        let saltus = saltus_column(table(start, 2), window, 1).unwrap().expect("a proven saltus");
        assert_eq!((saltus.start, saltus.period, saltus.step), (start as u64, period as u64, 2));
        assert!(saltus_column(table(start + 1, 2), window, 1).is_err(), "a value short of the window");
        assert!(saltus_column(table(start, 1), window, 1).is_err(), "an odd step");
        // Over two periods, an odd step per period is an even one: a saltus of the period 6.
        let saltus = saltus_column(table(start - 10, 3), window, 1).unwrap().expect("a proven saltus");
        assert_eq!((saltus.start, saltus.period, saltus.step), (start as u64 - 10, 6, 6));
    }

    /// Plates of any size are answered at once where a closed form or a proven period exists.
    #[test]
    fn any_u64_plate_where_a_theorem_covers_it() {
        let top = u64::MAX;
        let nim: RuleSet = "nim/disjunctive/normal".parse().unwrap();
        let solution = PileSolver::new(&nim, top).unwrap().solve(&[top, 5]).unwrap();
        assert_eq!(solution.value, Some(Value::Grundy(top ^ 5)));
        let misere: RuleSet = "nim/disjunctive/misere".parse().unwrap();
        assert_eq!(PileSolver::new(&misere, top).unwrap().solve(&[top, top]).unwrap().outcome, Outcome::Second);
        let sub: RuleSet = "sub:1,3,4/disjunctive/normal".parse().unwrap();
        // sub:1,3,4 has period 7: 0 1 0 1 2 3 2.
        let solver = PileSolver::new(&sub, 1_000_000_000_000).unwrap();
        assert_eq!(
            solver.plate_value(1_000_000_000_000).unwrap(),
            PlateValue::Grundy([0, 1, 0, 1, 2, 3, 2][1_000_000_000_000 % 7])
        );
        assert_eq!(solver.limit(), u64::MAX);
        // Remoteness grows by a step each period: sub:1,2,3's by 2 every 4 plates.
        let conjunctive: RuleSet = "sub:1,2,3/conjunctive/normal".parse().unwrap();
        let solver = PileSolver::new(&conjunctive, top).unwrap();
        let small = PileSolver::tabulated(&conjunctive, &Heap::new(&conjunctive.operation), 100).unwrap();
        for x in [top, top - 1, top - 2, top - 3, 1 << 40] {
            let (PlateValue::Remoteness(far), PlateValue::Remoteness(near)) =
                (solver.plate_value(x).unwrap(), small.plate_value(x % 4 + 40).unwrap())
            else {
                panic!("remoteness")
            };
            assert_eq!(far - near, (x - (x % 4 + 40)) / 4 * 2, "plate {x}");
        }
        // Half, selective: no theorem; refused at once, saying why.
        let half: RuleSet = "half/selective/normal".parse().unwrap();
        let error = PileSolver::new(&half, top).unwrap_err().to_string();
        assert!(error.contains("no closed form or proven period") && error.contains("limit"), "{error}");
    }

    /// The window argument proves a period exactly when the table holds `start + period + window`
    /// values, not one fewer.
    #[test]
    fn window_periods_need_start_plus_period_plus_window_values() {
        for window in 6..10 {
            for start in 0..3 {
                // `start` values of 9, then 0, 1, 2 again and again: period 3 from `start`.
                let table = |len: usize| -> Vec<u32> {
                    (0..len).map(|x| if x < start { 9 } else { ((x - start) % 3) as u32 }).collect()
                };
                let need = start + 3 + window;
                assert_eq!(window_period(&table(need), window, 1), Some((start, 3)), "{window}, {start}");
                assert_eq!(window_period(&table(need - 1), window, 1), None, "{window}, {start}");
            }
        }
    }
}
