//! `grundy quotient`: the misère quotient of an octal game's heaps, as a document.
//!
//! The quotient itself is computed and verified by the fast side ([`grundy_fast::quotient`]);
//! its registry entries ([`crate::catalog::quotient`]) compare its answers with the oracle's.

use std::time::{Duration, Instant};

use grundy_fast::quotient::{Budget, Quotient};
use grundy_rules::Operation;
use serde_json::json;

use crate::error::Error;

/// Reads `CODE` as an octal operation: `octal:0.77`, or just `0.77`.
pub fn octal_code(code: &str) -> Result<(Operation, Vec<u8>), Error> {
    let text = if code.contains(':') { code.to_string() } else { format!("octal:{code}") };
    let operation: Operation = text.parse().map_err(|e: grundy_rules::ParseError| Error::usage(e.to_string()))?;
    match &operation {
        Operation::Octal(digits) => {
            let digits = digits.clone();
            Ok((operation, digits))
        }
        _ => Err(Error::usage(format!("`{code}` is not an octal code"))),
    }
}

/// Largest heap a quotient is asked for.
pub const MOST_HEAPS: u64 = 5000;

/// The misère quotient of the heaps `1..=upto` of `code`, within `seconds`.
pub fn compute(code: &str, upto: u64, seconds: f64) -> Result<Quotient, Error> {
    if upto > MOST_HEAPS {
        return Err(Error::usage(format!(
            "--upto {upto} is more heaps than the {MOST_HEAPS} a quotient is computed for"
        )));
    }
    if !(0.0..=1e9).contains(&seconds) {
        return Err(Error::usage(format!("--time must be between 0 and 10^9, not {seconds}")));
    }
    let (operation, digits) = octal_code(code)?;
    let deadline = Instant::now().checked_add(Duration::from_secs_f64(seconds));
    let budget = Budget { deadline, max_steps: u64::MAX, ..Budget::default() };
    let name = operation.to_string();
    Ok(Quotient::compute(name.trim_start_matches("octal:"), &digits, upto, budget)?)
}

/// A sum of heaps as text: `2+2+5`, or `0` for the empty sum.
fn sum_text(word: &[u16]) -> String {
    if word.is_empty() {
        return "0".to_string();
    }
    word.iter().map(u16::to_string).collect::<Vec<_>>().join("+")
}

/// The quotient as a JSON document.
pub fn to_json(quotient: &Quotient, upto: u64) -> serde_json::Value {
    let words = quotient.words();
    let period =
        |p: Option<grundy_fast::quotient::HeapPeriod>| p.map(|p| json!({"start": p.start, "period": p.period}));
    json!({
        "game": format!("octal:{}", quotient.code()),
        "upto": upto,
        "verified_to": quotient.verified_to,
        "order": quotient.order(),
        "p_portion": quotient.p_portion(),
        "elements": words.iter().map(|w| sum_text(w)).collect::<Vec<_>>(),
        "heap_map": (1..=quotient.verified_to).map(|h| quotient.heap_element(h)).collect::<Vec<_>>(),
        "growth": quotient.growth.iter().map(|g| json!({"heap": g.heap, "order": g.order, "p_portion": g.p_portion})).collect::<Vec<_>>(),
        "proven_period": period(quotient.proven),
        "observed_period": period(quotient.observed),
        "stopped": quotient.stopped,
    })
}

/// The quotient as text.
pub fn to_text(quotient: &Quotient, upto: u64) -> String {
    let words = quotient.words();
    let mut out = format!("game: octal:{} (misère play, sums of heaps)\n", quotient.code());
    out.push_str(&format!("heaps: 1..{} verified (asked: 1..{upto})\n", quotient.verified_to));
    out.push_str(&format!("order: {}\n", quotient.order()));
    let p: Vec<String> =
        quotient.p_portion().iter().map(|&x| format!("{x} ({})", sum_text(&words[x as usize]))).collect();
    out.push_str(&format!("P-portion: {} elements: {}\n", p.len(), p.join(", ")));
    let growth: Vec<String> =
        quotient.growth.iter().map(|g| format!("{}→{} (P {})", g.heap, g.order, g.p_portion)).collect();
    out.push_str(&format!("growth (heap→order): {}\n", growth.join(", ")));
    out.push_str("elements (lightest sums): ");
    out.push_str(&words.iter().enumerate().map(|(x, w)| format!("{x}={}", sum_text(w))).collect::<Vec<_>>().join(" "));
    out.push('\n');
    out.push_str("heap map (heaps 1, 2, …):\n");
    let map: Vec<String> = (1..=quotient.verified_to)
        .map(|h| quotient.heap_element(h).map_or("?".to_string(), |x| x.to_string()))
        .collect();
    for (row, chunk) in map.chunks(20).enumerate() {
        out.push_str(&format!("{:>8}: {}\n", row * 20 + 1, chunk.join(" ")));
    }
    match (quotient.proven, quotient.observed) {
        (Some(p), _) => out.push_str(&format!(
            "periodic: proven, Φ(n + {}) = Φ(n) for every n ≥ {}: this is the quotient of every heap\n",
            p.period, p.start
        )),
        (None, Some(p)) => out.push_str(&format!(
            "periodic: observed only, Φ(n + {}) = Φ(n) for {} ≤ n ≤ {} (not enough heaps for the periodicity theorem)\n",
            p.period,
            p.start,
            quotient.verified_to - p.period
        )),
        (None, None) => out.push_str("periodic: no period seen\n"),
    }
    if let Some(stopped) = &quotient.stopped {
        out.push_str(&format!("incomplete: {stopped}\n"));
    }
    out
}

/// Compares `quotient`'s answers with the oracle's, as the registry entries do: every position
/// of at most 4 heaps of at most 20 (and 36 tokens), then `cases` random ones of up to 6 heaps
/// and 40 tokens, all of heaps the quotient covers.
pub fn check(
    quotient: &Quotient,
    cases: u64,
    seed: u64,
    budget: &crate::budget::Budget,
) -> Result<crate::runner::Report, Error> {
    let largest = quotient.verified_to.min(40);
    let problem = crate::catalog::quotient::QuotientProblem::try_new(quotient.code(), quotient.verified_to, largest)?
        .with_quotient(quotient.clone());
    let plan = crate::runner::Plan::within(seed, cases, *budget);
    Ok(crate::entry::Entry::check(&problem, &plan, &|_| {}))
}
