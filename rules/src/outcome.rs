//! What a solver says about a position: who wins, and the value behind it.

use std::fmt;

/// Who wins a position with perfect play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// The player about to move wins (an N-position).
    First,
    /// The other player wins (a P-position).
    Second,
}

impl Outcome {
    /// `First` when `first_wins`.
    pub fn from_first_wins(first_wins: bool) -> Outcome {
        if first_wins { Outcome::First } else { Outcome::Second }
    }

    /// The outcome with the roles exchanged: what a move into this position means for the mover.
    pub fn flip(self) -> Outcome {
        match self {
            Outcome::First => Outcome::Second,
            Outcome::Second => Outcome::First,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::First => "first player wins",
            Outcome::Second => "second player wins",
        })
    }
}

/// Who wins a position of a game that may go on for ever: perfect play either wins for one
/// player or, when neither can force a win, goes on for ever (a draw).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum LoopyOutcome {
    /// The player about to move wins (an N-position).
    First,
    /// The other player wins (a P-position).
    Second,
    /// Neither player can force a win (a D-position).
    Draw,
}

impl LoopyOutcome {
    /// The word contest outputs use: `First`, `Second`, `Draw`.
    pub fn word(self) -> &'static str {
        match self {
            LoopyOutcome::First => "First",
            LoopyOutcome::Second => "Second",
            LoopyOutcome::Draw => "Draw",
        }
    }
}

impl From<Outcome> for LoopyOutcome {
    fn from(outcome: Outcome) -> LoopyOutcome {
        match outcome {
            Outcome::First => LoopyOutcome::First,
            Outcome::Second => LoopyOutcome::Second,
        }
    }
}

impl fmt::Display for LoopyOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LoopyOutcome::First => "first player wins",
            LoopyOutcome::Second => "second player wins",
            LoopyOutcome::Draw => "draw",
        })
    }
}

/// The *foreclosed* Grundy value used by the diminished disjunctive compound (the seed's
/// "early-termination" value): the Grundy value of the game in which positions that end the
/// compound, and under normal play positions from which one move ends it, are removed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Foreclosed {
    /// The game is over.
    Ended,
    /// Normal play only: one move ends the game, so the player to move wins at once.
    Imminent,
    /// The Grundy value of the foreclosed game.
    Grundy(u64),
}

impl fmt::Display for Foreclosed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Foreclosed::Ended => f.write_str("ended"),
            Foreclosed::Imminent => f.write_str("imminent"),
            Foreclosed::Grundy(g) => write!(f, "{g}"),
        }
    }
}

/// Which number a compound combines its components by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ValueKind {
    /// The Grundy value (mex of the options' values; a finished game has 0 in normal play and 1
    /// in misère play). Disjunctive compounds combine it by xor.
    Grundy,
    /// The foreclosed Grundy value ([`Foreclosed`]); diminished disjunctive compounds.
    Foreclosed,
    /// Remoteness (Smith): how many moves the game lasts when the winner hurries and the loser
    /// delays; conjunctive compounds take the minimum.
    Remoteness,
    /// Suspense: how many moves the game lasts when the winner delays and the loser hurries;
    /// continued conjunctive compounds take the maximum.
    Suspense,
    /// No number: the selective compounds combine components by their outcomes alone.
    OutcomeOnly,
}

impl ValueKind {
    /// The text name.
    pub fn name(self) -> &'static str {
        match self {
            ValueKind::Grundy => "grundy",
            ValueKind::Foreclosed => "foreclosed",
            ValueKind::Remoteness => "remoteness",
            ValueKind::Suspense => "suspense",
            ValueKind::OutcomeOnly => "outcome",
        }
    }
}

/// A value of one of the kinds in [`ValueKind`] (never `OutcomeOnly`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Value {
    /// A (normal or misère) Grundy value.
    Grundy(u64),
    /// A foreclosed Grundy value.
    Foreclosed(Foreclosed),
    /// A remoteness.
    Remoteness(u64),
    /// A suspense number.
    Suspense(u64),
}

impl Value {
    /// The kind of this value.
    pub fn kind(self) -> ValueKind {
        match self {
            Value::Grundy(_) => ValueKind::Grundy,
            Value::Foreclosed(_) => ValueKind::Foreclosed,
            Value::Remoteness(_) => ValueKind::Remoteness,
            Value::Suspense(_) => ValueKind::Suspense,
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Grundy(g) => write!(f, "grundy {g}"),
            Value::Foreclosed(v) => write!(f, "foreclosed {v}"),
            Value::Remoteness(r) => write!(f, "remoteness {r}"),
            Value::Suspense(s) => write!(f, "suspense {s}"),
        }
    }
}

/// What a solver says about one position: who wins, and the value behind it when the compound
/// combines values (`None` for the selective compounds, which combine outcomes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Solution {
    /// Who wins.
    pub outcome: Outcome,
    /// The value of the whole position.
    pub value: Option<Value>,
}

impl fmt::Display for Solution {
    /// `first player wins (grundy 3)`, or only the outcome when there is no value.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.value {
            Some(value) => write!(f, "{} ({value})", self.outcome),
            None => write!(f, "{}", self.outcome),
        }
    }
}
