//! Graphs for `grundy solve geography`: a simple edge list, or Graphviz DOT.
//!
//! * Edge list: `n m s`, then `m` pairs `u v`; vertices `1..=n`, start `s` (the
//!   `grundy problem geography` format).
//! * DOT: `graph { a -- b -- c; b -- d; }` (or `digraph` with `->`; direction is ignored);
//!   node names are identifiers, numbers or quoted strings; attributes in `[…]` are ignored; a
//!   statement that is a lone name declares a node. The start is the node named by `--start`,
//!   or the first node mentioned.

use grundy_fast::matching::Graph;

/// A graph read from text, with its node names and the start vertex.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedGraph {
    /// The graph.
    pub graph: Graph,
    /// Node names, by vertex.
    pub names: Vec<String>,
    /// The start vertex.
    pub start: usize,
}

/// Reads an edge list or DOT text; `start` names the start node (in an edge list, its number,
/// which replaces the one the list gives).
pub fn read(text: &str, start: Option<&str>) -> Result<NamedGraph, String> {
    let trimmed = text.trim_start();
    let is_dot = ["graph", "digraph", "strict"].iter().any(|word| trimmed.starts_with(word));
    if is_dot { read_dot(text, start) } else { read_edge_list(text, start) }
}

fn read_edge_list(text: &str, start: Option<&str>) -> Result<NamedGraph, String> {
    let mut tokens = crate::contest::Tokens::new("graph", text);
    let error = |e: crate::contest::InputError| e.to_string();
    let n = tokens.number("n, the number of vertices", 1, 1_000_000).map_err(error)?;
    let m = tokens.number("m, the number of edges", 0, 10_000_000).map_err(error)?;
    let s = tokens.number("s, the start vertex", 1, n).map_err(error)?;
    let mut edges = Vec::with_capacity(m as usize);
    for _ in 0..m {
        let u = tokens.number("an edge end", 1, n).map_err(error)?;
        let v = tokens.number("an edge end", 1, n).map_err(error)?;
        edges.push((u as usize - 1, v as usize - 1));
    }
    tokens.finish(&format!("the {m} edges")).map_err(error)?;
    let s = match start {
        None => s,
        Some(name) => match name.parse::<u64>() {
            Ok(v) if (1..=n).contains(&v) => v,
            _ => return Err(format!("--start `{name}`: the vertices of this edge list are 1 to {n}")),
        },
    };
    Ok(NamedGraph {
        graph: Graph { vertices: n as usize, edges },
        names: (1..=n).map(|v| v.to_string()).collect(),
        start: s as usize - 1,
    })
}

fn read_dot(text: &str, start: Option<&str>) -> Result<NamedGraph, String> {
    let body_start = text.find('{').ok_or("DOT graph: no `{`")?;
    let body_end = text.rfind('}').filter(|&end| end > body_start).ok_or("DOT graph: no closing `}`")?;
    let body: String = text[body_start + 1..body_end]
        .lines()
        .map(|line| line.split("//").next().unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n");
    let mut names: Vec<String> = Vec::new();
    let vertex = |name: &str, names: &mut Vec<String>| -> usize {
        match names.iter().position(|n| n == name) {
            Some(v) => v,
            None => {
                names.push(name.to_string());
                names.len() - 1
            }
        }
    };
    let mut edges = Vec::new();
    for (number, statement) in body.split([';', '\n']).enumerate() {
        let statement = match statement.find('[') {
            Some(at) => &statement[..at],
            None => statement,
        };
        let statement = statement.trim();
        if statement.is_empty() || statement.contains('=') || ["graph", "node", "edge"].contains(&statement) {
            continue;
        }
        let parts: Vec<&str> = statement.split(['-', '>']).map(str::trim).filter(|p| !p.is_empty()).collect();
        let mut previous: Option<usize> = None;
        for part in parts {
            let name = part.trim_matches('"');
            if name.is_empty() || name.contains(char::is_whitespace) && !part.starts_with('"') {
                return Err(format!(
                    "DOT graph: statement {} (`{statement}`): `{part}` is not a node name",
                    number + 1
                ));
            }
            let v = vertex(name, &mut names);
            if let Some(u) = previous {
                edges.push((u, v));
            }
            previous = Some(v);
        }
    }
    if names.is_empty() {
        return Err("DOT graph: no node".to_string());
    }
    let start = match start {
        Some(name) => {
            names.iter().position(|n| n == name).ok_or_else(|| format!("DOT graph: no node named `{name}`"))?
        }
        None => 0,
    };
    Ok(NamedGraph { graph: Graph { vertices: names.len(), edges }, names, start })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edge_lists_and_dot_agree() {
        let list = read("3 2 1\n1 2\n2 3\n", None).unwrap();
        let dot = read("graph G {\n  a -- b -- c; // a path\n  a [label=\"start\"];\n}\n", Some("a")).unwrap();
        assert_eq!(list.graph, dot.graph);
        assert_eq!(dot.names, vec!["a", "b", "c"]);
        assert!(read("graph { a -- b }", Some("z")).unwrap_err().contains("no node named `z`"));
        assert!(read("3 1 1\n1 4\n", None).unwrap_err().contains("line 2, token 2"));
    }
}
