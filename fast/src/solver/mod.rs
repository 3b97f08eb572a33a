//! The pile-game solver: per-plate values, combined by the compound's rule (see the crate doc).
//!
//! * [`plan`]: what is tabulated for a rule set, and which rule combines it: tables of the plates
//!   up to the largest, the closed forms of `split`, and the octal codes that split a heap.
//! * [`unbounded`]: plates of every size, where a closed form or a proven period covers them.
//! * [`column`](mod@column): a per-plate datum as a function of the plate: a table, bytes, blocks, a
//!   periodic table or a closed form.
//! * [`combine`]: the compounds' rules, a plate at a time, and the outcome and value of the sum.
//! * [`fold`]: the solver read a plate at a time, compiled for one plan and one column.

mod column;
mod combine;
mod fold;
mod plan;
mod unbounded;

use std::fmt;

use grundy_rules::{Compound, Foreclosed, Operation, Outcome, Play, RuleSet, Solution, Value};

use self::column::Column;
use self::combine::{
    AnyMisereWin, AnyNormalWin, Combine, ForeclosedXor, Largest, SelectiveMisere, ShortenedNormal, Smallest, Sum,
    TamePairs, Xor, outcome_solution,
};
pub use self::fold::{Fold, FoldUser, Tally};
use self::plan::{Plan, Wide, octal_plan, split_plan};
use self::unbounded::{UNBOUNDED_FROM, unbounded_plan};
use crate::Unsupported;
use crate::moves::{Heap, HeapMoves};
use crate::tables::{self, ENDED, IMMINENT, MISERE_WINS, NORMAL_WINS};

/// The per-plate numbers of one plate, for display.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlateValue {
    /// Normal-play Grundy value.
    Grundy(u64),
    /// Normal and misère Grundy values.
    GrundyPair {
        /// `g⁺`
        normal: u64,
        /// `g⁻`
        misere: u64,
    },
    /// Foreclosed Grundy value.
    Foreclosed(Foreclosed),
    /// Whether the player to move wins this plate alone (normal play), and in misère play.
    Outcomes {
        /// Normal play.
        normal: Option<Outcome>,
        /// Misère play.
        misere: Option<Outcome>,
    },
    /// Remoteness.
    Remoteness(u64),
    /// Suspense number.
    Suspense(u64),
    /// The element of the misère quotient (numbered as `grundy quotient` prints them).
    QuotientElement(u32),
}

impl fmt::Display for PlateValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let short = |outcome: Outcome| match outcome {
            Outcome::First => "N",
            Outcome::Second => "P",
        };
        match self {
            PlateValue::Grundy(g) => write!(f, "g={g}"),
            PlateValue::GrundyPair { normal, misere } => write!(f, "g+={normal} g-={misere}"),
            PlateValue::Foreclosed(v) => write!(f, "foreclosed={v}"),
            PlateValue::Outcomes { normal, misere } => {
                let mut parts = Vec::new();
                if let Some(o) = normal {
                    parts.push(format!("normal={}", short(*o)));
                }
                if let Some(o) = misere {
                    parts.push(format!("misere={}", short(*o)));
                }
                f.write_str(&parts.join(" "))
            }
            PlateValue::Remoteness(r) => write!(f, "R={r}"),
            PlateValue::Suspense(s) => write!(f, "S={s}"),
            PlateValue::QuotientElement(x) => write!(f, "quotient element {x}"),
        }
    }
}

/// Fast solver for one pile rule set, with tables built up to a largest plate.
pub struct PileSolver {
    rules: RuleSet,
    /// Largest plate the tables cover (`u64::MAX` when every column is a closed form).
    limit: u64,
    plan: Plan,
}

impl fmt::Debug for PileSolver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PileSolver").field("rules", &self.rules.to_string()).field("limit", &self.limit).finish()
    }
}

