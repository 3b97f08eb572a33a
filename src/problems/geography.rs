//! Undirected vertex geography: `n m s`, then `m` lines `u v` (vertices `1..=n`, start `s`);
//! `First` or `Second`, the winner. Bipartite graphs go to Hopcroft–Karp, others to a general
//! maximum matching.

use grundy_fast::games::geography;
use grundy_fast::matching::Graph;
use grundy_rules::Outcome;

use super::{InputError, Tokens};

/// Solves a whole input.
pub fn solve(input: &str) -> Result<String, InputError> {
    let mut tokens = Tokens::new("geography", input);
    let vertices = tokens.number("n, the number of vertices", 1, 1_000_000)?;
    let count = tokens.number("m, the number of edges", 0, 10_000_000)?;
    let start = tokens.number("s, the start vertex", 1, vertices)?;
    let mut edges = Vec::with_capacity(count as usize);
    for _ in 0..count {
        let u = tokens.number("an edge end", 1, vertices)?;
        let v = tokens.number("an edge end", 1, vertices)?;
        edges.push((u as usize - 1, v as usize - 1));
    }
    tokens.finish(&format!("the {count} edges"))?;
    let graph = Graph { vertices: vertices as usize, edges };
    let first = geography::first_wins_auto(&graph, start as usize - 1);
    Ok(super::winner_line(Outcome::from_first_wins(first)))
}

#[cfg(test)]
mod tests {
    #[test]
    fn paths_and_triangles() {
        // A path 1-2-3 from its end: the first player moves to 2, then the second to 3: Second.
        assert_eq!(super::solve("3 2 1\n1 2\n2 3\n").unwrap(), "Second\n");
        // From the middle: First.
        assert_eq!(super::solve("3 2 2\n1 2\n2 3\n").unwrap(), "First\n");
        // A triangle: the first player moves to 2, the second to 3, and the first is stuck.
        assert_eq!(super::solve("3 3 1\n1 2\n2 3\n3 1\n").unwrap(), "Second\n");
        assert!(super::solve("2 1 1\n1 3\n").unwrap_err().to_string().contains("line 2, token 2"));
    }
}
