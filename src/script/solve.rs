//! `grundy solve --game FILE` and `grundy table --game FILE`: a scripted game's positions, by
//! the theory of sums ([`super::values`]) or, where no theory covers it or `--oracle` asks, by
//! the oracle on the whole position.

use grundy_fast::loopy::LoopyValue;
use grundy_oracle::Budget;
use grundy_rules::{LoopyOutcome, Play};
use serde::Serialize;

use super::values::{Limits, NoValue, Values};
use super::verify::oracle_solve;
use super::{Script, show_brief};
use crate::error::Error;

/// What `grundy solve --game FILE` says about a position.
#[derive(Debug, Clone, Serialize)]
pub struct ScriptSolved {
    /// The script.
    pub game: String,
    /// The position.
    pub position: Vec<u64>,
    /// Who answered: "fast (Smith's loopy values)", "fast (mex and XOR)", "oracle (game tree)",
    /// "oracle (retrograde analysis)".
    pub solver: String,
    /// Why the fast side did not answer, when the oracle did without being asked.
    pub fallback: Option<String>,
    /// Who wins.
    pub outcome: LoopyOutcome,
    /// The value, as text (a Grundy value, or a loopy value such as `∞(0,2)`).
    pub value: Option<String>,
    /// Each component's value (fast side).
    pub components: Option<Vec<(Vec<u64>, String)>>,
    /// A move to a position the player to move wins from, when one was found.
    pub winning_move: Option<Vec<u64>>,
}

/// Solves `position` of the scripted game: by theory unless `oracle` (or misère play, or a
/// game the theory here does not cover), within `budget` (states and time for either side).
pub fn solve(
    script: &Script,
    play: Play,
    position: &[u64],
    oracle: bool,
    budget: Budget,
) -> Result<ScriptSolved, Error> {
    script.stop_at(budget.deadline);
    let fallback = if oracle {
        None
    } else if play == Play::Misere {
        Some("the theory of sums is of normal play; misère play is answered by the oracle".to_string())
    } else {
        match by_theory(script, position, budget) {
            Ok(solved) => return Ok(solved),
            Err(NoValue::Unsupported(why)) => Some(why),
            Err(NoValue::Script(error)) => return Err(error.into()),
            Err(NoValue::Budget(why)) => return Err(Error::usage(format!("{}: the fast side: {why}", script.name()))),
        }
    };
    let super::verify::OracleSolved { outcome, grundy, winning_move } = oracle_solve(script, play, position, budget)?;
    Ok(ScriptSolved {
        game: script.name().to_string(),
        position: position.to_vec(),
        solver: if grundy.is_some() { "oracle (game tree)" } else { "oracle (retrograde analysis)" }.to_string(),
        fallback,
        outcome,
        value: grundy.map(|g| g.to_string()),
        components: None,
        winning_move,
    })
}

fn limits(budget: Budget) -> Limits {
    Limits { components: budget.max_states, deadline: budget.deadline, max_bytes: budget.max_bytes }
}

fn by_theory(script: &Script, position: &[u64], budget: Budget) -> Result<ScriptSolved, NoValue> {
    let options = script.moves(position).map_err(NoValue::Script)?;
    let mut wanted = vec![position.to_vec()];
    wanted.extend(options.iter().cloned());
    let values = Values::new(script, &wanted, limits(budget))?;
    let components = script.split(position).map_err(NoValue::Script)?;
    let value = values.sum(&components).expect("the position's components were valued");
    let outcome = value.outcome();
    let mut winning_move = None;
    if outcome == LoopyOutcome::First {
        for option in options {
            let parts = script.split(&option).map_err(NoValue::Script)?;
            if values.sum(&parts) == Some(LoopyValue::Finite(0)) {
                winning_move = Some(option);
                break;
            }
        }
    }
    let method = if values.splits { "fast (mex and XOR of components)" } else { "fast (Smith's loopy values)" };
    Ok(ScriptSolved {
        game: script.name().to_string(),
        position: position.to_vec(),
        solver: method.to_string(),
        fallback: None,
        outcome,
        value: Some(value.to_string()),
        components: Some(
            components
                .iter()
                .map(|c| (c.clone(), values.component(c).map_or("?".to_string(), ToString::to_string)))
                .collect(),
        ),
        winning_move,
    })
}

/// The values of the one-integer positions `[0] … [upto]`, and how they were found.
#[derive(Debug, Clone)]
pub struct ScriptTable {
    /// The value of `[x]`, by `x`.
    pub values: Vec<LoopyValue>,
    /// How: "Smith's loopy values", "mex and XOR of components" (fast side) or "the oracle's
    /// game tree" (misère play).
    pub method: &'static str,
}

