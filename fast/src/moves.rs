//! The fast side's reading of an operation: the options of a heap as sizes, either an interval
//! (for the sliding-window tables) or an explicit list.

use grundy_rules::Operation;

/// How the options of one heap are described.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum HeapMoves {
    /// The options of `x` are the sizes `lo(x)..=hi(x)`; both ends never decrease with `x`.
    Interval,
    /// The options of `x` are `x − k` for each `k` in the (sorted) list with `k ≤ x`.
    Listed(Vec<u64>),
    /// An octal code that never splits: removing `k` leaves one heap (bit 2, `x > k`) or
    /// nothing (bit 1, `x = k`), which leaves a plate of 0.
    Octal(Vec<u8>),
    /// A move leaves two heaps: no single-heap table applies.
    Splitting,
}

/// The fast side's model of one operation.
#[derive(Debug, Clone)]
pub(crate) struct Heap {
    operation: Operation,
    moves: HeapMoves,
}

impl Heap {
    pub(crate) fn new(operation: &Operation) -> Heap {
        let moves = match operation {
            Operation::Nim | Operation::UpTo(_) | Operation::Half | Operation::Mod(_) => HeapMoves::Interval,
            Operation::Subtraction(set) if is_contiguous(set) => HeapMoves::Interval,
            Operation::Subtraction(set) => HeapMoves::Listed(set.clone()),
            Operation::Split | Operation::Grundy => HeapMoves::Splitting,
            Operation::Octal(_) if operation.splits() => HeapMoves::Splitting,
            Operation::Octal(digits) => HeapMoves::Octal(digits.clone()),
        };
        Heap { operation: operation.clone(), moves }
    }

    pub(crate) fn moves(&self) -> &HeapMoves {
        &self.moves
    }

    /// The interval of option sizes of `x`, when the moves are an interval and `x` has options.
    #[inline(always)]
    pub(crate) fn interval(&self, x: u64) -> Option<(u64, u64)> {
        match &self.operation {
            Operation::Nim => (x >= 1).then(|| (0, x - 1)),
            Operation::UpTo(m) => (x >= 1).then(|| (x - x.min(*m), x - 1)),
            Operation::Subtraction(set) => {
                let (a, b) = (set[0], set[set.len() - 1]);
                (x >= a).then(|| (x - x.min(b), x - a))
            }
            Operation::Half => (x >= 2).then(|| (x - x / 2, x - 1)),
            Operation::Mod(m) => match x {
                0 => None,
                1 => Some((0, 0)),
                _ if x.is_multiple_of(*m) => Some((x - 1, x - 1)),
                _ => Some((x - 2, x - 1)),
            },
            Operation::Split | Operation::Grundy | Operation::Octal(_) => None,
        }
    }

    /// The most options any heap has.
    pub(crate) fn most_options(&self) -> usize {
        match &self.moves {
            HeapMoves::Listed(set) => set.len(),
            HeapMoves::Octal(digits) => digits.len(),
            HeapMoves::Interval | HeapMoves::Splitting => usize::MAX,
        }
    }

    /// Whether a heap (plate) of `x` tokens has at least one option.
    #[inline(always)]
    pub(crate) fn is_operable(&self, x: u64) -> bool {
        match &self.moves {
            HeapMoves::Interval => self.interval(x).is_some(),
            HeapMoves::Listed(set) => set[0] <= x,
            HeapMoves::Octal(_) => {
                let mut any = false;
                self.for_each_option(x, |_| any = true);
                any
            }
            HeapMoves::Splitting => match &self.operation {
                Operation::Octal(digits) => octal_is_operable(digits, x),
                Operation::Grundy => x >= 3,
                _ => x >= 2,
            },
        }
    }

