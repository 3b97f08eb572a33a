//! Undirected vertex geography, grundy's own format: `n m s`, then `m` lines `u v`.

use super::{DEFAULT_TIME_MS, Invalid, Source, Statement, Validator};

/// No contest: grundy's own limits.
pub const GEOGRAPHY: Statement = Statement {
    source: Source::Own,
    constraints: "1 ≤ n ≤ 10^6 vertices, 0 ≤ m ≤ 2·10^6 edges (loops and repeats allowed), 1 ≤ s ≤ n; a graph that is not bipartite (a loop is an odd \
                  cycle) has at most 20000 vertices",
    time_ms: DEFAULT_TIME_MS,
    // grundy's own reference holds 258 MiB on the largest geography input.
    memory_kib: 1024 * 1024,
    limits_from: None,
    validate,
};

fn validate(v: &mut Validator<'_>) -> Result<(), Invalid> {
    let vertices = v.number("n", 1, 1_000_000)?;
    v.space()?;
    let edges = v.number("m", 0, 2_000_000)?;
    v.space()?;
    v.number("s", 1, vertices)?;
    v.eoln()?;
    // Union-find with the parity of each vertex to its root: an edge within one class of the
    // same parity closes an odd cycle.
    let mut parent: Vec<usize> = (0..vertices as usize).collect();
    let mut parity = vec![false; vertices as usize];
    let mut bipartite = true;
    fn root(parent: &mut [usize], parity: &mut [bool], x: usize) -> (usize, bool) {
        let (mut top, mut to_top) = (x, false);
        while parent[top] != top {
            to_top ^= parity[top];
            top = parent[top];
        }
        // Compress: each vertex on the path points at the root, with its parity to it.
        let (mut y, mut y_to_top) = (x, to_top);
        while parent[y] != y {
            let (next, next_to_top) = (parent[y], y_to_top ^ parity[y]);
            parent[y] = top;
            parity[y] = y_to_top;
            (y, y_to_top) = (next, next_to_top);
        }
        (top, to_top)
    }
    for _ in 0..edges {
        let u = v.number("u", 1, vertices)? as usize - 1;
        v.space()?;
        let w = v.number("v", 1, vertices)? as usize - 1;
        v.eoln()?;
        let ((ru, pu), (rw, pw)) = (root(&mut parent, &mut parity, u), root(&mut parent, &mut parity, w));
        if ru == rw {
            bipartite &= pu != pw;
        } else {
            parent[ru] = rw;
            parity[ru] = pu == pw;
        }
    }
    if !bipartite && vertices > 20_000 {
        return Err(v.error("a graph that is not bipartite has more than 20000 vertices"));
    }
    Ok(())
}
