//! The generic engine: explicit position graph, memoized, iterative, budgeted.
//!
//! Definitions used (each on the whole-position graph; a position is *over* when it has no
//! option; `P` ranges over options):
//!
//! * outcome: an over position is won by the player to move under misère play and lost under
//!   normal play; otherwise the player to move wins iff some option is won by the player to
//!   move there (i.e. is a second-player win);
//! * Grundy value: over → 0 (normal) or 1 (misère); otherwise `mex { g(P) }`;
//! * remoteness (Smith; misère variant as in the Game Pack editorial): over → 0; normal play:
//!   `1 + min` of the even remotenesses among the options if there is one, else `1 + max` of the
//!   odd ones; misère play: the same with "even" and "odd" exchanged;
//! * suspense: over → 0; normal play: `1 + max` of the even suspenses among the options if there
//!   is one, else `1 + min` of the odd ones; misère play: "even" and "odd" exchanged;
//! * foreclosed Grundy value: over → `Ended`; normal play: if some option is `Ended` then
//!   `Imminent`, else the mex of the options' values that are neither `Ended` nor `Imminent`;
//!   misère play: the mex of the options' values that are not `Ended`.
//!
//! Cost: every reachable position is generated once and every move once; time is linear in the
//! number of moves generated, memory is one interned position plus a few words per position and
//! one `u32` per move (see [`Stats`]).

use std::fmt;
use std::hash::{BuildHasher, Hash};
use std::ops::ControlFlow;

use grundy_rules::{Foreclosed, Outcome, Play, Solution, Value, ValueKind};
use hashbrown::{DefaultHashBuilder, HashTable};

/// A game as the engine sees it: positions and the options of each.
pub trait Game {
    /// A position in canonical form: two positions that are the same game state must be equal.
    type Position: Clone + Eq + Hash;

    /// The play convention: who wins at a position that is over.
    fn play(&self) -> Play;

    /// Sends every option of `position` to `sink` (duplicates allowed). A position with no
    /// option is over. Stop and return `Break` as soon as the sink returns `Break`.
    fn options(&self, position: &Self::Position, sink: &mut dyn OptionSink<Self::Position>) -> ControlFlow<()>;

    /// A one-line text for a position, for reports and graph labels.
    fn describe(&self, position: &Self::Position) -> String;

    /// Heap bytes held by one position, for memory statistics.
    fn heap_bytes(&self, _position: &Self::Position) -> usize {
        0
    }
}

/// Where a [`Game`] sends the options it generates.
pub trait OptionSink<P> {
    /// One option. `Break` means: stop generating.
    fn option(&mut self, option: &P) -> ControlFlow<()>;

    /// Announces that up to `count` options are about to be generated, so that a search over
    /// budget stops before the work rather than after it. `Break` means: stop generating.
    fn expect(&mut self, count: u128) -> ControlFlow<()>;
}

/// Limits on one engine's work. Beyond either, the engine stops with an [`OracleError`] naming it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Most distinct positions kept.
    pub max_states: usize,
    /// Most moves generated, over all positions.
    pub max_moves: usize,
}

impl Default for Budget {
    /// 20 million positions and 100 million moves: a few GiB at most on pile games.
    fn default() -> Self {
        Budget { max_states: 20_000_000, max_moves: 100_000_000 }
    }
}

/// Why the oracle could not answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OracleError {
    /// More distinct positions than [`Budget::max_states`].
    #[error("the oracle's state budget ({max_states} positions, --max-states) was exceeded")]
    StatesExceeded {
        /// The budget.
        max_states: usize,
    },
    /// More moves than [`Budget::max_moves`].
    #[error("the oracle's move budget ({max_moves} moves, --max-moves) was exceeded")]
    MovesExceeded {
        /// The budget.
        max_moves: usize,
    },
    /// This game lies beyond what the oracle can play (say, geography on more than 64 vertices).
    #[error("the oracle cannot play this: {0}")]
    Beyond(String),
    /// A position can be reached again from itself.
    #[error("the game is loopy: the position {position} can be reached again from itself (cycle of {length} moves)")]
    Loopy {
        /// A position on the cycle.
        position: String,
        /// The number of moves on the cycle found.
        length: usize,
    },
}

