//! Moves of a shrink beyond a case's own candidates: numbers of one value lowered together,
//! pairs whose sum may matter, and each number set alone to every smaller value.

use super::{Cases, Shrink};
use crate::shape::smaller_integers;

/// Numbers of one value lowered together, which no single-number candidate does: two equal
/// plates that must stay equal (all of a value at once, then, of a few, each pair).
pub(super) fn together<C: Shrink>(case: &C) -> Cases<'_, C> {
    let numbers = std::rc::Rc::new(case.numbers());
    let bounds = case.bounds();
    if bounds.len() != numbers.len() {
        return Box::new(std::iter::empty());
    }
    // Equal values that may be lowered: all of them together, then (of a few) each pair.
    let mut groups: std::collections::BTreeMap<u64, Vec<usize>> = std::collections::BTreeMap::new();
    for (i, &(value, low, lower)) in bounds.iter().enumerate() {
        if lower && value > low {
            groups.entry(value).or_default().push(i);
        }
    }
    // Each value's numbers with the largest of their lower bounds, the smallest value first.
    let wholes: Vec<(Vec<usize>, u64)> = groups
        .into_values()
        .filter(|members| members.len() > 1)
        .map(|members| {
            let low = members.iter().map(|&i| bounds[i].1).max().unwrap_or(0);
            (members, low)
        })
        .collect();
    let mut sets = wholes.clone();
    for (members, low) in wholes.iter().rev().filter(|(members, _)| (3..=MOST_PAIRED).contains(&members.len())) {
        for (k, &a) in members.iter().enumerate() {
            sets.extend(members[k + 1..].iter().map(|&b| (vec![a, b], *low)));
        }
    }
    let lowered = {
        let numbers = numbers.clone();
        sets.into_iter().flat_map(move |(members, low)| {
            let numbers = numbers.clone();
            let value = numbers[members[0]];
            smaller_integers(value, low).into_iter().filter_map(move |smaller| {
                let mut changed = (*numbers).clone();
                members.iter().for_each(|&i| changed[i] = smaller);
                case.with_numbers(&changed)
            })
        })
    };
    Box::new(lowered)
}

/// Pairs of numbers (near ones, or all of a few numbers) whose sum may matter: the first
/// lowered, the second raised as much. The sum stays: each is smaller only in that its numbers
/// read lower, and is kept only when shrinking goes on from it to a lighter case.
pub(super) fn redistributed<C: Shrink>(case: &C) -> Cases<'_, C> {
    let numbers = std::rc::Rc::new(case.numbers());
    let bounds = case.bounds();
    if bounds.len() != numbers.len() {
        return Box::new(std::iter::empty());
    }
    let n = numbers.len();
    let reach = if n <= MOST_PAIRED * 2 { n } else { 3 };
    let movable: Vec<bool> = bounds.iter().map(|b| b.2).collect();
    let moved = (0..n).flat_map(move |i| (i + 1..n.min(i + 1 + reach)).map(move |j| (i, j))).flat_map(move |(i, j)| {
        let numbers = numbers.clone();
        let (low, ok) = (bounds[i].1, movable[i] && movable[j]);
        smaller_integers(numbers[i], low).into_iter().filter(move |_| ok).filter_map(move |smaller| {
            let mut changed = (*numbers).clone();
            let raised = changed[j].checked_add(changed[i] - smaller)?;
            (changed[i], changed[j]) = (smaller, raised);
            let candidate = case.with_numbers(&changed)?;
            // Same sum: kept only when the numbers read lower, so that the search cannot cycle.
            (candidate.numbers() < *numbers).then_some(candidate)
        })
    });
    Box::new(moved)
}

/// Equal numbers of a value, up to this many, are also lowered in pairs; numbers up to twice as
/// many are moved in every pair, more only in near ones.
const MOST_PAIRED: usize = 8;

/// How many single lowerings are among a case's candidates: each number lowered alone to each
/// value of [`smaller_integers`].
pub(super) fn lowerings_among_candidates<C: Shrink>(case: &C) -> u64 {
    case.bounds().iter().filter(|b| b.2).map(|&(value, low, _)| smaller_integers(value, low).len() as u64).sum()
}

/// Each number of `case` set alone to each smaller value not among its candidates
/// ([`smaller_integers`]), the smallest first.
pub(super) fn every_lowering<C: Shrink>(case: &C) -> Cases<'_, C> {
    let numbers = std::rc::Rc::new(case.numbers());
    let bounds = case.bounds();
    let lows: Vec<u64> = bounds.iter().map(|b| b.1).collect();
    Box::new((0..bounds.len()).filter(move |&i| bounds[i].2).flat_map(move |i| {
        let numbers = numbers.clone();
        let (value, low) = (numbers[i], lows[i]);
        let known: std::collections::HashSet<u64> = smaller_integers(value, low).into_iter().collect();
        (low..value).filter(move |v| !known.contains(v)).filter_map(move |v| {
            let mut changed = (*numbers).clone();
            changed[i] = v;
            case.with_numbers(&changed)
        })
    }))
}