impl PileSolver {
    /// Builds what `rules` needs for positions whose plates are at most `largest_plate`.
    pub fn new(rules: &RuleSet, largest_plate: u64) -> Result<PileSolver, Unsupported> {
        let heap = Heap::new(&rules.operation);
        let play = rules.play;
        let n = largest_plate;
        let (plan, limit) = if let (Operation::Octal(_), HeapMoves::Splitting) = (&rules.operation, heap.moves()) {
            octal_plan(rules, n)?
        } else if rules.operation == Operation::Grundy {
            match (rules.compound, play) {
                (Compound::Disjunctive, Play::Normal) => {
                    let table = crate::heap_table(&rules.operation, play, n)?;
                    (Plan::Disjunctive { grundy: Column::Table(table.values) }, n)
                }
                _ => {
                    return Err(Unsupported::NoTheory(format!(
                        "{rules}: Grundy's game is answered by its Grundy values in the disjunctive compound \
                         under normal play only"
                    )));
                }
            }
        } else if *heap.moves() == HeapMoves::Splitting {
            (split_plan(rules.compound, play)?, u64::MAX)
        } else if n > UNBOUNDED_FROM {
            match unbounded_plan(rules, &heap) {
                Ok(plan) => (plan, u64::MAX),
                Err(_) if n <= tables::MAX_TABLE => return PileSolver::tabulated(rules, &heap, n),
                Err(Unsupported::NoTheory(why)) => {
                    return Err(Unsupported::NoTheory(format!(
                        "{why}; and a table up to plate {n} is larger than the fast side's limit of {} entries",
                        tables::MAX_TABLE
                    )));
                }
                Err(other) => return Err(other),
            }
        } else {
            return PileSolver::tabulated(rules, &heap, n);
        };
        Ok(PileSolver { rules: rules.clone(), limit, plan })
    }

    /// The rule set.
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    /// The largest plate this solver can take.
    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// Replaces closed forms by tables of plates `0..=largest_plate` (`largest_plate` at most 2^24), which
    /// answer faster when plates are many; plates beyond are then refused as beyond the table.
    /// Periodic columns stay as they are: they answer as fast, for every plate.
    pub fn tabulate(&mut self, largest_plate: u64) {
        const MOST: u64 = 1 << 24;
        if self.limit != u64::MAX || largest_plate > MOST {
            return;
        }
        let n = largest_plate as usize;
        let tabulated = match &mut self.plan {
            Plan::Disjunctive { grundy } => grundy.tabulate(n),
            Plan::DisjunctiveMisere { grundy, .. } => grundy.tabulate(n),
            Plan::Foreclosed { values } => values.tabulate(n),
            Plan::Selective { outcomes }
            | Plan::SelectiveMisere { outcomes }
            | Plan::Shortened { outcomes }
            | Plan::ShortenedMisere { outcomes } => outcomes.tabulate(n),
            Plan::Conjunctive { remoteness } => remoteness.tabulate(n),
            Plan::Continued { suspense } => suspense.tabulate(n),
            Plan::Wide(_) => false,
            Plan::MisereQuotient { .. } => false,
        };
        if tabulated {
            self.limit = largest_plate;
        }
    }

    /// Who wins `plates`, and the value of the whole position.
    pub fn solve(&self, plates: &[u64]) -> Result<Solution, Unsupported> {
        let mut sum = Sum::default();
        for &x in plates {
            self.add(&mut sum, x)?;
        }
        self.finish(&sum)
    }

    /// Who wins `plates`: the fastest path, for bulk input.
    #[inline]
    pub fn first_wins(&self, plates: impl IntoIterator<Item = u64>) -> Result<bool, Unsupported> {
        let mut tally = self.tally();
        for x in plates {
            self.add_plate(&mut tally, x)?;
        }
        self.tally_first_wins(&tally)
    }

    /// An empty running combination, for positions read a plate at a time.
    pub fn tally(&self) -> Tally {
        Tally(Sum::default())
    }

    /// Adds a plate of `x` to `tally`; fails only for a plate beyond the tables.
    #[inline]
    pub fn add_plate(&self, tally: &mut Tally, x: u64) -> Result<(), Unsupported> {
        self.add(&mut tally.0, x)
    }

    /// Who wins the position of the plates added to `tally`.
    #[inline]
    pub fn tally_first_wins(&self, tally: &Tally) -> Result<bool, Unsupported> {
        Ok(self.finish(&tally.0)?.outcome == Outcome::First)
    }