/// Size of the explored graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stats {
    /// Distinct positions interned.
    pub positions: usize,
    /// Moves kept (distinct options per position, summed).
    pub moves: usize,
    /// Moves generated before removing duplicates.
    pub generated: usize,
    /// Bytes held by the engine, approximately.
    pub bytes: usize,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum State {
    /// Interned; options not generated yet.
    New,
    /// Options generated; values not known; not on the search stack.
    Expanded,
    /// On the search stack.
    Open,
    /// Values known.
    Done,
}

/// Value slots: a value is stored as `u32`; the foreclosed markers use the top of the range.
const ENDED: u32 = u32::MAX;
const IMMINENT: u32 = u32::MAX - 1;

/// The generic solver: memoized exhaustive search over one [`Game`].
///
/// Solutions are kept across calls to [`Engine::solve`], so solving many positions of one game
/// costs no more than solving the union of their graphs once.
pub struct Engine<G: Game> {
    game: G,
    kind: ValueKind,
    budget: Budget,
    hasher: DefaultHashBuilder,
    index: HashTable<u32>,
    positions: Vec<G::Position>,
    state: Vec<State>,
    first_edge: Vec<u32>,
    edge_count: Vec<u32>,
    edges: Vec<u32>,
    first_wins: Vec<bool>,
    value: Vec<u32>,
    generated: usize,
    heap: usize,
    scratch: Vec<u32>,
    seen: Vec<bool>,
}

impl<G: Game> fmt::Debug for Engine<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Engine").field("kind", &self.kind).field("stats", &self.stats()).finish()
    }
}

impl<G: Game> Engine<G> {
    /// An engine for `game` computing the outcome and values of `kind`, within `budget`.
    pub fn new(game: G, kind: ValueKind, budget: Budget) -> Self {
        Engine {
            game,
            kind,
            budget: Budget { max_states: budget.max_states.min(IMMINENT as usize - 1), ..budget },
            hasher: DefaultHashBuilder::default(),
            index: HashTable::new(),
            positions: Vec::new(),
            state: Vec::new(),
            first_edge: Vec::new(),
            edge_count: Vec::new(),
            edges: Vec::new(),
            first_wins: Vec::new(),
            value: Vec::new(),
            generated: 0,
            heap: 0,
            scratch: Vec::new(),
            seen: Vec::new(),
        }
    }

    /// The game being solved.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The value kind computed.
    pub fn kind(&self) -> ValueKind {
        self.kind
    }

    /// Solves `root` and every position reachable from it.
    pub fn solve(&mut self, root: &G::Position) -> Result<Solution, OracleError> {
        let id = self.solve_id(root)?;
        Ok(self.solution(id))
    }

    /// Solves `root`; returns its id in the graph.
    pub fn solve_id(&mut self, root: &G::Position) -> Result<u32, OracleError> {
        let root = self.intern(root)?;
        if self.state[root as usize] != State::Done {
            if let Err(error) = self.search(root) {
                for state in &mut self.state {
                    if *state == State::Open {
                        *state = State::Expanded;
                    }
                }
                return Err(error);
            }
        }
        Ok(root)
    }

    /// The solution of a solved position.
    pub fn solution(&self, id: u32) -> Solution {
        let id = id as usize;
        debug_assert_eq!(self.state[id], State::Done);
        let raw = self.value[id];
        let value = match self.kind {
            ValueKind::Grundy => Some(Value::Grundy(raw.into())),
            ValueKind::Remoteness => Some(Value::Remoteness(raw.into())),
            ValueKind::Suspense => Some(Value::Suspense(raw.into())),
            ValueKind::Foreclosed => Some(Value::Foreclosed(match raw {
                ENDED => Foreclosed::Ended,
                IMMINENT => Foreclosed::Imminent,
                g => Foreclosed::Grundy(g.into()),
            })),
            ValueKind::OutcomeOnly => None,
        };
        Solution { outcome: Outcome::from_first_wins(self.first_wins[id]), value }
    }

    /// The position with this id.
    pub fn position(&self, id: u32) -> &G::Position {
        &self.positions[id as usize]
    }

    /// The ids of the distinct options of a solved (or expanded) position.
    pub fn options(&self, id: u32) -> &[u32] {
        let start = self.first_edge[id as usize] as usize;
        &self.edges[start..start + self.edge_count[id as usize] as usize]
    }

    /// A move that wins: an option that is a second-player win, when the position is a
    /// first-player win.
    pub fn winning_option(&self, id: u32) -> Option<u32> {
        self.options(id).iter().copied().find(|&child| !self.first_wins[child as usize])
    }

