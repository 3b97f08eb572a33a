//! Misère quotients of octal games (Plambeck, "Taming the wild in impartial combinatorial games",
//! INTEGERS 5 (2005) G5; Plambeck and Siegel, "Misère quotients for impartial games", JCTA 115
//! (2008) 593–622, arXiv math/0609825).
//!
//! Sums of heaps `1..=N` of one game form a commutative monoid; two sums `G`, `H` are
//! *indistinguishable* when `G + X` and `H + X` have the same misère outcome for every sum `X`.
//! The classes form the *misère quotient* `Q`, a finite or infinite commutative monoid; the
//! classes of P-positions form its *P-portion*, and the *heap map* `Φ` sends each heap to its
//! class. Then the outcome of a sum of heaps is whether `Φ(h₁)·…·Φ(h_k)` lies in the P-portion:
//! one table look-up per heap.
//!
//! * `recognition`: when a candidate is *the* quotient — it predicts every outcome and is
//!   reduced — checked finitely.
//! * `construction`: the heaps added one at a time, and only verified candidates kept.
//! * `periodicity`: when the heap map's period covers every heap.
//! * `monoid`: the finite commutative monoids the candidates are, acted on by heaps.

mod construction;
mod monoid;
mod periodicity;
mod recognition;

use std::time::Instant;

use grundy_rules::Outcome;

use self::construction::add_heap;
use self::monoid::Monoid;
pub use self::periodicity::HeapPeriod;
use self::periodicity::heap_map_periods;
use crate::Unsupported;
use crate::misere::SplitOptions;

/// Limits on computing a quotient.
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    /// Wall-clock limit.
    pub deadline: Option<Instant>,
    /// Most elements of any candidate monoid.
    pub max_elements: usize,
    /// Most steps of the verification closures, in all.
    pub max_steps: u64,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget { deadline: None, max_elements: 200_000, max_steps: 50_000_000 }
    }
}

/// A sum of heaps, sorted.
type Word = Vec<u16>;

enum Stop {
    Time,
    Elements(usize),
    Queue(usize),
    Steps,
}

impl Stop {
    fn reason(&self, budget: &Budget) -> String {
        match self {
            Stop::Time => "the time limit".to_string(),
            Stop::Elements(n) => {
                format!("a candidate of {n} elements, over the budget of {}", budget.max_elements)
            }
            Stop::Queue(n) => format!("a verification queue of {n} sums, over 16 × the element budget"),
            Stop::Steps => format!("the budget of {} verification steps", budget.max_steps),
        }
    }
}

struct Work<'a> {
    options: &'a SplitOptions,
    budget: Budget,
    steps: u64,
}

impl Work<'_> {
    fn tick(&mut self, n: u64) -> Result<(), Stop> {
        self.steps += n;
        if self.steps > self.budget.max_steps {
            return Err(Stop::Steps);
        }
        if self.steps % 1024 < n && self.budget.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(Stop::Time);
        }
        Ok(())
    }
}

/// Where the quotient grew.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Growth {
    /// The heap that made it grow.
    pub heap: u64,
    /// The order after it.
    pub order: usize,
    /// The size of the P-portion after it.
    pub p_portion: usize,
}

/// The verified misère quotient of the heaps `1..=verified_to` of an octal game.
#[derive(Debug, Clone)]
pub struct Quotient {
    code: String,
    three_heaps: bool,
    monoid: Monoid,
    options: SplitOptions,
    /// Heaps up to this one are in the quotient.
    pub verified_to: u64,
    /// Where the order grew.
    pub growth: Vec<Growth>,
    /// The period of the heap map proven by the periodicity theorem: the quotient is then that of
    /// every heap.
    pub proven: Option<HeapPeriod>,
    /// A period seen at least three times in the heap map, without proof.
    pub observed: Option<HeapPeriod>,
    /// Why the computation stopped before the heap asked for.
    pub stopped: Option<String>,
    /// Whether it was the deadline that stopped it (the one stop that depends on the machine).
    time_ran_out: bool,
}

