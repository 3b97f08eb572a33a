//! Per-heap values for octal games that split heaps, in the compounds whose sum rule combines
//! values: a move that leaves several heaps leads to the compound of those heaps, whose value is
//! the compound's combination of theirs (min of remotenesses, max of suspense numbers, the
//! foreclosed rule, "some part is won" for outcomes). This is the same sum rule the whole
//! position is judged by (ONAG ch. 14), applied one level down, so each heap's value follows from
//! smaller heaps' values by definition. Quadratic in the largest heap (cubic with bit 8).
//!
//! A heap taken whole (bit 1) leaves a plate of 0 tokens, which is inoperable, in every compound
//! (the rules say so): under the compounds that end when some plate is inoperable, that move ends
//! the game, and the value of a heap of 0 says so.

use crate::Unsupported;
use crate::moves::octal_is_operable;
use crate::tables::{ENDED, IMMINENT, ParityRule, new_table};
use crate::window::Extremes;

/// Which value to tabulate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Rule {
    /// Foreclosed value (diminished disjunctive compound).
    Foreclosed { misere: bool },
    /// Remoteness or suspense (conjunctive and continued conjunctive compounds).
    Parity(ParityRule),
    /// 1 iff the player to move wins, selective compound, normal play.
    SelectiveNormal,
    /// 1 iff the player to move wins, or [`ENDED`]: shortened selective compound, normal play.
    ShortenedNormal,
    /// 1 iff the player to move wins, shortened selective compound, misère play.
    ShortenedMisere,
    /// Selective compound, misère play: bit 0 the heap is a first-player win in normal play,
    /// bit 1 in misère play alone, bit 2 it can move. A compound of several heaps is won, in
    /// misère play, by the player to move when no heap can move, by the misère outcome of the
    /// only one that can, and by the normal rule when two or more can (the rule the solver
    /// applies to whole positions).
    SelectiveMisere,
}

/// [`Rule::SelectiveMisere`]'s bits.
pub(crate) const SELECTIVE_NORMAL_WINS: u32 = 1;
pub(crate) const SELECTIVE_MISERE_WINS: u32 = 2;
pub(crate) const SELECTIVE_OPERABLE: u32 = 4;

impl Rule {
    /// The value of a heap that cannot move.
    fn terminal(self) -> u32 {
        match self {
            Rule::Foreclosed { .. } | Rule::ShortenedNormal => ENDED,
            Rule::Parity(_) | Rule::SelectiveNormal => 0,
            Rule::ShortenedMisere => 1,
            Rule::SelectiveMisere => SELECTIVE_MISERE_WINS,
        }
    }

    /// The value of the compound of several heaps.
    fn combine(self, parts: &[u32]) -> u32 {
        match self {
            Rule::Foreclosed { .. } => {
                if parts.contains(&ENDED) {
                    ENDED
                } else if parts.contains(&IMMINENT) {
                    IMMINENT
                } else {
                    parts.iter().fold(0, |xor, &v| xor ^ v)
                }
            }
            Rule::Parity(rule) if rule.hurry => parts.iter().copied().min().unwrap_or(0),
            Rule::Parity(_) => parts.iter().copied().max().unwrap_or(0),
            Rule::SelectiveNormal | Rule::ShortenedMisere => u32::from(parts.contains(&1)),
            Rule::ShortenedNormal => {
                if parts.contains(&ENDED) {
                    ENDED
                } else {
                    u32::from(parts.contains(&1))
                }
            }
            Rule::SelectiveMisere => {
                let normal = parts.iter().any(|&v| v & SELECTIVE_NORMAL_WINS != 0);
                let mut operable = parts.iter().filter(|&&v| v & SELECTIVE_OPERABLE != 0);
                let misere = match (operable.next(), operable.next()) {
                    (None, _) => true,
                    (Some(&only), None) => only & SELECTIVE_MISERE_WINS != 0,
                    (Some(_), Some(_)) => normal,
                };
                u32::from(normal) | (u32::from(misere) * SELECTIVE_MISERE_WINS)
            }
        }
    }

    /// The value of a heap from its options' values.
    fn value(self, options: &[u32], seen: &mut Vec<bool>) -> u32 {
        let mex = |values: &mut dyn Iterator<Item = u32>, seen: &mut Vec<bool>| {
            seen.clear();
            seen.resize(options.len() + 1, false);
            for v in values {
                if let Some(slot) = seen.get_mut(v as usize) {
                    *slot = true;
                }
            }
            seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32
        };
        match self {
            Rule::Foreclosed { misere: false } if options.contains(&ENDED) => IMMINENT,
            Rule::Foreclosed { .. } => mex(&mut options.iter().copied().filter(|&v| v != ENDED && v != IMMINENT), seen),
            Rule::Parity(rule) => {
                let mut extremes = Extremes::default();
                for &v in options {
                    let p = (v % 2) as usize;
                    extremes.min[p] = Some(extremes.min[p].map_or(v, |m| m.min(v)));
                    extremes.max[p] = Some(extremes.max[p].map_or(v, |m| m.max(v)));
                }
                rule.choose(extremes)
            }
            Rule::SelectiveNormal | Rule::ShortenedMisere => u32::from(options.contains(&0)),
            Rule::ShortenedNormal => u32::from(options.iter().any(|&v| v == 0 || v == ENDED)),
            Rule::SelectiveMisere => {
                let normal = options.iter().any(|&v| v & SELECTIVE_NORMAL_WINS == 0);
                let misere = options.iter().any(|&v| v & SELECTIVE_MISERE_WINS == 0);
                u32::from(normal) | (u32::from(misere) * SELECTIVE_MISERE_WINS) | SELECTIVE_OPERABLE
            }
        }
    }
}

/// Values of heaps `0..=n` of the octal code `digits` under `rule`.
pub(crate) fn table(digits: &[u8], n: u64, rule: Rule) -> Result<Vec<u32>, Unsupported> {
    if n > crate::periodic::OCTAL_PLAIN_LIMIT {
        return Err(Unsupported::TooLarge { size: n, limit: crate::periodic::OCTAL_PLAIN_LIMIT });
    }
    let mut table = new_table(n)?;
    let (mut options, mut seen) = (Vec::new(), Vec::new());
    for x in 0..=n as usize {
        if !octal_is_operable(digits, x as u64) {
            table[x] = rule.terminal();
            continue;
        }
        options.clear();
        let combine = |parts: &[usize]| rule.combine(&parts.iter().map(|&p| table[p]).collect::<Vec<_>>());
        for (take, &digit) in digits.iter().enumerate().take_while(|&(take, _)| take <= x) {
            let rest = x - take;
            if digit & 1 != 0 && rest == 0 {
                options.push(combine(&[0])); // the heap taken whole leaves a plate of 0
            }
            if digit & 2 != 0 && rest > 0 {
                options.push(combine(&[rest]));
            }
            if digit & 4 != 0 {
                options.extend((1..=rest / 2).map(|a| combine(&[a, rest - a])));
            }
            if digit & 8 != 0 {
                for a in 1..=rest / 3 {
                    options.extend((a..=(rest - a) / 2).map(|b| combine(&[a, b, rest - a - b])));
                }
            }
        }
        table[x] = rule.value(&options, &mut seen);
    }
    Ok(table)
}