    /// Size of the graph explored so far.
    pub fn stats(&self) -> Stats {
        let per_position = std::mem::size_of::<G::Position>()
            + std::mem::size_of::<State>()
            + 3 * std::mem::size_of::<u32>()
            + std::mem::size_of::<bool>();
        let bytes = self.positions.capacity() * per_position
            + self.index.capacity() * (std::mem::size_of::<u32>() + 1)
            + self.edges.capacity() * std::mem::size_of::<u32>()
            + self.heap;
        Stats { positions: self.positions.len(), moves: self.edges.len(), generated: self.generated, bytes }
    }

    /// The part of the graph reachable from a solved position, as a petgraph graph whose nodes
    /// are labelled with the position, its outcome and value. Export it with
    /// `petgraph::dot::Dot`.
    pub fn graph(&self, root: u32) -> petgraph::Graph<String, ()> {
        let mut graph = petgraph::Graph::new();
        let mut node_of = hashbrown::HashMap::new();
        let label = |id: u32| {
            let solution = self.solution(id);
            let outcome = match solution.outcome {
                Outcome::First => "N",
                Outcome::Second => "P",
            };
            match solution.value {
                Some(value) => format!("{} [{outcome}, {value}]", self.game.describe(self.position(id))),
                None => format!("{} [{outcome}]", self.game.describe(self.position(id))),
            }
        };
        node_of.insert(root, graph.add_node(label(root)));
        let mut queue = std::collections::VecDeque::from([root]);
        while let Some(id) = queue.pop_front() {
            for &child in self.options(id) {
                let child_node = *node_of.entry(child).or_insert_with(|| {
                    queue.push_back(child);
                    graph.add_node(label(child))
                });
                graph.add_edge(node_of[&id], child_node, ());
            }
        }
        graph
    }

    fn intern(&mut self, position: &G::Position) -> Result<u32, OracleError> {
        intern(
            &mut Interner {
                hasher: &self.hasher,
                index: &mut self.index,
                positions: &mut self.positions,
                heap: &mut self.heap,
            },
            &self.game,
            self.budget.max_states,
            position,
        )
        .inspect(|&id| self.grow(id))
    }

    fn grow(&mut self, id: u32) {
        let n = id as usize + 1;
        if self.state.len() < n {
            self.state.resize(n, State::New);
            self.first_edge.resize(n, 0);
            self.edge_count.resize(n, 0);
            self.first_wins.resize(n, false);
            self.value.resize(n, 0);
        }
    }

    /// Depth-first search from `root` with an explicit stack; values in post-order.
    fn search(&mut self, root: u32) -> Result<(), OracleError> {
        let mut stack: Vec<(u32, u32)> = Vec::new();
        self.open(root, &mut stack)?;
        while let Some(&mut (id, ref mut next)) = stack.last_mut() {
            if *next < self.edge_count[id as usize] {
                let child = self.edges[(self.first_edge[id as usize] + *next) as usize];
                *next += 1;
                match self.state[child as usize] {
                    State::Done => {}
                    State::Open => {
                        let length = stack.len() - stack.iter().position(|&(node, _)| node == child).unwrap_or(0);
                        return Err(OracleError::Loopy { position: self.game.describe(self.position(child)), length });
                    }
                    State::New | State::Expanded => self.open(child, &mut stack)?,
                }
            } else {
                stack.pop();
                self.finish(id);
            }
        }
        Ok(())
    }

    fn open(&mut self, id: u32, stack: &mut Vec<(u32, u32)>) -> Result<(), OracleError> {
        if self.state[id as usize] == State::New {
            self.expand(id)?;
        }
        self.state[id as usize] = State::Open;
        stack.push((id, 0));
        Ok(())
    }

    /// Generates the options of `id` and records them as its edges.
    fn expand(&mut self, id: u32) -> Result<(), OracleError> {
        let position = self.positions[id as usize].clone();
        let mut sink = EngineSink {
            interner: Interner {
                hasher: &self.hasher,
                index: &mut self.index,
                positions: &mut self.positions,
                heap: &mut self.heap,
            },
            game: &self.game,
            budget: self.budget,
            moves_so_far: self.generated,
            children: std::mem::take(&mut self.scratch),
            error: None,
        };
        let _ = self.game.options(&position, &mut sink);
        let EngineSink { mut children, error, moves_so_far, .. } = sink;
        self.generated = moves_so_far;
        if let Some(last) = self.positions.len().checked_sub(1) {
            self.grow(last as u32);
        }
        if let Some(error) = error {
            self.scratch = children;
            return Err(error);
        }
        children.sort_unstable();
        children.dedup();
        self.first_edge[id as usize] = self.edges.len() as u32;
        self.edge_count[id as usize] = children.len() as u32;
        self.edges.extend_from_slice(&children);
        children.clear();
        self.scratch = children;
        self.state[id as usize] = State::Expanded;
        Ok(())
    }

