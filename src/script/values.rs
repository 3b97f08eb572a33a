//! The fast side of a scripted game: values of components, added by the theory of sums.
//!
//! Every component reachable from the ones asked for is found (a move of a component gives a
//! position, which `split` cuts into components). Then:
//!
//! * when no move ever cuts a component into more than one (or none), the components and their
//!   moves are a directed graph, and each component's value is Smith's loopy value on it
//!   ([`grundy_fast::loopy`]): cycles and draws included;
//! * otherwise the game must end: a component's value is the mex, over its moves, of the XOR of
//!   the parts' values (the Sprague–Grundy theorem). A cycle there has no theory here: the
//!   answer is *unsupported*, never a guess.
//!
//! A position's value is the sum of its components' values by Smith's rule
//! ([`LoopyValue::plus`]). Misère play has no such theory: unsupported.

use std::collections::HashMap;
use std::time::Instant;

use grundy_fast::loopy::{LoopyValue, LoopyValues};
use grundy_rules::games::Digraph;

use super::Script;

/// Why the fast side gave no value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NoValue {
    /// The script failed.
    Script(super::ScriptError),
    /// A budget ran out (one line).
    Budget(String),
    /// No theory here covers the game.
    Unsupported(String),
}

impl std::fmt::Display for NoValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoValue::Script(error) => write!(f, "{error}"),
            NoValue::Budget(why) => f.write_str(why),
            NoValue::Unsupported(why) => write!(f, "no theory covers this game: {why}"),
        }
    }
}

/// Limits on the search for components.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Most components found.
    pub components: usize,
    /// When to stop.
    pub deadline: Option<Instant>,
    /// Most bytes the components and their moves may hold (`--max-memory`).
    pub max_bytes: usize,
}

/// Bytes a component costs besides its integers: its key and number in the map, its entry in
/// the list, and its list of moves.
const COMPONENT_BYTES: usize = 3 * 24 + 2 * 8 + 48;

/// Bytes a move costs besides its parts' numbers: its list.
const MOVE_BYTES: usize = 24;

/// The values of every component reachable from some positions.
#[derive(Debug, Clone)]
pub struct Values {
    number: HashMap<Vec<u64>, usize>,
    values: Vec<LoopyValue>,
    /// Whether some move cut a component into several (values are then by mex and XOR).
    pub splits: bool,
}

impl Values {
    /// The values of the components of `positions` and of everything reachable from them.
    pub fn new(script: &Script, positions: &[Vec<u64>], limits: Limits) -> Result<Values, NoValue> {
        let mut number: HashMap<Vec<u64>, usize> = HashMap::new();
        let mut found: Vec<Vec<u64>> = Vec::new();
        let mut bytes = 0usize;
        let over_memory = || {
            NoValue::Budget(format!(
                "the components and their moves would hold more than {} (their share of the memory budget, --max-memory)",
                grundy_oracle::engine::human_bytes(limits.max_bytes)
            ))
        };
        let mut intern =
            |component: Vec<u64>, found: &mut Vec<Vec<u64>>, bytes: &mut usize| -> Result<usize, NoValue> {
                if let Some(&id) = number.get(&component) {
                    return Ok(id);
                }
                if found.len() >= limits.components {
                    return Err(NoValue::Budget(format!(
                        "more than {} components are reachable (the fast side's budget, --max-states)",
                        limits.components
                    )));
                }
                // Its integers twice (the key and the list) and its bookkeeping.
                *bytes = bytes.saturating_add(component.len() * 16 + COMPONENT_BYTES);
                if *bytes > limits.max_bytes {
                    return Err(over_memory());
                }
                number.insert(component.clone(), found.len());
                found.push(component);
                Ok(found.len() - 1)
            };
        for position in positions {
            for component in script.split(position).map_err(NoValue::Script)? {
                intern(component, &mut found, &mut bytes)?;
            }
        }
        // Each component's moves, each move the list of the parts it leaves.
        let mut moves: Vec<Vec<Vec<usize>>> = Vec::new();
        let mut splits = false;
        while moves.len() < found.len() {
            let out_of_time =
                || NoValue::Budget(format!("the time budget (--time) ran out after {} components", moves.len()));
            if moves.len().is_multiple_of(1024) && limits.deadline.is_some_and(|deadline| Instant::now() >= deadline) {
                return Err(out_of_time());
            }
            let of_script = |error: super::ScriptError| match error.out_of_time {
                true => out_of_time(),
                false => NoValue::Script(error),
            };
            let component = found[moves.len()].clone();
            let mut listed = Vec::new();
            for option in script.moves(&component).map_err(of_script)? {
                let parts = script.split(&option).map_err(of_script)?;
                splits |= parts.len() != 1;
                let ids = parts
                    .into_iter()
                    .map(|part| intern(part, &mut found, &mut bytes))
                    .collect::<Result<Vec<_>, _>>()?;
                bytes = bytes.saturating_add(ids.len() * 8 + MOVE_BYTES);
                if bytes > limits.max_bytes {
                    return Err(over_memory());
                }
                listed.push(ids);
            }
            moves.push(listed);
        }
        let values = if splits { by_mex(&moves)? } else { by_smith(&moves)? };
        Ok(Values { number, values, splits })
    }

    /// The value of a component found.
    pub fn component(&self, component: &[u64]) -> Option<&LoopyValue> {
        self.number.get(component).map(|&id| &self.values[id])
    }

    /// The value of a position whose components were all found: the sum of theirs.
    pub fn sum(&self, components: &[Vec<u64>]) -> Option<LoopyValue> {
        components.iter().try_fold(LoopyValue::Finite(0), |total, c| Some(total.plus(self.component(c)?)))
    }

