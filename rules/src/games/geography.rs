//! Undirected vertex geography.

use std::fmt;
use std::str::FromStr;

use super::{Invalid, invalid, parse_error, require, split_at_sign};
use crate::ParseError;

/// Undirected vertex geography: a token on a start vertex (visited); a move takes it along an
/// edge to a vertex not visited yet; whoever cannot move loses. Loops and repeated edges are
/// allowed (a loop is never a move).
///
/// Vertices are `0..vertices` here; the text numbers them from 1 as contest inputs do:
/// `VERTICES START @ U-V U-V …`, e.g. `4 1 @ 1-2 2-3 3-4`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Geography {
    vertices: usize,
    start: usize,
    edges: Vec<(usize, usize)>,
}

impl Geography {
    /// The most vertices supported.
    pub const MOST_VERTICES: usize = 1_000_000;
    /// The most edges supported.
    pub const MOST_EDGES: usize = 10_000_000;

    /// A graph on `0..vertices` with a start vertex and undirected edges.
    pub fn new(vertices: usize, start: usize, edges: Vec<(usize, usize)>) -> Result<Geography, Invalid> {
        require((1..=Self::MOST_VERTICES).contains(&vertices), || {
            format!("a graph has 1 to {} vertices, found {vertices}", Self::MOST_VERTICES)
        })?;
        require(edges.len() <= Self::MOST_EDGES, || format!("at most {} edges are supported", Self::MOST_EDGES))?;
        require(start < vertices, || format!("the start {} is not a vertex of 1..={vertices}", start + 1))?;
        if let Some(&(u, v)) = edges.iter().find(|&&(u, v)| u >= vertices || v >= vertices) {
            return Err(Invalid::new(format!("the edge {}-{} has an end beyond vertex {vertices}", u + 1, v + 1)));
        }
        Ok(Geography { vertices, start, edges })
    }

    /// How many vertices.
    pub fn vertices(&self) -> usize {
        self.vertices
    }

    /// The start vertex (0-based).
    pub fn start(&self) -> usize {
        self.start
    }

    /// The edges (0-based ends).
    pub fn edges(&self) -> &[(usize, usize)] {
        &self.edges
    }
}

impl fmt::Display for Geography {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} @", self.vertices, self.start + 1)?;
        for &(u, v) in &self.edges {
            write!(f, " {}-{}", u + 1, v + 1)?;
        }
        Ok(())
    }
}

impl FromStr for Geography {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Geography, ParseError> {
        let syntax = "`VERTICES START @ U-V …`, as in `4 1 @ 1-2 2-3`";
        let (head, edges) = split_at_sign("geography", text, syntax)?;
        let [vertices, start] = super::numbers("geography", text, head)?[..] else {
            return Err(parse_error("geography", text, "before `@`", format!("expected {syntax}")));
        };
        let vertex = |token: &str, place: &str| super::vertex("geography", text, token, place);
        let edges = super::edges("geography", text, edges, '-')?;
        let start = vertex(&start.to_string(), "the start")?;
        let vertices = usize::try_from(vertices).unwrap_or(usize::MAX);
        Geography::new(vertices, start, edges).map_err(invalid("geography", text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn graphs_round_trip_one_based() {
        let graph: Geography = "4 1 @ 1-2 2-3 3-4".parse().unwrap();
        assert_eq!(graph.start(), 0);
        assert_eq!(graph.edges(), &[(0, 1), (1, 2), (2, 3)]);
        assert_eq!(graph.to_string(), "4 1 @ 1-2 2-3 3-4");
        assert_eq!("1 1 @".parse::<Geography>().unwrap().edges().len(), 0);
        assert!("3 1 @ 1-4".parse::<Geography>().unwrap_err().message.contains("beyond vertex 3"));
        assert_eq!("3 1 @ 1-2 2:3".parse::<Geography>().unwrap_err().place, "edge 2");
        assert!("3 0 @".parse::<Geography>().unwrap_err().message.contains("numbered from 1"));
    }
}
