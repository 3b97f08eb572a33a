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
//! ## Storage
//!
//! Each position is one 64-bit entry of an open-addressing (Robin Hood) hash table: its key (a
//! packing of the position, [`crate::key`], inline when it fits 47 bits, else an offset into an
//! arena of words), its state, its outcome and its value. No edge is kept: a position's options
//! are generated again when they are needed (a winning move, the graph for `--dot`). The table
//! grows by half when 85% full, so it holds between 8 and 15 bytes a position, plus the arena
//! for positions too large to pack in one word. Every allocation is checked against
//! [`Budget::max_bytes`] first, and made fallibly: an over-large search stops with an error,
//! never by running out of memory.

use std::collections::HashMap;
use std::fmt;
use std::ops::ControlFlow;

use grundy_rules::{Foreclosed, Outcome, Play, Solution, Value, ValueKind};

use crate::key::Pack;

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

/// Limits on one engine's work. Beyond any, the engine stops with an [`OracleError`] naming it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Most distinct positions kept.
    pub max_states: usize,
    /// Most moves generated, over all positions.
    pub max_moves: usize,
    /// Most bytes held.
    pub max_bytes: usize,
    /// When to stop (`--time`), if at all.
    pub deadline: Option<std::time::Instant>,
}

impl Budget {
    /// The default budget with another memory limit.
    pub fn with_bytes(max_bytes: usize) -> Budget {
        Budget { max_bytes, ..Budget::default() }
    }

    /// Whether the deadline has passed (checked by the engines every few thousand positions).
    pub fn out_of_time(&self) -> bool {
        self.deadline.is_some_and(|deadline| std::time::Instant::now() >= deadline)
    }
}

impl Default for Budget {
    /// 200 million positions, a billion moves, and half of this machine's memory.
    fn default() -> Self {
        Budget { max_states: 200_000_000, max_moves: 1_000_000_000, max_bytes: default_memory(), deadline: None }
    }
}

/// Half of the memory this process may have: the least of the machine's physical memory
/// (`/proc/meminfo`), the process's address-space limit (`ulimit -v`, from `/proc/self/limits`)
/// and its control group's limit (`/sys/fs/cgroup/memory.max`); 4 GiB when none can be read.
pub fn default_memory() -> usize {
    static MEMORY: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *MEMORY.get_or_init(|| {
        let read = |path: &str| std::fs::read_to_string(path).ok();
        let physical = read("/proc/meminfo").and_then(|text| {
            let line = text.lines().find(|line| line.starts_with("MemTotal:"))?;
            let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
            kib.checked_mul(1024)
        });
        let address_space = read("/proc/self/limits").and_then(|text| {
            let line = text.lines().find(|line| line.starts_with("Max address space"))?;
            line.trim_start_matches("Max address space").split_whitespace().next()?.parse::<usize>().ok()
        });
        let control_group = read("/sys/fs/cgroup/memory.max").and_then(|text| text.trim().parse::<usize>().ok());
        // Address space holds more than the memory used (thread stacks, allocator reservations):
        // a quarter of it, against half of real memory.
        let address_space = address_space.map(|bytes| bytes / 2);
        [physical, address_space, control_group].into_iter().flatten().min().map_or(4 << 30, |bytes| bytes / 2)
    })
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
    /// More bytes than [`Budget::max_bytes`].
    #[error("the oracle's memory budget ({}, from --max-memory) was exceeded", human_bytes(*max_bytes))]
    MemoryExceeded {
        /// The budget.
        max_bytes: usize,
    },
    /// This game lies beyond what the oracle can play (say, geography on more than 64 vertices).
    #[error("the oracle cannot play this: {0}")]
    Beyond(String),
    /// The deadline passed.
    #[error("the oracle's time budget (--time) ran out")]
    TimeExceeded,
    /// The rules themselves failed on a position (a scripted rule that threw, or returned what
    /// is not a position): what failed and where.
    #[error("{0}")]
    Rules(String),
    /// A position can be reached again from itself.
    #[error("the game is loopy: the position {position} can be reached again from itself (cycle of {length} moves)")]
    Loopy {
        /// A position on the cycle.
        position: String,
        /// The number of moves on the cycle found.
        length: usize,
    },
}

