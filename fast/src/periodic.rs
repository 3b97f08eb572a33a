//! Value tables of single heaps with their period, proven where a theorem allows.
//!
//! * Subtraction-like games (`sub:S`, `upto:m`, octal codes that never split, `mod:m`): for a heap
//!   at least as large as the longest move `s`, every move is open, so the value is a fixed
//!   function of the previous `s` values (for `mod:m`, one that also depends on `x mod m`). So if
//!   two windows of `s` values, `p` apart (`p` a multiple of `m`), are equal, the table repeats
//!   with period `p` from there on, in normal and in misère play alike ([`window_rule`] gives the
//!   window of each operation).
//! * Octal games that split into two heaps, normal play: the Guy–Smith periodicity theorem
//!   ([`crate::octal`]). Long tables use the sparse-space method ([`crate::sparse::Sparse`]) once
//!   a mask makes at most a quarter of the first values rare; the table grows by doubling, and
//!   jumps to the length that would prove a period as soon as its tail repeats.
//! * `split`: its closed form `g(x) = (x − 1) mod 2` ([`crate::split`]) proves period 2 from 1.
//! * Anything else (Nim, `half`, hexadecimal codes), or a table too short for a proof: a period
//!   seen at least three times over, over at least the last quarter of the table, is reported as
//!   observed, with `proven: false`.
//! * Misère play of octal codes that split heaps: values of whole positions by definition
//!   ([`crate::misere`]), as far as a budget of positions allows; no period is claimed.

use grundy_rules::{Operation, Play};

use crate::Unsupported;
use crate::moves::Heap;
use crate::octal::{self, Period};
use crate::sparse::{self, Sparse};
use crate::tables::{self, MexRule};
use crate::values::Values;

/// The Grundy values of single heaps, with what is known of their period.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeapTable {
    /// Values of heaps `0..=computed_to`, computed by definition.
    pub values: Vec<u32>,
    /// The period, if one was found.
    pub period: Option<Period>,
    /// Whether a theorem proves the period.
    pub proven: bool,
}

impl HeapTable {
    /// How far the values were computed by definition.
    pub fn computed_to(&self) -> u64 {
        self.values.len() as u64 - 1
    }

    /// The value of heap `x`: from the table, or from a proven period.
    pub fn value(&self, x: u64) -> Option<u32> {
        match self.period {
            _ if x <= self.computed_to() => Some(self.values[x as usize]),
            Some(period) if self.proven => Some(period.value(&self.values, x)),
            _ => None,
        }
    }
}

/// How a table proves its period.
enum Proof {
    /// Values depend on the previous `window` values, and on `x mod rule_period`.
    Window { window: usize, rule_period: usize },
    /// Guy–Smith, last non-zero digit at `t`.
    GuySmith { t: usize },
    /// A closed form's period, proven with the form (`split`: `g(x) = (x − 1) mod 2`).
    Closed { start: usize, period: usize },
    /// No theorem.
    None,
}

/// `(window, rule_period)` of an operation whose heap values (of any kind that depends on the
/// options' values alone) follow the window argument: from plate `window` on, a value is one
/// function of the `window` values before it and of the plate modulo `rule_period`. The window
/// is the smallest for which that holds, so a period is proven as soon as the table allows:
/// - `sub:S` and `upto:m`: from the longest move `s` on, every move is open (`x − s ≥ 0`);
/// - `mod:m`: from plate 2 on, one or two tokens may go as `x mod m` says;
/// - an octal code that never splits, last digit `t`: from `t + 1` on. At plate `t` itself,
///   taking all `t` tokens is a move only if `d_t` allows leaving nothing (bit 1), while at
///   `t + 1` and beyond it leaves a heap, which bit 2 decides: the rule changes after `t`.
pub(crate) fn window_rule(operation: &Operation) -> Option<(usize, usize)> {
    match operation {
        Operation::Subtraction(set) => Some((set[set.len() - 1] as usize, 1)),
        Operation::UpTo(m) => Some((*m as usize, 1)),
        Operation::Mod(m) => Some((2, *m as usize)),
        Operation::Octal(digits) if !operation.splits() => Some((octal::last_digit(digits) + 1, 1)),
        _ => None,
    }
}

