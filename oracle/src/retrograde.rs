//! Retrograde analysis: who wins each position of a finite game graph that may have cycles.
//!
//! Definitions, on the graph of whole positions (no theory): a position with no option is lost
//! by the player to move under normal play (won under misère play); a position with an option
//! lost for the player who moves there is won; a position all of whose options are won (for the
//! player who moves there) is lost; a position never decided so is a **draw**.
//!
//! The analysis works backwards from the positions with no option: each position keeps a count
//! of its options not yet known to be won. When a position is decided lost, every predecessor
//! is won; when it is decided won, every predecessor's count drops by one, and a predecessor
//! whose count reaches zero is lost. Each edge is looked at once, so the work is
//! `O(positions + moves)`.
//!
//! Why it is right. Every decision follows the definition from options decided before, so by
//! induction on the order of decisions every decided position is right. A position left
//! undecided has no lost option (it would have been decided won) and some option not decided
//! (its count never reached zero, and no option is lost): from it the player to move can always
//! move to an undecided position, and from there the opponent cannot move to a position lost
//! for the mover either; so neither player can force the play to a decided position that is
//! lost for the other: with both playing well, play never ends — a draw.
//!
//! Memory: four bytes a position (its count, with the outcome in the top bits) and four for the
//! queue of decided positions, besides the graph.

use std::time::Instant;

use grundy_rules::{LoopyOutcome, Play};

use crate::engine::OracleError;

/// A finite game graph whose positions are numbered `0..len()`, as retrograde analysis reads
/// it: how many distinct options each position has, and who can move to it.
pub trait Numbered {
    /// How many positions.
    fn len(&self) -> usize;

    /// Whether there is no position.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many distinct options `position` has.
    fn option_count(&self, position: usize) -> u32;

    /// Calls `visit` on each position that has `position` as an option, once per such position.
    fn predecessors(&self, position: usize, visit: impl FnMut(usize));
}

/// Outcome bits of a cell: undecided (a draw, once the analysis is over), won, lost.
const STATE: u32 = 3 << 30;
const WON: u32 = 1 << 30;
const LOST: u32 = 2 << 30;

/// Most options of one position the analysis counts.
pub const MOST_OPTIONS: u32 = (1 << 30) - 1;

/// The outcome of every position of a graph.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcomes {
    cells: Vec<u32>,
}

impl Outcomes {
    /// Who wins `position`.
    pub fn outcome(&self, position: usize) -> LoopyOutcome {
        match self.cells[position] & STATE {
            WON => LoopyOutcome::First,
            LOST => LoopyOutcome::Second,
            _ => LoopyOutcome::Draw,
        }
    }

    /// How many positions.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether there is no position.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        self.cells.capacity() * 4
    }
}

/// Decides every position of `graph` under `play`, within `max_bytes` of memory (its own) and
/// by `deadline`.
pub fn analyse(
    graph: &impl Numbered,
    play: Play,
    max_bytes: usize,
    deadline: Option<Instant>,
) -> Result<Outcomes, OracleError> {
    let len = graph.len();
    if len > u32::MAX as usize {
        return Err(OracleError::Beyond(format!(
            "retrograde analysis numbers positions in 32 bits; this graph has {len}"
        )));
    }
    let exceeded = OracleError::MemoryExceeded { max_bytes };
    if len.saturating_mul(8) > max_bytes {
        return Err(exceeded);
    }
    let mut cells: Vec<u32> = Vec::new();
    cells.try_reserve_exact(len).map_err(|_| exceeded.clone())?;
    // The queue of decided positions, in the order they were decided: each is decided once.
    let mut queue: Vec<u32> = Vec::new();
    queue.try_reserve_exact(len).map_err(|_| exceeded)?;
    let terminal = match play {
        Play::Normal => LOST,
        Play::Misere => WON,
    };
    for position in 0..len {
        let count = graph.option_count(position);
        if count > MOST_OPTIONS {
            return Err(OracleError::Beyond(format!("a position has {count} options, more than {MOST_OPTIONS}")));
        }
        if count == 0 {
            cells.push(terminal);
            queue.push(position as u32);
        } else {
            cells.push(count);
        }
    }
    let mut next = 0;
    while next < queue.len() {
        if next % 65_536 == 0 && deadline.is_some_and(|deadline| Instant::now() >= deadline) {
            return Err(OracleError::TimeExceeded);
        }
        let position = queue[next] as usize;
        next += 1;
        let lost = cells[position] & STATE == LOST;
        graph.predecessors(position, |before| {
            let cell = &mut cells[before];
            if *cell & STATE != 0 {
                return;
            }
            if lost {
                *cell = WON;
                queue.push(before as u32);
            } else {
                *cell -= 1;
                if *cell == 0 {
                    *cell = LOST;
                    queue.push(before as u32);
                }
            }
        });
    }
    Ok(Outcomes { cells })
}

