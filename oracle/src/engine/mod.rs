//! The generic engine: memoized exhaustive search over whole positions, iterative, budgeted.
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
//! When only the outcome is asked for, a position is decided by its first option that is a
//! second-player win: the rest are not searched.
//!
//! * `store`: how the solved positions are kept, a word each, within the memory budget.
//! * `budget`: the limits on the work, and the errors that name the one exceeded.
//! * `crate::value`: the mex and the parity rule, and the raw number a value is kept as.

mod budget;
mod store;

use std::collections::HashMap;
use std::fmt;
use std::ops::ControlFlow;

use grundy_rules::{Outcome, Play, Solution, ValueKind};

pub use self::budget::{Budget, OracleError, Stats, default_memory, human_bytes};
use self::store::{DONE, FIRST, KEY_BITS, OPEN, Store, VALUE_LARGE, hash_words, intern, key_of, reserve, value_field};
use crate::key::Pack;
use crate::value::{ENDED, IMMINENT, mex, parity_extremes};

/// A game as the engine sees it: positions and the options of each.
pub trait Game {
    /// A position in canonical form: two positions that are the same game state pack alike.
    type Position: Clone + Default + Pack;

    /// The play convention: who wins at a position that is over.
    fn play(&self) -> Play;

    /// Sends every option of `position` to `sink` (duplicates allowed). A position with no
    /// option is over. Stop and return `Break` as soon as the sink returns `Break`.
    fn options(&self, position: &Self::Position, sink: &mut dyn OptionSink<Self::Position>) -> ControlFlow<()>;

    /// A one-line text for a position, for reports and graph labels.
    fn describe(&self, position: &Self::Position) -> String;

    /// Packs a position into words (by default, its own packing).
    fn pack(&self, position: &Self::Position, words: &mut Vec<u64>) {
        position.pack(words);
    }

    /// Reads a packed position back into `position`.
    fn unpack(&self, words: &[u64], position: &mut Self::Position) {
        position.unpack_into(words);
    }
}

/// Where a [`Game`] sends the options it generates.
pub trait OptionSink<P> {
    /// One option. `Break` means: stop generating.
    fn option(&mut self, option: &P) -> ControlFlow<()>;

    /// Announces that up to `count` options are about to be generated, so that a search over
    /// budget stops before the work rather than after it. `Break` means: stop generating.
    fn expect(&mut self, count: u128) -> ControlFlow<()>;

    /// The rules could not list the options (a scripted rule failed): the search stops with
    /// `error`. By default the sink just stops.
    fn fail(&mut self, error: OracleError) -> ControlFlow<()> {
        let _ = error;
        ControlFlow::Break(())
    }
}

/// One position on the search stack: its key, and where its options are in `children`.
#[derive(Debug, Clone, Copy)]
struct Frame {
    key: u64,
    first_child: usize,
    next: usize,
}

/// The generic solver: memoized exhaustive search over one [`Game`].
///
/// Solutions are kept across calls to [`Engine::solve`], so solving many positions of one game
/// costs no more than solving the union of their graphs once.
pub struct Engine<G: Game> {
    game: G,
    kind: ValueKind,
    budget: Budget,
    store: Store,
    /// Values too large for an entry's field, by key.
    large: HashMap<u64, u32>,
    generated: usize,
    stack: Vec<Frame>,
    /// The option keys of the positions on the stack, each frame's after its parent's.
    children: Vec<u64>,
    words: Vec<u64>,
    position: G::Position,
    seen: Vec<bool>,
    entries: Vec<u64>,
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
            budget,
            store: Store::new(),
            large: HashMap::new(),
            generated: 0,
            stack: Vec::new(),
            children: Vec::new(),
            words: Vec::new(),
            position: G::Position::default(),
            seen: Vec::new(),
            entries: Vec::new(),
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

    /// Size of the graph explored so far.
    pub fn stats(&self) -> Stats {
        Stats { positions: self.store.len, generated: self.generated, bytes: self.bytes() }
    }

    fn bytes(&self) -> usize {
        self.store.bytes()
            + self.large.capacity() * 24
            + self.stack.capacity() * std::mem::size_of::<Frame>()
            + (self.children.capacity() + self.words.capacity() + self.entries.capacity()) * 8
    }

