//! What is tabulated for a rule set, and how it combines (the rows of the crate doc's table):
//! for an operation that never splits a heap, tables of plates `0..=n` ([`crate::tables`]); for
//! `split`, the closed forms of [`crate::split`]; for octal codes that split a heap, the
//! disjunctive sum of normal play by Grundy values (tabulated, or extended by a period proven by
//! the Guy–Smith theorem), misère disjunctive sums through the misère quotient
//! ([`crate::quotient`]), and the other compounds by [`crate::breaking`].

use grundy_rules::{Compound, Foreclosed, Operation, Play, RuleSet};

use super::PileSolver;
use super::column::{Column, Periodic};
use crate::Unsupported;
use crate::breaking;
use crate::moves::Heap;
use crate::split;
use crate::tables::{self, MISERE_WINS, MexRule, NORMAL_WINS, OPERABLE, ParityRule};

/// What is tabulated for a rule set, and how it combines (the rows of the crate doc's table).
pub(super) enum Plan {
    Disjunctive {
        grundy: Column<u32>,
    },
    /// `[g⁺, g⁻]` side by side: one memory access per plate.
    DisjunctiveMisere {
        grundy: Column<[u32; 2]>,
        first_untame: Option<u64>,
        /// For an octal code with untame heaps: its misère quotient, which answers sums of
        /// untame heaps.
        quotient: Option<std::sync::Arc<crate::quotient::Quotient>>,
    },
    Foreclosed {
        values: Column<u32>,
    },
    Selective {
        outcomes: Column<u8>,
    },
    SelectiveMisere {
        outcomes: Column<u8>,
    },
    Shortened {
        outcomes: Column<u8>,
    },
    ShortenedMisere {
        outcomes: Column<u8>,
    },
    Conjunctive {
        remoteness: Column<u32>,
    },
    Continued {
        suspense: Column<u32>,
    },
    /// Closed forms whose values outgrow a column's `u32` (Nim's Grundy values are the plates).
    Wide(Wide),
    /// Misère disjunctive sums of heaps that split: the product of the heaps' elements of the
    /// misère quotient, in its P-portion or not.
    MisereQuotient {
        quotient: std::sync::Arc<crate::quotient::Quotient>,
    },
}

/// A closed form of 64-bit per-plate values, and the rule that combines them.
pub(super) enum Wide {
    /// Normal-play Grundy values, combined by exclusive or.
    Grundy(fn(u64) -> u64),
    /// `[g⁺, g⁻]` of plates that are all tame, combined as [`super::combine::TamePairs`] does.
    TamePairs(fn(u64) -> [u64; 2]),
    /// Foreclosed values, combined as [`super::combine::ForeclosedXor`] does.
    Foreclosed(fn(u64) -> Foreclosed),
    /// Remotenesses that grow by a fixed step each period, combined by their minimum.
    Remoteness(Saltus),
    /// Suspense numbers that grow by a fixed step each period, combined by their maximum.
    Suspense(Saltus),
}

/// Values that, from `start` on, grow by `step` every `period` plates:
/// `v(x + period) = v(x) + step`.
pub(super) struct Saltus {
    /// Values of plates `0..values.len()`, at least up to `start + period`.
    pub(super) values: Vec<u32>,
    pub(super) start: u64,
    pub(super) period: u64,
    pub(super) step: u64,
}

impl Saltus {
    pub(super) fn at(&self, x: u64) -> u64 {
        match self.values.get(x as usize) {
            Some(&value) => value.into(),
            _ => {
                let (periods, offset) = ((x - self.start) / self.period, (x - self.start) % self.period);
                // No overflow: a remoteness or suspense number counts moves, each of which takes
                // a token, so it is at most x.
                u64::from(self.values[(self.start + offset) as usize]).saturating_add(periods.saturating_mul(self.step))
            }
        }
    }
}

