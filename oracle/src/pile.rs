//! Pile games (operation × compound × play) as a [`Game`], straight from the rules.
//!
//! A position is the sorted list of plate sizes. Moves are generated exactly as the rules say:
//! the operation lists the options of one plate; the compound's action says which plates move in
//! one turn (exactly one; any non-empty set, each independently; every operable plate); its end
//! rule says when the game is over (no plate operable; some plate inoperable). Over positions have
//! no options, and the engine's convention decides the winner there.
//!
//! For the set-valued actions the engine would see the same option many times if every plate were
//! chosen independently; plates of equal size are interchangeable, so equal plates are grouped
//! and each group chooses a *multiset* of plate options. This lists each resulting position
//! fewer times; it never changes which positions are options.

use std::ops::ControlFlow;

use grundy_rules::{Action, End, Operation, Play, RuleSet};

use crate::engine::{Game, OptionSink};

/// A pile game given by a [`RuleSet`].
#[derive(Debug, Clone)]
pub struct PileGame {
    rules: RuleSet,
}

/// What one plate can become in one move: one plate (possibly of 0 tokens), two or three.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum PlateOption {
    /// One plate.
    One(u64),
    /// Two plates.
    Two(u64, u64),
    /// Three plates.
    Three(u64, u64, u64),
}

impl PlateOption {
    /// The plates it leaves.
    pub fn plates(self) -> Vec<u64> {
        let mut plates = Vec::with_capacity(3);
        self.push_onto(&mut plates);
        plates
    }

    fn push_onto(self, plates: &mut Vec<u64>) {
        match self {
            PlateOption::One(y) => plates.push(y),
            PlateOption::Two(a, b) => plates.extend([a, b]),
            PlateOption::Three(a, b, c) => plates.extend([a, b, c]),
        }
    }
}

/// Partitions of `n` into exactly three positive parts: the integer nearest to `n²/12`.
fn three_part_partitions(n: u64) -> u64 {
    let n = u128::from(n);
    u64::try_from((n * n + 6) / 12).unwrap_or(u64::MAX)
}

impl PileGame {
    /// The game of `rules`.
    pub fn new(rules: RuleSet) -> PileGame {
        PileGame { rules }
    }

    /// The rule set.
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    /// How many options the operation gives a plate of `x` tokens (before removing duplicates).
    pub(crate) fn option_count(&self, x: u64) -> u64 {
        match &self.rules.operation {
            Operation::Nim => x,
            Operation::Subtraction(set) => set.iter().filter(|&&k| k <= x).count() as u64,
            Operation::UpTo(m) => x.min(*m),
            Operation::Half => x / 2,
            Operation::Mod(m) => match x {
                0 => 0,
                1 => 1,
                _ if x.is_multiple_of(*m) => 1,
                _ => 2,
            },
            Operation::Split => x.saturating_sub(1),
            Operation::Grundy => x.saturating_sub(1) / 2,
            Operation::Octal(digits) => digits
                .iter()
                .enumerate()
                .filter(|&(k, _)| k as u64 <= x)
                .map(|(k, &digit)| {
                    let rest = x - k as u64;
                    let mut count = 0u64;
                    if digit & 1 != 0 && rest == 0 {
                        count += 1;
                    }
                    if digit & 2 != 0 && rest >= 1 {
                        count += 1;
                    }
                    if digit & 4 != 0 {
                        count = count.saturating_add(rest / 2);
                    }
                    if digit & 8 != 0 {
                        count = count.saturating_add(three_part_partitions(rest));
                    }
                    count
                })
                .fold(0, u64::saturating_add),
        }
    }

    fn is_operable(&self, x: u64) -> bool {
        self.option_count(x) > 0
    }

    /// Calls `each` on every option of one plate of `x` tokens, in the words of the rules.
    pub fn plate_options(&self, x: u64, mut each: impl FnMut(PlateOption) -> ControlFlow<()>) -> ControlFlow<()> {
        let remove = |k: u64| each(PlateOption::One(x - k));
        match &self.rules.operation {
            Operation::Nim => (1..=x).try_for_each(remove),
            Operation::Subtraction(set) => set.iter().copied().filter(|&k| k <= x).try_for_each(remove),
            Operation::UpTo(m) => (1..=x.min(*m)).try_for_each(remove),
            Operation::Half => (1..=x / 2).try_for_each(remove),
            Operation::Mod(m) => {
                if x.is_multiple_of(*m) {
                    (1..=1.min(x)).try_for_each(remove)
                } else {
                    (1..=2.min(x)).try_for_each(remove)
                }
            }
            // Moving k tokens or x − k tokens gives the same two plates; list each pair once.
            Operation::Split => (1..=x / 2).try_for_each(|k| each(PlateOption::Two(k, x - k))),
            // Two different sizes: the smaller part `a` below `x − a`.
            Operation::Grundy => (1..=x.saturating_sub(1) / 2).try_for_each(|a| each(PlateOption::Two(a, x - a))),
            Operation::Octal(digits) => {
                for (k, &digit) in digits.iter().enumerate() {
                    let Some(rest) = x.checked_sub(k as u64) else { break };
                    // Taking the whole heap leaves an empty plate, as removing every token of a Nim
                    // plate does: it stays in the position, inoperable.
                    if digit & 1 != 0 && rest == 0 {
                        each(PlateOption::One(0))?;
                    }
                    if digit & 2 != 0 && rest >= 1 {
                        each(PlateOption::One(rest))?;
                    }
                    if digit & 4 != 0 {
                        (1..=rest / 2).try_for_each(|a| each(PlateOption::Two(a, rest - a)))?;
                    }
                    if digit & 8 != 0 {
                        for a in 1..=rest / 3 {
                            (a..=(rest - a) / 2).try_for_each(|b| each(PlateOption::Three(a, b, rest - a - b)))?;
                        }
                    }
                }
                ControlFlow::Continue(())
            }
        }
    }