    /// Calls `each` with every option size of `x` (non-splitting operations only).
    #[inline]
    pub(crate) fn for_each_option(&self, x: u64, mut each: impl FnMut(u64)) {
        match &self.moves {
            HeapMoves::Interval => {
                if let Some((lo, hi)) = self.interval(x) {
                    (lo..=hi).for_each(each);
                }
            }
            HeapMoves::Listed(set) => set.iter().take_while(|&&k| k <= x).for_each(|&k| each(x - k)),
            HeapMoves::Octal(digits) => {
                for (k, &digit) in digits.iter().enumerate().take_while(|&(k, _)| k as u64 <= x) {
                    let rest = x - k as u64;
                    if (digit & 1 != 0 && rest == 0) || (digit & 2 != 0 && rest > 0) {
                        each(rest);
                    }
                }
            }
            HeapMoves::Splitting => {}
        }
    }
}

/// The option intervals of heaps `0, 1, 2, …` in turn, one type per shape of interval operation,
/// so that a table loop is compiled for each shape, its ends found by a few additions instead of
/// a match on the operation (and, for `mod:m`, a division) per heap.
pub(crate) trait Intervals {
    /// The options of the next heap: sizes `lo..end`, as `(lo, end)`; `(0, 0)` when it has none
    /// (any heap with an option has `end ≥ 1`).
    fn next_heap(&mut self) -> (usize, usize);
}

/// Options `x − b ..= x − a` (down to 0) for `x ≥ a`: `nim` (`a = 1, b = ∞`), `upto:m`
/// (`a = 1, b = m`) and contiguous `sub:a..b`.
#[derive(Debug, Clone)]
pub(crate) struct Band {
    x: usize,
    a: usize,
    b: usize,
}

impl Intervals for Band {
    #[inline(always)]
    fn next_heap(&mut self) -> (usize, usize) {
        let x = self.x;
        self.x += 1;
        if x >= self.a { (x.saturating_sub(self.b), x - self.a + 1) } else { (0, 0) }
    }
}

/// `half`: options `x − ⌊x/2⌋ ..= x − 1` for `x ≥ 2`.
#[derive(Debug, Clone, Default)]
pub(crate) struct HalfBand {
    x: usize,
}

impl Intervals for HalfBand {
    #[inline(always)]
    fn next_heap(&mut self) -> (usize, usize) {
        let x = self.x;
        self.x += 1;
        if x >= 2 { (x - x / 2, x) } else { (0, 0) }
    }
}

/// `mod:m`: options `x − 2 ..= x − 1`, or only `x − 1` when `m` divides `x`; the remainder is
/// carried along, not divided for.
#[derive(Debug, Clone)]
pub(crate) struct ModBand {
    x: usize,
    remainder: usize,
    m: usize,
}

impl Intervals for ModBand {
    #[inline(always)]
    fn next_heap(&mut self) -> (usize, usize) {
        let (x, divides) = (self.x, self.remainder == 0);
        self.x += 1;
        self.remainder += 1;
        if self.remainder == self.m {
            self.remainder = 0;
        }
        match x {
            0 => (0, 0),
            1 => (0, 1),
            _ if divides => (x - 1, x),
            _ => (x - 2, x),
        }
    }
}

/// Which [`Intervals`] type walks an interval operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Shape {
    Band { a: usize, b: usize },
    Half,
    Mod(usize),
}

impl Shape {
    /// How far below a heap its smallest option can be (`x − lo ≤ reach`), when bounded.
    pub(crate) fn reach(self) -> Option<usize> {
        match self {
            Shape::Band { b, .. } => Some(b),
            Shape::Mod(_) => Some(2),
            Shape::Half => None,
        }
    }

    pub(crate) fn band(self) -> Option<Band> {
        match self {
            Shape::Band { a, b } => Some(Band { x: 0, a, b }),
            _ => None,
        }
    }

    pub(crate) fn modulus(self) -> Option<ModBand> {
        match self {
            Shape::Mod(m) => Some(ModBand { x: 0, remainder: 0, m }),
            _ => None,
        }
    }
}