/// Packs outcome tables (1 = the player to move wins) and operability into outcome bits.
fn outcome_bits<T: Copy + Default + PartialEq>(
    heap: &Heap,
    normal: Option<&[T]>,
    misere: Option<&[T]>,
    n: u64,
) -> Column<u8> {
    let bits = (0..=n as usize)
        .map(|x| {
            let mut byte = 0;
            if normal.is_some_and(|t| t[x] != T::default()) {
                byte |= NORMAL_WINS;
            }
            if misere.is_some_and(|t| t[x] != T::default()) {
                byte |= MISERE_WINS;
            }
            if heap.is_operable(x as u64) {
                byte |= OPERABLE;
            }
            byte
        })
        .collect();
    Column::Table(bits)
}

/// Outcome bits from closed forms (1 = the player to move wins) that repeat from `start` on
/// with `period`, as does operability (from 2 on).
fn outcome_periodic(normal: impl Fn(u64) -> u32, misere: impl Fn(u64) -> u32, periodic: (u64, u64)) -> Column<u8> {
    debug_assert!(periodic.0 >= 2, "operability repeats from 2 on");
    Column::Periodic(Periodic::new(|x| tables::outcome(normal(x) != 0, misere(x) != 0, x >= 2), periodic))
}

impl PileSolver {
    /// A solver whose per-plate columns are tables of plates `0..=n` (for operations that never
    /// split a heap).
    pub(super) fn tabulated(rules: &RuleSet, heap: &Heap, n: u64) -> Result<PileSolver, Unsupported> {
        let play = rules.play;
        let misere = play == Play::Misere;
        let grundy = |terminal| tables::mex_table(heap, n, MexRule::Grundy { terminal }).map(Column::Table);
        // Both conventions' outcome bits, in one pass.
        let outcomes = || tables::outcome_table(heap, n).map(Column::Table);
        let parity = |hurry| {
            tables::parity_values(heap, n, ParityRule { wanted: usize::from(misere), hurry }).map(Column::values)
        };
        let plan = match (rules.compound, play) {
            (Compound::Disjunctive, Play::Normal) => Plan::Disjunctive { grundy: grundy(0)? },
            (Compound::Disjunctive, Play::Misere) => {
                let normal = tables::mex_table(heap, n, MexRule::Grundy { terminal: 0 })?;
                let misere = tables::mex_table(heap, n, MexRule::Grundy { terminal: 1 })?;
                // Tame heaps have g⁺ = g⁻ or {g⁺, g⁻} = {0, 1}; where the table is small enough,
                // the whole genus is checked too.
                let pairs_untame =
                    (0..normal.len()).find(|&x| !is_tame(normal[x].into(), misere[x].into())).map(|x| x as u64);
                let genus_untame = if n <= 2000 || (heap.most_options() as u64).saturating_mul(n) <= 2_000_000 {
                    let genera = crate::genus::genus_table(&rules.operation, n)?;
                    genera.iter().position(|genus| !genus.is_tame()).map(|x| x as u64)
                } else {
                    None
                };
                let first_untame = pairs_untame.into_iter().chain(genus_untame).min();
                let grundy = normal.into_iter().zip(misere).map(|(g, m)| [g, m]).collect();
                let quotient = match (&rules.operation, first_untame) {
                    (Operation::Octal(digits), Some(_)) => {
                        Some(std::sync::Arc::new(misere_quotient(rules, digits, n)?))
                    }
                    _ => None,
                };
                Plan::DisjunctiveMisere { grundy: Column::Table(grundy), first_untame, quotient }
            }
            (Compound::Diminished, _) => {
                let rule = if misere { MexRule::ForeclosedMisere } else { MexRule::ForeclosedNormal };
                Plan::Foreclosed { values: Column::Table(tables::mex_table(heap, n, rule)?) }
            }
            (Compound::Selective, Play::Normal) => Plan::Selective { outcomes: outcomes()? },
            (Compound::Selective, Play::Misere) => Plan::SelectiveMisere { outcomes: outcomes()? },
            (Compound::Shortened, Play::Normal) => Plan::Shortened { outcomes: outcomes()? },
            (Compound::Shortened, Play::Misere) => Plan::ShortenedMisere { outcomes: outcomes()? },
            (Compound::Conjunctive, _) => Plan::Conjunctive { remoteness: parity(true)? },
            (Compound::Continued, _) => Plan::Continued { suspense: parity(false)? },
        };
        Ok(PileSolver { rules: rules.clone(), limit: n, plan })
    }
}

