//! Undirected vertex geography: a token on a vertex; a move goes along an edge to a vertex not
//! visited before (the start is visited); whoever cannot move loses.

use std::ops::ControlFlow;

use grundy_rules::Play;

use crate::engine::{Game, OptionSink};

/// Geography on a graph of at most 64 vertices. A position is (the token's vertex, the set of
/// visited vertices as a bit mask).
#[derive(Debug, Clone)]
pub struct Geography {
    neighbours: Vec<Vec<usize>>,
}

impl Geography {
    /// The game on vertices `0..vertices` with these undirected edges.
    pub fn new(vertices: usize, edges: &[(usize, usize)]) -> Geography {
        assert!(vertices <= 64, "the oracle handles at most 64 vertices");
        let mut neighbours = vec![Vec::new(); vertices];
        for &(u, v) in edges {
            if u != v {
                neighbours[u].push(v);
                neighbours[v].push(u);
            }
        }
        Geography { neighbours }
    }

    /// The start position at `vertex`.
    pub fn start(vertex: usize) -> (usize, u64) {
        (vertex, 1 << vertex)
    }
}

impl Game for Geography {
    type Position = (usize, u64);

    fn play(&self) -> Play {
        Play::Normal
    }

    fn options(&self, &(at, visited): &(usize, u64), sink: &mut dyn OptionSink<(usize, u64)>) -> ControlFlow<()> {
        for &next in &self.neighbours[at] {
            if visited & (1 << next) == 0 {
                sink.option(&(next, visited | 1 << next))?;
            }
        }
        ControlFlow::Continue(())
    }

    fn describe(&self, &(at, visited): &(usize, u64)) -> String {
        format!("token on {at}, visited {visited:#b}")
    }
}
