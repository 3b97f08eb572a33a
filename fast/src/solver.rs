//! The pile-game solver: per-plate values, combined by the compound's rule (see the crate doc).

use std::fmt;

use grundy_rules::{Compound, Foreclosed, Operation, Outcome, Play, RuleSet, Solution, Value};

use crate::Unsupported;
use crate::breaking;
use crate::moves::{Heap, HeapMoves};
use crate::split;
use crate::tables::{self, ENDED, IMMINENT, MISERE_WINS, MexRule, NORMAL_WINS, OPERABLE, ParityRule};

/// One per-plate datum as a function of the plate size.
enum Column<T> {
    /// Values of plates `0..table.len()`.
    Table(Vec<T>),
    /// Values of plates `0..table.len()` that each fit in a byte.
    Bytes(Vec<u8>),
    /// Values of plates `0..table.len()` kept in blocks, a byte each.
    Blocks(tables::Blocks),
    /// Values that repeat from some plate on, for every plate size.
    Periodic(Periodic<T>),
    /// A closed form, for every plate size.
    Formula(Box<dyn Formula<T>>),
}

/// Values that repeat with a period from some plate on: a short table stands for every plate
/// size, which costs no memory to speak of and a remainder per plate.
struct Periodic<T> {
    /// Values of plates `0..values.len()`, at least up to `start + period`.
    values: Vec<T>,
    /// Where the repetition starts.
    start: u64,
    period: u64,
    /// `⌈2^64 / period⌉` (0 for a period of 1), for the remainder of a number below 2^32 by two
    /// multiplications instead of a division (Lemire, Kaser and Kurz, "Faster remainder by
    /// direct computation", 2019).
    magic: u64,
}

impl<T: Copy> Periodic<T> {
    /// The values of `f`, given that `f(x) = f(start + (x − start) mod period)` for `x ≥ start`.
    fn new(f: impl Fn(u64) -> T, (start, period): (u64, u64)) -> Periodic<T> {
        Periodic::from_table((0..start + period).map(f).collect(), start, period)
    }

    /// A table of at least `start + period` values that repeats with `period` from `start`.
    fn from_table(values: Vec<T>, start: u64, period: u64) -> Periodic<T> {
        assert!(period >= 1 && values.len() as u64 >= start + period, "a whole period is tabulated");
        Periodic { values, start, period, magic: (u64::MAX / period).wrapping_add(1) }
    }

    #[inline(always)]
    fn at(&self, x: u64) -> T {
        let index = if x < self.values.len() as u64 { x } else { self.start + self.remainder(x - self.start) };
        self.values[index as usize]
    }

    /// `y mod period`.
    #[inline(always)]
    fn remainder(&self, y: u64) -> u64 {
        match u32::try_from(y) {
            Ok(y) => ((u128::from(self.magic.wrapping_mul(u64::from(y))) * u128::from(self.period)) >> 64) as u64,
            Err(_) => y % self.period,
        }
    }
}

/// A closed form: its value at one plate, and at a run of plates in one call, compiled for the
/// form so that tabulating it costs no call per plate.
trait Formula<T>: Send + Sync {
    fn at(&self, x: u64) -> T;
    /// The values of plates `first, first + 1, …`.
    fn fill(&self, first: u64, values: &mut [T]);
    /// As `fill`, in bytes; `false` (and `values` partly filled) when some value does not fit.
    fn fill_bytes(&self, first: u64, bytes: &mut [u8]) -> bool;
}

impl<T: Entry, F: Fn(u64) -> T + Send + Sync> Formula<T> for F {
    fn at(&self, x: u64) -> T {
        self(x)
    }

    fn fill(&self, first: u64, values: &mut [T]) {
        for (x, value) in (first..).zip(values) {
            *value = self(x);
        }
    }

    fn fill_bytes(&self, first: u64, bytes: &mut [u8]) -> bool {
        for (x, byte) in (first..).zip(bytes) {
            match self(x).to_byte() {
                Some(value) => *byte = value,
                None => return false,
            }
        }
        true
    }
}

