//! Shrinking a program's failure cheaply: the failing game of a found input tried alone, and
//! one-game candidates packed many to an input, a failing pack split in halves.

use super::subject::{Attempt, DuelInput, DuelSubject, Failure, MOST_BATCH};
use crate::problem::Contest;
use crate::shrink::{Batch, Bounded, Limits, Minimality, Shrink};

/// Most parts of shapes built to weigh the failing games of a found input (a few seconds' work).
const MOST_WEIGHED: usize = 10_000_000;

impl<P: Contest> DuelSubject<'_, P> {
    /// For a wrong answer on an input whose games answer a line each, the smallest game that is
    /// answered wrongly alone: every game of a wrong line is tried alone (packed many to an
    /// input), the smallest first, so that shrinking starts from the smallest failing game of
    /// the input, not from the first (a Fibonacci pile of 1134903170 behind one of 1836311903).
    /// Games too large to weigh all ([`MOST_WEIGHED`]) are weighed from the first wrong line on.
    pub(super) fn failing_game(
        &mut self,
        found: &DuelInput<P::Instance>,
        limits: Limits,
    ) -> Option<(DuelInput<P::Instance>, Failure)> {
        if self.kind != Some("wrong answer") || found.cases.len() < 2 {
            return None;
        }
        let (Attempt::Fail { expected, lines, .. }, _) = self.attempt(found) else { return None };
        if expected.lines().count() != found.cases.len() {
            return None;
        }
        // Each game is weighed once, in line order, until `MOST_WEIGHED` parts of shapes have been
        // built: games that share a large part (the 10^5 queries of one tokens graph of 2·10^5
        // edges) are each as large as the part, and cannot all be weighed in time.
        let mut weighed: Vec<((u64, u128), &P::Instance)> = Vec::new();
        let mut parts = 0usize;
        for game in lines.iter().filter_map(|&line| found.cases.get(line)) {
            if parts >= MOST_WEIGHED || self.out_of_time() {
                break;
            }
            let shape = game.shape();
            parts += shape.size();
            weighed.push((shape.weight(), game));
        }
        weighed.sort_by_key(|&(weight, _)| weight);
        weighed.dedup_by(|a, b| a.1 == b.1);
        weighed.truncate(MOST_BATCH);
        let games = weighed.into_iter().map(|(_, game)| game);
        let alone: Vec<DuelInput<P::Instance>> = games.map(|game| DuelInput::of(vec![game.clone()])).collect();
        let mut tried = 0;
        match self.first_failing(&alone, &mut tried, limits) {
            Batch::Fails(i, failure) => Some((alone.into_iter().nth(i)?, failure)),
            Batch::Hold | Batch::Expired => None,
        }
    }

    /// `minimality` with its count of smaller cases made a count of smaller *inputs*: the
    /// enumeration holds cases the format cannot write (a Game Pack plate of 0), which hold
    /// without a run and are no input of the contest.
    pub(super) fn inputs_only(
        &self,
        minimality: Minimality,
        case: &DuelInput<P::Instance>,
        limits: Limits,
    ) -> Minimality {
        let bound = match minimality {
            Minimality::Proven { .. } => case.magnitude(),
            Minimality::Searched { bounded: Some(Bounded { bound, .. }), .. } => bound,
            Minimality::Searched { bounded: None, .. } | Minimality::Unknown => return minimality,
        };
        let Some(smaller) = case.below(bound, limits.below) else { return minimality };
        let tried = smaller.iter().filter(|input| self.problem.write(&input.cases).is_ok()).count();
        match minimality {
            Minimality::Searched { single_tried, single_edits, .. } => {
                Minimality::Searched { single_tried, single_edits, bounded: Some(Bounded { bound, tried }) }
            }
            _ => Minimality::Proven { tried },
        }
    }

    /// The first of `cases` that fails as the failure being shrunk does, trying many at once:
    /// their games packed into one input (as many as the format allows), and a failing pack split
    /// in halves until one case is left. Each run of the program counts one try.
    pub(super) fn first_failing(
        &mut self,
        cases: &[DuelInput<P::Instance>],
        tried: &mut usize,
        limits: Limits,
    ) -> Batch<Failure> {
        let most = P::DATA.most_cases.clamp(1, MOST_BATCH);
        let mut start = 0;
        while start < cases.len() {
            // The longest run of one-game cases from `start` that fits one input. Cases of several
            // games are tried alone: a program whose answer on a game depends on the games before
            // it (state left over, a bug on the first game) is judged on each as it is.
            let mut end = start + 1;
            if cases[start].cases.len() == 1 {
                while end < cases.len() && cases[end].cases.len() == 1 && end - start < most {
                    end += 1;
                }
            }
            if end - start > 1 {
                self.packed = true;
            }
            match self.first_failing_in(cases, start..end, false, tried, limits) {
                Batch::Hold => start = end,
                found => return found,
            }
        }
        Batch::Hold
    }

    pub(super) fn first_failing_in(
        &mut self,
        cases: &[DuelInput<P::Instance>],
        range: std::ops::Range<usize>,
        fails: bool,
        tried: &mut usize,
        limits: Limits,
    ) -> Batch<Failure> {
        if limits.expired(*tried) || self.out_of_time() {
            return Batch::Expired;
        }
        if fails && range.len() > 1 {
            return self.halves(cases, range, tried, limits);
        }
        *tried += 1;
        (self.shrinking)(*tried);
        let merged = DuelInput::of(cases[range.clone()].iter().flat_map(|case| case.cases.iter().cloned()).collect());
        let attempt = self.attempt(&merged).0;
        if range.len() == 1 {
            return match attempt {
                Attempt::Pass | Attempt::Broken(_) => Batch::Hold,
                Attempt::Fail { expected, verdict, kind, .. } if self.is_the_failure(kind, &verdict) => {
                    Batch::Fails(range.start, (expected, verdict))
                }
                Attempt::Fail { verdict, .. } => {
                    // Another kind of failure: reported apart, never swapped in.
                    let input = self.problem.write(&merged.cases).unwrap_or_default();
                    self.also.get_or_insert((verdict, input));
                    Batch::Hold
                }
            };
        }
        match attempt {
            Attempt::Pass => return Batch::Hold,
            // A wrong answer in a pack whose games answer a line each points at its game: the
            // games before it were answered right. It is tried alone (a program may answer a
            // game otherwise alone); failing so, it is the first failing case.
            Attempt::Fail { expected, line: Some(line), .. }
                if self.kind == Some("wrong answer") && expected.lines().count() == range.len() =>
            {
                let at = range.start + line;
                if let found @ (Batch::Fails(..) | Batch::Expired) =
                    self.first_failing_in(cases, at..at + 1, false, tried, limits)
                {
                    return found;
                }
            }
            _ => {}
        }
        self.halves(cases, range, tried, limits)
    }

    /// The first failing case of a pack that fails (or cannot be judged whole): in its first
    /// half, else in its second, which is then known to fail whole and is split at once (each
    /// single case is still tried alone).
    pub(super) fn halves(
        &mut self,
        cases: &[DuelInput<P::Instance>],
        range: std::ops::Range<usize>,
        tried: &mut usize,
        limits: Limits,
    ) -> Batch<Failure> {
        let middle = range.start + range.len() / 2;
        match self.first_failing_in(cases, range.start..middle, false, tried, limits) {
            Batch::Hold => self.first_failing_in(cases, middle..range.end, true, tried, limits),
            found => found,
        }
    }
}