/// Splitting octal games: the disjunctive sum of normal play by Grundy values (tabulated, or
/// extended by a period proven by the Guy–Smith theorem); the compounds whose sum rule combines
/// values by [`crate::breaking`].
pub(super) fn octal_plan(rules: &RuleSet, n: u64) -> Result<(Plan, u64), Unsupported> {
    let Operation::Octal(digits) = &rules.operation else { unreachable!("octal rules") };
    let misere = rules.play == Play::Misere;
    let parity = |hurry| breaking::Rule::Parity(ParityRule { wanted: usize::from(misere), hurry });
    let build = |rule| breaking::table(digits, n, rule);
    let heap = Heap::new(&rules.operation);
    let plan = match (rules.compound, rules.play) {
        (Compound::Disjunctive, Play::Normal) => None,
        (Compound::Diminished, _) => {
            Some(Plan::Foreclosed { values: Column::Table(build(breaking::Rule::Foreclosed { misere })?) })
        }
        (Compound::Conjunctive, _) => Some(Plan::Conjunctive { remoteness: Column::Table(build(parity(true))?) }),
        (Compound::Continued, _) => Some(Plan::Continued { suspense: Column::Table(build(parity(false))?) }),
        (Compound::Selective, Play::Normal) => {
            let normal = build(breaking::Rule::SelectiveNormal)?;
            Some(Plan::Selective { outcomes: outcome_bits(&heap, Some(&normal), None, n) })
        }
        (Compound::Shortened, Play::Normal) => {
            let normal: Vec<u32> =
                build(breaking::Rule::ShortenedNormal)?.into_iter().map(|v| u32::from(v == 1)).collect();
            Some(Plan::Shortened { outcomes: outcome_bits(&heap, Some(&normal), None, n) })
        }
        (Compound::Shortened, Play::Misere) => {
            let misere = build(breaking::Rule::ShortenedMisere)?;
            Some(Plan::ShortenedMisere { outcomes: outcome_bits(&heap, None, Some(&misere), n) })
        }
        (Compound::Disjunctive, Play::Misere) => return misere_quotient_plan(rules, digits, n),
        (Compound::Selective, Play::Misere) => {
            let bits = build(breaking::Rule::SelectiveMisere)?;
            let byte = |v: u32| {
                let mut byte = 0;
                if v & breaking::SELECTIVE_NORMAL_WINS != 0 {
                    byte |= NORMAL_WINS;
                }
                if v & breaking::SELECTIVE_MISERE_WINS != 0 {
                    byte |= MISERE_WINS;
                }
                if v & breaking::SELECTIVE_OPERABLE != 0 {
                    byte |= OPERABLE;
                }
                byte
            };
            Some(Plan::SelectiveMisere { outcomes: Column::Table(bits.into_iter().map(byte).collect()) })
        }
    };
    if let Some(plan) = plan {
        return Ok((plan, n));
    }
    let table = crate::periodic::heap_table(&rules.operation, Play::Normal, n)?;
    Ok(match table.period {
        Some(period) if table.proven => {
            let (start, period) = (period.preperiod as u64, period.period as u64);
            (
                Plan::Disjunctive { grundy: Column::Periodic(Periodic::from_table(table.values, start, period)) },
                u64::MAX,
            )
        }
        _ => {
            let limit = table.computed_to();
            (Plan::Disjunctive { grundy: Column::Table(table.values) }, limit)
        }
    })
}

