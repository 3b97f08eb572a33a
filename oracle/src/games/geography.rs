//! Undirected vertex geography: a token on a vertex; a move goes along an edge to a vertex not
//! visited before (the start is visited); whoever cannot move loses.

use std::ops::ControlFlow;

use grundy_rules::Play;

use grundy_rules::games::Geography;

use super::Playable;
use crate::engine::{Game, OptionSink, OracleError};

/// GeographyGame on a graph of at most 64 vertices. A position is (the token's vertex, the set of
/// visited vertices as a bit mask).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GeographyGame {
    neighbours: Vec<Vec<usize>>,
}

impl GeographyGame {
    /// The most vertices the visited set holds.
    pub const MOST_VERTICES: usize = 64;

    /// The game on vertices `0..vertices` with these undirected edges.
    pub fn new(vertices: usize, edges: &[(usize, usize)]) -> Result<GeographyGame, OracleError> {
        if vertices > Self::MOST_VERTICES {
            return Err(OracleError::Beyond(format!(
                "the geography oracle keeps the visited vertices in 64 bits; this graph has {vertices} vertices"
            )));
        }
        let mut neighbours = vec![Vec::new(); vertices];
        for &(u, v) in edges {
            if u != v {
                neighbours[u].push(v);
                neighbours[v].push(u);
            }
        }
        Ok(GeographyGame { neighbours })
    }

    /// The start position at `vertex`.
    pub fn start(vertex: usize) -> (usize, u64) {
        (vertex, 1 << vertex)
    }
}

impl Game for GeographyGame {
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

impl Playable for Geography {
    type Game = GeographyGame;

    fn game(&self) -> Result<(GeographyGame, (usize, u64)), OracleError> {
        Ok((GeographyGame::new(self.vertices(), self.edges())?, GeographyGame::start(self.start())))
    }
}