    /// Solves `root` and every position its answer needs.
    pub fn solve(&mut self, root: &G::Position) -> Result<Solution, OracleError> {
        let mut words = std::mem::take(&mut self.words);
        words.clear();
        self.game.pack(root, &mut words);
        let result = self.intern(&words);
        self.words = words;
        let (key, entry) = result?;
        if entry & DONE == 0
            && let Err(error) = self.search(key)
        {
            // Positions left open go back to unsolved; solved ones stay solved.
            for frame in std::mem::take(&mut self.stack) {
                let slot = self.store.slot_of(frame.key);
                self.store.slots[slot] &= !OPEN;
            }
            self.children.clear();
            return Err(error);
        }
        Ok(self.solution_of(key))
    }

    /// The options of `position`, by the rules (each once).
    pub fn options(&self, position: &G::Position) -> Vec<G::Position> {
        struct Collect<'a, G: Game> {
            game: &'a G,
            seen: std::collections::HashSet<Vec<u64>>,
            all: Vec<G::Position>,
        }
        impl<G: Game> OptionSink<G::Position> for Collect<'_, G> {
            fn option(&mut self, option: &G::Position) -> ControlFlow<()> {
                let mut words = Vec::new();
                self.game.pack(option, &mut words);
                if self.seen.insert(words) {
                    self.all.push(option.clone());
                }
                ControlFlow::Continue(())
            }
            fn expect(&mut self, _: u128) -> ControlFlow<()> {
                ControlFlow::Continue(())
            }
        }
        let mut collect = Collect { game: &self.game, seen: Default::default(), all: Vec::new() };
        let _ = self.game.options(position, &mut collect);
        collect.all
    }

    /// The solution of a position already solved.
    pub fn known(&self, position: &G::Position) -> Option<Solution> {
        let mut words = Vec::new();
        self.game.pack(position, &mut words);
        let slot = self.store.find(&words, hash_words(&words))?;
        (self.store.slots[slot] & DONE != 0).then(|| self.solution_of(key_of(self.store.slots[slot])))
    }

    /// A move that wins: an option of `position` that is a second-player win, when `position`
    /// is a first-player win.
    pub fn winning_option(&mut self, position: &G::Position) -> Result<Option<G::Position>, OracleError> {
        if self.solve(position)?.outcome == Outcome::Second {
            return Ok(None);
        }
        for option in self.options(position) {
            if self.known(&option).is_some_and(|solution| solution.outcome == Outcome::Second) {
                return Ok(Some(option));
            }
        }
        Ok(None)
    }

    /// The solved part of the graph reachable from `root`, as a petgraph graph whose nodes are
    /// labelled with the position, its outcome and value (or "not searched" for an option the
    /// outcome did not need). Export it with `petgraph::dot::Dot`.
    pub fn graph(&mut self, root: &G::Position) -> Result<petgraph::Graph<String, ()>, OracleError> {
        self.solve(root)?;
        let mut graph = petgraph::Graph::new();
        let mut node_of: HashMap<Vec<u64>, petgraph::graph::NodeIndex> = HashMap::new();
        let label = |engine: &Self, position: &G::Position| match engine.known(position) {
            Some(solution) => {
                let outcome = if solution.outcome == Outcome::First { "N" } else { "P" };
                match solution.value {
                    Some(value) => format!("{} [{outcome}, {value}]", engine.game.describe(position)),
                    None => format!("{} [{outcome}]", engine.game.describe(position)),
                }
            }
            None => format!("{} [not searched]", engine.game.describe(position)),
        };
        let pack = |engine: &Self, position: &G::Position| {
            let mut words = Vec::new();
            engine.game.pack(position, &mut words);
            words
        };
        node_of.insert(pack(self, root), graph.add_node(label(self, root)));
        let mut queue = std::collections::VecDeque::from([root.clone()]);
        while let Some(position) = queue.pop_front() {
            let from = node_of[&pack(self, &position)];
            for option in self.options(&position) {
                let words = pack(self, &option);
                let to = match node_of.get(&words) {
                    Some(&node) => node,
                    None => {
                        let node = graph.add_node(label(self, &option));
                        node_of.insert(words, node);
                        if self.known(&option).is_some() {
                            queue.push_back(option);
                        }
                        node
                    }
                };
                graph.add_edge(from, to, ());
            }
        }
        Ok(graph)
    }

    /// The key and entry of the position packed as `words`, kept as unsolved if it is new.
    fn intern(&mut self, words: &[u64]) -> Result<(u64, u64), OracleError> {
        let others = self.other_bytes();
        intern(&mut self.store, words, self.budget, others)
    }

    /// Bytes held besides the store.
    fn other_bytes(&self) -> usize {
        self.bytes() - self.store.bytes()
    }

    fn entry(&self, key: u64) -> u64 {
        self.store.slots[self.store.slot_of(key)]
    }

    fn set(&mut self, key: u64, entry: u64) {
        let slot = self.store.slot_of(key);
        self.store.slots[slot] = entry;
    }

    /// The raw value of a solved entry.
    fn value(&self, entry: u64) -> u32 {
        match value_field(entry) {
            VALUE_LARGE => self.large[&key_of(entry)],
            v => v,
        }
    }

    fn solution_of(&self, key: u64) -> Solution {
        let entry = self.entry(key);
        crate::value::solution(self.kind, entry & FIRST != 0, self.value(entry))
    }

    /// Marks `key` solved with this outcome and raw value.
    fn finish_with(&mut self, key: u64, first_wins: bool, raw: u32) {
        let field = if raw >= VALUE_LARGE {
            self.large.insert(key, raw);
            VALUE_LARGE
        } else {
            raw
        };
        let entry = key | u64::from(field) << KEY_BITS | DONE | if first_wins { FIRST } else { 0 };
        self.set(key, entry);
    }

    /// Depth-first search from `root` with an explicit stack; values in post-order.
    fn search(&mut self, root: u64) -> Result<(), OracleError> {
        self.open(root)?;
        while let Some(&frame) = self.stack.last() {
            let top = self.stack.len() - 1;
            if frame.first_child + frame.next < self.children.len() {
                let child = self.children[frame.first_child + frame.next];
                self.stack[top].next += 1;
                let entry = self.entry(child);
                if entry & DONE != 0 {
                    if self.kind == ValueKind::OutcomeOnly && entry & FIRST == 0 {
                        self.close(true, 0);
                    }
                } else if entry & OPEN != 0 {
                    let length = self.stack.len() - self.stack.iter().position(|f| f.key == child).unwrap_or(0);
                    let mut position = G::Position::default();
                    self.game.unpack(self.store.words(&child), &mut position);
                    return Err(OracleError::Loopy { position: self.game.describe(&position), length });
                } else {
                    self.open(child)?;
                }
            } else {
                let (first_wins, raw) = self.evaluate(frame);
                self.close(first_wins, raw);
            }
        }
        Ok(())
    }

    /// Pops the top frame, solved with this outcome and raw value. Under outcome-only search, a
    /// second-player win decides its parent at once.
    fn close(&mut self, first_wins: bool, raw: u32) {
        let frame = self.stack.pop().expect("a frame to close");
        self.children.truncate(frame.first_child);
        self.finish_with(frame.key, first_wins, raw);
        if self.kind == ValueKind::OutcomeOnly && !first_wins && !self.stack.is_empty() {
            self.close(true, 0);
        }
    }

    /// Pushes `key` on the stack with its options (the search stops early at a solved
    /// second-player win among them, when only the outcome is asked).
    fn open(&mut self, key: u64) -> Result<(), OracleError> {
        let others = self.other_bytes();
        reserve(&mut self.stack, 1, others, self.budget.max_bytes)?;
        let mut position = std::mem::take(&mut self.position);
        self.game.unpack(self.store.words(&key), &mut position);
        let first_child = self.children.len();
        let mut sink = Sink {
            store: &mut self.store,
            game: &self.game,
            budget: self.budget,
            generated: self.generated,
            children: &mut self.children,
            words: Vec::new(),
            others,
            outcome_only: self.kind == ValueKind::OutcomeOnly,
            decided: false,
            error: None,
        };
        let _ = self.game.options(&position, &mut sink);
        let Sink { generated, decided, error, .. } = sink;
        self.position = position;
        self.generated = generated;
        if let Some(error) = error {
            self.children.truncate(first_child);
            return Err(error);
        }
        // Each option once.
        self.children[first_child..].sort_unstable();
        let mut kept = first_child;
        for i in first_child..self.children.len() {
            if i == first_child || self.children[i] != self.children[kept - 1] {
                self.children[kept] = self.children[i];
                kept += 1;
            }
        }
        self.children.truncate(kept);
        let entry = self.entry(key);
        self.set(key, entry | OPEN);
        self.stack.push(Frame { key, first_child, next: 0 });
        if decided {
            self.close(true, 0);
        }
        Ok(())
    }

    /// The outcome and raw value of the top frame, all of whose options are solved.
    fn evaluate(&mut self, frame: Frame) -> (bool, u32) {
        let misere = self.game.play() == Play::Misere;
        let mut entries = std::mem::take(&mut self.entries);
        entries.clear();
        entries.extend(self.children[frame.first_child..].iter().map(|&child| self.entry(child)));
        let first_wins = if entries.is_empty() { misere } else { entries.iter().any(|&e| e & FIRST == 0) };
        let mut seen = std::mem::take(&mut self.seen);
        let values = entries.iter().map(|&e| self.value(e));
        let raw = match self.kind {
            ValueKind::OutcomeOnly => 0,
            ValueKind::Grundy if entries.is_empty() => u32::from(misere),
            ValueKind::Grundy => mex(values, &mut seen),
            ValueKind::Remoteness => {
                // Normal play prefers even options (where the opponent loses), misère odd ones.
                parity_extremes(values, u32::from(misere), |best, v| v < best, |best, v| v > best)
            }
            ValueKind::Suspense => parity_extremes(values, u32::from(misere), |best, v| v > best, |best, v| v < best),
            ValueKind::Foreclosed if entries.is_empty() => ENDED,
            ValueKind::Foreclosed => {
                if !misere && entries.iter().any(|&e| self.value(e) == ENDED) {
                    IMMINENT
                } else {
                    let grundy = values.filter(|&v| v != ENDED && v != IMMINENT).map(|v| v - 2);
                    mex(grundy, &mut seen) + 2
                }
            }
        };
        self.entries = entries;
        self.seen = seen;
        (first_wins, raw)
    }
}
/// Where the engine's games send the options of the position being opened.
struct Sink<'a, G: Game> {
    store: &'a mut Store,
    game: &'a G,
    budget: Budget,
    generated: usize,
    children: &'a mut Vec<u64>,
    words: Vec<u64>,
    others: usize,
    outcome_only: bool,
    /// An option is a solved second-player win: the position is decided.
    decided: bool,
    error: Option<OracleError>,
}