impl Heap {
    /// The shape of the option intervals, when the moves are an interval.
    pub(crate) fn shape(&self) -> Option<Shape> {
        let size = |k: u64| usize::try_from(k).unwrap_or(usize::MAX);
        if self.moves != HeapMoves::Interval {
            return None;
        }
        Some(match &self.operation {
            Operation::Nim => Shape::Band { a: 1, b: usize::MAX },
            Operation::UpTo(m) => Shape::Band { a: 1, b: size(*m) },
            Operation::Subtraction(set) => Shape::Band { a: size(set[0]), b: size(set[set.len() - 1]) },
            Operation::Half => Shape::Half,
            Operation::Mod(m) => Shape::Mod(size(*m)),
            Operation::Split | Operation::Grundy | Operation::Octal(_) => return None,
        })
    }
}

/// Runs `$body` with `$intervals` bound to the [`Intervals`] of `$shape`, compiled once per type.
macro_rules! with_intervals {
    ($shape:expr, |$intervals:ident| $body:expr) => {{
        let shape: $crate::moves::Shape = $shape;
        if let Some($intervals) = shape.band() {
            $body
        } else if let Some($intervals) = shape.modulus() {
            $body
        } else {
            let $intervals = $crate::moves::HalfBand::default();
            $body
        }
    }};
}
pub(crate) use with_intervals;

/// Whether the octal code gives a heap of `x` some move.
pub(crate) fn octal_is_operable(digits: &[u8], x: u64) -> bool {
    digits.iter().enumerate().take_while(|&(k, _)| k as u64 <= x).any(|(k, &digit)| {
        let rest = x - k as u64;
        (digit & 1 != 0 && rest == 0)
            || (digit & 2 != 0 && rest >= 1)
            || (digit & 4 != 0 && rest >= 2)
            || (digit & 8 != 0 && rest >= 3)
    })
}

fn is_contiguous(set: &[u64]) -> bool {
    set.windows(2).all(|pair| pair[1] == pair[0] + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interval_ends_never_decrease() {
        for operation in ["nim", "upto:3", "sub:2,3,4", "half", "mod:5", "mod:1", "mod:2"] {
            let heap = Heap::new(&operation.parse().unwrap());
            assert_eq!(heap.moves(), &HeapMoves::Interval);
            let mut last = (0, 0);
            for x in 0..200 {
                if let Some((lo, hi)) = heap.interval(x) {
                    assert!(lo <= hi && hi < x && lo >= last.0 && hi >= last.1, "{operation} at {x}");
                    last = (lo, hi);
                }
            }
        }
    }

    /// A heap that splits is operable exactly when it has a split, by the operation's rule:
    /// `split` into any two non-empty heaps, Grundy's game into two unequal ones, an octal code
    /// as its digits allow.
    #[test]
    fn splitting_heaps_are_operable_exactly_when_a_split_exists() {
        let two = |x: u64, unequal: bool| (1..x).any(|a| !unequal || a != x - a);
        // 0.04: split into two without taking; 0.4: take one, split the rest; 0.8: take one,
        // leave three heaps.
        let octal = |digits: &[u8], x: u64| {
            digits.iter().enumerate().any(|(k, &d)| {
                let Some(rest) = x.checked_sub(k as u64) else { return false };
                (d & 1 != 0 && rest == 0)
                    || (d & 2 != 0 && rest > 0)
                    || (d & 4 != 0 && rest >= 2)
                    || (d & 8 != 0 && rest >= 3)
            })
        };
        for (name, operable) in [
            ("split", &(|x| two(x, false)) as &dyn Fn(u64) -> bool),
            ("grundy", &|x| two(x, true)),
            ("octal:0.04", &|x| octal(&[0, 0, 4], x)),
            ("octal:4.4", &|x| octal(&[4, 4], x)),
            ("octal:0.8", &|x| octal(&[0, 8], x)),
        ] {
            let heap = Heap::new(&name.parse().unwrap());
            for x in 0..40 {
                assert_eq!(heap.is_operable(x), operable(x), "{name} at {x}");
            }
        }
    }

    #[test]
    fn scattered_subtraction_sets_are_listed() {
        let heap = Heap::new(&"sub:1,3".parse().unwrap());
        let mut options = Vec::new();
        heap.for_each_option(4, |y| options.push(y));
        assert_eq!(options, vec![3, 1]);
        assert!(!heap.is_operable(0) && heap.is_operable(1));
    }
}