    pub(crate) fn is_over(&self, plates: &[u64]) -> bool {
        match self.rules.compound.end() {
            End::NoPlateOperable => !plates.iter().any(|&x| self.is_operable(x)),
            End::SomePlateInoperable => plates.iter().any(|&x| !self.is_operable(x)),
        }
    }

    /// Exactly one plate moves.
    fn one_plate_moves(&self, plates: &[u64], sink: &mut dyn OptionSink<Vec<u64>>) -> ControlFlow<()> {
        let total: u128 = plates.iter().map(|&x| u128::from(self.option_count(x))).sum();
        sink.expect(total)?;
        let mut option = Vec::with_capacity(plates.len() + 1);
        for (i, &x) in plates.iter().enumerate() {
            if i > 0 && plates[i - 1] == x {
                continue; // an equal plate was just moved: same options
            }
            self.plate_options(x, |result| {
                option.clear();
                option.extend_from_slice(&plates[..i]);
                option.extend_from_slice(&plates[i + 1..]);
                match result {
                    PlateOption::One(y) => insert_sorted(&mut option, y),
                    PlateOption::Two(a, b) => {
                        insert_sorted(&mut option, a);
                        insert_sorted(&mut option, b);
                    }
                    PlateOption::Three(a, b, c) => {
                        insert_sorted(&mut option, a);
                        insert_sorted(&mut option, b);
                        insert_sorted(&mut option, c);
                    }
                }
                sink.option(&option)
            })?;
        }
        ControlFlow::Continue(())
    }

    /// A set of plates moves: every operable plate (`every`), or any non-empty set of them.
    fn many_plate_moves(&self, plates: &[u64], every: bool, sink: &mut dyn OptionSink<Vec<u64>>) -> ControlFlow<()> {
        // Groups of equal plates: (size, how many, its options).
        let mut groups: Vec<(u64, usize, Vec<PlateOption>)> = Vec::new();
        let mut bound: u128 = 1;
        for (i, &x) in plates.iter().enumerate() {
            if i > 0 && plates[i - 1] == x {
                groups.last_mut().expect("a group was started").1 += 1;
                continue;
            }
            groups.push((x, 1, Vec::new()));
        }
        for (x, count, _) in &groups {
            // Each plate of the group stays (if allowed) or takes one of its options.
            let choices = u128::from(self.option_count(*x)) + u128::from(!every);
            bound = bound.saturating_mul(choices.saturating_pow(*count as u32));
        }
        sink.expect(bound)?;
        for (x, _, options) in &mut groups {
            self.plate_options(*x, |result| {
                options.push(result);
                ControlFlow::Continue(())
            })?;
        }
        // Each group chooses a multiset of its plates' choices, kept as a non-decreasing sequence
        // of symbols, one per plate: 0 is "stays as it is" (never under `every`, always for an
        // inoperable group), i ≥ 1 is the i-th option. The groups' sequences turn like an odometer.
        let lowest = |options: &Vec<PlateOption>| usize::from(every && !options.is_empty());
        let mut choice: Vec<Vec<usize>> =
            groups.iter().map(|(_, count, options)| vec![lowest(options); *count]).collect();
        let mut option = Vec::with_capacity(plates.len() * 2);
        loop {
            if choice.iter().flatten().any(|&symbol| symbol > 0) {
                option.clear();
                for (symbols, (x, _, options)) in choice.iter().zip(&groups) {
                    for &symbol in symbols {
                        match symbol.checked_sub(1) {
                            None => option.push(*x),
                            Some(i) => options[i].push_onto(&mut option),
                        }
                    }
                }
                option.sort_unstable();
                sink.option(&option)?;
            }
            // Next combination: advance the first group that can, reset the ones before it.
            let mut g = 0;
            loop {
                let Some(symbols) = choice.get_mut(g) else { return ControlFlow::Continue(()) };
                let options = &groups[g].2;
                if next_multiset(symbols, options.len()) {
                    break;
                }
                symbols.fill(lowest(options));
                g += 1;
            }
        }
    }
}

/// Inserts `y` into the sorted `plates`, keeping them sorted.
fn insert_sorted(plates: &mut Vec<u64>, y: u64) {
    let at = plates.partition_point(|&p| p < y);
    plates.insert(at, y);
}

