//! Stripes (POI 2000): laying a strip of length `k` on a row of free cells removes `k` adjacent
//! cells, leaving nothing, one row or two: the octal game with digit 7 at each strip length. Its
//! Grundy values come from [`crate::heap_table`], which extends a proven period (Guy–Smith) to
//! rows of any length.

use grundy_rules::games::Stripes;
use grundy_rules::{Operation, Outcome, Play};

use crate::{HeapTable, Unsupported, heap_table_until};

/// Who wins rows of one set of strip lengths, up to a longest row.
#[derive(Debug, Clone)]
pub struct Table {
    lengths: Vec<u64>,
    values: HeapTable,
}

impl Table {
    /// The table of `game`'s strip lengths for rows up to `longest`.
    pub fn new(game: &Stripes, longest: u64) -> Result<Table, Unsupported> {
        Table::until(game, longest, None)
    }

    /// [`Table::new`], stopping at `deadline` when the table grows toward a period.
    pub fn until(game: &Stripes, longest: u64, deadline: Option<std::time::Instant>) -> Result<Table, Unsupported> {
        let values = heap_table_until(&Operation::Octal(game.octal_digits()), Play::Normal, longest, deadline)?;
        Ok(Table { lengths: game.lengths().to_vec(), values })
    }

    /// Who wins `game`; `None` when its strips differ from the table's or its row lies beyond.
    pub fn outcome(&self, game: &Stripes) -> Option<Outcome> {
        if game.lengths() != self.lengths {
            return None;
        }
        self.values.value(game.row()).map(|g| Outcome::from_first_wins(g != 0))
    }
}

/// Who wins the row.
pub fn outcome(game: &Stripes) -> Result<Outcome, Unsupported> {
    outcome_until(game, None)
}

/// [`outcome`], stopping at `deadline` when the table grows toward a period.
pub fn outcome_until(game: &Stripes, deadline: Option<std::time::Instant>) -> Result<Outcome, Unsupported> {
    let table = Table::until(game, game.row(), deadline)?;
    table.outcome(game).ok_or(Unsupported::BeyondTable { plate: game.row(), limit: table.values.computed_to() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sample() {
        let outcome = |row| outcome(&Stripes::new(vec![1, 5, 1], row).unwrap()).unwrap();
        assert_eq!([1, 5, 6].map(outcome), [Outcome::First, Outcome::First, Outcome::Second]);
    }
}