    /// Computes the outcome and value of `id` from its options' (all `Done`).
    fn finish(&mut self, id: u32) {
        let i = id as usize;
        let start = self.first_edge[i] as usize;
        let children = &self.edges[start..start + self.edge_count[i] as usize];
        let misere = self.game.play() == Play::Misere;
        let values = children.iter().map(|&child| self.value[child as usize]);
        self.first_wins[i] =
            if children.is_empty() { misere } else { children.iter().any(|&child| !self.first_wins[child as usize]) };
        self.value[i] = match self.kind {
            ValueKind::OutcomeOnly => 0,
            ValueKind::Grundy if children.is_empty() => u32::from(misere),
            ValueKind::Grundy => mex(values, &mut self.seen),
            ValueKind::Remoteness => {
                // Normal play prefers even options (where the opponent loses), misère odd ones.
                let wanted = u32::from(misere);
                parity_extremes(values, wanted, |best, v| v < best, |best, v| v > best)
            }
            ValueKind::Suspense => {
                let wanted = u32::from(misere);
                parity_extremes(values, wanted, |best, v| v > best, |best, v| v < best)
            }
            ValueKind::Foreclosed if children.is_empty() => ENDED,
            ValueKind::Foreclosed => {
                if !misere && children.iter().any(|&child| self.value[child as usize] == ENDED) {
                    IMMINENT
                } else {
                    mex(values.filter(|&v| v != ENDED && v != IMMINENT), &mut self.seen)
                }
            }
        };
        self.state[i] = State::Done;
    }
}

/// Smallest non-negative integer not among `values`.
fn mex(values: impl Iterator<Item = u32> + Clone, seen: &mut Vec<bool>) -> u32 {
    let bound = values.clone().count() + 1;
    seen.clear();
    seen.resize(bound, false);
    for v in values {
        if (v as usize) < bound {
            seen[v as usize] = true;
        }
    }
    seen.iter().position(|&present| !present).unwrap_or(bound) as u32
}

/// `1 + ` the best option of parity `wanted` by `prefer_wanted`, else `1 + ` the best of the
/// other parity by `prefer_other`; 0 when there is no option.
fn parity_extremes(
    values: impl Iterator<Item = u32>,
    wanted: u32,
    prefer_wanted: impl Fn(u32, u32) -> bool,
    prefer_other: impl Fn(u32, u32) -> bool,
) -> u32 {
    let mut best_wanted: Option<u32> = None;
    let mut best_other: Option<u32> = None;
    for v in values {
        let (best, prefer): (&mut Option<u32>, &dyn Fn(u32, u32) -> bool) =
            if v % 2 == wanted { (&mut best_wanted, &prefer_wanted) } else { (&mut best_other, &prefer_other) };
        if best.is_none_or(|b| prefer(b, v)) {
            *best = Some(v);
        }
    }
    match best_wanted.or(best_other) {
        Some(v) => v + 1,
        None => 0,
    }
}

struct Interner<'a, P> {
    hasher: &'a DefaultHashBuilder,
    index: &'a mut HashTable<u32>,
    positions: &'a mut Vec<P>,
    heap: &'a mut usize,
}

fn intern<G: Game>(
    interner: &mut Interner<'_, G::Position>,
    game: &G,
    max_states: usize,
    position: &G::Position,
) -> Result<u32, OracleError> {
    let hash = interner.hasher.hash_one(position);
    let positions = &*interner.positions;
    if let Some(&id) = interner.index.find(hash, |&id| positions[id as usize] == *position) {
        return Ok(id);
    }
    if interner.positions.len() >= max_states {
        return Err(OracleError::StatesExceeded { max_states });
    }
    let id = interner.positions.len() as u32;
    *interner.heap += game.heap_bytes(position);
    interner.positions.push(position.clone());
    let positions = &*interner.positions;
    let hasher = interner.hasher;
    interner.index.insert_unique(hash, id, |&id| hasher.hash_one(&positions[id as usize]));
    Ok(id)
}

