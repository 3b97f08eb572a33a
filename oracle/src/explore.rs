//! Whole positions of any [`Game`] that may come back to a position it left: every position
//! reachable from a start, found by search and numbered, then decided by retrograde analysis
//! ([`crate::retrograde`]): won, lost or drawn, with no assumption that play ends.
//!
//! The [`Engine`](crate::Engine) solves games whose play always ends, and reports a cycle as
//! [`OracleError::Loopy`]; this is what answers then.

use std::collections::HashMap;
use std::ops::ControlFlow;

use grundy_rules::LoopyOutcome;

use crate::engine::{Budget, Game, OptionSink, OracleError};
use crate::retrograde::{self, StateGraph};

/// Bytes a found position costs besides its packed words (held twice: the map's key and the
/// list's entry) and the slots of the map and list (counted by their room): the allocator's
/// headers of its two copies.
const POSITION_OVERHEAD: usize = 32;

/// Every position reachable from `root` (numbered from 0, the root first) and every move
/// between them, within `budget` (its states, moves, bytes and deadline).
pub fn reachable<G: Game>(game: &G, root: &G::Position, budget: Budget) -> Result<StateGraph, OracleError> {
    struct Collect<P> {
        options: Vec<P>,
        failure: Option<OracleError>,
    }
    impl<P: Clone> OptionSink<P> for Collect<P> {
        fn option(&mut self, option: &P) -> ControlFlow<()> {
            self.options.push(option.clone());
            ControlFlow::Continue(())
        }
        fn expect(&mut self, _count: u128) -> ControlFlow<()> {
            ControlFlow::Continue(())
        }
        fn fail(&mut self, error: OracleError) -> ControlFlow<()> {
            self.failure = Some(error);
            ControlFlow::Break(())
        }
    }
    let mut number: HashMap<Vec<u64>, u32> = HashMap::new();
    let mut found: Vec<Vec<u64>> = Vec::new();
    let mut edges: Vec<(usize, usize)> = Vec::new();
    let mut bytes = 0usize;
    let mut words = Vec::new();
    game.pack(root, &mut words);
    bytes += 2 * words.len() * 8 + POSITION_OVERHEAD;
    number.insert(words.clone(), 0);
    found.push(words);
    let mut position = G::Position::default();
    let mut sink = Collect { options: Vec::new(), failure: None };
    let mut next = 0;
    while next < found.len() {
        if next % 4096 == 0 && budget.out_of_time() {
            return Err(OracleError::TimeExceeded);
        }
        game.unpack(&found[next], &mut position);
        sink.options.clear();
        let _ = game.options(&position, &mut sink);
        if let Some(error) = sink.failure.take() {
            return Err(error);
        }
        for option in &sink.options {
            let mut words = Vec::new();
            game.pack(option, &mut words);
            let to = match number.get(&words) {
                Some(&to) => to as usize,
                None => {
                    let to = found.len();
                    if to >= budget.max_states {
                        return Err(OracleError::StatesExceeded { max_states: budget.max_states });
                    }
                    bytes += 2 * words.len() * 8 + POSITION_OVERHEAD;
                    if held(bytes, &number, &found, &edges) > budget.max_bytes {
                        return Err(OracleError::MemoryExceeded { max_bytes: budget.max_bytes });
                    }
                    number.insert(words.clone(), to as u32);
                    found.push(words);
                    to
                }
            };
            edges.push((next, to));
            if edges.len() > budget.max_moves {
                return Err(OracleError::MovesExceeded { max_moves: budget.max_moves });
            }
            if edges.len() == edges.capacity() && held(bytes, &number, &found, &edges) > budget.max_bytes {
                return Err(OracleError::MemoryExceeded { max_bytes: budget.max_bytes });
            }
        }
        next += 1;
    }
    let count = found.len();
    drop(number);
    drop(found);
    StateGraph::new(count, &edges)
}

