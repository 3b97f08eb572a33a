//! Values of a scripted game's components by definition: the second ground truth for scripts
//! with `split`, as `grundy-definition` is for built-in games.
//!
//! A component's Grundy value is the mex of the values of its moves, and a move that leaves
//! several components has the XOR of their values (the Sprague–Grundy theorem, nothing else).
//! Written here again, apart from the fast side's [`super::values`] (which finds every component
//! reachable first and orders them): components are valued on demand, depth first, memoised, so
//! `[x]` costs what it reaches and no more. A component that comes back to itself has no value
//! by mex: the check says so.

use std::collections::HashMap;
use std::time::Instant;

use super::Script;
use super::values::mex;

/// The level's name in reports.
pub const LEVEL: &str = grundy_definition::LEVEL;

/// Why a value by definition could not be given (one line).
pub type Stopped = String;

/// Values of components by definition, memoised.
#[derive(Debug)]
pub struct ByDefinition<'a> {
    script: &'a Script,
    values: HashMap<Vec<u64>, u64>,
    /// When to stop.
    deadline: Option<Instant>,
    /// Most components memoised (`--max-states`).
    most: usize,
}

/// A component being valued, with its moves (each the parts it leaves).
struct Open {
    component: Vec<u64>,
    moves: Vec<Vec<Vec<u64>>>,
}

impl<'a> ByDefinition<'a> {
    /// No value known yet; stops at `deadline`, or past `most` components.
    pub fn new(script: &'a Script, deadline: Option<Instant>, most: usize) -> ByDefinition<'a> {
        ByDefinition { script, values: HashMap::new(), deadline, most }
    }

    fn open(&self, component: Vec<u64>) -> Result<Open, Stopped> {
        let mut moves = Vec::new();
        for option in self.script.moves(&component).map_err(|e| e.to_string())? {
            moves.push(self.script.split(&option).map_err(|e| e.to_string())?);
        }
        Ok(Open { component, moves })
    }

    /// The Grundy value of `component`.
    pub fn value(&mut self, component: &[u64]) -> Result<u64, Stopped> {
        if let Some(&value) = self.values.get(component) {
            return Ok(value);
        }
        let mut stack = vec![self.open(component.to_vec())?];
        let mut on_stack: std::collections::HashSet<Vec<u64>> = std::iter::once(component.to_vec()).collect();
        while let Some(top) = stack.last_mut() {
            if crate::interrupt::past(self.deadline) {
                return Err("the time budget (--time) ran out".to_string());
            }
            // The first part of the moves not valued yet, if any.
            let pending = top.moves.iter().flatten().find(|part| !self.values.contains_key(*part)).cloned();
            match pending {
                Some(part) => {
                    if !on_stack.insert(part.clone()) {
                        return Err(format!(
                            "{} comes back to itself: a component on a cycle has no grundy value by mex",
                            super::show_brief(&part)
                        ));
                    }
                    let opened = self.open(part)?;
                    stack.push(opened);
                }
                None => {
                    let reached: Vec<u64> = top
                        .moves
                        .iter()
                        .map(|parts| parts.iter().fold(0, |xor, part| xor ^ self.values[part]))
                        .collect();
                    let done = stack.pop().expect("the top was there");
                    on_stack.remove(&done.component);
                    if self.values.len() >= self.most {
                        return Err(format!(
                            "more than {} components (the definition's budget, --max-states)",
                            self.most
                        ));
                    }
                    self.values.insert(done.component, mex(reached));
                }
            }
        }
        Ok(self.values[component])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kayles_by_definition() {
        let script = Script::compile("kayles.rhai", crate::script::KAYLES_FOR_TESTS).unwrap();
        let mut definition = ByDefinition::new(&script, None, 1_000_000);
        let kayles = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7];
        for (x, &g) in kayles.iter().enumerate().rev() {
            assert_eq!(definition.value(&[x as u64]), Ok(g), "heap {x}");
        }
        let looping = Script::compile("loop.rhai", "fn moves(p) { [[1 - p[0]]] } fn split(p) { [p] }").unwrap();
        let error = ByDefinition::new(&looping, None, 100).value(&[0]).unwrap_err();
        assert!(error.contains("comes back to itself"), "{error}");
    }
}