/// An explicit graph in compressed rows: each position's distinct options, and who can move to
/// it. Repeated edges are one move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StateGraph {
    /// `options[option_start[v]..option_start[v + 1]]`: the options of `v`, sorted.
    option_start: Vec<u32>,
    options: Vec<u32>,
    /// `predecessors[predecessor_start[v]..predecessor_start[v + 1]]`: who can move to `v`.
    predecessor_start: Vec<u32>,
    predecessors: Vec<u32>,
}

impl StateGraph {
    /// The graph on `0..vertices` with these moves `(from, to)`. At most `u32::MAX` vertices and
    /// moves.
    pub fn new(vertices: usize, edges: &[(usize, usize)]) -> Result<StateGraph, OracleError> {
        if vertices >= u32::MAX as usize || edges.len() >= u32::MAX as usize {
            return Err(OracleError::Beyond(format!(
                "explicit graphs are numbered in 32 bits; this one has {vertices} vertices and {} edges",
                edges.len()
            )));
        }
        // Rows by a counting sort on the source, then each row sorted and repeated moves dropped.
        let (option_start, mut options) = rows(vertices, edges.iter().map(|&(u, v)| (u, v as u32)));
        let mut kept = 0usize;
        let mut start = vec![0u32; vertices + 1];
        for v in 0..vertices {
            let row = &mut options[option_start[v] as usize..option_start[v + 1] as usize];
            row.sort_unstable();
            let mut last = None;
            let from = option_start[v] as usize;
            for i in 0..option_start[v + 1] as usize - from {
                let option = options[from + i];
                if last != Some(option) {
                    options[kept] = option;
                    kept += 1;
                    last = Some(option);
                }
            }
            start[v + 1] = kept as u32;
        }
        options.truncate(kept);
        options.shrink_to_fit();
        let option_start = start;
        let moves = (0..vertices).flat_map(|u| {
            options[option_start[u] as usize..option_start[u + 1] as usize].iter().map(move |&v| (v as usize, u as u32))
        });
        let (predecessor_start, predecessors) = rows(vertices, moves);
        Ok(StateGraph { option_start, options, predecessor_start, predecessors })
    }

    /// The distinct options of `position`.
    pub fn options(&self, position: usize) -> &[u32] {
        &self.options[self.option_start[position] as usize..self.option_start[position + 1] as usize]
    }

    /// Who can move to `position`.
    pub fn predecessors_of(&self, position: usize) -> &[u32] {
        &self.predecessors[self.predecessor_start[position] as usize..self.predecessor_start[position + 1] as usize]
    }

    /// Distinct moves.
    pub fn moves(&self) -> usize {
        self.options.len()
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        (self.option_start.capacity()
            + self.options.capacity()
            + self.predecessor_start.capacity()
            + self.predecessors.capacity())
            * 4
    }
}

/// Compressed rows of `(row, item)` pairs over rows `0..count`, by a counting sort.
fn rows(count: usize, pairs: impl Iterator<Item = (usize, u32)> + Clone) -> (Vec<u32>, Vec<u32>) {
    let mut start = vec![0u32; count + 1];
    for (row, _) in pairs.clone() {
        start[row + 1] += 1;
    }
    for v in 0..count {
        start[v + 1] += start[v];
    }
    let mut fill = start.clone();
    let mut items = vec![0u32; start[count] as usize];
    for (row, item) in pairs {
        items[fill[row] as usize] = item;
        fill[row] += 1;
    }
    (start, items)
}