impl<G: Game> OptionSink<G::Position> for Sink<'_, G> {
    fn option(&mut self, option: &G::Position) -> ControlFlow<()> {
        if self.generated >= self.budget.max_moves {
            self.error = Some(OracleError::MovesExceeded { max_moves: self.budget.max_moves });
            return ControlFlow::Break(());
        }
        self.generated += 1;
        self.words.clear();
        self.game.pack(option, &mut self.words);
        let others = self.others + self.children.capacity() * 8;
        let (key, entry) = match intern(self.store, &self.words, self.budget, others) {
            Ok(found) => found,
            Err(error) => {
                self.error = Some(error);
                return ControlFlow::Break(());
            }
        };
        if let Err(error) = reserve(self.children, 1, self.others + self.store.bytes(), self.budget.max_bytes) {
            self.error = Some(error);
            return ControlFlow::Break(());
        }
        self.children.push(key);
        if self.outcome_only && entry & DONE != 0 && entry & FIRST == 0 {
            self.decided = true;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }

    fn expect(&mut self, count: u128) -> ControlFlow<()> {
        if (self.generated as u128).saturating_add(count) > self.budget.max_moves as u128 {
            self.error = Some(OracleError::MovesExceeded { max_moves: self.budget.max_moves });
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }

    fn fail(&mut self, error: OracleError) -> ControlFlow<()> {
        self.error = Some(error);
        ControlFlow::Break(())
    }
}

#[cfg(test)]
mod tests {
    use grundy_rules::{Foreclosed, Value};

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

    fn budget(max_states: usize, max_moves: usize) -> Budget {
        Budget { max_states, max_moves, max_bytes: 1 << 30, deadline: None }
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
        let mut outcome = Engine::new(OneHeap(Play::Normal), ValueKind::OutcomeOnly, Budget::default());
        assert_eq!(outcome.solve(&0).unwrap().outcome, Outcome::Second);
        assert_eq!(outcome.solve(&9).unwrap().outcome, Outcome::First);
    }

    /// A chain: the only option of `n` is `n − 1`.
    struct Chain;

    impl Game for Chain {
        type Position = u64;
        fn play(&self) -> Play {
            Play::Normal
        }
        fn options(&self, position: &u64, sink: &mut dyn OptionSink<u64>) -> ControlFlow<()> {
            if *position > 0 { sink.option(&(position - 1)) } else { ControlFlow::Continue(()) }
        }
        fn describe(&self, position: &u64) -> String {
            position.to_string()
        }
    }

    #[test]
    fn large_values_and_deep_chains_are_kept_exactly() {
        let mut engine = Engine::new(Chain, ValueKind::Remoteness, Budget::default());
        let long = u64::from(VALUE_LARGE) + 3;
        assert_eq!(engine.solve(&long).unwrap().value, Some(Value::Remoteness(long)));
        assert_eq!(engine.solve(&(long - 2)).unwrap().value, Some(Value::Remoteness(long - 2)));
        assert_eq!(engine.solve(&7).unwrap().value, Some(Value::Remoteness(7)));
    }

    #[test]
    fn budgets_stop_cleanly() {
        let mut engine = Engine::new(OneHeap(Play::Normal), ValueKind::Grundy, budget(10, 1000));
        assert_eq!(engine.solve(&20), Err(OracleError::StatesExceeded { max_states: 10 }));
        let mut engine = Engine::new(OneHeap(Play::Normal), ValueKind::Grundy, budget(1000, 30));
        assert_eq!(engine.solve(&20), Err(OracleError::MovesExceeded { max_moves: 30 }));
        // The engine stays usable after a failure.
        assert_eq!(engine.solve(&3).unwrap().value, Some(Value::Grundy(3)));
        let small = Budget { max_bytes: 10_000, ..Budget::default() };
        let mut engine = Engine::new(OneHeap(Play::Normal), ValueKind::Grundy, small);
        assert_eq!(engine.solve(&5000), Err(OracleError::MemoryExceeded { max_bytes: 10_000 }));
        assert!(engine.stats().bytes <= 10_000);
    }

    #[test]
    fn cycles_are_reported_as_loopy() {
        let mut engine = Engine::new(Loop, ValueKind::OutcomeOnly, Budget::default());
        match engine.solve(&true) {
            Err(OracleError::Loopy { length, .. }) => assert_eq!(length, 2),
            other => panic!("expected a loop, got {other:?}"),
        }
    }

    #[test]
    fn winning_moves_and_graphs_come_from_the_rules_again() {
        let mut engine = Engine::new(OneHeap(Play::Normal), ValueKind::OutcomeOnly, Budget::default());
        assert_eq!(engine.winning_option(&6).unwrap(), Some(0));
        assert_eq!(engine.winning_option(&0).unwrap(), None);
        let mut values = Engine::new(OneHeap(Play::Normal), ValueKind::Grundy, Budget::default());
        let graph = values.graph(&3).unwrap();
        assert_eq!((graph.node_count(), graph.edge_count()), (4, 6));
    }

    #[test]
    fn the_table_keeps_few_bytes_a_position() {
        let mut engine = Engine::new(OneHeap(Play::Normal), ValueKind::Grundy, Budget::default());
        engine.solve(&3000).unwrap();
        let stats = engine.stats();
        assert_eq!(stats.positions, 3001);
        // Entries alone: 8 bytes at most 85% full, at least 57% after growing by half.
        assert!(engine.store.bytes() as f64 / stats.positions as f64 <= 8.0 / 0.56, "{stats:?}");
    }
}