fn proof_for(operation: &Operation, play: Play) -> Proof {
    if let Some((window, rule_period)) = window_rule(operation) {
        return Proof::Window { window, rule_period };
    }
    match operation {
        Operation::Split => {
            let (start, period) = crate::split::GRUNDY_PERIODIC;
            Proof::Closed { start: start as usize, period: period as usize }
        }
        Operation::Octal(digits) if play == Play::Normal && digits.iter().all(|&d| d & 8 == 0) => {
            Proof::GuySmith { t: octal::last_digit(digits) }
        }
        _ => Proof::None,
    }
}

/// The table's period under `proof`, and whether it is proven.
fn period_of(values: &[u32], proof: &Proof) -> (Option<Period>, bool) {
    let len = values.len();
    let proven = match proof {
        Proof::Window { window, rule_period } => octal::find_period(values, |preperiod, period| {
            period % rule_period == 0 && len >= preperiod + period + window
        }),
        Proof::GuySmith { t } => octal::prove_period(values, *t),
        Proof::Closed { start, period } => {
            (len >= start + period).then_some(Period { preperiod: *start, period: *period })
        }
        Proof::None => None,
    };
    match proven {
        Some(period) => (Some(period), true),
        // Observed, not proven: seen three times over and over at least the last quarter of the
        // table; the last few values repeating mean nothing (0.16 to 300000 ends with nine
        // values of period 3, and its period is 149459).
        None => (
            octal::find_period(values, |preperiod, period| {
                let window = len - preperiod;
                window >= 3 * period && window >= len / 4
            }),
            false,
        ),
    }
}

/// Most positions [`heap_table`] memoises for the misère values of a game that splits heaps
/// (about 50 bytes each).
pub const MISERE_POSITIONS: usize = 20_000_000;

/// Grundy values of single heaps of `operation` up to `n` (normal play, or misère: a heap that
/// cannot move has value 1), with the period. A proven period stops the computation early: the
/// table then holds just enough values to prove it, and [`HeapTable::value`] extends it.
pub fn heap_table(operation: &Operation, play: Play, n: u64) -> Result<HeapTable, Unsupported> {
    heap_table_until(operation, play, n, None)
}