    /// The per-plate numbers of a plate of `x`.
    pub fn plate_value(&self, x: u64) -> Result<PlateValue, Unsupported> {
        let beyond = Unsupported::BeyondTable { plate: x, limit: self.limit };
        let get = |column: &Column<u32>| column.get(x).ok_or_else(|| beyond.clone());
        let bits = |column: &Column<u8>| column.get(x).ok_or_else(|| beyond.clone());
        let outcome = |bits: u8, bit: u8| Outcome::from_first_wins(bits & bit != 0);
        Ok(match &self.plan {
            Plan::Disjunctive { grundy } => PlateValue::Grundy(get(grundy)?.into()),
            Plan::DisjunctiveMisere { grundy, .. } => {
                let [normal, misere] = grundy.get(x).ok_or_else(|| beyond.clone())?;
                PlateValue::GrundyPair { normal: normal.into(), misere: misere.into() }
            }
            Plan::Foreclosed { values } => PlateValue::Foreclosed(foreclosed(get(values)?)),
            Plan::Selective { outcomes } | Plan::Shortened { outcomes } => {
                PlateValue::Outcomes { normal: Some(outcome(bits(outcomes)?, NORMAL_WINS)), misere: None }
            }
            Plan::SelectiveMisere { outcomes } => {
                let b = bits(outcomes)?;
                PlateValue::Outcomes { normal: Some(outcome(b, NORMAL_WINS)), misere: Some(outcome(b, MISERE_WINS)) }
            }
            Plan::ShortenedMisere { outcomes } => {
                PlateValue::Outcomes { normal: None, misere: Some(outcome(bits(outcomes)?, MISERE_WINS)) }
            }
            Plan::Conjunctive { remoteness } => PlateValue::Remoteness(get(remoteness)?.into()),
            Plan::Continued { suspense } => PlateValue::Suspense(get(suspense)?.into()),
            Plan::Wide(Wide::Grundy(f)) => PlateValue::Grundy(f(x)),
            Plan::Wide(Wide::TamePairs(f)) => {
                let [normal, misere] = f(x);
                PlateValue::GrundyPair { normal, misere }
            }
            Plan::Wide(Wide::Foreclosed(f)) => PlateValue::Foreclosed(f(x)),
            Plan::Wide(Wide::Remoteness(saltus)) => PlateValue::Remoteness(saltus.at(x)),
            Plan::Wide(Wide::Suspense(saltus)) => PlateValue::Suspense(saltus.at(x)),
            Plan::MisereQuotient { quotient } => PlateValue::QuotientElement(quotient.times_heap(0, x)?),
        })
    }

    #[inline(always)]
    fn add(&self, sum: &mut Sum, x: u64) -> Result<(), Unsupported> {
        let beyond = || Unsupported::BeyondTable { plate: x, limit: self.limit };
        let get = |column: &Column<u32>| column.get(x).ok_or_else(beyond);
        let bits = |column: &Column<u8>| column.get(x).ok_or_else(beyond);
        sum.plates += 1;
        match &self.plan {
            Plan::Disjunctive { grundy } => Xor.combine(sum, x, get(grundy)?),
            Plan::DisjunctiveMisere { grundy, first_untame, quotient } => {
                TamePairs { first_untame: *first_untame }.combine(sum, x, grundy.get(x).ok_or_else(beyond)?);
                if let Some(quotient) = quotient {
                    match quotient.times_heap(sum.element, x) {
                        Ok(element) => sum.element = element,
                        Err(_) => sum.beyond_quotient = true,
                    }
                }
            }
            Plan::Foreclosed { values } => ForeclosedXor.combine(sum, x, get(values)?),
            Plan::Selective { outcomes } => AnyNormalWin.combine(sum, x, bits(outcomes)?),
            Plan::SelectiveMisere { outcomes } => SelectiveMisere.combine(sum, x, bits(outcomes)?),
            Plan::Shortened { outcomes } => ShortenedNormal.combine(sum, x, bits(outcomes)?),
            Plan::ShortenedMisere { outcomes } => AnyMisereWin.combine(sum, x, bits(outcomes)?),
            Plan::Conjunctive { remoteness } => Smallest.combine(sum, x, get(remoteness)?),
            Plan::Continued { suspense } => Largest.combine(sum, x, get(suspense)?),
            Plan::Wide(Wide::Grundy(f)) => sum.xor ^= f(x),
            Plan::Wide(Wide::TamePairs(f)) => {
                let [g, m] = f(x);
                sum.xor ^= g;
                sum.misere = m;
                sum.all_swapped &= g != m;
                sum.largest = sum.largest.max(x);
            }
            Plan::Wide(Wide::Foreclosed(f)) => match f(x) {
                Foreclosed::Ended => sum.ended = true,
                Foreclosed::Imminent => sum.imminent = true,
                Foreclosed::Grundy(g) => sum.xor ^= g,
            },
            // `xor` holds the running extreme here (the remoteness complemented, so that the
            // empty sum's 0 stands for no plate yet); the conjunctive compounds use no xor.
            Plan::Wide(Wide::Remoteness(saltus)) => sum.xor = sum.xor.max(!saltus.at(x)),
            Plan::Wide(Wide::Suspense(saltus)) => sum.xor = sum.xor.max(saltus.at(x)),
            Plan::MisereQuotient { quotient } => sum.element = quotient.times_heap(sum.element, x)?,
        }
        Ok(())
    }