impl Quotient {
    /// The misère quotient of heaps `1..=upto` of the octal code `digits`, as far as `budget`
    /// allows (see [`Quotient::stopped`]).
    pub fn compute(code: &str, digits: &[u8], upto: u64, budget: Budget) -> Result<Quotient, Unsupported> {
        let options = SplitOptions::new(digits, upto)?;
        let mut work = Work { options: &options, budget, steps: 0 };
        let mut monoid = Monoid::trivial();
        let mut growth = Vec::new();
        let mut verified_to = 0;
        let mut stopped = None;
        let mut time_ran_out = false;
        for heap in 1..=upto {
            if options.is_zero(heap) {
                verified_to = heap; // the zero game: the identity, no generator
                continue;
            }
            match add_heap(&monoid, heap as u16, &mut work) {
                Ok((next, _)) => {
                    if next.size != monoid.size {
                        growth.push(Growth {
                            heap,
                            order: next.size,
                            p_portion: next.p.iter().filter(|&&p| p).count(),
                        });
                    }
                    monoid = next;
                    verified_to = heap;
                }
                Err(stop) => {
                    time_ran_out = matches!(stop, Stop::Time);
                    stopped = Some(format!("heap {heap} was not added: stopped by {}", stop.reason(&budget)));
                    break;
                }
            }
        }
        let mut quotient = Quotient {
            code: code.to_string(),
            three_heaps: digits.iter().any(|&d| d & 8 != 0),
            monoid,
            options,
            verified_to,
            growth,
            proven: None,
            observed: None,
            stopped,
            time_ran_out,
        };
        quotient.find_periods();
        Ok(quotient)
    }

    /// The periods of the heap map of the heaps verified (see [`heap_map_periods`]).
    fn find_periods(&mut self) {
        let map: Vec<u32> = (0..=self.verified_to).map(|h| self.image(h)).collect();
        let last_digit = (!self.three_heaps).then(|| self.options.last_digit() as u64);
        (self.proven, self.observed) = heap_map_periods(&map, last_digit);
    }

    /// Whether the budget's deadline stopped the computation (another run, given more time,
    /// goes further).
    pub fn ran_out_of_time(&self) -> bool {
        self.time_ran_out
    }

    /// The game's code.
    pub fn code(&self) -> &str {
        &self.code
    }

    /// The number of elements.
    pub fn order(&self) -> usize {
        self.monoid.size
    }

    /// The elements in the P-portion.
    pub fn p_portion(&self) -> Vec<u32> {
        (0..self.monoid.size as u32).filter(|&x| self.monoid.p[x as usize]).collect()
    }

    /// Whether element `x` is in the P-portion.
    pub fn is_p(&self, x: u32) -> bool {
        self.monoid.p[x as usize]
    }

    /// A lightest sum of heaps of each element (element 0, the identity, is the empty sum).
    pub fn words(&self) -> Vec<Vec<u16>> {
        self.monoid.lightest().1
    }

    /// The image of heap `h ≤ verified_to` (heaps with no move, and 0, map to the identity 0).
    fn image(&self, h: u64) -> u32 {
        if h == 0 || self.options.is_zero(h) { 0 } else { self.monoid.phi(h as u16) }
    }

    /// The element of heap `h`: read off the map up to [`Quotient::verified_to`], through the
    /// proven period beyond; `None` past the map without a proven period.
    pub fn heap_element(&self, h: u64) -> Option<u32> {
        if h <= self.verified_to {
            return Some(self.image(h));
        }
        let HeapPeriod { start, period } = self.proven?;
        Some(self.image(start + (h - start) % period))
    }

    /// Who wins the misère disjunctive sum of heaps `plates`: one look-up per heap.
    pub fn outcome(&self, plates: &[u64]) -> Result<Outcome, Unsupported> {
        let mut x = 0u32;
        for &h in plates {
            x = self.times_heap(x, h)?;
        }
        Ok(Outcome::from_first_wins(!self.monoid.p[x as usize]))
    }

    /// The element `x·Φ(h)`: `x` followed by a heap of `h`.
    #[inline]
    pub fn times_heap(&self, x: u32, h: u64) -> Result<u32, Unsupported> {
        match self.heap_element(h) {
            Some(0) => Ok(x),
            Some(_) => Ok(self.monoid.act[self.representative(h) as usize][x as usize]),
            None => {
                let why = self.stopped.as_deref().map_or(String::new(), |why| format!(" ({why})"));
                Err(Unsupported::NoTheory(format!(
                    "heap {h} is beyond the misère quotient of octal:{}, computed for heaps up to {}{why} and not \
                     proven periodic",
                    self.code, self.verified_to
                )))
            }
        }
    }

    /// The heap `≤ verified_to` whose column acts as heap `h` does.
    fn representative(&self, h: u64) -> u64 {
        match self.proven {
            Some(HeapPeriod { start, period }) if h > self.verified_to => start + (h - start) % period,
            _ => h,
        }
    }