/// Heaps the pile solver builds a misère quotient for, at most.
pub const QUOTIENT_HEAPS: u64 = 40;

/// Verification steps the pile solver spends on a misère quotient (a fraction of a second): past
/// them, plates beyond the heaps verified so far are declined.
const QUOTIENT_STEPS: u64 = 4_000_000;

/// Misère disjunctive sums of octal heaps that split: through the misère quotient of the heaps
/// up to `n` (at most [`QUOTIENT_HEAPS`]), as far as a fixed budget of work verifies it; a
/// proven period covers every heap.
fn misere_quotient_plan(rules: &RuleSet, digits: &[u8], n: u64) -> Result<(Plan, u64), Unsupported> {
    let quotient = misere_quotient(rules, digits, n)?;
    let limit = if quotient.proven.is_some() { u64::MAX } else { quotient.verified_to };
    Ok((Plan::MisereQuotient { quotient: std::sync::Arc::new(quotient) }, limit))
}

/// The misère quotient of the heaps up to `n` (at most [`QUOTIENT_HEAPS`]), as far as
/// [`QUOTIENT_STEPS`] verify it.
fn misere_quotient(rules: &RuleSet, digits: &[u8], n: u64) -> Result<crate::quotient::Quotient, Unsupported> {
    let budget = crate::quotient::Budget { max_steps: QUOTIENT_STEPS, ..crate::quotient::Budget::default() };
    let code = rules.operation.to_string();
    crate::quotient::Quotient::compute(code.trim_start_matches("octal:"), digits, n.min(QUOTIENT_HEAPS), budget)
}

/// The closed forms of [`crate::split`] for each compound and convention.
pub(super) fn split_plan(compound: Compound, play: Play) -> Result<Plan, Unsupported> {
    let periodic = |f: fn(u64) -> u32, periodic| Column::Periodic(Periodic::new(f, periodic));
    Ok(match (compound, play) {
        (Compound::Disjunctive, Play::Normal) => {
            Plan::Disjunctive { grundy: periodic(split::grundy_normal, split::GRUNDY_PERIODIC) }
        }
        (Compound::Disjunctive, Play::Misere) => Plan::DisjunctiveMisere {
            grundy: Column::Periodic(Periodic::new(
                |x| [split::grundy_normal(x), split::grundy_misere(x)],
                split::GRUNDY_PERIODIC,
            )),
            first_untame: None,
            quotient: None,
        },
        (Compound::Diminished, Play::Normal) => {
            Plan::Foreclosed { values: periodic(split::foreclosed_normal, split::FORECLOSED_NORMAL_PERIODIC) }
        }
        (Compound::Diminished, Play::Misere) => {
            let values = split::ForeclosedMisere::new()
                .ok_or_else(|| Unsupported::NoTheory("the period of Dawson's Kayles was not proven".to_string()))?;
            Plan::Foreclosed { values: Column::Periodic(Periodic::new(|x| values.value(x), values.periodic())) }
        }
        (Compound::Selective, _) => {
            let outcomes =
                outcome_periodic(split::selective_normal, split::selective_misere, split::SELECTIVE_PERIODIC);
            if play == Play::Normal { Plan::Selective { outcomes } } else { Plan::SelectiveMisere { outcomes } }
        }
        (Compound::Shortened, _) => {
            let outcomes =
                outcome_periodic(split::shortened_normal, split::shortened_misere, split::SHORTENED_PERIODIC);
            if play == Play::Normal { Plan::Shortened { outcomes } } else { Plan::ShortenedMisere { outcomes } }
        }
        (Compound::Conjunctive, Play::Normal) => {
            Plan::Conjunctive { remoteness: periodic(split::remoteness_normal, split::REMOTENESS_PERIODIC) }
        }
        (Compound::Conjunctive, Play::Misere) => {
            Plan::Conjunctive { remoteness: periodic(split::remoteness_misere, split::REMOTENESS_PERIODIC) }
        }
        (Compound::Continued, Play::Normal) => Plan::Continued { suspense: Column::formula(split::suspense_normal) },
        (Compound::Continued, Play::Misere) => Plan::Continued { suspense: Column::formula(split::suspense_misere) },
    })
}