    #[inline]
    fn finish(&self, sum: &Sum) -> Result<Solution, Unsupported> {
        let misere = self.rules.play == Play::Misere;
        match &self.plan {
            Plan::Disjunctive { .. } => Xor.solution(sum, misere),
            Plan::DisjunctiveMisere { first_untame, quotient, .. } => {
                match (TamePairs { first_untame: *first_untame }.solution(sum, misere), quotient) {
                    // Untame heaps: the misère quotient decides, when it covers every plate.
                    (Err(untame), Some(quotient)) if sum.beyond_quotient => {
                        Err(quotient.times_heap(0, sum.largest).err().unwrap_or(untame))
                    }
                    (Err(_), Some(quotient)) => Ok(outcome_solution(!quotient.is_p(sum.element))),
                    (result, _) => result,
                }
            }
            Plan::Foreclosed { .. } => ForeclosedXor.solution(sum, misere),
            Plan::Selective { .. } => AnyNormalWin.solution(sum, misere),
            Plan::SelectiveMisere { .. } => SelectiveMisere.solution(sum, misere),
            Plan::Shortened { .. } => ShortenedNormal.solution(sum, misere),
            Plan::ShortenedMisere { .. } => AnyMisereWin.solution(sum, misere),
            Plan::Conjunctive { .. } => Smallest.solution(sum, misere),
            Plan::Continued { .. } => Largest.solution(sum, misere),
            Plan::Wide(Wide::Grundy(_)) => Xor.solution(sum, misere),
            Plan::Wide(Wide::TamePairs(_)) => TamePairs { first_untame: None }.solution(sum, misere),
            Plan::Wide(Wide::Foreclosed(_)) => ForeclosedXor.solution(sum, misere),
            Plan::Wide(Wide::Remoteness(_)) => {
                let r = if sum.plates == 0 { 0 } else { !sum.xor };
                Ok(Solution {
                    outcome: Outcome::from_first_wins((r % 2 == 1) != misere),
                    value: Some(Value::Remoteness(r)),
                })
            }
            Plan::Wide(Wide::Suspense(_)) => Ok(Solution {
                outcome: Outcome::from_first_wins((sum.xor % 2 == 1) != misere),
                value: Some(Value::Suspense(sum.xor)),
            }),
            Plan::MisereQuotient { quotient } => Ok(outcome_solution(!quotient.is_p(sum.element))),
        }
    }
}