    /// How many components were found.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether none was.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
}

/// Smith's values, when every move leaves one component.
fn by_smith(moves: &[Vec<Vec<usize>>]) -> Result<Vec<LoopyValue>, NoValue> {
    if moves.is_empty() {
        return Ok(Vec::new()); // positions with no component: their sum is 0
    }
    let edges: Vec<(usize, usize)> =
        moves.iter().enumerate().flat_map(|(c, listed)| listed.iter().map(move |parts| (c, parts[0]))).collect();
    let graph = Digraph::new(moves.len(), edges).map_err(|e| NoValue::Budget(format!("the component graph: {e}")))?;
    let values = LoopyValues::new(&graph);
    Ok((0..moves.len()).map(|c| values.value(c)).collect())
}

/// Values by mex of XOR, when some move leaves several components: parts before wholes, in an
/// order found by depth-first search (explicit stack); a cycle is unsupported.
fn by_mex(moves: &[Vec<Vec<usize>>]) -> Result<Vec<LoopyValue>, NoValue> {
    const NEW: u8 = 0;
    const OPEN: u8 = 1;
    const DONE: u8 = 2;
    let mut state = vec![NEW; moves.len()];
    let mut value = vec![0u64; moves.len()];
    for root in 0..moves.len() {
        if state[root] != NEW {
            continue;
        }
        // (component, parts visited so far, flattened over its moves)
        let mut stack = vec![(root, 0usize)];
        state[root] = OPEN;
        while let Some(&mut (c, ref mut next)) = stack.last_mut() {
            let parts: Vec<usize> = moves[c].iter().flatten().copied().collect();
            if let Some(&part) = parts.get(*next) {
                *next += 1;
                match state[part] {
                    NEW => {
                        state[part] = OPEN;
                        stack.push((part, 0));
                    }
                    OPEN => {
                        return Err(NoValue::Unsupported(
                            "a move cuts a component into several, and a component can come back to itself: \
                             sums of loopy games as moves have no theory here"
                                .to_string(),
                        ));
                    }
                    _ => {}
                }
                continue;
            }
            let reached: Vec<u64> = moves[c].iter().map(|parts| parts.iter().fold(0, |x, &p| x ^ value[p])).collect();
            value[c] = mex(reached);
            state[c] = DONE;
            stack.pop();
        }
    }
    Ok(value.into_iter().map(LoopyValue::Finite).collect())
}

/// The least value not among `values`.
pub(super) fn mex(mut values: Vec<u64>) -> u64 {
    values.sort_unstable();
    values.dedup();
    values.iter().enumerate().find(|&(i, &v)| v != i as u64).map_or(values.len() as u64, |(i, _)| i as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMITS: Limits = Limits { components: 1_000_000, deadline: None, max_bytes: 1 << 30 };

    #[test]
    fn a_splitting_game_has_its_grundy_values() {
        // Kayles on heaps (remove 1 or 2 adjacent pins, maybe splitting the row): 0.77.
        let script = Script::compile("kayles.rhai", crate::script::KAYLES_FOR_TESTS).unwrap();
        let heaps: Vec<Vec<u64>> = (0..12).map(|x| vec![x]).collect();
        let values = Values::new(&script, &heaps, LIMITS).unwrap();
        assert!(values.splits);
        let kayles = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6];
        for (x, &g) in kayles.iter().enumerate() {
            assert_eq!(values.component(&[x as u64]), Some(&LoopyValue::Finite(g)), "heap {x}");
        }
        assert_eq!(values.sum(&[vec![4], vec![1]]), Some(LoopyValue::Finite(0)));
    }

    #[test]
    fn a_loopy_game_has_smith_values_and_a_loopy_split_game_is_unsupported() {
        // A counter on a cycle 0 → 1 → 2 → 0 with an exit 2 → 3 (the end). Smith's values: 3 has
        // none of its own, 0; 1's one option, 2, can move back to 3, so 1 is 0; 0 is mex{0} = 1;
        // 2 is mex{1, 0} = 2. No draw: every value is finite.
        let script = Script::compile(
            "ring.rhai",
            "fn moves(p) { let x = p[0]; if x == 3 { [] } else if x == 2 { [[0], [3]] } else { [[x + 1]] } }",
        )
        .unwrap();
        let values = Values::new(&script, &[vec![0]], LIMITS).unwrap();
        let got: Vec<String> = (0..4).map(|x| values.component(&[x]).unwrap().to_string()).collect();
        assert_eq!(got, ["1", "0", "2", "0"]);
        // Two positions that only move to each other: a draw, ∞(∅).
        let script = Script::compile("swap.rhai", "fn moves(p) { [[1 - p[0]]] }").unwrap();
        let values = Values::new(&script, &[vec![0]], LIMITS).unwrap();
        assert_eq!(values.component(&[0]), Some(&LoopyValue::Infinite(vec![])));
        let script = Script::compile("loop.rhai", "fn moves(p) { [[1, 1]] } fn split(p) { p.map(|x| [x]) }").unwrap();
        assert!(matches!(Values::new(&script, &[vec![1]], LIMITS), Err(NoValue::Unsupported(_))));
        let script = Script::compile("up.rhai", "fn moves(p) { [[p[0] + 1]] }").unwrap();
        let small = Limits { components: 100, ..LIMITS };
        assert!(matches!(Values::new(&script, &[vec![0]], small), Err(NoValue::Budget(_))));
    }
}
