//! `grundy solve`: who wins one position, the values behind it and a winning move — by theory,
//! or by the oracle on whole positions.

use std::ops::ControlFlow;
use std::path::Path;

use grundy_fast::PileSolver;
use grundy_oracle::{Budget, Engine, Game, OptionSink, PileBox, PileGame};
use grundy_rules::games::Geography;
use grundy_rules::{LoopyOutcome, Outcome, Play, Position, RuleSet, Solution, ValueKind};
use serde::Serialize;

use crate::error::Error;

/// What `grundy solve` says about a position.
#[derive(Debug, Clone, Serialize)]
pub struct Solved {
    /// The game.
    pub game: String,
    /// The plates.
    pub position: Vec<u64>,
    /// Who answered: "fast" or "oracle".
    pub solver: &'static str,
    /// Who wins, and the value of the whole position.
    pub solution: Solution,
    /// Each plate's own values (fast side only), as text.
    pub plates: Option<Vec<(u64, String)>>,
    /// A move that wins, when the first player wins and one was found.
    pub winning_move: Option<Vec<u64>>,
}

/// A winning move is searched among at most this many options.
const WINNING_MOVE_SEARCH: usize = 200_000;
/// Positions with more options than this are not searched for a winning move at all.
const WINNING_MOVE_LISTING: u128 = 100_000_000;

/// Most options of one plate looked at by [`winning_move_by_values`]: each is a look-up.
const WINNING_PLATE_SEARCH: u64 = 100_000_000;

/// A winning move found by the Sprague–Grundy theorem, where it applies (one plate moves, the
/// game ends when no plate can, normal play: the disjunctive sum): a plate whose value `g` has
/// `g ⊕ G < g`, `G` the value of the whole position, moved to an option of value `g ⊕ G` — one
/// plate's options listed by the rules and looked up in the fast side's table, not every
/// option of the position. `None` where it does not apply, or no such option turned up.
fn winning_move_by_values(rules: &RuleSet, solver: &PileSolver, plates: &[u64]) -> Option<Vec<u64>> {
    use grundy_fast::PlateValue;
    if rules.compound != grundy_rules::Compound::Disjunctive || rules.play != Play::Normal {
        return None;
    }
    let grundy = |x: u64| match solver.plate_value(x) {
        Ok(PlateValue::Grundy(g)) => Some(g),
        _ => None,
    };
    let values: Vec<u64> = plates.iter().map(|&x| grundy(x)).collect::<Option<_>>()?;
    let total = values.iter().fold(0, |xor, g| xor ^ g);
    let game = PileGame::new(rules.clone());
    for (i, (&x, &g)) in plates.iter().zip(&values).enumerate() {
        let target = g ^ total;
        if target >= g {
            continue;
        }
        let (mut looked, mut found) = (0u64, None);
        // Nim's plate of value t is t tokens: one look, where listing a large plate's options
        // would take as many as it has tokens.
        if rules.operation == grundy_rules::Operation::Nim && grundy(target) == Some(target) {
            found = Some(vec![target]);
        }
        if found.is_none() {
            let _ = game.plate_options(x, |option| {
                looked += 1;
                let parts = option.plates();
                if parts.iter().map(|&y| grundy(y)).try_fold(0, |xor, g| g.map(|g| xor ^ g)) == Some(target) {
                    found = Some(parts);
                    return ControlFlow::Break(());
                }
                if looked >= WINNING_PLATE_SEARCH { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
            });
        }
        if let Some(parts) = found {
            let mut position: Vec<u64> = plates.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &y)| y).collect();
            position.extend(parts);
            position.sort_unstable();
            // Confirmed by the solver, as any winning move is.
            return (solver.solve(&position).ok()?.outcome == Outcome::Second).then_some(position);
        }
    }
    None
}

/// A winning move: the options of `plates` listed by the rules (the oracle's move generator) and
/// judged by the fast solver; the first that leaves a second-player win. `None` when none is
/// found among the first options.
pub fn winning_move(rules: &RuleSet, solver: &PileSolver, plates: &[u64]) -> Option<Vec<u64>> {
    struct Finder<'a> {
        solver: &'a PileSolver,
        tried: usize,
        found: Option<Vec<u64>>,
    }
    impl OptionSink<Vec<u64>> for Finder<'_> {
        fn option(&mut self, option: &Vec<u64>) -> ControlFlow<()> {
            self.tried += 1;
            if self.tried > WINNING_MOVE_SEARCH {
                return ControlFlow::Break(());
            }
            match self.solver.solve(option) {
                Ok(solution) if solution.outcome == Outcome::Second => {
                    self.found = Some(option.clone());
                    ControlFlow::Break(())
                }
                _ => ControlFlow::Continue(()),
            }
        }
        fn expect(&mut self, count: u128) -> ControlFlow<()> {
            // Set-valued actions list every plate's options before combining them.
            if count > WINNING_MOVE_LISTING { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
        }
    }
    let mut finder = Finder { solver, tried: 0, found: None };
    let _ = PileGame::new(rules.clone()).options(&plates.to_vec(), &mut finder);
    finder.found
}