/// Bytes the search holds: the positions' words (`words`, with what each costs besides) and
/// the room its map and lists have taken, grown or not.
fn held(words: usize, number: &HashMap<Vec<u64>, u32>, found: &Vec<Vec<u64>>, edges: &Vec<(usize, usize)>) -> usize {
    let slots = number.capacity() * (std::mem::size_of::<(Vec<u64>, u32)>() + 1);
    words + slots + found.capacity() * std::mem::size_of::<Vec<u64>>() + edges.capacity() * 16
}

/// Who wins `root` with both playing well: the first player, the second, or neither (a draw),
/// by retrograde analysis of every position reachable from it.
pub fn outcome<G: Game>(game: &G, root: &G::Position, budget: Budget) -> Result<LoopyOutcome, OracleError> {
    let graph = reachable(game, root, budget)?;
    let held = graph.bytes();
    let room = budget.max_bytes.checked_sub(held).ok_or(OracleError::MemoryExceeded { max_bytes: budget.max_bytes })?;
    let outcomes = retrograde::analyse(&graph, game.play(), room, budget.deadline)?;
    Ok(outcomes.outcome(0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_rules::Play;

    /// A counter on a cycle of `n` positions: from `i` a move goes to `i + 1 mod n` and, from the
    /// positions listed in `exits`, to the end (position `n`, no move).
    struct Ring {
        n: u64,
        exits: Vec<u64>,
        play: Play,
    }

    impl Game for Ring {
        type Position = u64;
        fn play(&self) -> Play {
            self.play
        }
        fn options(&self, &i: &u64, sink: &mut dyn OptionSink<u64>) -> ControlFlow<()> {
            if i == self.n {
                return ControlFlow::Continue(());
            }
            sink.option(&((i + 1) % self.n))?;
            if self.exits.contains(&i) {
                sink.option(&self.n)?;
            }
            ControlFlow::Continue(())
        }
        fn describe(&self, i: &u64) -> String {
            i.to_string()
        }
    }

    #[test]
    fn a_cycle_with_no_exit_is_a_draw_and_an_exit_decides_it() {
        let budget = Budget::default();
        let ring = Ring { n: 5, exits: vec![], play: Play::Normal };
        assert_eq!(outcome(&ring, &0, budget).unwrap(), LoopyOutcome::Draw);
        // From 2 the mover ends the game and wins; so 1 (whose options are 2 and nothing else)
        // is lost, 0 is won, 4 (options 0) is lost, 3 (options 4) won.
        let ring = Ring { n: 5, exits: vec![2], play: Play::Normal };
        let outcomes: Vec<LoopyOutcome> = (0..6).map(|i| outcome(&ring, &i, budget).unwrap()).collect();
        use LoopyOutcome::{First as N, Second as P};
        assert_eq!(outcomes, [N, P, N, N, P, P]);
        // Misère play: the player who cannot move wins.
        let ring = Ring { n: 5, exits: vec![2], play: Play::Misere };
        assert_eq!(outcome(&ring, &5, budget).unwrap(), LoopyOutcome::First);
    }

    #[test]
    fn budgets_stop_the_search() {
        struct Up;
        impl Game for Up {
            type Position = u64;
            fn play(&self) -> Play {
                Play::Normal
            }
            fn options(&self, &i: &u64, sink: &mut dyn OptionSink<u64>) -> ControlFlow<()> {
                sink.option(&(i + 1))
            }
            fn describe(&self, i: &u64) -> String {
                i.to_string()
            }
        }
        let budget = Budget { max_states: 1000, ..Budget::default() };
        assert_eq!(outcome(&Up, &0, budget), Err(OracleError::StatesExceeded { max_states: 1000 }));
        let budget = Budget { deadline: Some(std::time::Instant::now()), ..Budget::default() };
        assert_eq!(outcome(&Up, &0, budget), Err(OracleError::TimeExceeded));
        let budget = Budget { max_bytes: 10_000, ..Budget::default() };
        assert_eq!(outcome(&Up, &0, budget), Err(OracleError::MemoryExceeded { max_bytes: 10_000 }));
    }
}