/// A number of bytes in words: `512 MiB`, `1.5 GiB`.
pub fn human_bytes(bytes: usize) -> String {
    let units = [(1usize << 40, "TiB"), (1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")];
    match units.iter().find(|&&(unit, _)| bytes >= unit) {
        Some(&(unit, name)) if bytes.is_multiple_of(unit) => format!("{} {name}", bytes / unit),
        Some(&(unit, name)) => format!("{:.1} {name}", bytes as f64 / unit as f64),
        None => format!("{bytes} bytes"),
    }
}

/// Size of the explored graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stats {
    /// Distinct positions kept.
    pub positions: usize,
    /// Moves generated.
    pub generated: usize,
    /// Bytes held by the engine.
    pub bytes: usize,
}

impl Stats {
    /// Bytes held per position.
    pub fn bytes_per_position(&self) -> f64 {
        self.bytes as f64 / self.positions.max(1) as f64
    }
}

// An entry: bits 0..48 the key, 48..61 the value, 61 open (on the search stack), 62 the player
// to move wins, 63 done. A key is a packing of one word below 2^47, or ARENA | offset.
const KEY_BITS: u32 = 48;
const KEY_MASK: u64 = (1 << KEY_BITS) - 1;
const ARENA: u64 = 1 << 47;
const VALUE_BITS: u32 = 13;
/// A value field this large means: the value is in the engine's map of large values.
const VALUE_LARGE: u32 = (1 << VALUE_BITS) - 1;
const OPEN: u64 = 1 << 61;
const FIRST: u64 = 1 << 62;
const DONE: u64 = 1 << 63;
const EMPTY: u64 = u64::MAX;

// Foreclosed values are stored as the Grundy value + 2; these two mark the others.
pub(crate) const ENDED: u32 = 0;
pub(crate) const IMMINENT: u32 = 1;

/// The table grows when more than this share of its slots is full.
const MAX_LOAD: f64 = 0.85;

fn key_of(entry: u64) -> u64 {
    entry & KEY_MASK
}

fn value_field(entry: u64) -> u32 {
    ((entry >> KEY_BITS) as u32) & VALUE_LARGE
}

fn mix(mut h: u64) -> u64 {
    // The splitmix64 finalizer: every input bit reaches every output bit.
    h ^= h >> 30;
    h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h ^= h >> 27;
    h = h.wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^ (h >> 31)
}

fn hash_words(words: &[u64]) -> u64 {
    words.iter().fold(0x243f_6a88_85a3_08d3u64, |h, &w| mix(h ^ w))
}

/// The table of entries, and the arena of keys too long for an entry.
struct Store {
    slots: Vec<u64>,
    len: usize,
    /// For each long key: its length, then its words.
    arena: Vec<u64>,
}

impl Store {
    fn new() -> Store {
        Store { slots: Vec::new(), len: 0, arena: Vec::new() }
    }

    /// The words a key stands for.
    fn words<'a>(&'a self, key: &'a u64) -> &'a [u64] {
        if key & ARENA != 0 {
            let at = (key & !ARENA) as usize;
            &self.arena[at + 1..at + 1 + self.arena[at] as usize]
        } else {
            std::slice::from_ref(key)
        }
    }

    fn hash_key(&self, key: u64) -> u64 {
        hash_words(self.words(&key))
    }

    fn home(&self, hash: u64) -> usize {
        ((u128::from(hash) * self.slots.len() as u128) >> 64) as usize
    }

    /// How far the entry at `slot` sits from its home.
    fn distance(&self, slot: usize) -> usize {
        let home = self.home(self.hash_key(key_of(self.slots[slot])));
        if slot >= home { slot - home } else { slot + self.slots.len() - home }
    }

    /// The slot after `slot`, round the table.
    fn next(&self, slot: usize) -> usize {
        if slot + 1 == self.slots.len() { 0 } else { slot + 1 }
    }

    /// The slot of the position packed as `words` (whose hash is `hash`), if it is kept.
    fn find(&self, words: &[u64], hash: u64) -> Option<usize> {
        if self.slots.is_empty() {
            return None;
        }
        let inline = (words.len() == 1 && words[0] < ARENA).then(|| words[0]);
        let mut slot = self.home(hash);
        let mut distance = 0;
        loop {
            let entry = self.slots[slot];
            if entry == EMPTY || self.distance(slot) < distance {
                return None;
            }
            let key = key_of(entry);
            let same = match inline {
                Some(word) => key == word,
                None => key & ARENA != 0 && self.words(&key) == words,
            };
            if same {
                return Some(slot);
            }
            slot = self.next(slot);
            distance += 1;
        }
    }

    /// The slot of a kept key.
    fn slot_of(&self, key: u64) -> usize {
        let hash = self.hash_key(key);
        let mut slot = self.home(hash);
        while key_of(self.slots[slot]) != key || self.slots[slot] == EMPTY {
            slot = self.next(slot);
        }
        slot
    }

    /// Places `entry` (absent, with room for it) by Robin Hood: it takes the place of an entry
    /// nearer its home, which moves on.
    fn place(&mut self, mut entry: u64) {
        let mut slot = self.home(self.hash_key(key_of(entry)));
        let mut distance = 0;
        loop {
            if self.slots[slot] == EMPTY {
                self.slots[slot] = entry;
                return;
            }
            let resident = self.distance(slot);
            if resident < distance {
                std::mem::swap(&mut entry, &mut self.slots[slot]);
                distance = resident;
            }
            slot = self.next(slot);
            distance += 1;
        }
    }

    fn bytes(&self) -> usize {
        (self.slots.capacity() + self.arena.capacity()) * 8
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

/// Grows `vec` to hold `extra` more items, within the engine's memory budget, or fails.
fn reserve<T>(vec: &mut Vec<T>, extra: usize, others: usize, max_bytes: usize) -> Result<(), OracleError> {
    if vec.len() + extra <= vec.capacity() {
        return Ok(());
    }
    let wanted = (vec.len() + extra).max(vec.capacity() * 2).max(16);
    let size = std::mem::size_of::<T>().max(1);
    let exceeded = OracleError::MemoryExceeded { max_bytes };
    // The old and the new buffer live side by side while the items move.
    if others + (vec.capacity() + wanted) * size > max_bytes {
        return Err(exceeded);
    }
    vec.try_reserve_exact(wanted - vec.len()).map_err(|_| exceeded)
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
        let raw = self.value(entry);
        let value = match self.kind {
            ValueKind::Grundy => Some(Value::Grundy(raw.into())),
            ValueKind::Remoteness => Some(Value::Remoteness(raw.into())),
            ValueKind::Suspense => Some(Value::Suspense(raw.into())),
            ValueKind::Foreclosed => Some(Value::Foreclosed(match raw {
                ENDED => Foreclosed::Ended,
                IMMINENT => Foreclosed::Imminent,
                g => Foreclosed::Grundy((g - 2).into()),
            })),
            ValueKind::OutcomeOnly => None,
        };
        Solution { outcome: Outcome::from_first_wins(entry & FIRST != 0), value }
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

/// Keeps the position packed as `words`: its key and entry (new ones unsolved).
fn intern(store: &mut Store, words: &[u64], budget: Budget, others: usize) -> Result<(u64, u64), OracleError> {
    let hash = hash_words(words);
    if let Some(slot) = store.find(words, hash) {
        let entry = store.slots[slot];
        return Ok((key_of(entry), entry));
    }
    if store.len >= budget.max_states {
        return Err(OracleError::StatesExceeded { max_states: budget.max_states });
    }
    if store.len.is_multiple_of(4096) {
        if store.len > 0 {
            crate::odometer::add(4096, others + store.bytes());
        }
        if budget.out_of_time() {
            return Err(OracleError::TimeExceeded);
        }
    }
    let exceeded = OracleError::MemoryExceeded { max_bytes: budget.max_bytes };
    if (store.len + 1) as f64 > store.slots.len() as f64 * MAX_LOAD {
        // Grow by half: the old and the new table live side by side while entries move.
        let capacity = (store.slots.len() + store.slots.len() / 2).max(64);
        if others + store.bytes() + capacity * 8 > budget.max_bytes {
            return Err(exceeded);
        }
        let mut slots = Vec::new();
        slots.try_reserve_exact(capacity).map_err(|_| exceeded.clone())?;
        slots.resize(capacity, EMPTY);
        let old = std::mem::replace(&mut store.slots, slots);
        for entry in old.into_iter().filter(|&e| e != EMPTY) {
            store.place(entry);
        }
    }
    let key = if words.len() == 1 && words[0] < ARENA {
        words[0]
    } else {
        let at = store.arena.len() as u64;
        if at + words.len() as u64 + 1 >= ARENA {
            return Err(exceeded);
        }
        reserve(&mut store.arena, words.len() + 1, others + store.slots.capacity() * 8, budget.max_bytes)?;
        store.arena.push(words.len() as u64);
        store.arena.extend_from_slice(words);
        ARENA | at
    };
    store.place(key);
    store.len += 1;
    Ok((key, key))
}

/// Smallest non-negative integer not among `values`.
pub(crate) fn mex(values: impl Iterator<Item = u32> + Clone, seen: &mut Vec<bool>) -> u32 {
    // Small values, the common case: a bit each in one word.
    let mut small = 0u64;
    let mut large = false;
    for v in values.clone() {
        if v < 64 {
            small |= 1 << v;
        } else {
            large = true;
        }
    }
    let below_64 = (!small).trailing_zeros();
    if below_64 < 64 || !large {
        return below_64;
    }
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
pub(crate) fn parity_extremes(
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
