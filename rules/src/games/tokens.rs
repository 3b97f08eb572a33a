//! Tokens on a directed graph: the explicit state graph of a game, and a position of its sums.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use super::{Invalid, invalid, parse_error, require};
use crate::ParseError;

/// A directed graph on vertices `0..vertices`: the positions of a game and its moves. Loops
/// (an edge from a vertex to itself) and cycles are allowed: play on it may never end. Repeated
/// edges are kept as given and mean one move.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Digraph {
    vertices: usize,
    edges: Vec<(usize, usize)>,
}

impl Digraph {
    /// The most vertices supported.
    pub const MOST_VERTICES: usize = 10_000_000;
    /// The most edges supported.
    pub const MOST_EDGES: usize = 50_000_000;

    /// The graph on `0..vertices` with these directed edges `(from, to)`.
    pub fn new(vertices: usize, edges: Vec<(usize, usize)>) -> Result<Digraph, Invalid> {
        require((1..=Self::MOST_VERTICES).contains(&vertices), || {
            format!("a graph has 1 to {} vertices, found {vertices}", Self::MOST_VERTICES)
        })?;
        require(edges.len() <= Self::MOST_EDGES, || format!("at most {} edges are supported", Self::MOST_EDGES))?;
        if let Some(&(u, v)) = edges.iter().find(|&&(u, v)| u >= vertices || v >= vertices) {
            return Err(Invalid::new(format!("the edge {}>{} has an end beyond vertex {vertices}", u + 1, v + 1)));
        }
        Ok(Digraph { vertices, edges })
    }

    /// How many vertices.
    pub fn vertices(&self) -> usize {
        self.vertices
    }

    /// The edges `(from, to)`, 0-based, as given.
    pub fn edges(&self) -> &[(usize, usize)] {
        &self.edges
    }
}

/// Tokens on a directed graph, the disjunctive sum of one game per token: a move slides one
/// token along an edge; whoever cannot move (every token on a vertex with no edge out) loses;
/// play that goes on for ever is a draw. Several tokens may share a vertex; with none, the first
/// player cannot move.
///
/// Vertices are `0..vertices` here; the text numbers them from 1 as contest inputs do:
/// `VERTICES @ U>V U>V … @ TOKEN TOKEN …`, e.g. `3 @ 1>2 2>3 3>1 2>2 @ 1 1 3`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tokens {
    graph: Arc<Digraph>,
    tokens: Vec<usize>,
}

impl Tokens {
    /// The most tokens supported.
    pub const MOST_TOKENS: usize = 1_000_000;

    /// Tokens on the vertices `tokens` of `graph` (in any order: a position is their multiset).
    pub fn new(graph: Arc<Digraph>, mut tokens: Vec<usize>) -> Result<Tokens, Invalid> {
        require(tokens.len() <= Self::MOST_TOKENS, || format!("at most {} tokens are supported", Self::MOST_TOKENS))?;
        if let Some(&t) = tokens.iter().find(|&&t| t >= graph.vertices) {
            return Err(Invalid::new(format!(
                "the token on {} is off the graph of {} vertices",
                t + 1,
                graph.vertices
            )));
        }
        tokens.sort_unstable();
        Ok(Tokens { graph, tokens })
    }

    /// The graph.
    pub fn graph(&self) -> &Arc<Digraph> {
        &self.graph
    }

    /// The vertices holding tokens, sorted (0-based; a vertex appears once per token on it).
    pub fn tokens(&self) -> &[usize] {
        &self.tokens
    }
}

impl fmt::Display for Tokens {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} @", self.graph.vertices)?;
        for &(u, v) in &self.graph.edges {
            write!(f, " {}>{}", u + 1, v + 1)?;
        }
        f.write_str(" @")?;
        for &t in &self.tokens {
            write!(f, " {}", t + 1)?;
        }
        Ok(())
    }
}

impl FromStr for Tokens {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Tokens, ParseError> {
        let syntax = "`VERTICES @ U>V … @ TOKEN …`, as in `3 @ 1>2 2>3 3>1 @ 1 2`";
        let mut parts = text.split('@');
        let (Some(head), Some(edges), Some(tokens), None) = (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(parse_error("tokens", text, "the whole case", format!("expected {syntax}")));
        };
        let [vertices] = super::numbers("tokens", text, head)?[..] else {
            return Err(parse_error("tokens", text, "before the first `@`", format!("expected {syntax}")));
        };
        let vertex = |token: &str, place: &str| super::vertex("tokens", text, token, place);
        let edges = super::edges("tokens", text, edges, '>')?;
        let tokens = tokens
            .split_whitespace()
            .enumerate()
            .map(|(i, token)| vertex(token, &format!("token {}", i + 1)))
            .collect::<Result<Vec<_>, ParseError>>()?;
        let vertices = usize::try_from(vertices).unwrap_or(usize::MAX);
        let graph = Digraph::new(vertices, edges).map_err(invalid("tokens", text))?;
        Tokens::new(Arc::new(graph), tokens).map_err(invalid("tokens", text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn token_positions_round_trip_one_based_and_sorted() {
        let position: Tokens = "3 @ 1>2 2>3 3>1 2>2 @ 3 1 1".parse().unwrap();
        assert_eq!(position.graph().edges(), &[(0, 1), (1, 2), (2, 0), (1, 1)]);
        assert_eq!(position.tokens(), &[0, 0, 2]);
        assert_eq!(position.to_string(), "3 @ 1>2 2>3 3>1 2>2 @ 1 1 3");
        assert_eq!("1 @ @".parse::<Tokens>().unwrap().to_string(), "1 @ @");
        assert!("3 @ 1>4 @ 1".parse::<Tokens>().unwrap_err().message.contains("beyond vertex 3"));
        assert!("3 @ 1>2 @ 4".parse::<Tokens>().unwrap_err().message.contains("off the graph"));
        assert_eq!("3 @ 1>2 2-3 @ 1".parse::<Tokens>().unwrap_err().place, "edge 2");
        assert_eq!("3 @ @ 0".parse::<Tokens>().unwrap_err().place, "token 1");
        assert!("3 @ 1>2".parse::<Tokens>().unwrap_err().message.contains("expected"));
    }
}