impl Numbered for StateGraph {
    fn len(&self) -> usize {
        self.option_start.len() - 1
    }

    fn option_count(&self, position: usize) -> u32 {
        self.option_start[position + 1] - self.option_start[position]
    }

    fn predecessors(&self, position: usize, mut visit: impl FnMut(usize)) {
        for &before in self.predecessors_of(position) {
            visit(before as usize);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Who wins, by the definition iterated to a fixed point (no queue, no counts).
    fn by_fixed_point(vertices: usize, edges: &[(usize, usize)], play: Play) -> Vec<LoopyOutcome> {
        let mut outcome = vec![None; vertices];
        loop {
            let mut changed = false;
            for v in 0..vertices {
                if outcome[v].is_some() {
                    continue;
                }
                let options: Vec<usize> = edges.iter().filter(|e| e.0 == v).map(|e| e.1).collect();
                let decided = if options.is_empty() {
                    Some(if play == Play::Normal { LoopyOutcome::Second } else { LoopyOutcome::First })
                } else if options.iter().any(|&o| outcome[o] == Some(LoopyOutcome::Second)) {
                    Some(LoopyOutcome::First)
                } else if options.iter().all(|&o| outcome[o] == Some(LoopyOutcome::First)) {
                    Some(LoopyOutcome::Second)
                } else {
                    None
                };
                if decided.is_some() {
                    outcome[v] = decided;
                    changed = true;
                }
            }
            if !changed {
                return outcome.into_iter().map(|o| o.unwrap_or(LoopyOutcome::Draw)).collect();
            }
        }
    }

    #[test]
    fn a_cycle_with_an_exit_is_decided_and_a_bare_cycle_is_drawn() {
        // 0 ⇄ 1, 1 → 2 (no option): 2 is lost, 1 won, 0 has only 1: lost. 3 ⇄ 4: drawn. 5 → 5 and
        // 5 → 2: won.
        let edges = [(0, 1), (1, 0), (1, 2), (3, 4), (4, 3), (5, 5), (5, 2), (5, 2)];
        let graph = StateGraph::new(6, &edges).unwrap();
        assert_eq!(graph.options(5), &[2, 5], "repeated moves are one");
        let outcomes = analyse(&graph, Play::Normal, 1 << 20, None).unwrap();
        let got: Vec<_> = (0..6).map(|v| outcomes.outcome(v)).collect();
        use LoopyOutcome::*;
        assert_eq!(got, [Second, First, Second, Draw, Draw, First]);
        let misere = analyse(&graph, Play::Misere, 1 << 20, None).unwrap();
        // Misère: 2 is won; 1 may move there only to lose, or to 0 and round again: drawn.
        assert_eq!((0..6).map(|v| misere.outcome(v)).collect::<Vec<_>>(), [Draw, Draw, First, Draw, Draw, Draw]);
    }

    #[test]
    fn retrograde_analysis_agrees_with_the_definition_on_random_graphs() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = |bound: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % bound
        };
        for _ in 0..2000 {
            let vertices = 1 + next(12) as usize;
            let edges: Vec<(usize, usize)> = (0..next(3 * vertices as u64 + 1))
                .map(|_| (next(vertices as u64) as usize, next(vertices as u64) as usize))
                .collect();
            let graph = StateGraph::new(vertices, &edges).unwrap();
            for play in [Play::Normal, Play::Misere] {
                let outcomes = analyse(&graph, play, 1 << 20, None).unwrap();
                let got: Vec<_> = (0..vertices).map(|v| outcomes.outcome(v)).collect();
                assert_eq!(got, by_fixed_point(vertices, &edges, play), "{edges:?} {play:?}");
            }
        }
    }

    #[test]
    fn memory_and_time_budgets_stop_the_analysis() {
        let graph = StateGraph::new(1000, &[(0, 1)]).unwrap();
        assert!(matches!(analyse(&graph, Play::Normal, 4000, None), Err(OracleError::MemoryExceeded { .. })));
        let past = Instant::now() - std::time::Duration::from_secs(1);
        assert_eq!(analyse(&graph, Play::Normal, 1 << 20, Some(past)), Err(OracleError::TimeExceeded));
    }
}