/// The values of the one-integer positions `[0] … [upto]`: by the fast side in normal play, by
/// the oracle's game tree in misère play (misère values of positions on a cycle do not exist).
pub fn table(script: &Script, play: Play, upto: u64, budget: Budget) -> Result<ScriptTable, Error> {
    script.stop_at(budget.deadline);
    if play == Play::Misere {
        // One game tree for every heap: each solved once.
        let game = super::ScriptGame::new(script, play);
        let mut tree = grundy_oracle::Engine::new(game, grundy_rules::ValueKind::Grundy, budget);
        return (0..=upto)
            .map(|x| match tree.solve(&vec![x]) {
                Ok(solution) => match solution.value {
                    Some(grundy_rules::Value::Grundy(g)) => Ok(LoopyValue::Finite(g)),
                    _ => Err(Error::usage(format!("{}: no misère grundy value for [{x}]", script.name()))),
                },
                Err(grundy_oracle::OracleError::Loopy { .. }) => Err(Error::usage(format!(
                    "{}: [{x}] can come back to itself: it has no misère grundy value",
                    script.name()
                ))),
                Err(error) => Err(error.into()),
            })
            .collect::<Result<Vec<_>, Error>>()
            .map(|values| ScriptTable {
                values,
                method: "misère grundy values of whole positions, by the oracle's game tree",
            });
    }
    let positions: Vec<Vec<u64>> = (0..=upto).map(|x| vec![x]).collect();
    let values = match Values::new(script, &positions, limits(budget)) {
        Ok(values) => values,
        Err(NoValue::Script(error)) => return Err(error.into()),
        Err(why) => return Err(Error::usage(format!("{}: the fast side: {why}", script.name()))),
    };
    let method = if values.splits {
        "by the theory of sums: mex and XOR of components"
    } else {
        "by the theory of sums: Smith's loopy values"
    };
    positions
        .iter()
        .map(|p| {
            let components = script.split(p)?;
            values
                .sum(&components)
                .ok_or_else(|| Error::usage(format!("{}: no value for {}", script.name(), show_brief(p))))
        })
        .collect::<Result<Vec<_>, Error>>()
        .map(|values| ScriptTable { values, method })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};

    /// Tokens on a random digraph stated as a script: the fast side (Smith's values of each
    /// token, added) and the oracle (whole positions, retrograde analysis) agree on who wins,
    /// draws included, for every position of one to three tokens.
    #[test]
    fn scripted_tokens_on_random_digraphs_are_solved_alike_by_fast_and_oracle() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(25);
        let budget = Budget { max_states: 100_000, ..Budget::default() };
        let mut draws = 0;
        for graph in 0..60 {
            let n = rng.random_range(1..=5usize);
            let rows: Vec<String> = (0..n)
                .map(|_| {
                    let out: Vec<String> =
                        (0..rng.random_range(0..=2)).map(|_| rng.random_range(0..n).to_string()).collect();
                    format!("[{}]", out.join(", "))
                })
                .collect();
            let text = format!(
                "fn moves(p) {{ let g = [{}]; let out = []; for i in 0..p.len() {{ for w in g[p[i]] {{ \
                 let q = p; q[i] = w; q.sort(); out.push(q); }} }} out }} fn split(p) {{ p.map(|v| [v]) }}",
                rows.join(", ")
            );
            let script = Script::compile("graph.rhai", &text).unwrap();
            for k in 1..=3usize {
                let mut tokens = vec![0u64; k];
                loop {
                    let fast = solve(&script, Play::Normal, &tokens, false, budget).unwrap();
                    let oracle = solve(&script, Play::Normal, &tokens, true, budget).unwrap();
                    assert!(fast.solver.starts_with("fast"), "{}", fast.solver);
                    assert_eq!(fast.outcome, oracle.outcome, "graph {graph} ({text}), tokens {tokens:?}");
                    draws += usize::from(fast.outcome == LoopyOutcome::Draw);
                    // The next sorted multiset of k tokens below n.
                    match (0..k).rev().find(|&i| tokens[i] + 1 < n as u64) {
                        Some(i) => {
                            let next = tokens[i] + 1;
                            tokens[i..].iter_mut().for_each(|t| *t = next);
                        }
                        None => break,
                    }
                }
            }
        }
        assert!(draws > 0, "some positions are draws");
    }
}