/// Solves `position` by theory: the outcome, the values, a winning move.
pub fn by_theory(rules: &RuleSet, position: &Position) -> Result<Solved, Error> {
    let plates = position.plates().to_vec();
    let solver = PileSolver::new(rules, position.largest())?;
    let solution = solver.solve(&plates)?;
    let values = plates
        .iter()
        .map(|&x| solver.plate_value(x).map(|value| (x, value.to_string())))
        .collect::<Result<Vec<_>, _>>()?;
    let winning_move = (solution.outcome == Outcome::First)
        .then(|| winning_move_by_values(rules, &solver, &plates).or_else(|| winning_move(rules, &solver, &plates)))
        .flatten();
    Ok(Solved {
        game: rules.to_string(),
        position: plates,
        solver: "fast",
        solution,
        plates: Some(values),
        winning_move,
    })
}

/// Most positions a position's box may hold for the oracle to stand in for the fast side.
const MOST_FALLBACK_BOX: u64 = 1_000_000_000;

/// Why the oracle surely cannot solve `position` within any budget it has, if so: a heap of a
/// game that splits heaps past [`crate::verify::SPLITTING_HEAPS`] (it reaches every way of
/// cutting the heap up), or more positions below it than [`MOST_FALLBACK_BOX`]. Used before
/// the oracle stands in for a fast side that has no theorem: a hopeless search is not started.
pub fn beyond_the_oracle(rules: &RuleSet, position: &Position) -> Option<String> {
    let largest = position.largest();
    if rules.operation.splits() && largest > crate::verify::SPLITTING_HEAPS {
        return Some(format!(
            "{} splits heaps: a heap of {largest} reaches every way of cutting it up, and the oracle stops at heaps of {}",
            rules.operation,
            crate::verify::SPLITTING_HEAPS
        ));
    }
    match grundy_oracle::boxed::box_size(position.plates().len(), largest) {
        Some(size) if size <= MOST_FALLBACK_BOX => None,
        _ => Some(format!("more than {MOST_FALLBACK_BOX} positions lie below it")),
    }
}

/// Solves `position` by the oracle, within `budget`; writes the explored graph in DOT to `dot`.
///
/// A game whose moves never split a plate is solved in box mode ([`PileBox`]) when the box of
/// the position (as many plates, none larger than its largest) is small enough: every position
/// there, in rank order, with no hashing. Otherwise (and for `--dot`), the generic engine
/// searches what the answer needs.
pub fn by_oracle(rules: &RuleSet, position: &Position, budget: Budget, dot: Option<&Path>) -> Result<Solved, Error> {
    let plates = position.plates().to_vec();
    // A box within the states budget (and, at about two bytes a position, the memory budget).
    let boxed = grundy_oracle::boxed::box_size(plates.len(), position.largest())
        .filter(|&size| size <= budget.max_states as u64 && size.saturating_mul(2) <= budget.max_bytes as u64);
    if let (None, true, Some(_)) = (dot, PileBox::applies(rules), boxed)
        && plates.len() <= grundy_oracle::boxed::MOST_BOX_PLATES
    {
        let solved = PileBox::solve(rules, rules.value_kind(), plates.len(), position.largest(), budget)?;
        let solution = solved.solution(&plates).expect("the position lies in its box");
        let options = Engine::new(PileGame::new(rules.clone()), rules.value_kind(), budget).options(&plates);
        let winning_move =
            options.into_iter().find(|option| solved.solution(option).is_some_and(|s| s.outcome == Outcome::Second));
        let winning_move = winning_move.filter(|_| solution.outcome == Outcome::First);
        return Ok(Solved {
            game: rules.to_string(),
            position: plates,
            solver: "oracle (box mode)",
            solution,
            plates: None,
            winning_move,
        });
    }
    let mut engine = Engine::new(PileGame::new(rules.clone()), rules.value_kind(), budget);
    let solution = engine.solve(&plates).map_err(|error| {
        // Box mode was passed over for the budgets alone: say what would let it answer.
        match grundy_oracle::boxed::box_size(plates.len(), position.largest()) {
            Some(size) if dot.is_none() && PileBox::applies(rules) && boxed.is_none() => Error::usage(format!(
                "{error} (box mode would solve every position below it: {size} positions, about {} MB; \
                 --max-states {size} lets it)",
                size.saturating_mul(2) >> 20
            )),
            _ => Error::from(error),
        }
    })?;
    if let Some(path) = dot {
        let graph = engine.graph(&plates)?;
        let dot = petgraph::dot::Dot::with_config(&graph, &[petgraph::dot::Config::EdgeNoLabel]);
        std::fs::write(path, format!("{dot:?}")).map_err(|e| Error::io(format!("writing {}", path.display()), e))?;
    }
    let winning_move = engine.winning_option(&plates)?;
    Ok(Solved { game: rules.to_string(), position: plates, solver: "oracle", solution, plates: None, winning_move })
}

