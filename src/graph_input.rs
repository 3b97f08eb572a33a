//! Graphs for `grundy solve geography`: a simple edge list, or Graphviz DOT.
//!
//! * Edge list: `n m s`, then `m` pairs `u v`; vertices `1..=n`, start `s` (the
//!   `grundy problem geography` format).
//! * DOT, read by the `graphviz-rust` parser: `graph { a -- b -- c; b -- d; }` (or `digraph`
//!   with `->`; direction is ignored); node names are identifiers, numbers, quoted strings (`"a"`
//!   is `a`; `"a-b"` is one node) or HTML strings; attributes and comments are ignored; an edge
//!   to a subgraph (`a -- subgraph {b c}`; the parser needs the keyword) joins every node of it. The start is the node named by
//!   `--start`, or the first node mentioned.

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

/// Most bytes of DOT text read.
const MOST_DOT_BYTES: usize = 64 << 20;

/// Deepest nesting of `{` in DOT text (the parser recurses on subgraphs).
const MOST_DOT_DEPTH: usize = 64;

fn read_dot(text: &str, start: Option<&str>) -> Result<NamedGraph, String> {
    use graphviz_rust::dot_structures::{Graph as Dot, Stmt};
    if text.len() > MOST_DOT_BYTES {
        return Err(format!("DOT graph: {} bytes, more than the {MOST_DOT_BYTES} read", text.len()));
    }
    let depth = dot_depth(text);
    if depth > MOST_DOT_DEPTH {
        return Err(format!("DOT graph: subgraphs nested {depth} deep, more than {MOST_DOT_DEPTH}"));
    }
    // The parser unwraps its own parse tree; should it ever fail there, that is a bad input too.
    let parsed = std::panic::catch_unwind(|| graphviz_rust::parse(text))
        .map_err(|_| "DOT graph: the parser failed on this text".to_string())?
        .map_err(|error| format!("DOT graph: {}", error.split_whitespace().collect::<Vec<_>>().join(" ")))?;
    let stmts: Vec<Stmt> = match parsed {
        Dot::Graph { stmts, .. } | Dot::DiGraph { stmts, .. } => stmts,
    };
    let mut graph = DotGraph::default();
    graph.statements(&stmts);
    if graph.names.is_empty() {
        return Err("DOT graph: no node".to_string());
    }
    let start = match start {
        Some(name) => *graph.index.get(name).ok_or_else(|| format!("DOT graph: no node named `{name}`"))?,
        None => 0,
    };
    Ok(NamedGraph { graph: Graph { vertices: graph.names.len(), edges: graph.edges }, names: graph.names, start })
}

/// How deeply `{` nest in DOT text, outside quoted strings.
fn dot_depth(text: &str) -> usize {
    let (mut depth, mut deepest, mut quoted, mut escaped) = (0usize, 0, false, false);
    for c in text.chars() {
        match (quoted, c) {
            (true, _) if escaped => escaped = false,
            (true, '\\') => escaped = true,
            (true, '"') => quoted = false,
            (false, '"') => quoted = true,
            (false, '{') => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            (false, '}') => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}

/// Nodes and edges gathered from DOT statements.
#[derive(Default)]
struct DotGraph {
    names: Vec<String>,
    index: std::collections::HashMap<String, usize>,
    edges: Vec<(usize, usize)>,
}

impl DotGraph {
    /// The vertex of a node id: `a` and `"a"` are the same node.
    fn vertex(&mut self, id: &graphviz_rust::dot_structures::Id) -> usize {
        use graphviz_rust::dot_structures::Id;
        let name = match id {
            Id::Escaped(quoted) => {
                let inner = quoted.strip_prefix('"').and_then(|q| q.strip_suffix('"')).unwrap_or(quoted);
                inner.replace("\\\"", "\"")
            }
            Id::Plain(name) | Id::Html(name) | Id::Anonymous(name) => name.clone(),
        };
        if let Some(&v) = self.index.get(&name) {
            return v;
        }
        self.names.push(name.clone());
        self.index.insert(name, self.names.len() - 1);
        self.names.len() - 1
    }

    /// The vertices of statements (declaring each), with their edges.
    fn statements(&mut self, stmts: &[graphviz_rust::dot_structures::Stmt]) -> Vec<usize> {
        use graphviz_rust::dot_structures::{EdgeTy, Stmt};
        let mut vertices = Vec::new();
        for stmt in stmts {
            match stmt {
                Stmt::Node(node) => vertices.push(self.vertex(&node.id.0)),
                Stmt::Subgraph(subgraph) => vertices.extend(self.statements(&subgraph.stmts)),
                Stmt::Edge(edge) => {
                    let ends: Vec<&graphviz_rust::dot_structures::Vertex> = match &edge.ty {
                        EdgeTy::Pair(a, b) => vec![a, b],
                        EdgeTy::Chain(chain) => chain.iter().collect(),
                    };
                    let mut previous: Option<Vec<usize>> = None;
                    for end in ends {
                        let group = self.end(end);
                        vertices.extend(&group);
                        if let Some(before) = &previous {
                            for &u in before {
                                self.edges.extend(group.iter().map(|&v| (u, v)));
                            }
                        }
                        previous = Some(group);
                    }
                }
                Stmt::Attribute(_) | Stmt::GAttribute(_) => {}
            }
        }
        vertices
    }

    /// The vertices at one end of an edge: a node, or every node of a subgraph.
    fn end(&mut self, end: &graphviz_rust::dot_structures::Vertex) -> Vec<usize> {
        use graphviz_rust::dot_structures::Vertex;
        match end {
            Vertex::N(node) => vec![self.vertex(&node.0)],
            Vertex::S(subgraph) => self.statements(&subgraph.stmts),
        }
    }
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

    #[test]
    fn dot_ids_may_be_quoted_and_hold_any_character() {
        let dot = read(
            "digraph { \"a-b\" -> c -> \"d e\"; \"d e\" -> \"a-b\" /* a cycle */ ; c -> subgraph {x y} }",
            Some("a-b"),
        )
        .unwrap();
        assert_eq!(dot.names, ["a-b", "c", "d e", "x", "y"]);
        assert_eq!(dot.graph.edges, [(0, 1), (1, 2), (2, 0), (1, 3), (1, 4)]);
        assert_eq!(dot.start, 0);
        // `a` and `"a"` are one node.
        assert_eq!(read("graph { a -- \"a\" }", None).unwrap().names, ["a"]);
        // Bad text is one error, never a panic or a stack overflow.
        assert!(read("graph { a -- }", None).unwrap_err().starts_with("DOT graph: "));
        assert!(!read("graph { a -- }", None).unwrap_err().contains('\n'));
        let deep = format!("graph {{ {} a {} }}", "{".repeat(10_000), "}".repeat(10_000));
        assert!(read(&deep, None).unwrap_err().contains("nested"));
    }
}