/// The selective or shortened plan of outcome bits `outcomes`.
pub(super) fn outcome_plan(rules: &RuleSet, outcomes: Column<u8>) -> Plan {
    match (rules.compound, rules.play) {
        (Compound::Selective, Play::Normal) => Plan::Selective { outcomes },
        (Compound::Selective, Play::Misere) => Plan::SelectiveMisere { outcomes },
        (Compound::Shortened, Play::Normal) => Plan::Shortened { outcomes },
        _ => Plan::ShortenedMisere { outcomes },
    }
}

/// A heap is tame when its normal and misère Grundy values are equal, or are 0 and 1.
pub(super) fn is_tame(normal: u64, misere: u64) -> bool {
    normal == misere || normal + misere == 1
}

#[cfg(test)]
mod tests {
    use super::*;
    /// In a misère sum with a heap that is not tame, the misère quotient decides; when some heap
    /// lies beyond the heaps it covers, the solver declines rather than answer from the rest.
    #[test]
    fn misere_sums_beyond_the_quotient_are_declined() {
        let (mut declined, mut stopped_by_steps) = (0, 0);
        // Octal codes that never split a heap (their tables are the solver's columns).
        let codes =
            ["0.31", "0.123", "0.13", "0.32", "0.312", "0.321", "0.132", "0.0313", "0.3123", "0.1323", "0.2313"];
        for code in codes {
            let rules: RuleSet = format!("octal:{code}/disjunctive/misere").parse().unwrap();
            let n = QUOTIENT_HEAPS + 20;
            let Ok(solver) = PileSolver::new(&rules, n) else { continue };
            let Plan::DisjunctiveMisere { first_untame: Some(untame), quotient: Some(quotient), .. } = &solver.plan
            else {
                continue; // tame
            };
            if quotient.heap_element(n).is_some() {
                continue; // a proven period covers every heap
            }
            for far in quotient.verified_to + 1..=n {
                let result = solver.solve(&[*untame, far]);
                assert!(
                    matches!(&result, Err(Unsupported::NoTheory(why)) if why.contains("beyond the misère quotient")),
                    "{rules}: {untame} + {far}: {result:?}"
                );
                declined += 1;
            }
            // What stopped the quotient is the solver's own budget, said in the decline.
            let budget = format!("the budget of {QUOTIENT_STEPS} verification steps");
            if quotient.stopped.as_deref().is_some_and(|why| why.contains(&budget)) {
                stopped_by_steps += 1;
            }
        }
        assert!(declined > 0, "no code has a misère quotient short of its table");
        assert!(stopped_by_steps > 0, "no quotient stopped at the step budget");
    }

    /// A period seen but not proven (hexadecimal codes have no periodicity theorem here) answers
    /// nothing past the table: plates beyond it are declined, not read off the period.
    #[test]
    fn unproven_periods_answer_nothing_past_the_table() {
        for code in ["octal:0.F", "octal:0.B"] {
            let rules: RuleSet = format!("{code}/disjunctive/normal").parse().unwrap();
            let table = crate::periodic::heap_table(&rules.operation, Play::Normal, 100).unwrap();
            assert!(table.period.is_some() && !table.proven, "{code}: a period is seen, not proven");
            let solver = PileSolver::new(&rules, 100).unwrap();
            assert_eq!(solver.limit(), 100, "{code}");
            let beyond = solver.solve(&[101]);
            assert!(matches!(beyond, Err(Unsupported::BeyondTable { plate: 101, limit: 100 })), "{code}: {beyond:?}");
        }
    }
}