    /// The same quotient with one element's P-label flipped: a wrong quotient, for tests that
    /// show the oracle catches it.
    pub fn with_flipped_label(&self, x: u32) -> Quotient {
        let mut wrong = self.clone();
        wrong.monoid.p[x as usize] ^= true;
        wrong
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    pub(super) fn quotient(code: &str, digits: &[u8], upto: u64) -> Quotient {
        let q = Quotient::compute(code, digits, upto, Budget::default()).unwrap();
        assert_eq!(q.stopped, None);
        q
    }

    #[test]
    fn nim_heaps_of_one_and_two_give_the_tame_quotient_of_order_six() {
        // 0.31 (heaps of one token taken whole or one taken from a larger heap, plus two taken to
        // leave one heap) has the quotient T2 of tame games, 6 elements, 2 in the P-portion.
        let q = quotient("0.31", &[0, 3, 1], 20);
        assert_eq!((q.order(), q.p_portion().len()), (6, 2));
        assert!(q.proven.is_some());
    }

    #[test]
    fn every_order_is_even_and_the_identity_is_not_p() {
        for (code, digits) in [("0.75", vec![0, 7, 5]), ("0.72", vec![0, 7, 2]), ("0.12", vec![0, 1, 2])] {
            let q = quotient(code, &digits, 30);
            assert_eq!(q.order() % 2, 0, "{code}");
            assert!(!q.is_p(0), "{code}");
        }
    }

    /// Every sum (sorted) of heaps `1..=top` that are not zero games, of at most `tokens` tokens.
    pub(super) fn sums(options: &SplitOptions, top: u16, tokens: u64) -> Vec<Word> {
        let mut all = vec![Vec::new()];
        let mut i = 0;
        while i < all.len() {
            let word: Word = all[i].clone();
            let weight: u64 = word.iter().map(|&h| u64::from(h)).sum();
            for h in word.last().copied().unwrap_or(1)..=top {
                if !options.is_zero(u64::from(h)) && weight + u64::from(h) <= tokens {
                    let mut longer = word.clone();
                    longer.push(h);
                    all.push(longer);
                }
            }
            i += 1;
        }
        all
    }

    pub(super) fn weight(word: &[u16]) -> u64 {
        word.iter().map(|&h| u64::from(h)).sum()
    }

    /// The growth record lists exactly the heaps whose adding made the quotient larger, with its
    /// order and P-portion from then on: what the quotients of fewer heaps show.
    #[test]
    fn growth_lists_the_heaps_where_the_quotient_grows() {
        for (code, digits) in [("0.31", vec![0, 3, 1]), ("0.123", vec![0, 1, 2, 3]), ("0.34", vec![0, 3, 4])] {
            let upto = 24;
            let mut expected = Vec::new();
            let mut order = quotient(code, &digits, 0).order();
            for heap in 1..=upto {
                let q = quotient(code, &digits, heap);
                if q.order() != order {
                    assert!(q.order() > order, "{code}: a quotient never shrinks as heaps are added");
                    order = q.order();
                    expected.push((heap, order, q.p_portion().len()));
                }
            }
            let growth = quotient(code, &digits, upto).growth;
            let growth: Vec<_> = growth.iter().map(|g| (g.heap, g.order, g.p_portion)).collect();
            assert_eq!(growth, expected, "{code}");
            assert!(!growth.is_empty(), "{code} grows");
        }
    }

    #[test]
    fn a_past_deadline_stops_the_work_when_its_steps_cross_a_multiple_of_1024() {
        // The clock is read once per 1024 steps of work (whatever the steps a tick counts): past
        // the deadline, the first tick that reaches or crosses a multiple of 1024 stops.
        let options = SplitOptions::new(&[0, 7, 5], 12).unwrap();
        for n in [1, 3, 700, 1023, 1024, 1025, 5000] {
            let budget = Budget { deadline: Some(Instant::now()), ..Budget::default() };
            let mut work = Work { options: &options, budget, steps: 0 };
            let mut ticks = 0u64;
            let stop = loop {
                ticks += 1;
                match work.tick(n) {
                    Ok(()) => assert!(ticks * n < 10_000_000, "ticks of {n} never stopped"),
                    Err(stop) => break stop,
                }
            };
            assert!(matches!(stop, Stop::Time), "ticks of {n}");
            // At the first tick that reaches 1024 steps.
            assert!((ticks - 1) * n < 1024 && ticks * n >= 1024, "ticks of {n}: stopped at tick {ticks}");
        }
    }

    #[test]
    fn a_past_deadline_stops_the_construction() {
        let budget = Budget { deadline: Some(Instant::now()), ..Budget::default() };
        let q = Quotient::compute("0.75", &[0, 7, 5], 30, budget).unwrap();
        assert!(q.stopped.as_deref().unwrap().contains("the time limit"), "{:?}", q.stopped);
        assert!(q.ran_out_of_time());
    }

    #[test]
    fn a_budget_stops_the_construction_and_says_so() {
        let budget = Budget { deadline: None, max_elements: 8, max_steps: u64::MAX };
        let q = Quotient::compute("0.77", &[0, 7, 7], 30, budget).unwrap();
        assert!(q.stopped.as_deref().unwrap().contains("budget of 8"), "{:?}", q.stopped);
        assert!(!q.ran_out_of_time());
        assert!(q.verified_to < 30);
        assert!(q.outcome(&[q.verified_to + 1]).is_err());
    }
}