/// Runs `fill(first, part)` over `table` in two parts on two threads when it is long: `true`
/// when both parts say so.
fn on_two_threads<T: Send>(table: &mut [T], fill: impl Fn(u64, &mut [T]) -> bool + Sync) -> bool {
    let half = table.len().div_ceil(2).max(1 << 16);
    let fill = &fill;
    std::thread::scope(|scope| {
        let mut parts = table.chunks_mut(half);
        let first = parts.next();
        let second = parts.next().map(|values| scope.spawn(move || fill(half as u64, values)));
        let first = first.is_none_or(|values| fill(0, values));
        let second = second.is_none_or(|part| part.join().unwrap_or(false));
        first && second
    })
}

/// A column's value type, which a byte can hold when the values are small.
trait Entry: Copy + Default + Send + Sync + 'static {
    fn from_byte(byte: u8) -> Self;
    /// A value of a [`tables::Blocks`] column. Blocks are built for columns of words only; the
    /// other types take the word as they can, so that every column reads alike.
    fn from_word(word: u32) -> Self;
    /// The value as a byte, when it is one and a byte column may hold it.
    fn to_byte(self) -> Option<u8>;
}

impl Entry for u8 {
    #[inline(always)]
    fn from_byte(byte: u8) -> u8 {
        byte
    }

    fn from_word(word: u32) -> u8 {
        u8::try_from(word).unwrap_or(u8::MAX)
    }

    #[inline(always)]
    fn to_byte(self) -> Option<u8> {
        Some(self)
    }
}

impl Entry for u32 {
    #[inline(always)]
    fn from_byte(byte: u8) -> u32 {
        byte.into()
    }

    #[inline(always)]
    fn from_word(word: u32) -> u32 {
        word
    }

    #[inline(always)]
    fn to_byte(self) -> Option<u8> {
        u8::try_from(self).ok()
    }
}

/// Pairs of Grundy values are never kept in bytes.
impl Entry for [u32; 2] {
    #[inline(always)]
    fn from_byte(byte: u8) -> [u32; 2] {
        [byte.into(); 2]
    }

    fn from_word(word: u32) -> [u32; 2] {
        [word; 2]
    }

    #[inline(always)]
    fn to_byte(self) -> Option<u8> {
        None
    }
}

impl Column<u32> {
    /// The column of a table that may be kept in bytes.
    fn values(values: tables::Values) -> Column<u32> {
        match values {
            tables::Values::Bytes(bytes) => Column::Bytes(bytes),
            tables::Values::Blocks(blocks) => Column::Blocks(blocks),
            tables::Values::Words(words) => Column::Table(words),
        }
    }
}

impl<T: Entry> Column<T> {
    fn formula(f: impl Fn(u64) -> T + Send + Sync + 'static) -> Column<T> {
        Column::Formula(Box::new(f))
    }

    /// Replaces a closed form by its values on `0..=n`, computed on two threads when many;
    /// `false` when the column is not a closed form.
    /// Values that all fit in a byte are kept in bytes.
    fn tabulate(&mut self, n: usize) -> bool {
        let Column::Formula(f) = self else { return false };
        let f = &**f;
        let mut bytes = vec![0u8; n + 1];
        *self = if on_two_threads(&mut bytes, |first, values| f.fill_bytes(first, values)) {
            Column::Bytes(bytes)
        } else {
            drop(bytes);
            let mut table = vec![T::default(); n + 1];
            on_two_threads(&mut table, |first, values| {
                f.fill(first, values);
                true
            });
            Column::Table(table)
        };
        true
    }

