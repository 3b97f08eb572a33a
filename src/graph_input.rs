//! Graphs for `grundy solve geography` and `grundy solve graph`: a simple edge list, or Graphviz
//! DOT.
//!
//! * Edge list: `n m s`, then `m` pairs `u v`; vertices `1..=n`, start `s` (the
//!   `grundy problem geography` format). For `solve graph` (a game's state graph, [`read_digraph`]):
//!   `n m`, then `m` moves `u v` (from `u` to `v`).
//! * DOT, read by the `graphviz-rust` parser: `graph { a -- b -- c; b -- d; }` (or `digraph`
//!   with `->`; direction is ignored); node names are identifiers, numbers, quoted strings (`"a"`
//!   is `a`; `"a-b"` is one node) or HTML strings; attributes and comments are ignored; an edge
//!   to a subgraph (`a -- subgraph {b c}`; the parser needs the keyword) joins every node of it. The start is the node named by
//!   `--start`, or the first node mentioned.

use grundy_fast::matching::Graph;

use crate::contest::InputError;

/// Text that is not a graph, in words: what and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GraphError {
    /// A malformed edge list.
    #[error(transparent)]
    EdgeList(#[from] InputError),
    /// DOT text that is not a graph, or one past what is read.
    #[error("DOT graph: {0}")]
    Dot(String),
    /// A graph past the sizes supported.
    #[error("graph: {0}")]
    Invalid(#[from] grundy_rules::games::Invalid),
    /// A node asked for that the graph does not have.
    #[error("{0}")]
    NoSuchNode(String),
}

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
pub fn read(text: &str, start: Option<&str>) -> Result<NamedGraph, GraphError> {
    let trimmed = text.trim_start();
    let is_dot = ["graph", "digraph", "strict"].iter().any(|word| trimmed.starts_with(word));
    if is_dot { read_dot(text, start) } else { read_edge_list(text, start) }
}

/// A directed graph read from text, with its node names: the state graph of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedDigraph {
    /// The graph.
    pub graph: grundy_rules::games::Digraph,
    /// Node names, by vertex.
    pub names: Vec<String>,
}

impl NamedDigraph {
    /// The vertex a node name (or, for an edge list, a number from 1) stands for.
    pub fn vertex(&self, name: &str) -> Result<usize, GraphError> {
        self.names.iter().position(|n| n == name).ok_or_else(|| {
            let shown: Vec<&str> = self.names.iter().take(8).map(String::as_str).collect();
            let more = if self.names.len() > 8 { ", …" } else { "" };
            GraphError::NoSuchNode(format!(
                "no vertex named `{name}` in the graph (its vertices: {}{more})",
                shown.join(", ")
            ))
        })
    }
}

/// Reads a game's state graph: an edge list `n m` then `m` moves `u v`, or DOT (`digraph`
/// edges `->` are moves; an undirected `graph`'s edges `--` are moves both ways).
pub fn read_digraph(text: &str) -> Result<NamedDigraph, GraphError> {
    let trimmed = text.trim_start();
    let is_dot = ["graph", "digraph", "strict"].iter().any(|word| trimmed.starts_with(word));
    let (vertices, edges, names) = if is_dot {
        let (named, directed) = parse_dot(text)?;
        let mut edges = named.graph.edges;
        if !directed {
            let back: Vec<(usize, usize)> = edges.iter().map(|&(u, v)| (v, u)).collect();
            edges.extend(back);
        }
        (named.graph.vertices, edges, named.names)
    } else {
        let mut tokens = crate::contest::Tokens::new("graph", text);
        let most = grundy_rules::games::Digraph::MOST_VERTICES as u64;
        let n = tokens.number("n, the number of vertices", 1, most)?;
        let m = tokens.number("m, the number of moves", 0, grundy_rules::games::Digraph::MOST_EDGES as u64)?;
        let edges = tokens.edges(m, n, ["a move's start", "a move's end"])?;
        tokens.finish(&format!("the {m} moves"))?;
        (n as usize, edges, (1..=n).map(|v| v.to_string()).collect())
    };
    let graph = grundy_rules::games::Digraph::new(vertices, edges)?;
    Ok(NamedDigraph { graph, names })
}