/// [`heap_table`] within a time budget: past `deadline` (or when the next step of the quadratic
/// method would end past it) the table stops with [`Unsupported::OutOfTime`], saying how far it
/// got. `None`: no budget.
pub fn heap_table_until(
    operation: &Operation,
    play: Play,
    n: u64,
    deadline: Option<std::time::Instant>,
) -> Result<HeapTable, Unsupported> {
    let proof = proof_for(operation, play);
    let terminal = u32::from(play == Play::Misere);
    let heap = Heap::new(operation);
    let splits = operation.splits();
    if splits && play == Play::Misere {
        // Values of whole positions, by definition ([`crate::misere`]); no period is claimed.
        let Operation::Octal(digits) = operation else {
            return Err(Unsupported::NoTheory(format!(
                "misère values of {operation}, whose moves split heaps, are values of whole positions; they are \
                 computed for octal codes only"
            )));
        };
        let budget = crate::misere::Budget { max_positions: MISERE_POSITIONS, deadline: None };
        let heaps = crate::misere::single_heaps(digits, n, budget)?;
        if let Some(stopped) = heaps.stopped {
            return Err(Unsupported::NoTheory(format!("misère values of {operation} by definition: {stopped}")));
        }
        return Ok(HeapTable { values: heaps.values, period: None, proven: false });
    }
    // Compute in growing steps, stopping as soon as the period is proven.
    let mut upto = n.min(1023);
    let mut values: Vec<u32> = Vec::new();
    let mut sparse: Option<Sparse> = None;
    // How long the last step took: the next one, half as long again in heaps, is expected to
    // take at most 2.25 times as long (the plain methods are quadratic), and is not started when
    // that would pass the time budget. The sparse method watches the deadline itself, heap by
    // heap, so it runs to the deadline and keeps what it finished.
    let mut last_step = std::time::Duration::ZERO;
    loop {
        let ahead = last_step.mul_f64(2.25);
        if !values.is_empty()
            && sparse.is_none()
            && deadline.is_some_and(|deadline| std::time::Instant::now() + ahead >= deadline)
        {
            let reached = values.len() as u64 - 1;
            let next = std::time::Instant::now() < deadline.unwrap_or_else(std::time::Instant::now);
            return Err(Unsupported::OutOfTime { reached, wanted: n, next: next.then_some(upto) });
        }
        let step_started = std::time::Instant::now();
        match operation {
            Operation::Octal(digits) if splits => {
                let three_heaps = digits.iter().any(|&d| d & 8 != 0);
                let small = values.iter().all(|&v| v <= sparse::LARGEST_VALUE);
                if sparse.is_none() && !three_heaps && values.len() >= 1000 && small {
                    let (mask, rare) = Sparse::best_mask(values.iter().copied());
                    if sparse_pays(rare, values.len()) {
                        sparse = Some(Sparse::new(&Values::from_values(&values, 8), mask));
                    }
                }
                if let Some(sparse) = &mut sparse {
                    if upto >= tables::MAX_TABLE {
                        return Err(Unsupported::TooLarge { size: upto, limit: tables::MAX_TABLE });
                    }
                    let mut table = Values::from_values(&values, 8);
                    let effort = sparse::Effort { deadline, ..sparse::Effort::every_core() };
                    let extended = sparse.extend_with(digits, &mut table, upto as usize, effort);
                    values = table.to_vec();
                    match extended {
                        Ok(()) => {}
                        Err(sparse::Stopped::OutOfTime) => {
                            return Err(Unsupported::OutOfTime {
                                reached: values.len() as u64 - 1,
                                wanted: n,
                                next: None,
                            });
                        }
                        Err(stopped) => return Err(Unsupported::NoTheory(format!("{operation}: {stopped}"))),
                    }
                } else if upto > OCTAL_PLAIN_LIMIT {
                    return Err(Unsupported::NoTheory(format!(
                        "{operation} shows no proven period within {OCTAL_PLAIN_LIMIT} values and has no sparse space \
                         (rare values are not rare), so longer tables would take the quadratic method too long"
                    )));
                } else {
                    octal::extend(digits, &mut values, upto as usize);
                }
            }
            Operation::Split => values = (0..=upto).map(crate::split::grundy_normal).collect(),
            Operation::Grundy => {
                if upto > OCTAL_PLAIN_LIMIT {
                    return Err(Unsupported::NoTheory(format!(
                        "Grundy's game has no known period; tables beyond {OCTAL_PLAIN_LIMIT} heaps would take \
                         the quadratic method too long"
                    )));
                }
                grundys_game(&mut values, upto as usize);
            }
            _ => values = tables::mex_table(&heap, upto, MexRule::Grundy { terminal })?,
        }
        let (period, proven) = period_of(&values, &proof);
        last_step = step_started.elapsed();
        if proven || upto == n {
            return Ok(HeapTable { values, period, proven });
        }
        // Grow, and if the tail already repeats with some period, go straight to the length
        // that would prove it (`wanted` values: heaps up to `wanted − 1`).
        let len = values.len();
        let candidate = octal::find_period(&values, |preperiod, period| len >= preperiod + period + 256);
        let wanted: usize = match (candidate, &proof) {
            (Some(c), Proof::GuySmith { t }) => 2 * c.preperiod + 2 * c.period + t,
            (Some(c), Proof::Window { window, .. }) => c.preperiod + c.period + window,
            _ => 0,
        };
        // Long tables grow by half at a time, so that a step never takes much longer than the
        // time budget's check between steps allows.
        let step = if upto < 1 << 16 { upto.saturating_add(1) } else { upto / 2 };
        upto = n.min((wanted as u64).saturating_sub(1).max(upto.saturating_add(step)));
    }
}

/// Whether the sparse space is worth it: at most a quarter of the values so far are rare. (It
/// gives the same values with any mask; this decides only the speed.)
fn sparse_pays(rare: usize, values: usize) -> bool {
    rare * 4 <= values
}

/// Extends `values` to the Grundy values of Grundy's game up to heap `n`, by definition: a heap
/// splits into two different non-empty heaps, whose values combine by xor (Sprague–Grundy).
fn grundys_game(values: &mut Vec<u32>, n: usize) {
    let mut seen: Vec<bool> = Vec::new();
    for x in values.len()..=n {
        seen.clear();
        seen.resize(x / 2 + 2, false);
        for a in 1..x.div_ceil(2) {
            let v = (values[a] ^ values[x - a]) as usize;
            if v < seen.len() {
                seen[v] = true;
            }
        }
        values.push(seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32);
    }
}