fn foreclosed(raw: u32) -> Foreclosed {
    match raw {
        ENDED => Foreclosed::Ended,
        IMMINENT => Foreclosed::Imminent,
        g => Foreclosed::Grundy(g.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every rule set over `operations` in every compound and convention.
    pub(super) fn every_rule_set(operations: &[&str]) -> Vec<RuleSet> {
        let mut rule_sets = Vec::new();
        for operation in operations {
            for compound in Compound::ALL {
                for play in Play::ALL {
                    let text = format!("{operation}/{}/{}", compound.name(), play.name());
                    rule_sets.push(text.parse().unwrap_or_else(|e| panic!("{text}: {e}")));
                }
            }
        }
        rule_sets
    }

    /// A plate's value states the outcome of that plate alone: where it is a pair of outcome
    /// bits (selective and shortened compounds), each convention's bit is who wins the plate
    /// alone under that convention.
    #[test]
    fn outcome_values_are_the_outcomes_of_the_plate_alone() {
        let mut checked = 0;
        for rules in every_rule_set(&["sub:1,2,3", "sub:2,5", "octal:0.07", "octal:0.31", "split", "nim"]) {
            if !matches!(rules.compound, Compound::Selective | Compound::Shortened) {
                continue;
            }
            let solver = PileSolver::new(&rules, 60).unwrap();
            for x in 0..=60 {
                let Ok(PlateValue::Outcomes { normal, misere }) = solver.plate_value(x) else {
                    panic!("{rules}: plate {x} has no outcome value");
                };
                for (play, outcome) in [(Play::Normal, normal), (Play::Misere, misere)] {
                    let Some(outcome) = outcome else { continue };
                    let alone = RuleSet::new(rules.operation.clone(), rules.compound, play);
                    let expected = PileSolver::new(&alone, 60).unwrap().solve(&[x]).unwrap().outcome;
                    assert_eq!(outcome, expected, "{rules}: plate {x}, {play}");
                    checked += 1;
                }
            }
        }
        assert!(checked >= 6 * 4 * 61, "{checked}");
    }

    fn solve(rules: &str, plates: &[u64]) -> Result<Solution, Unsupported> {
        let rules: RuleSet = rules.parse().unwrap();
        PileSolver::new(&rules, 64)?.solve(plates)
    }

    /// Closed forms are replaced by tables of at most 2^24 plates: asked for more, a solver keeps
    /// its forms and answers every plate.
    #[test]
    fn tabulating_stops_at_2_to_the_24_plates() {
        let split: RuleSet = "split/continued".parse().unwrap();
        let form = PileSolver::new(&split, u64::MAX).unwrap();
        let mut solver = PileSolver::new(&split, u64::MAX).unwrap();
        let far = [1 << 40, 5];
        for largest in [(1 << 24) + 1, 1 << 40] {
            solver.tabulate(largest);
            assert_eq!(solver.limit(), u64::MAX, "{largest}");
            assert_eq!(solver.solve(&far).unwrap(), form.solve(&far).unwrap());
        }
        // The largest table allowed: plates 0 to 2^24.
        let mut largest = PileSolver::new(&split, u64::MAX).unwrap();
        largest.tabulate(1 << 24);
        assert_eq!(largest.limit(), 1 << 24);
        assert_eq!(largest.solve(&[1 << 24, 5]).unwrap(), form.solve(&[1 << 24, 5]).unwrap());
        solver.tabulate(1 << 10);
        assert_eq!(solver.limit(), 1 << 10);
        for x in [0, 1, 2, 77, 1 << 10] {
            assert_eq!(solver.solve(&[x, 5]).unwrap(), form.solve(&[x, 5]).unwrap(), "{x}");
        }
        assert!(solver.solve(&[(1 << 10) + 1]).is_err(), "beyond the table");
    }

    #[test]
    fn the_pack_sample() {
        assert_eq!(solve("pack:0,0,0,0", &[1, 1]).unwrap().outcome, Outcome::Second);
        assert_eq!(solve("pack:0,0,0,0", &[1, 2, 3]).unwrap().outcome, Outcome::Second);
    }

    #[test]
    fn misere_nim_follows_the_tame_rule() {
        // All heaps of size ≤ 1: the player to move wins iff the number of 1s is even.
        assert_eq!(solve("nim/disjunctive/misere", &[1, 1]).unwrap().outcome, Outcome::First);
        assert_eq!(solve("nim/disjunctive/misere", &[1, 1, 1]).unwrap().outcome, Outcome::Second);
        assert_eq!(solve("nim/disjunctive/misere", &[2, 2]).unwrap().outcome, Outcome::Second);
        assert_eq!(solve("nim/disjunctive/misere", &[2, 3]).unwrap().value, Some(Value::Grundy(1)));
    }

    /// Reads a plate value back from the text `grundy solve` prints for it (the format of
    /// `PlateValue`'s `Display`); `None` if the text is not one.
    fn read_plate_value(text: &str) -> Option<PlateValue> {
        let outcome = |s: &str| match s {
            "N" => Some(Outcome::First),
            "P" => Some(Outcome::Second),
            _ => None,
        };
        let words: Vec<&str> = text.split(' ').collect();
        let value = match words.as_slice() {
            [w] if w.starts_with("g=") => PlateValue::Grundy(w[2..].parse().ok()?),
            [n, m] if n.starts_with("g+=") && m.starts_with("g-=") => {
                PlateValue::GrundyPair { normal: n[3..].parse().ok()?, misere: m[3..].parse().ok()? }
            }
            [w] if w.starts_with("foreclosed=") => PlateValue::Foreclosed(match &w[11..] {
                "ended" => Foreclosed::Ended,
                "imminent" => Foreclosed::Imminent,
                g => Foreclosed::Grundy(g.parse().ok()?),
            }),
            [w] if w.starts_with("R=") => PlateValue::Remoteness(w[2..].parse().ok()?),
            [w] if w.starts_with("S=") => PlateValue::Suspense(w[2..].parse().ok()?),
            ["quotient", "element", x] => PlateValue::QuotientElement(x.parse().ok()?),
            [n, m] if n.starts_with("normal=") && m.starts_with("misere=") => {
                PlateValue::Outcomes { normal: Some(outcome(&n[7..])?), misere: Some(outcome(&m[7..])?) }
            }
            [w] if w.starts_with("normal=") => PlateValue::Outcomes { normal: Some(outcome(&w[7..])?), misere: None },
            [w] if w.starts_with("misere=") => PlateValue::Outcomes { normal: None, misere: Some(outcome(&w[7..])?) },
            _ => return None,
        };
        Some(value)
    }

    /// What `grundy solve` prints for a plate names its numbers: the text reads back as the
    /// value, for every kind of value, at its extremes, and for the first plates of every rule
    /// set in every compound and convention.
    #[test]
    fn plate_values_print_as_text_that_reads_back() {
        let mut values = Vec::new();
        for n in [0, 1, 7, u64::MAX] {
            values.extend([
                PlateValue::Grundy(n),
                PlateValue::GrundyPair { normal: n, misere: n ^ 1 },
                PlateValue::Foreclosed(Foreclosed::Grundy(n)),
                PlateValue::Remoteness(n),
                PlateValue::Suspense(n),
                PlateValue::QuotientElement(n as u32),
            ]);
        }
        values.extend([PlateValue::Foreclosed(Foreclosed::Ended), PlateValue::Foreclosed(Foreclosed::Imminent)]);
        for normal in [None, Some(Outcome::First), Some(Outcome::Second)] {
            for misere in [None, Some(Outcome::First), Some(Outcome::Second)] {
                if normal.is_some() || misere.is_some() {
                    values.push(PlateValue::Outcomes { normal, misere });
                }
            }
        }
        let mut kinds = std::collections::HashSet::new();
        for rules in RuleSet::pack_all().into_iter().chain(every_rule_set(&["sub:1,2,3", "octal:0.07"])) {
            let Ok(solver) = PileSolver::new(&rules, 12) else { continue };
            for x in 0..=12 {
                if let Ok(value) = solver.plate_value(x) {
                    kinds.insert(std::mem::discriminant(&value));
                    values.push(value);
                }
            }
        }
        // Every kind of value is printed by some rule set.
        assert_eq!(kinds.len(), 7);
        for value in values {
            let text = value.to_string();
            assert_eq!(read_plate_value(&text), Some(value), "{text:?}");
        }
    }

    /// A solver shows, in a failing test's message, which rules it solves and how far.
    #[test]
    fn a_solver_debugs_as_its_rules_and_limit() {
        let half: RuleSet = "half/disjunctive/misere".parse().unwrap();
        let solver = PileSolver::new(&half, 64).unwrap();
        assert_eq!(format!("{solver:?}"), r#"PileSolver { rules: "half/disjunctive/misere", limit: 64 }"#);
    }

    #[test]
    fn plates_beyond_the_tables_are_refused() {
        assert_eq!(solve("half", &[65]), Err(Unsupported::BeyondTable { plate: 65, limit: 64 }));
        // Closed forms have no limit.
        assert!(solve("split/continued", &[u64::MAX]).is_ok());
    }

    #[test]
    fn closed_forms_and_their_tables_answer_alike() {
        for rules in RuleSet::pack_all().into_iter().filter(|rules| rules.operation == Operation::Split) {
            let formula = PileSolver::new(&rules, 0).unwrap();
            let mut table = PileSolver::new(&rules, 0).unwrap();
            table.tabulate(300);
            for plates in [&[0u64][..], &[1], &[2, 3], &[300], &[7, 7, 0, 299], &[12, 64, 100, 255]] {
                assert_eq!(table.solve(plates), formula.solve(plates), "{rules} {plates:?}");
            }
            // Suspense grows without repeating: it is tabulated. Every other closed form
            // repeats, and its periodic column stays, answering every plate.
            if rules.compound == Compound::Continued {
                assert_eq!(table.limit(), 300);
                assert_eq!(table.solve(&[301]), Err(Unsupported::BeyondTable { plate: 301, limit: 300 }));
            } else {
                assert_eq!(table.limit(), u64::MAX, "{rules}");
                let far = [301, 1 << 40, u64::MAX];
                assert_eq!(table.solve(&far), formula.solve(&far), "{rules}");
            }
        }
    }
}
