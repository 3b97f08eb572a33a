//! Who wins a sum of plates read a plate at a time, for bulk input: [`PileSolver`] itself, or,
//! where a plan's column is a table or a periodic one, a [`Fold`] compiled for that column and
//! that plan's [`Combine`], in which a plate costs a table look-up and its combination.

use grundy_rules::{Outcome, Play};

use super::PileSolver;
use super::column::{Column, Lookup, Widen};
use super::combine::{
    AnyMisereWin, AnyNormalWin, Combine, ForeclosedXor, Largest, SelectiveMisere, ShortenedNormal, Smallest, Sum,
    TamePairs, Xor,
};
use super::plan::Plan;

/// A position read a plate at a time ([`PileSolver::tally`]).
#[derive(Debug, Clone, Copy)]
pub struct Tally(pub(super) Sum);

/// Who wins a sum of plates, read a plate at a time: [`PileSolver`] itself, or a fold compiled
/// for one plan whose columns are all tables ([`PileSolver::with_fold`]), in which a plate costs
/// a table look-up and its combination.
pub trait Fold: Sync {
    /// An empty position.
    fn tally(&self) -> Tally;
    /// Adds a plate of `x`; `false` when it is beyond the tables.
    fn add(&self, tally: &mut Tally, x: u64) -> bool;
    /// Who wins the plates added to `tally`; `None` when no theory answers.
    fn first_wins(&self, tally: &Tally) -> Option<bool>;
}

/// Code to run with a [`Fold`] whose type is known where it is compiled.
pub trait FoldUser {
    /// What the code returns.
    type Output;
    /// Runs the code with `fold`, monomorphised for its type.
    fn with<F: Fold>(self, fold: &F) -> Self::Output;
}

impl Fold for PileSolver {
    fn tally(&self) -> Tally {
        PileSolver::tally(self)
    }

    #[inline]
    fn add(&self, tally: &mut Tally, x: u64) -> bool {
        self.add_plate(tally, x).is_ok()
    }

    fn first_wins(&self, tally: &Tally) -> Option<bool> {
        self.tally_first_wins(tally).ok()
    }
}

/// A plan whose column is a table, or a periodic one, compiled for its combination.
struct TableFold<'a, C: Combine, L: Lookup<C::Entry> + ?Sized> {
    solver: &'a PileSolver,
    combine: C,
    table: &'a L,
}

impl<C: Combine, L: Lookup<C::Entry> + ?Sized> Fold for TableFold<'_, C, L> {
    fn tally(&self) -> Tally {
        self.solver.tally()
    }

    #[inline(always)]
    fn add(&self, tally: &mut Tally, x: u64) -> bool {
        let Some(entry) = self.table.look_up(x) else { return false };
        tally.0.plates += 1;
        self.combine.combine(&mut tally.0, x, entry);
        true
    }

    #[inline(always)]
    fn first_wins(&self, tally: &Tally) -> Option<bool> {
        let misere = self.solver.rules.play == Play::Misere;
        self.combine.solution(&tally.0, misere).ok().map(|solution| solution.outcome == Outcome::First)
    }
}

impl PileSolver {
    /// Runs `user` with this solver's [`Fold`]: compiled for its plan and its column (a table,
    /// or a periodic one), or the general one while the column is a closed form.
    pub fn with_fold<U: FoldUser>(&self, user: U) -> U::Output {
        macro_rules! fold {
            ($column:expr, $combine:expr) => {
                match $column {
                    Column::Table(table) => {
                        user.with(&TableFold { solver: self, combine: $combine, table: &table[..] })
                    }
                    Column::Bytes(table) => {
                        user.with(&TableFold { solver: self, combine: $combine, table: &Widen(table) })
                    }
                    Column::Blocks(table) => user.with(&TableFold { solver: self, combine: $combine, table }),
                    Column::Periodic(table) => user.with(&TableFold { solver: self, combine: $combine, table }),
                    Column::Formula(_) => user.with(self),
                }
            };
        }
        match &self.plan {
            Plan::Disjunctive { grundy } => fold!(grundy, Xor),
            Plan::DisjunctiveMisere { quotient: Some(_), .. } => user.with(self),
            Plan::DisjunctiveMisere { grundy, first_untame, quotient: None } => {
                fold!(grundy, TamePairs { first_untame: *first_untame })
            }
            Plan::Foreclosed { values } => fold!(values, ForeclosedXor),
            Plan::Selective { outcomes } => fold!(outcomes, AnyNormalWin),
            Plan::SelectiveMisere { outcomes } => fold!(outcomes, SelectiveMisere),
            Plan::Shortened { outcomes } => fold!(outcomes, ShortenedNormal),
            Plan::ShortenedMisere { outcomes } => fold!(outcomes, AnyMisereWin),
            Plan::Conjunctive { remoteness } => fold!(remoteness, Smallest),
            Plan::Continued { suspense } => fold!(suspense, Largest),
            Plan::Wide(_) => user.with(self),
            Plan::MisereQuotient { .. } => user.with(self),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::tests::every_rule_set;
    /// The solver read as a [`Fold`] (where no column is a compiled table) takes every plate it
    /// answers and gives the same winner; a plate beyond it is refused, not guessed.
    #[test]
    fn the_solver_as_a_fold_answers_as_it_solves() {
        let mut folded = 0;
        for rules in every_rule_set(&["nim", "split", "half", "octal:0.31"]) {
            let Ok(solver) = PileSolver::new(&rules, 30) else { continue };
            for plates in [&[][..], &[0], &[1], &[2, 2], &[3, 5, 6], &[1, 1, 1], &[7, 30, 12, 4]] {
                let Ok(solution) = solver.solve(plates) else { continue };
                let mut tally = Fold::tally(&solver);
                for &x in plates {
                    assert!(Fold::add(&solver, &mut tally, x), "{rules}: {plates:?}");
                }
                assert_eq!(
                    Fold::first_wins(&solver, &tally),
                    Some(solution.outcome == Outcome::First),
                    "{rules}: {plates:?}"
                );
                folded += 1;
            }
            if solver.limit() < u64::MAX {
                let mut tally = Fold::tally(&solver);
                assert!(!Fold::add(&solver, &mut tally, solver.limit() + 1), "{rules}");
            }
        }
        assert!(folded >= 4 * 12 * 5, "{folded}");
    }
}