/// Longest table of a splitting octal game computed by the plain (quadratic) method.
pub const OCTAL_PLAIN_LIMIT: u64 = 60_000;

#[cfg(test)]
mod tests {
    use super::*;

    /// A table that grows toward a period out of reach stops at its deadline, saying how far it
    /// got; no other table is stopped by it (the deadline is the call's, not the process's).
    #[test]
    fn tables_stop_at_their_deadline() {
        let operation: Operation = "octal:0.16".parse().unwrap();
        match heap_table_until(&operation, Play::Normal, 10_000_000, Some(std::time::Instant::now())) {
            Err(Unsupported::OutOfTime { reached, wanted, next }) => {
                assert_eq!(wanted, 10_000_000);
                // The deadline is checked between steps, and the first step (heaps 0 to 1023)
                // always runs: the table got exactly that far, and the budget had run out.
                assert_eq!((reached, next), (1023, None));
            }
            other => panic!("expected OutOfTime, got {:?}", other.map(|table| table.computed_to())),
        }
        assert!(heap_table(&operation, Play::Normal, 3000).is_ok());
    }

    /// What a stop says: that the budget ran out, or that the next step would pass it.
    #[test]
    fn a_stop_says_whether_the_budget_ran_out_or_would() {
        let ran_out = Unsupported::OutOfTime { reached: 1023, wanted: 5000, next: None }.to_string();
        assert!(
            ran_out.starts_with("the time budget ran out with the table computed to heap 1023 (of 5000"),
            "{ran_out}"
        );
        let would = Unsupported::OutOfTime { reached: 1023, wanted: 5000, next: Some(2047) }.to_string();
        assert!(
            would.starts_with(
                "the time budget would run out during the next step (to heap 2047) with the table computed to heap 1023"
            ),
            "{would}"
        );
    }

    fn table(operation: &str, play: Play, n: u64) -> HeapTable {
        heap_table(&operation.parse().unwrap(), play, n).unwrap()
    }

    #[test]
    fn known_periods_are_proven() {
        for (operation, preperiod, period) in [
            ("octal:0.77", 71, 12),
            ("octal:0.07", 53, 34),
            ("octal:0.137", 52, 34),
            ("sub:2,3,7", 0, 5),
            ("upto:3", 0, 4),
        ] {
            let t = table(operation, Play::Normal, 1_000_000_000);
            assert!(t.proven, "{operation}");
            assert_eq!(t.period, Some(Period { preperiod, period }), "{operation}");
            assert!(t.computed_to() < 2000, "{operation}: a proven period stops the work early");
            assert_eq!(t.value(999_999_999), t.value(999_999_999 - period as u64), "{operation}");
        }
    }

    #[test]
    fn an_observed_period_repeats_three_times_over_a_quarter_of_the_table() {
        let observed = |values: &[u32]| period_of(values, &Proof::None);
        // A tail of nine values of period 3 after a thousand others: nothing observed.
        let mut values: Vec<u32> = (100..1100).collect();
        values.extend([1, 2, 3].repeat(3));
        assert_eq!(observed(&values), (None, false));
        // Period 3 from heap 1, over the whole table: observed, not proven.
        let mut values = vec![7];
        values.extend([1, 2, 3].repeat(10));
        assert_eq!(observed(&values), (Some(Period { preperiod: 1, period: 3 }), false));
        // Exactly three periods, exactly a quarter of the table: observed; one value fewer of
        // either: not.
        let mut values: Vec<u32> = (100..109).collect();
        values.extend([1, 2, 3].repeat(3));
        assert_eq!(values.len(), 18);
        // The window of period 3 starts at 9: 9 values, at least 3 · 3 and at least 18 / 4.
        assert_eq!(observed(&values), (Some(Period { preperiod: 9, period: 3 }), false));
        assert_eq!(observed(&values[..17]), (None, false));
        let mut long: Vec<u32> = (100..128).collect();
        long.extend([1, 2, 3].repeat(3));
        // 37 values, a window of 9 < 37 / 4 = 9.25, rounded down to 9: observed at the boundary…
        assert_eq!(observed(&long), (Some(Period { preperiod: 28, period: 3 }), false));
        // …and with four more values before it, 41 / 4 = 10 > 9: not.
        let mut longer: Vec<u32> = (100..132).collect();
        longer.extend([1, 2, 3].repeat(3));
        assert_eq!(observed(&longer), (None, false));
    }