fn read_edge_list(text: &str, start: Option<&str>) -> Result<NamedGraph, GraphError> {
    let mut tokens = crate::contest::Tokens::new("graph", text);
    let n = tokens.number("n, the number of vertices", 1, 1_000_000)?;
    let m = tokens.number("m, the number of edges", 0, 10_000_000)?;
    let s = tokens.number("s, the start vertex", 1, n)?;
    let edges = tokens.edges(m, n, ["an edge end", "an edge end"])?;
    tokens.finish(&format!("the {m} edges"))?;
    let s = match start {
        None => s,
        Some(name) => match name.parse::<u64>() {
            Ok(v) if (1..=n).contains(&v) => v,
            _ => {
                return Err(GraphError::NoSuchNode(format!(
                    "--start `{name}`: the vertices of this edge list are 1 to {n}"
                )));
            }
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

fn read_dot(text: &str, start: Option<&str>) -> Result<NamedGraph, GraphError> {
    let (mut named, _) = parse_dot(text)?;
    if let Some(name) = start {
        named.start = *named
            .names
            .iter()
            .position(|n| n == name)
            .as_ref()
            .ok_or_else(|| GraphError::NoSuchNode(format!("DOT graph: no node named `{name}`")))?;
    }
    Ok(named)
}

/// The nodes and edges of DOT text (the start: the first node), and whether it is a `digraph`.
fn parse_dot(text: &str) -> Result<(NamedGraph, bool), GraphError> {
    use graphviz_rust::dot_structures::{Graph as Dot, Stmt};
    if text.len() > MOST_DOT_BYTES {
        return Err(GraphError::Dot(format!("{} bytes, more than the {MOST_DOT_BYTES} read", text.len())));
    }
    let depth = dot_depth(text);
    if depth > MOST_DOT_DEPTH {
        return Err(GraphError::Dot(format!("subgraphs nested {depth} deep, more than {MOST_DOT_DEPTH}")));
    }
    // The parser unwraps its own parse tree; should it ever fail there, that is a bad input too.
    let parsed = std::panic::catch_unwind(|| graphviz_rust::parse(text))
        .map_err(|_| GraphError::Dot("the parser failed on this text".to_string()))?
        .map_err(|error| GraphError::Dot(error.split_whitespace().collect::<Vec<_>>().join(" ")))?;
    let (stmts, directed): (Vec<Stmt>, bool) = match parsed {
        Dot::Graph { stmts, .. } => (stmts, false),
        Dot::DiGraph { stmts, .. } => (stmts, true),
    };
    let mut graph = DotGraph::default();
    graph.statements(&stmts);
    if graph.names.is_empty() {
        return Err(GraphError::Dot("no node".to_string()));
    }
    let named =
        NamedGraph { graph: Graph { vertices: graph.names.len(), edges: graph.edges }, names: graph.names, start: 0 };
    Ok((named, directed))
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
        assert!(read("graph { a -- b }", Some("z")).unwrap_err().to_string().contains("no node named `z`"));
        assert!(read("3 1 1\n1 4\n", None).unwrap_err().to_string().contains("line 2, token 2"));
    }

    #[test]
    fn state_graphs_are_directed_edge_lists_or_dot() {
        let list = read_digraph("3 3\n1 2\n2 3\n3 1\n").unwrap();
        assert_eq!(list.graph.edges(), &[(0, 1), (1, 2), (2, 0)]);
        assert_eq!(list.vertex("2"), Ok(1));
        let dot = read_digraph("digraph { a -> b -> c -> a }").unwrap();
        assert_eq!(dot.graph, list.graph);
        assert_eq!(dot.names, ["a", "b", "c"]);
        // An undirected edge is a move both ways.
        assert_eq!(read_digraph("graph { a -- b }").unwrap().graph.edges(), &[(0, 1), (1, 0)]);
        assert!(dot.vertex("z").unwrap_err().to_string().contains("no vertex named `z`"));
        assert!(read_digraph("3 1\n1 4\n").unwrap_err().to_string().contains("line 2, token 2"));
        assert!(read_digraph("2 1\n1 2\n9\n").unwrap_err().to_string().contains("unexpected input after the 1 moves"));
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
        assert!(read("graph { a -- }", None).unwrap_err().to_string().starts_with("DOT graph: "));
        assert!(!read("graph { a -- }", None).unwrap_err().to_string().contains('\n'));
        let deep = format!("graph {{ {} a {} }}", "{".repeat(10_000), "}".repeat(10_000));
        assert!(read(&deep, None).unwrap_err().to_string().contains("nested"));
    }
}