/// What `grundy solve geography` says.
#[derive(Debug, Clone, Serialize)]
pub struct GeographySolved {
    /// Vertices.
    pub vertices: usize,
    /// Edges.
    pub edges: usize,
    /// The start node's name.
    pub start: String,
    /// Who answered: a matching method, or the oracle.
    pub solver: &'static str,
    /// Who wins.
    pub outcome: Outcome,
}

/// Solves vertex geography on a graph given as text (edge list or DOT); `start` names the start
/// node (for an edge list, its number, overriding the one in the text).
pub fn geography(text: &str, start: Option<&str>, oracle: Option<Budget>) -> Result<GeographySolved, Error> {
    let named = crate::graph_input::read(text, start)?;
    let game = Geography::new(named.graph.vertices, named.start, named.graph.edges.clone())
        .map_err(|e| Error::usage(format!("graph: {e}")))?;
    let (solver, outcome) = match oracle {
        Some(budget) => {
            use grundy_oracle::games::Playable;
            let (graph, start) = game.game()?;
            let mut engine = Engine::new(graph, ValueKind::OutcomeOnly, budget);
            ("oracle", engine.solve(&start)?.outcome)
        }
        None => {
            if let Some(reason) = grundy_fast::games::geography::too_large(&game) {
                return Err(Error::usage(format!("graph: {reason}")));
            }
            let method = if named.graph.bipartition().is_some() { "hopcroft-karp" } else { "general matching" };
            (method, grundy_fast::games::geography::outcome_auto(&game))
        }
    };
    Ok(GeographySolved {
        vertices: game.vertices(),
        edges: game.edges().len(),
        start: named.names[named.start].clone(),
        solver,
        outcome,
    })
}

/// What `grundy solve graph` says.
#[derive(Debug, Clone, Serialize)]
pub struct GraphSolved {
    /// Vertices.
    pub vertices: usize,
    /// Moves.
    pub edges: usize,
    /// The tokens, by vertex name.
    pub tokens: Vec<String>,
    /// Who answered: Smith's values, or the oracle.
    pub solver: &'static str,
    /// Who wins, or a draw.
    pub outcome: LoopyOutcome,
    /// The position's loopy value and each token's (fast side).
    pub values: Option<(String, Vec<String>)>,
    /// A winning move (fast side): which token, from which vertex to which.
    pub winning_move: Option<(String, String)>,
}

/// Solves tokens on the state graph in `text` (edge list or DOT), on the vertices named
/// `tokens`: by Smith's values, or by the oracle on the whole position (retrograde analysis).
pub fn tokens(text: &str, tokens: &[String], play: Play, oracle: Option<Budget>) -> Result<GraphSolved, Error> {
    use grundy_fast::loopy::{LoopyValue, LoopyValues};
    use grundy_oracle::games::tokens::TokenOracle;

    let named = crate::graph_input::read_digraph(text)?;
    if tokens.is_empty() {
        return Err(Error::usage("graph: name the vertices the tokens stand on"));
    }
    let at = tokens.iter().map(|name| named.vertex(name)).collect::<Result<Vec<usize>, _>>()?;
    let graph = &named.graph;
    let (solver, outcome, values, winning_move) = match (oracle, play) {
        (Some(budget), _) => {
            let mut oracle = TokenOracle::new(graph, play)?;
            ("oracle (retrograde analysis of whole positions)", oracle.outcome(&at, budget)?, None, None)
        }
        (None, Play::Misere) => {
            return Err(Error::usage(
                "graph: Smith's values are of normal play; misère play on a graph is answered by --oracle",
            ));
        }
        (None, Play::Normal) => {
            let values = LoopyValues::new(graph);
            let total = values.sum(&at);
            let each: Vec<String> = at.iter().map(|&v| values.value(v).to_string()).collect();
            let mut winning = None;
            if total.outcome() == LoopyOutcome::First {
                'search: for (i, &from) in at.iter().enumerate() {
                    for &(u, to) in graph.edges() {
                        if u != from {
                            continue;
                        }
                        let mut moved = at.clone();
                        moved[i] = to;
                        if values.sum(&moved) == LoopyValue::Finite(0) {
                            winning = Some((named.names[from].clone(), named.names[to].clone()));
                            break 'search;
                        }
                    }
                }
            }
            ("fast (Smith's loopy values)", total.outcome(), Some((total.to_string(), each)), winning)
        }
    };
    Ok(GraphSolved {
        vertices: graph.vertices(),
        edges: graph.edges().len(),
        tokens: tokens.to_vec(),
        solver,
        outcome,
        values,
        winning_move,
    })
}