    #[test]
    fn a_period_seen_on_a_short_table_is_not_proven() {
        let t = table("octal:0.07", Play::Normal, 100);
        assert!(!t.proven);
        assert_eq!(t.computed_to(), 100);
        assert_eq!(t.value(101), None);
    }

    #[test]
    fn misere_subtraction_tables_are_periodic_too() {
        let t = table("sub:1,2,3", Play::Misere, 10_000);
        assert!(t.proven);
        assert_eq!(&t.values[..8], &[1, 0, 2, 3, 1, 0, 2, 3]);
    }

    #[test]
    fn octal_016_has_its_long_period_proven() {
        // Period 149459 after a pre-period of 105351 (Winning Ways; Flammenkamp's tables).
        let t = table("octal:0.16", Play::Normal, 1_000_000);
        assert!(t.proven);
        let (preperiod, period) = (105351, 149459);
        assert_eq!(t.period, Some(Period { preperiod, period }));
        // The table holds just enough values for Guy–Smith (every heap below 2·n0 + 2·p + t,
        // t = 2): once its tail repeats, it goes straight to that length.
        assert_eq!(t.values.len(), 2 * preperiod + 2 * period + 2);
    }

    /// A window proof that needs a long table: once the tail repeats (period 2 from heap 0),
    /// the table goes straight to the values the proof needs, a period and a window of 5001
    /// values, instead of doubling past it.
    #[test]
    fn window_tables_jump_to_just_enough_values() {
        let t = table("sub:1,3,5001", Play::Normal, 1_000_000);
        assert!(t.proven);
        assert_eq!(t.period, Some(Period { preperiod: 0, period: 2 }));
        assert_eq!(t.values.len(), 2 + 5001);
    }

    #[test]
    fn split_has_its_closed_forms_period() {
        // g(x) = (x − 1) mod 2 proves period 2 from heap 1 on, whatever the length asked.
        let t = table("split", Play::Normal, 1_000_000_000);
        assert!(t.proven);
        assert_eq!(t.period, Some(Period { preperiod: 1, period: 2 }));
        assert!(t.computed_to() < 2000, "a proven period stops the work early");
        assert_eq!(t.value(999_999_999), Some(0));
        assert_eq!(t.value(1_000_000_000), Some(1));
        // A table of the first heaps proves it once it holds heaps 0 to 2 (the start and a
        // period), and then answers every heap.
        for n in 0..6 {
            let t = table("split", Play::Normal, n);
            assert_eq!(t.proven, n >= 2, "to {n}");
            for x in 0..50 {
                let expected = if x <= n || t.proven { Some(x.saturating_sub(1) as u32 % 2) } else { None };
                assert_eq!(t.value(x), expected, "to {n}: heap {x}");
            }
        }
    }

    #[test]
    fn an_unproven_period_is_one_seen_three_times() {
        // Hexadecimal codes have no periodicity theorem here: a period is reported only once the
        // table shows it three whole times after its pre-period, and never proven.
        for code in ["octal:0.F", "octal:0.18", "octal:0.08"] {
            let mut reported = 0;
            for n in 0..200 {
                let t = table(code, Play::Normal, n);
                assert!(!t.proven, "{code} to {n}");
                let Some(Period { preperiod, period }) = t.period else { continue };
                reported += 1;
                assert!(t.values.len() >= preperiod + 3 * period, "{code} to {n}: {preperiod}, {period}");
                for x in preperiod..t.values.len() - period {
                    assert_eq!(t.values[x], t.values[x + period], "{code} to {n}: heap {x}");
                }
            }
            assert!(reported > 0, "{code}: some period is seen");
        }
    }

    #[test]
    fn nim_has_no_period() {
        let t = table("nim", Play::Normal, 500);
        assert_eq!((t.period, t.proven, t.computed_to()), (None, false, 500));
    }
}