    #[inline]
    fn get(&self, x: u64) -> Option<T> {
        match self {
            Column::Table(table) => table[..].look_up(x),
            Column::Bytes(table) => Widen(table).look_up(x),
            Column::Blocks(table) => table.look_up(x),
            Column::Periodic(periodic) => Some(periodic.at(x)),
            Column::Formula(f) => Some(f.at(x)),
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

/// What is tabulated for a rule set, and how it combines (the rows of the crate doc's table).
enum Plan {
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
enum Wide {
    /// Normal-play Grundy values, combined by exclusive or.
    Grundy(fn(u64) -> u64),
    /// `[g⁺, g⁻]` of plates that are all tame, combined as [`TamePairs`] does.
    TamePairs(fn(u64) -> [u64; 2]),
    /// Foreclosed values, combined as [`ForeclosedXor`] does.
    Foreclosed(fn(u64) -> Foreclosed),
    /// Remotenesses that grow by a fixed step each period, combined by their minimum.
    Remoteness(Saltus),
    /// Suspense numbers that grow by a fixed step each period, combined by their maximum.
    Suspense(Saltus),
}

/// Values that, from `start` on, grow by `step` every `period` plates:
/// `v(x + period) = v(x) + step`.
struct Saltus {
    /// Values of plates `0..values.len()`, at least up to `start + period`.
    values: Vec<u32>,
    start: u64,
    period: u64,
    step: u64,
}

impl Saltus {
    fn at(&self, x: u64) -> u64 {
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

    /// A solver whose per-plate columns are tables of plates `0..=n` (for operations that never
    /// split a heap).
    fn tabulated(rules: &RuleSet, heap: &Heap, n: u64) -> Result<PileSolver, Unsupported> {
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

    /// Runs `user` with this solver's [`Fold`]: compiled for its plan and its column (a table,
    /// or a periodic one), or the general one while the column is a closed form.
    pub fn with_fold<U: FoldUser>(&self, user: U) -> U::Output {
        macro_rules! fold {
            ($column:expr, $combine:expr) => {
                match $column {
                    Column::Table(table) => {
                        user.with(&TableFold { solver: self, combine: $combine, table: &table[..] })
                    }
                    Column::Bytes(table) => {
                        user.with(&TableFold { solver: self, combine: $combine, table: &Widen(table) })
                    }
                    Column::Blocks(table) => user.with(&TableFold { solver: self, combine: $combine, table }),
                    Column::Periodic(table) => user.with(&TableFold { solver: self, combine: $combine, table }),
                    Column::Formula(_) => user.with(self),
                }
            };
        }
        match &self.plan {
            Plan::Disjunctive { grundy } => fold!(grundy, Xor),
            Plan::DisjunctiveMisere { quotient: Some(_), .. } => user.with(self),
            Plan::DisjunctiveMisere { grundy, first_untame, quotient: None } => {
                fold!(grundy, TamePairs { first_untame: *first_untame })
            }
            Plan::Foreclosed { values } => fold!(values, ForeclosedXor),
            Plan::Selective { outcomes } => fold!(outcomes, AnyNormalWin),
            Plan::SelectiveMisere { outcomes } => fold!(outcomes, SelectiveMisere),
            Plan::Shortened { outcomes } => fold!(outcomes, ShortenedNormal),
            Plan::ShortenedMisere { outcomes } => fold!(outcomes, AnyMisereWin),
            Plan::Conjunctive { remoteness } => fold!(remoteness, Smallest),
            Plan::Continued { suspense } => fold!(suspense, Largest),
            Plan::Wide(_) => user.with(self),
            Plan::MisereQuotient { .. } => user.with(self),
        }
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

fn grundy_solution(g: u64) -> Solution {
    Solution { outcome: Outcome::from_first_wins(g != 0), value: Some(Value::Grundy(g)) }
}

fn outcome_solution(first_wins: bool) -> Solution {
    Solution { outcome: Outcome::from_first_wins(first_wins), value: None }
}

/// A position read a plate at a time ([`PileSolver::tally`]).
#[derive(Debug, Clone, Copy)]
pub struct Tally(Sum);

/// Who wins a sum of plates, read a plate at a time: [`PileSolver`] itself, or a fold compiled
/// for one plan whose columns are all tables ([`PileSolver::with_fold`]), in which a plate costs
/// a table look-up and its combination.
pub trait Fold: Sync {
    /// An empty position.
    fn tally(&self) -> Tally;
    /// Adds a plate of `x`; `false` when it is beyond the tables.
    fn add(&self, tally: &mut Tally, x: u64) -> bool;
    /// Who wins the plates added to `tally`; `None` when no theory answers.
    fn first_wins(&self, tally: &Tally) -> Option<bool>;
}

/// Code to run with a [`Fold`] whose type is known where it is compiled.
pub trait FoldUser {
    type Output;
    fn with<F: Fold>(self, fold: &F) -> Self::Output;
}

impl Fold for PileSolver {
    fn tally(&self) -> Tally {
        PileSolver::tally(self)
    }

    #[inline]
    fn add(&self, tally: &mut Tally, x: u64) -> bool {
        self.add_plate(tally, x).is_ok()
    }

    fn first_wins(&self, tally: &Tally) -> Option<bool> {
        self.tally_first_wins(tally).ok()
    }
}

/// A plan whose column is a table, or a periodic one, compiled for its combination.
struct TableFold<'a, C: Combine, L: Lookup<C::Entry> + ?Sized> {
    solver: &'a PileSolver,
    combine: C,
    table: &'a L,
}

/// A plate's entry in a column that holds values, if it holds the plate's.
trait Lookup<T>: Sync {
    fn look_up(&self, x: u64) -> Option<T>;
}

impl<T: Copy + Sync> Lookup<T> for [T] {
    #[inline(always)]
    fn look_up(&self, x: u64) -> Option<T> {
        usize::try_from(x).ok().and_then(|x| self.get(x)).copied()
    }
}

/// A byte-wide table read as its column's value type.
struct Widen<'a>(&'a [u8]);

impl<T: Entry> Lookup<T> for Widen<'_> {
    #[inline(always)]
    fn look_up(&self, x: u64) -> Option<T> {
        self.0.look_up(x).map(T::from_byte)
    }
}

impl<T: Entry> Lookup<T> for tables::Blocks {
    #[inline(always)]
    fn look_up(&self, x: u64) -> Option<T> {
        let value = self.get(usize::try_from(x).ok()?)?;
        Some(T::from_word(value))
    }
}

impl<T: Copy + Sync> Lookup<T> for Periodic<T> {
    #[inline(always)]
    fn look_up(&self, x: u64) -> Option<T> {
        Some(self.at(x))
    }
}

impl<C: Combine, L: Lookup<C::Entry> + ?Sized> Fold for TableFold<'_, C, L> {
    fn tally(&self) -> Tally {
        self.solver.tally()
    }

    #[inline(always)]
    fn add(&self, tally: &mut Tally, x: u64) -> bool {
        let Some(entry) = self.table.look_up(x) else { return false };
        tally.0.plates += 1;
        self.combine.combine(&mut tally.0, x, entry);
        true
    }

    #[inline(always)]
    fn first_wins(&self, tally: &Tally) -> Option<bool> {
        let misere = self.solver.rules.play == Play::Misere;
        self.combine.solution(&tally.0, misere).ok().map(|solution| solution.outcome == Outcome::First)
    }
}

/// How a plan adds one plate's column entry to a running [`Sum`] (the combination rules of
/// the crate doc's table; [`PileSolver::finish`] reads the sum).
trait Combine: Copy + Sync {
    type Entry: Copy + Sync;
    fn combine(self, sum: &mut Sum, x: u64, entry: Self::Entry);
    /// The outcome and value of the plates combined into `sum`.
    fn solution(self, sum: &Sum, misere: bool) -> Result<Solution, Unsupported>;
}

/// Disjunctive, normal play: Grundy values by exclusive or.
#[derive(Clone, Copy)]
struct Xor;

impl Combine for Xor {
    type Entry = u32;
    #[inline(always)]
    fn combine(self, sum: &mut Sum, _: u64, g: u32) {
        sum.xor ^= u64::from(g);
    }

    #[inline(always)]
    fn solution(self, sum: &Sum, _: bool) -> Result<Solution, Unsupported> {
        Ok(grundy_solution(sum.xor))
    }
}

/// Disjunctive, misère play: normal values by exclusive or, whether every plate swaps 0 and 1,
/// and whether some plate is not tame.
#[derive(Clone, Copy)]
struct TamePairs {
    first_untame: Option<u64>,
}

impl Combine for TamePairs {
    type Entry = [u32; 2];
    #[inline(always)]
    fn combine(self, sum: &mut Sum, x: u64, [g, m]: [u32; 2]) {
        sum.xor ^= u64::from(g);
        sum.misere = m.into();
        sum.all_swapped &= g != m;
        sum.largest = sum.largest.max(x);
        if self.first_untame.is_some_and(|untame| x >= untame) {
            sum.untame = true;
        }
    }

    #[inline(always)]
    fn solution(self, sum: &Sum, _: bool) -> Result<Solution, Unsupported> {
        if sum.plates == 1 {
            // One plate: its misère value is the table's, no theory needed.
            Ok(grundy_solution(sum.misere))
        } else if sum.untame {
            let untame = self.first_untame.unwrap_or_default();
            Err(Unsupported::NoTheory(format!(
                "the misère disjunctive rule needs tame plates, and heap {untame} is not tame \
                 (its normal and misère Grundy values differ and are not 0 and 1), while the \
                 largest plate is {}",
                sum.largest
            )))
        } else {
            Ok(grundy_solution(sum.xor ^ u64::from(sum.all_swapped)))
        }
    }
}

/// Diminished: a plate that cannot move ends the game; otherwise foreclosed values by
/// exclusive or.
#[derive(Clone, Copy)]
struct ForeclosedXor;

impl Combine for ForeclosedXor {
    type Entry = u32;
    #[inline(always)]
    fn combine(self, sum: &mut Sum, _: u64, value: u32) {
        match value {
            ENDED => sum.ended = true,
            IMMINENT => sum.imminent = true,
            g => sum.xor ^= u64::from(g),
        }
    }

    #[inline(always)]
    fn solution(self, sum: &Sum, misere: bool) -> Result<Solution, Unsupported> {
        let (value, first) = if sum.ended {
            (Foreclosed::Ended, misere)
        } else if sum.imminent {
            (Foreclosed::Imminent, true)
        } else {
            (Foreclosed::Grundy(sum.xor), sum.xor != 0)
        };
        Ok(Solution { outcome: Outcome::from_first_wins(first), value: Some(Value::Foreclosed(value)) })
    }
}

/// Selective, normal play: some plate is won alone.
#[derive(Clone, Copy)]
struct AnyNormalWin;

impl Combine for AnyNormalWin {
    type Entry = u8;
    #[inline(always)]
    fn combine(self, sum: &mut Sum, _: u64, bits: u8) {
        sum.any_first |= bits & NORMAL_WINS != 0;
    }

    #[inline(always)]
    fn solution(self, sum: &Sum, _: bool) -> Result<Solution, Unsupported> {
        Ok(outcome_solution(sum.any_first))
    }
}

/// Selective, misère play: as normal play, and the operable plates counted (with the misère
/// outcome of the last one).
#[derive(Clone, Copy)]
struct SelectiveMisere;

impl Combine for SelectiveMisere {
    type Entry = u8;
    #[inline(always)]
    fn combine(self, sum: &mut Sum, _: u64, bits: u8) {
        sum.any_first |= bits & NORMAL_WINS != 0;
        if bits & OPERABLE != 0 {
            sum.operable = sum.operable.saturating_add(1);
            sum.misere = u64::from(bits & MISERE_WINS != 0);
        }
    }

    #[inline(always)]
    fn solution(self, sum: &Sum, _: bool) -> Result<Solution, Unsupported> {
        Ok(outcome_solution(match sum.operable {
            0 => true,
            1 => sum.misere != 0,
            _ => sum.any_first,
        }))
    }
}

/// Shortened selective, normal play: some plate is won alone, and whether some plate cannot
/// move.
#[derive(Clone, Copy)]
struct ShortenedNormal;

impl Combine for ShortenedNormal {
    type Entry = u8;
    #[inline(always)]
    fn combine(self, sum: &mut Sum, _: u64, bits: u8) {
        sum.any_first |= bits & NORMAL_WINS != 0;
        sum.ended |= bits & OPERABLE == 0;
    }

    #[inline(always)]
    fn solution(self, sum: &Sum, _: bool) -> Result<Solution, Unsupported> {
        Ok(outcome_solution(!sum.ended && sum.any_first))
    }
}

/// Shortened selective, misère play: some plate is won alone in misère play.
#[derive(Clone, Copy)]
struct AnyMisereWin;

impl Combine for AnyMisereWin {
    type Entry = u8;
    #[inline(always)]
    fn combine(self, sum: &mut Sum, _: u64, bits: u8) {
        sum.any_first |= bits & MISERE_WINS != 0;
    }

    #[inline(always)]
    fn solution(self, sum: &Sum, _: bool) -> Result<Solution, Unsupported> {
        Ok(outcome_solution(sum.any_first))
    }
}

/// Conjunctive: the smallest remoteness.
#[derive(Clone, Copy)]
struct Smallest;

impl Combine for Smallest {
    type Entry = u32;
    #[inline(always)]
    fn combine(self, sum: &mut Sum, _: u64, r: u32) {
        sum.min = sum.min.min(r);
    }

    #[inline(always)]
    fn solution(self, sum: &Sum, misere: bool) -> Result<Solution, Unsupported> {
        let r = if sum.plates == 0 { 0 } else { sum.min };
        Ok(Solution {
            outcome: Outcome::from_first_wins((r % 2 == 1) != misere),
            value: Some(Value::Remoteness(r.into())),
        })
    }
}

/// Continued conjunctive: the largest suspense number.
#[derive(Clone, Copy)]
struct Largest;

impl Combine for Largest {
    type Entry = u32;
    #[inline(always)]
    fn combine(self, sum: &mut Sum, _: u64, s: u32) {
        sum.max = sum.max.max(s);
    }

    #[inline(always)]
    fn solution(self, sum: &Sum, misere: bool) -> Result<Solution, Unsupported> {
        Ok(Solution {
            outcome: Outcome::from_first_wins((sum.max % 2 == 1) != misere),
            value: Some(Value::Suspense(sum.max.into())),
        })
    }
}

/// Running combination of the plates seen so far.
#[derive(Debug, Clone, Copy)]
struct Sum {
    plates: usize,
    xor: u64,
    all_swapped: bool,
    misere: u64,
    untame: bool,
    largest: u64,
    ended: bool,
    imminent: bool,
    any_first: bool,
    /// Operable plates, counted only up to 255 (the rule tells 0, 1 and more apart); kept
    /// small so that the whole sum is 48 bytes, copied in whole 16-byte moves.
    operable: u8,
    min: u32,
    max: u32,
    /// Misère quotient: the product of the plates' elements.
    element: u32,
    /// Misère quotient: some plate is beyond it.
    beyond_quotient: bool,
}

impl Default for Sum {
    fn default() -> Self {
        Sum {
            plates: 0,
            xor: 0,
            all_swapped: true,
            misere: 0,
            untame: false,
            largest: 0,
            ended: false,
            imminent: false,
            any_first: false,
            operable: 0,
            min: u32::MAX,
            max: 0,
            element: 0,
            beyond_quotient: false,
        }
    }
}

/// A heap is tame when its normal and misère Grundy values are equal, or are 0 and 1.
fn is_tame(normal: u64, misere: u64) -> bool {
    normal == misere || normal + misere == 1
}

fn foreclosed(raw: u32) -> Foreclosed {
    match raw {
        ENDED => Foreclosed::Ended,
        IMMINENT => Foreclosed::Imminent,
        g => Foreclosed::Grundy(g.into()),
    }
}

/// Splitting octal games: the disjunctive sum of normal play by Grundy values (tabulated, or
/// extended by a period proven by the Guy–Smith theorem); the compounds whose sum rule combines
/// values by [`crate::breaking`].
fn octal_plan(rules: &RuleSet, n: u64) -> Result<(Plan, u64), Unsupported> {
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
fn split_plan(compound: Compound, play: Play) -> Result<Plan, Unsupported> {
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

/// Plates above this are answered through a proven period or a closed form where there is one,
/// rather than by a table up to the largest plate (which would cost seconds and hundreds of MB).
const UNBOUNDED_FROM: u64 = 1 << 20;

/// The longest table searched for a period proven by the window argument.
const PERIOD_SEARCH: usize = 1 << 20;

/// A plan for plates of every size, for an operation that never splits a heap: closed forms for
/// Nim and for `half`, periods proven by the window argument for the others; or why there is none.
fn unbounded_plan(rules: &RuleSet, heap: &Heap) -> Result<Plan, Unsupported> {
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

/// The selective or shortened plan of outcome bits `outcomes`.
fn outcome_plan(rules: &RuleSet, outcomes: Column<u8>) -> Plan {
    match (rules.compound, rules.play) {
        (Compound::Selective, Play::Normal) => Plan::Selective { outcomes },
        (Compound::Selective, Play::Misere) => Plan::SelectiveMisere { outcomes },
        (Compound::Shortened, Play::Normal) => Plan::Shortened { outcomes },
        _ => Plan::ShortenedMisere { outcomes },
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
    use super::*;

    /// Every rule set over `operations` in every compound and convention.
    fn every_rule_set(operations: &[&str]) -> Vec<RuleSet> {
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

    /// The solver read as a [`Fold`] (where no column is a compiled table) takes every plate it
    /// answers and gives the same winner; a plate beyond it is refused, not guessed.
    #[test]
    fn the_solver_as_a_fold_answers_as_it_solves() {
        let mut folded = 0;
        for rules in every_rule_set(&["nim", "split", "half", "octal:0.31"]) {
            let Ok(solver) = PileSolver::new(&rules, 30) else { continue };
            for plates in [&[][..], &[0], &[1], &[2, 2], &[3, 5, 6], &[1, 1, 1], &[7, 30, 12, 4]] {
                let Ok(solution) = solver.solve(plates) else { continue };
                let mut tally = Fold::tally(&solver);
                for &x in plates {
                    assert!(Fold::add(&solver, &mut tally, x), "{rules}: {plates:?}");
                }
                assert_eq!(
                    Fold::first_wins(&solver, &tally),
                    Some(solution.outcome == Outcome::First),
                    "{rules}: {plates:?}"
                );
                folded += 1;
            }
            if solver.limit() < u64::MAX {
                let mut tally = Fold::tally(&solver);
                assert!(!Fold::add(&solver, &mut tally, solver.limit() + 1), "{rules}");
            }
        }
        assert!(folded >= 4 * 12 * 5, "{folded}");
    }

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

    fn solve(rules: &str, plates: &[u64]) -> Result<Solution, Unsupported> {
        let rules: RuleSet = rules.parse().unwrap();
        PileSolver::new(&rules, 64)?.solve(plates)
    }

    /// A periodic column reads `f` at every plate, near and far, for every period: the
    /// remainder by multiplication agrees with the division.
    #[test]
    fn periodic_columns_answer_every_plate() {
        for period in (1..=40).chain([97, 65_537, 1 << 20]) {
            for start in [0, 1, 3] {
                let f = |x: u64| if x < start { u64::MAX - x } else { (x - start) % period };
                let column = Periodic::new(f, (start, period));
                let near = 0..start + 3 * period.min(50);
                let edges = [u32::MAX as u64 - 1, u32::MAX as u64, 1 << 32, (1 << 32) + start, u64::MAX];
                let edges = edges.into_iter().flat_map(|x| [x, x.saturating_sub(start)]);
                for x in near.chain(edges).chain((0..200).map(|k| k * 2_654_435_761 % (1 << 33))) {
                    assert_eq!(column.at(x), f(x), "period {period}, start {start}, plate {x}");
                }
            }
        }
    }

    /// A tabulated closed form is kept in bytes when its values fit, in words otherwise, and
    /// reads as the form either way (across the two threads' parts).
    #[test]
    fn tabulated_forms_are_bytes_when_they_fit() {
        let n = 300_000;
        let small = |x: u64| (x % 7 + x / 100_000) as u32;
        let mut column = Column::formula(small);
        assert!(column.tabulate(n));
        assert!(matches!(column, Column::Bytes(_)));
        assert!((0..=n as u64).all(|x| column.get(x) == Some(small(x))));
        let large = |x: u64| (x * 3 / 2) as u32;
        let mut column = Column::formula(large);
        assert!(column.tabulate(n));
        assert!(matches!(column, Column::Table(_)));
        assert!((0..=n as u64).all(|x| column.get(x) == Some(large(x))));
        assert_eq!(column.get(n as u64 + 1), None);
        assert!(!column.tabulate(n), "a table is not tabulated again");
        // Every column type reads as its form once tabulated: outcome bits and value pairs too.
        let bits = |x: u64| (x % 5) as u8 | 0x80;
        let mut column = Column::formula(bits);
        assert!(column.tabulate(n));
        assert!((0..=n as u64).all(|x| column.get(x) == Some(bits(x))));
        let pairs = |x: u64| [(x % 3) as u32, (x % 4) as u32];
        let mut column = Column::formula(pairs);
        assert!(column.tabulate(n));
        assert!(matches!(column, Column::Table(_)), "pairs are never kept in bytes");
        assert!((0..=n as u64).all(|x| column.get(x) == Some(pairs(x))));
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