/// Advances a non-decreasing sequence of symbols in `0..=top` to the next one (the last symbol
/// turns fastest); `false` when it was the last.
fn next_multiset(symbols: &mut [usize], top: usize) -> bool {
    let Some(i) = symbols.iter().rposition(|&symbol| symbol < top) else { return false };
    let next = symbols[i] + 1;
    symbols[i..].fill(next);
    true
}

impl Game for PileGame {
    type Position = Vec<u64>;

    fn play(&self) -> Play {
        self.rules.play
    }

    fn options(&self, plates: &Vec<u64>, sink: &mut dyn OptionSink<Vec<u64>>) -> ControlFlow<()> {
        if self.is_over(plates) {
            return ControlFlow::Continue(());
        }
        match self.rules.compound.action() {
            Action::One => self.one_plate_moves(plates, sink),
            Action::Some => self.many_plate_moves(plates, false, sink),
            Action::Every => self.many_plate_moves(plates, true, sink),
        }
    }

    fn describe(&self, plates: &Vec<u64>) -> String {
        plates.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
    }

    /// Sorted plates pack into one word by the combinatorial number system when they can.
    fn pack(&self, plates: &Vec<u64>, words: &mut Vec<u64>) {
        crate::key::pack_plates(plates, words);
    }

    fn unpack(&self, words: &[u64], plates: &mut Vec<u64>) {
        crate::key::unpack_plates(words, plates);
    }
}

#[cfg(test)]
mod tests {
    use grundy_rules::{Outcome, Value};

    use super::*;
    use crate::engine::{Budget, Engine};

    fn oracle(rules: &str) -> Engine<PileGame> {
        let rules: RuleSet = rules.parse().unwrap();
        let kind = rules.value_kind();
        Engine::new(PileGame::new(rules), kind, Budget::default())
    }

    #[test]
    fn the_pack_sample_is_a_second_player_win() {
        let mut nim = oracle("pack:0,0,0,0");
        assert_eq!(nim.solve(&vec![1, 1]).unwrap().outcome, Outcome::Second);
        assert_eq!(nim.solve(&vec![1, 2, 3]).unwrap().outcome, Outcome::Second);
    }

    #[test]
    fn selective_moves_are_every_non_empty_choice() {
        // Two nim heaps of 1: remove from either or both: options {0 1} and {0 0}.
        let selective = oracle("nim/selective");
        let options = selective.options(&vec![1, 1]);
        assert_eq!(options.len(), 2);
        assert!(options.contains(&vec![0, 0]) && options.contains(&vec![0, 1]));
        // Every operable plate must move under conjunctive play: only {0 0}.
        let conjunctive = oracle("nim/continued");
        assert_eq!(conjunctive.options(&vec![1, 1]).len(), 1);
    }

    #[test]
    fn split_makes_two_plates() {
        let mut split = oracle("split");
        let mut options = split.options(&vec![4]);
        options.sort();
        assert_eq!(options, vec![vec![1, 3], vec![2, 2]]);
        // Moves are fixed in number: x − 1 in all.
        assert_eq!(split.solve(&vec![5]).unwrap().value, Some(Value::Grundy(0)));
    }

    #[test]
    fn octal_moves_follow_the_digits() {
        // Dawson's Kayles, 0.07: remove two, leaving nothing, one heap or two.
        let mut dawson = oracle("octal:0.07");
        let mut options = dawson.options(&vec![5]);
        options.sort();
        assert_eq!(options, vec![vec![1, 2], vec![3]]);
        assert!(dawson.options(&vec![2, 7]).contains(&vec![0, 7]), "the heap of 2 leaves an empty plate");
        // Published values of 0.07 on single heaps, by the oracle on whole positions.
        let values: Vec<_> = (0..18).map(|n| dawson.solve(&vec![n]).unwrap().value).collect();
        let expected = [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2];
        assert_eq!(values, expected.map(|g| Some(Value::Grundy(g))));
        // Hexadecimal 0.8: remove one token and leave three non-empty heaps.
        let three = oracle("octal:0.8");
        let mut options = three.options(&vec![7]);
        options.sort();
        assert_eq!(options, vec![vec![1, 1, 4], vec![1, 2, 3], vec![2, 2, 2]]);
        assert_eq!(super::three_part_partitions(6), 3);
        // 4.07: a heap may also split without removing anything.
        let split = oracle("octal:4.07");
        assert_eq!(split.options(&vec![3]).len(), 2);
    }

    #[test]
    fn a_deep_chain_needs_no_call_stack() {
        let mut bounded = oracle("sub:1,2,3");
        let solution = bounded.solve(&vec![1_000_000]).unwrap();
        assert_eq!(solution.value, Some(Value::Grundy(0)));
    }

    #[test]
    fn a_huge_nim_heap_is_over_budget_not_a_crash() {
        let mut nim = oracle("nim");
        assert!(matches!(nim.solve(&vec![u64::MAX]), Err(crate::OracleError::MovesExceeded { .. })));
        let mut selective = oracle("nim/selective");
        assert!(matches!(selective.solve(&vec![1000; 20]), Err(crate::OracleError::MovesExceeded { .. })));
    }
}
