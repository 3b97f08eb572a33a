//! # grundy-fast: theorems, closed forms and tables
//!
//! The fast side answers by theory. For a pile game it computes one number per plate — the
//! value the compound combines — and combines the plates' numbers by the compound's rule
//! (Conway, *On Numbers and Games*, ch. 14; the Game Pack editorial):
//!
//! | compound | per plate | whole position | first player wins iff |
//! |---|---|---|---|
//! | disjunctive, normal | Grundy value `g⁺` | xor | xor ≠ 0 |
//! | disjunctive, misère | `g⁺` and `g⁻`, when tame | xor, plus 1 if every plate has `g⁺ ≠ g⁻` | that ≠ 0 |
//! | diminished, normal | foreclosed value | `Ended` if a plate is, else `Imminent` if a plate is, else xor | not `Ended`, and `Imminent` or xor ≠ 0 |
//! | diminished, misère | foreclosed value | `Ended` if a plate is, else xor | `Ended` or xor ≠ 0 |
//! | selective, normal | outcome | — | some plate is a first-player win |
//! | selective, misère | outcomes (normal, misère) | — | no plate operable; or exactly one, which wins in misère play alone; or ≥ 2 and the normal rule |
//! | shortened, normal | outcome | — | no plate inoperable, and some plate is a first-player win |
//! | shortened, misère | misère outcome | — | some plate is a misère first-player win (an inoperable plate counts) |
//! | conjunctive | remoteness `R` | min | normal: `R` odd; misère: `R` even |
//! | continued | suspense `S` | max | normal: `S` odd; misère: `S` even |
//!
//! *Tame* (misère disjunctive): a heap is tame when `g⁺ = g⁻`, or `{g⁺, g⁻} = {0, 1}`; the rule
//! above holds for sums of games all of whose positions are tame (Winning Ways, ch. 13). The
//! fast side checks tameness on every heap up to the largest plate; a position with a plate past
//! the first untame heap is answered *unsupported* (unless it is a single plate, whose misère
//! value is read off the table directly) — except for octal codes, whose sums of untame heaps,
//! and of heaps that split, are answered through the game's misère quotient ([`quotient`]),
//! as far as it was verified. Misère selective sums of heaps that split take each heap's
//! normal and misère-alone outcomes from its options' compounds, by definition.
//!
//! A move that takes a whole octal heap leaves a plate of 0 (inoperable) in every compound, so
//! the compounds that end when some plate is inoperable have per-plate tables for every code.
//!
//! Per-plate numbers come from [`tables`] for operations that leave one heap (sliding windows over
//! intervals of options, or explicit option lists) and from closed forms for `split`.
//!
//! Plates past 2^20 are answered for every `u64` size where a theorem allows it, with no table
//! up to the plate: closed forms for Nim (every value that depends on the set of option values
//! becomes constant once a value repeats; `g⁺ = x`, `g⁻`, misère foreclosed `x − 1`) and for
//! `half` (Levine's `g(2k) = k`, `g(2k + 1) = g(k)`), and periods proven by the window argument
//! for the other operations that leave one heap (a table of up to 2^20 plates that repeats on
//! more than the longest move proves the period; remotenesses and suspense numbers, which grow,
//! by an even step each period). What no theorem extends is tabulated up to the plate, or
//! refused with the reason past [`tables::MAX_TABLE`].
//!
//! ```
//! use grundy_fast::PileSolver;
//! use grundy_rules::{Outcome, RuleSet};
//! let rules: RuleSet = "pack:1,0,0,0".parse().unwrap(); // sub:1,2,3, disjunctive, normal
//! let solver = PileSolver::new(&rules, 100).unwrap();
//! assert_eq!(solver.solve(&[4, 8, 5]).unwrap().outcome, Outcome::First);
//! ```

#![warn(missing_docs)]

mod breaking;
pub mod factor;
pub mod games;
pub mod genus;
mod lanes;
pub mod long_table;
pub mod loopy;
pub mod matching;
pub mod misere;
mod moves;
pub mod octal;
pub mod periodic;
pub mod quotient;
mod solver;
pub mod sparse;
mod split;
pub mod tables;
pub mod values;
mod window;

/// A xorshift generator for the unit tests: the same numbers on every run, with no dependency.
#[cfg(test)]
pub(crate) fn test_numbers() -> impl FnMut() -> u64 {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}

pub use periodic::{HeapTable, heap_table, heap_table_until};
pub use solver::{Fold, FoldUser, PileSolver, PlateValue, Tally};

/// Why the fast side gives no answer. It never guesses.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Unsupported {
    /// No theorem this crate implements covers the position.
    #[error("no theorem covers this position: {0}")]
    NoTheory(String),
    /// A plate is larger than the tables that were built.
    #[error("plate {plate} is beyond the tables, which were built up to {limit}")]
    BeyondTable {
        /// The plate.
        plate: u64,
        /// The largest plate the tables cover.
        limit: u64,
    },
    /// A table would be larger than [`tables::MAX_TABLE`] entries.
    #[error("a table up to plate {size} is larger than the fast side's limit of {limit} entries")]
    TooLarge {
        /// The largest plate asked for.
        size: u64,
        /// The limit.
        limit: u64,
    },
    /// Memory for a table could not be had.
    #[error("out of memory building a table up to plate {size}")]
    OutOfMemory {
        /// The largest plate asked for.
        size: u64,
    },
    /// The time budget ran out before a table or structure the answer needs was built; the text
    /// says how far it got (`with the table of … computed to side 944 (of 2000 asked)`).
    #[error("the time budget ran out {0}; give it more time with --time")]
    TimeRanOut(String),
    /// The time budget (the deadline of [`heap_table_until`] or [`PileSolver::until`]) ran out, or
    /// would before the next step of a table growing toward a period ended.
    #[error(
        "{} with the table computed to heap {reached} (of {wanted} asked) and no period proven; give it more \
         time with --time",
        match next {
            Some(next) => format!("the time budget would run out during the next step (to heap {next})"),
            None => "the time budget ran out".to_string(),
        }
    )]
    OutOfTime {
        /// How far the table got.
        reached: u64,
        /// How far it was to go.
        wanted: u64,
        /// Where the next step would have ended, when it was not started because it would pass
        /// the budget (`None`: the budget ran out).
        next: Option<u64>,
    },
}
