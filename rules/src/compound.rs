//! Compounds: how a turn acts on the plates, and when the game ends (ONAG ch. 14).

use std::fmt;
use std::str::FromStr;

use crate::ValueKind;
use crate::error::ParseError;

/// Which plates one turn operates on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Action {
    /// Exactly one operable plate (Game Pack `B = 0`).
    One,
    /// Any non-empty set of operable plates, each independently (`B = 1`).
    Some,
    /// Every operable plate (`B = 2`).
    Every,
}

/// When the game is over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum End {
    /// When no plate is operable (Game Pack `C = 0`).
    NoPlateOperable,
    /// As soon as some plate is inoperable, including at the start (`C = 1`).
    SomePlateInoperable,
}

/// The six ways of playing several games at once, in Conway's names (ONAG ch. 14).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Compound {
    /// Move in exactly one component; over when no component can move.
    Disjunctive,
    /// Move in exactly one component; over as soon as any component cannot move.
    Diminished,
    /// Move in any non-empty set of components; over when none can move.
    Selective,
    /// Move in any non-empty set of components; over as soon as any cannot move.
    Shortened,
    /// Move in every component that can; over as soon as any cannot move.
    Conjunctive,
    /// Move in every component that can; over when none can move.
    Continued,
}

impl Compound {
    /// All six, in Conway's order.
    pub const ALL: [Compound; 6] = [
        Compound::Disjunctive,
        Compound::Diminished,
        Compound::Selective,
        Compound::Shortened,
        Compound::Conjunctive,
        Compound::Continued,
    ];

    /// The compound of Game Pack's action `B` and end `C`.
    pub fn from_pack(b: u8, c: u8) -> Option<Compound> {
        Some(match (b, c) {
            (0, 0) => Compound::Disjunctive,
            (0, 1) => Compound::Diminished,
            (1, 0) => Compound::Selective,
            (1, 1) => Compound::Shortened,
            (2, 1) => Compound::Conjunctive,
            (2, 0) => Compound::Continued,
            _ => return None,
        })
    }

    /// Game Pack's `(B, C)` for this compound.
    pub fn pack_code(self) -> (u8, u8) {
        let b = match self.action() {
            Action::One => 0,
            Action::Some => 1,
            Action::Every => 2,
        };
        let c = match self.end() {
            End::NoPlateOperable => 0,
            End::SomePlateInoperable => 1,
        };
        (b, c)
    }

    /// Which plates a turn operates on.
    pub fn action(self) -> Action {
        match self {
            Compound::Disjunctive | Compound::Diminished => Action::One,
            Compound::Selective | Compound::Shortened => Action::Some,
            Compound::Conjunctive | Compound::Continued => Action::Every,
        }
    }

    /// When the game is over.
    pub fn end(self) -> End {
        match self {
            Compound::Disjunctive | Compound::Selective | Compound::Continued => End::NoPlateOperable,
            Compound::Diminished | Compound::Shortened | Compound::Conjunctive => End::SomePlateInoperable,
        }
    }

    /// The number this compound combines its components by (ONAG ch. 14; the Game Pack
    /// editorial): Grundy values for disjunctive sums, foreclosed Grundy values for diminished
    /// ones, remoteness for conjunctive and suspense for continued conjunctive compounds; the
    /// selective compounds combine outcomes alone. The oracle computes this kind on whole
    /// positions to check what a fast solver claims.
    pub fn value_kind(self) -> ValueKind {
        match self {
            Compound::Disjunctive => ValueKind::Grundy,
            Compound::Diminished => ValueKind::Foreclosed,
            Compound::Selective | Compound::Shortened => ValueKind::OutcomeOnly,
            Compound::Conjunctive => ValueKind::Remoteness,
            Compound::Continued => ValueKind::Suspense,
        }
    }

    /// The short name used in the text syntax.
    pub fn name(self) -> &'static str {
        match self {
            Compound::Disjunctive => "disjunctive",
            Compound::Diminished => "diminished",
            Compound::Selective => "selective",
            Compound::Shortened => "shortened",
            Compound::Conjunctive => "conjunctive",
            Compound::Continued => "continued",
        }
    }

    /// Conway's full name.
    pub fn full_name(self) -> &'static str {
        match self {
            Compound::Disjunctive => "disjunctive",
            Compound::Diminished => "diminished disjunctive",
            Compound::Selective => "selective",
            Compound::Shortened => "shortened selective",
            Compound::Conjunctive => "conjunctive",
            Compound::Continued => "continued conjunctive",
        }
    }
}

impl fmt::Display for Compound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Compound {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Compound, ParseError> {
        let wanted = text.replace(['-', '_', ' '], "");
        Compound::ALL
            .into_iter()
            .find(|compound| wanted == compound.name() || wanted == compound.full_name().replace(' ', ""))
            .ok_or_else(|| {
                ParseError::at_column(
                    "compound",
                    text,
                    1,
                    "expected disjunctive, diminished, selective, shortened, conjunctive or continued",
                )
            })
    }
}

/// Who wins when the game is over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Play {
    /// The player to move at the end loses: whoever moved last wins (Game Pack `D = 0`).
    Normal,
    /// The player to move at the end wins: whoever moved last loses (`D = 1`).
    Misere,
}

impl Play {
    /// Both conventions.
    pub const ALL: [Play; 2] = [Play::Normal, Play::Misere];

    /// The text name.
    pub fn name(self) -> &'static str {
        match self {
            Play::Normal => "normal",
            Play::Misere => "misere",
        }
    }
}

impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Play {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Play, ParseError> {
        match text {
            "normal" => Ok(Play::Normal),
            "misere" | "misère" => Ok(Play::Misere),
            _ => Err(ParseError::at_column("play convention", text, 1, "expected normal or misere")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pack_codes_cover_the_six_compounds_once() {
        let mut seen = Vec::new();
        for b in 0..=2 {
            for c in 0..=1 {
                let compound = Compound::from_pack(b, c).unwrap();
                assert_eq!(compound.pack_code(), (b, c));
                seen.push(compound);
            }
        }
        seen.sort();
        assert_eq!(seen, Compound::ALL);
    }

    #[test]
    fn long_names_are_accepted() {
        assert_eq!("continued-conjunctive".parse::<Compound>().unwrap(), Compound::Continued);
        assert_eq!("shortened selective".parse::<Compound>().unwrap(), Compound::Shortened);
        assert!("sideways".parse::<Compound>().is_err());
    }
}