struct EngineSink<'a, G: Game> {
    interner: Interner<'a, G::Position>,
    game: &'a G,
    budget: Budget,
    moves_so_far: usize,
    children: Vec<u32>,
    error: Option<OracleError>,
}

impl<G: Game> OptionSink<G::Position> for EngineSink<'_, G> {
    fn option(&mut self, option: &G::Position) -> ControlFlow<()> {
        if self.moves_so_far >= self.budget.max_moves {
            self.error = Some(OracleError::MovesExceeded { max_moves: self.budget.max_moves });
            return ControlFlow::Break(());
        }
        self.moves_so_far += 1;
        match intern(&mut self.interner, self.game, self.budget.max_states, option) {
            Ok(id) => {
                self.children.push(id);
                ControlFlow::Continue(())
            }
            Err(error) => {
                self.error = Some(error);
                ControlFlow::Break(())
            }
        }
    }

    fn expect(&mut self, count: u128) -> ControlFlow<()> {
        if (self.moves_so_far as u128).saturating_add(count) > self.budget.max_moves as u128 {
            self.error = Some(OracleError::MovesExceeded { max_moves: self.budget.max_moves });
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Nim on one heap, directly: the options of `n` are `0..n`.
    struct OneHeap(Play);

    impl Game for OneHeap {
        type Position = u64;
        fn play(&self) -> Play {
            self.0
        }
        fn options(&self, position: &u64, sink: &mut dyn OptionSink<u64>) -> ControlFlow<()> {
            sink.expect(u128::from(*position))?;
            for option in 0..*position {
                sink.option(&option)?;
            }
            ControlFlow::Continue(())
        }
        fn describe(&self, position: &u64) -> String {
            position.to_string()
        }
    }

    /// A two-cycle, to test loop detection.
    struct Loop;

    impl Game for Loop {
        type Position = bool;
        fn play(&self) -> Play {
            Play::Normal
        }
        fn options(&self, position: &bool, sink: &mut dyn OptionSink<bool>) -> ControlFlow<()> {
            sink.option(&!position)
        }
        fn describe(&self, position: &bool) -> String {
            position.to_string()
        }
    }

    #[test]
    fn one_heap_values_follow_the_definitions() {
        let mut engine = Engine::new(OneHeap(Play::Normal), ValueKind::Grundy, Budget::default());
        assert_eq!(engine.solve(&7).unwrap().value, Some(Value::Grundy(7)));
        let mut misere = Engine::new(OneHeap(Play::Misere), ValueKind::Grundy, Budget::default());
        assert_eq!(misere.solve(&0).unwrap().value, Some(Value::Grundy(1)));
        assert_eq!(misere.solve(&1).unwrap().value, Some(Value::Grundy(0)));
        assert_eq!(misere.solve(&5).unwrap().value, Some(Value::Grundy(5)));
        let mut remoteness = Engine::new(OneHeap(Play::Normal), ValueKind::Remoteness, Budget::default());
        assert_eq!(remoteness.solve(&5).unwrap().value, Some(Value::Remoteness(1)));
        let mut foreclosed = Engine::new(OneHeap(Play::Normal), ValueKind::Foreclosed, Budget::default());
        assert_eq!(foreclosed.solve(&0).unwrap().value, Some(Value::Foreclosed(Foreclosed::Ended)));
        assert_eq!(foreclosed.solve(&3).unwrap().value, Some(Value::Foreclosed(Foreclosed::Imminent)));
    }

    #[test]
    fn budgets_stop_cleanly() {
        let budget = Budget { max_states: 10, max_moves: 1000 };
        let mut engine = Engine::new(OneHeap(Play::Normal), ValueKind::Grundy, budget);
        assert_eq!(engine.solve(&20), Err(OracleError::StatesExceeded { max_states: 10 }));
        let budget = Budget { max_states: 1000, max_moves: 30 };
        let mut engine = Engine::new(OneHeap(Play::Normal), ValueKind::Grundy, budget);
        assert_eq!(engine.solve(&20), Err(OracleError::MovesExceeded { max_moves: 30 }));
        // The engine stays usable after a failure.
        assert_eq!(engine.solve(&3).unwrap().value, Some(Value::Grundy(3)));
    }

    #[test]
    fn cycles_are_reported_as_loopy() {
        let mut engine = Engine::new(Loop, ValueKind::OutcomeOnly, Budget::default());
        match engine.solve(&true) {
            Err(OracleError::Loopy { length, .. }) => assert_eq!(length, 2),
            other => panic!("expected a loop, got {other:?}"),
        }
    }
}
