//! Rule sets: an operation, a compound and a play convention.

use std::fmt;
use std::str::FromStr;

use crate::compound::{Compound, Play};
use crate::error::{ParseError, parse_u64};
use crate::operation::Operation;

/// A whole pile game: which operation, which compound, which convention.
///
/// Text: `OPERATION[/COMPOUND[/PLAY]]` — the compound defaults to `disjunctive` and the play to
/// `normal` — or Game Pack's shorthand `pack:A,B,C,D`. It prints in the full form
/// `OPERATION/COMPOUND/PLAY`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RuleSet {
    /// What a move does to one plate.
    pub operation: Operation,
    /// How turns act on several plates and when the game ends.
    pub compound: Compound,
    /// Who wins at the end.
    pub play: Play,
}

impl RuleSet {
    /// A rule set from its parts.
    pub fn new(operation: Operation, compound: Compound, play: Play) -> RuleSet {
        RuleSet { operation, compound, play }
    }

    /// The value kind the compound combines: see [`Compound::value_kind`].
    pub fn value_kind(&self) -> crate::ValueKind {
        self.compound.value_kind()
    }

    /// Game Pack's rule set `A B C D`.
    pub fn from_pack(a: u8, b: u8, c: u8, d: u8) -> Option<RuleSet> {
        let operation = Operation::from_pack(a)?;
        let compound = Compound::from_pack(b, c)?;
        let play = match d {
            0 => Play::Normal,
            1 => Play::Misere,
            _ => return None,
        };
        Some(RuleSet::new(operation, compound, play))
    }

    /// Game Pack's `(A, B, C, D)`, when the operation is one of Game Pack's five.
    pub fn pack_code(&self) -> Option<(u8, u8, u8, u8)> {
        let a = self.operation.pack_index()?;
        let (b, c) = self.compound.pack_code();
        Some((a, b, c, u8::from(self.play == Play::Misere)))
    }

    /// All 60 Game Pack rule sets, ordered by `(A, B, C, D)`.
    pub fn pack_all() -> Vec<RuleSet> {
        let mut all = Vec::with_capacity(60);
        for a in 0..=4 {
            for b in 0..=2 {
                for c in 0..=1 {
                    for d in 0..=1 {
                        all.extend(RuleSet::from_pack(a, b, c, d));
                    }
                }
            }
        }
        all
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}/{}", self.operation, self.compound, self.play)
    }
}

impl FromStr for RuleSet {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<RuleSet, ParseError> {
        if let Some(code) = text.strip_prefix("pack:") {
            return parse_pack(text, code);
        }
        let mut parts = text.split('/');
        let operation_text = parts.next().unwrap_or_default();
        let relocate = |mut error: ParseError, offset: usize| {
            let column = error.place.strip_prefix("column ").and_then(|c| c.parse::<usize>().ok()).unwrap_or(1);
            error.what = "rule set";
            error.input = text.to_string();
            error.place = format!("column {}", column + offset);
            error
        };
        let operation = operation_text.parse::<Operation>().map_err(|e| relocate(e, 0))?;
        let mut offset = operation_text.len() + 1;
        let mut compound = Compound::Disjunctive;
        let mut play = Play::Normal;
        if let Some(compound_text) = parts.next() {
            compound = compound_text.parse().map_err(|e| relocate(e, offset))?;
            offset += compound_text.len() + 1;
        }
        if let Some(play_text) = parts.next() {
            play = play_text.parse().map_err(|e| relocate(e, offset))?;
            offset += play_text.len() + 1;
        }
        if parts.next().is_some() {
            return Err(ParseError::at_column(
                "rule set",
                text,
                offset,
                "expected OPERATION/COMPOUND/PLAY; found more after the play convention",
            ));
        }
        Ok(RuleSet::new(operation, compound, play))
    }
}

fn parse_pack(text: &str, code: &str) -> Result<RuleSet, ParseError> {
    let digits: Vec<&str> = code.split(',').collect();
    let error = |column: usize, message: String| ParseError::at_column("rule set", text, column, message);
    if digits.len() != 4 {
        return Err(error(6, format!("`pack:` takes four numbers A,B,C,D; found {}", digits.len())));
    }
    let mut numbers = [0u8; 4];
    let mut column = 6;
    for ((slot, token), (name, limit)) in numbers.iter_mut().zip(&digits).zip([("A", 4), ("B", 2), ("C", 1), ("D", 1)])
    {
        let value = parse_u64(token).map_err(|crate::games::Invalid(message)| error(column, message))?;
        if value > limit {
            return Err(error(column, format!("{name} must be between 0 and {limit}, found {value}")));
        }
        *slot = value as u8;
        column += token.len() + 1;
    }
    let [a, b, c, d] = numbers;
    RuleSet::from_pack(a, b, c, d).ok_or_else(|| error(6, "not a Game Pack rule set".to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sixty_pack_rule_sets_are_distinct_and_round_trip() {
        let all = RuleSet::pack_all();
        assert_eq!(all.len(), 60);
        for rules in &all {
            let text = rules.to_string();
            assert_eq!(text.parse::<RuleSet>().unwrap(), *rules);
            let (a, b, c, d) = rules.pack_code().unwrap();
            assert_eq!(format!("pack:{a},{b},{c},{d}").parse::<RuleSet>().unwrap(), *rules);
        }
        let mut texts: Vec<String> = all.iter().map(ToString::to_string).collect();
        texts.dedup();
        assert_eq!(texts.len(), 60);
    }

    #[test]
    fn defaults_and_errors() {
        assert_eq!("nim".parse::<RuleSet>().unwrap().to_string(), "nim/disjunctive/normal");
        let error = "sub:1,2/selectiv".parse::<RuleSet>().unwrap_err();
        assert_eq!(error.place, "column 9");
        let error = "sub:1,q".parse::<RuleSet>().unwrap_err();
        assert_eq!(error.to_string(), "rule set `sub:1,q`: column 7: `q` is not a non-negative integer");
        assert!("pack:5,0,0,0".parse::<RuleSet>().unwrap_err().message.contains("A must be"));
        assert!("pack:0,0,0".parse::<RuleSet>().unwrap_err().message.contains("four numbers"));
        assert!("nim/selective/normal/x".parse::<RuleSet>().is_err());
    }
}
