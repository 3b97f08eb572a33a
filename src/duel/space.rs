//! The small space a duel runs first, whole, packed into as few inputs as the format allows.

use super::subject::{DuelInput, DuelSubject, MOST_SMALL_INPUTS, plural};
use crate::problem::Contest;
use crate::runner::Exhaustive;

impl<P: Contest> DuelSubject<'_, P> {
    /// The problem's small space, whole, packed into as few inputs as its format allows.
    pub(super) fn small_space(&self) -> Exhaustive<DuelInput<P::Instance>> {
        let space = self.problem.small_space();
        let most = P::DATA.most_cases.max(1);
        let (mut inputs, mut chunk, mut games, mut left_out) = (Vec::new(), Vec::new(), 0usize, 0usize);
        let _ = &mut inputs;
        for case in space.cases {
            if self.problem.write(std::slice::from_ref(&case)).is_err() {
                left_out += 1;
                continue;
            }
            games += 1;
            let fits = chunk.len() < most
                && chunk
                    .first()
                    .is_none_or(|first: &P::Instance| self.problem.write(&[first.clone(), case.clone()]).is_ok());
            if !fits {
                inputs.push(DuelInput::of(std::mem::take(&mut chunk)));
            }
            chunk.push(case);
        }
        if !chunk.is_empty() {
            inputs.push(DuelInput::of(chunk));
        }
        // Packed past a bound of the statement (a sum over the tests): split until within it.
        let (mut inputs, beyond) = self.within_statement(inputs);
        left_out += beyond;
        games -= beyond;
        // A format of few games an input: the smallest games first, as many inputs as a duel
        // affords (each is a run of the program), and the report says how far they went.
        if inputs.len() > MOST_SMALL_INPUTS {
            let all = games;
            inputs.truncate(MOST_SMALL_INPUTS);
            games = inputs.iter().map(|input| input.cases.len()).sum();
            let description = format!(
                "{}, smallest first: {} of the {all} games, in {} (the rest are left to the random inputs)",
                space.description,
                games,
                plural(inputs.len(), "input")
            );
            return Exhaustive { cases: inputs, description };
        }
        let left_out = match left_out {
            0 => String::new(),
            n => format!("; {} the format or the statement cannot hold left out", plural(n, "game")),
        };
        let description =
            format!("{}: {} in {}{left_out}", space.description, plural(games, "game"), plural(inputs.len(), "input"));
        Exhaustive { cases: inputs, description }
    }
}

impl<P: Contest> DuelSubject<'_, P> {
    /// `inputs` each within the statement (unless `--beyond-statement`): one that is not is
    /// split in halves until its parts are; a single game beyond the statement is left out. The
    /// games left out are counted.
    fn within_statement(&self, inputs: Vec<DuelInput<P::Instance>>) -> (Vec<DuelInput<P::Instance>>, usize) {
        let (mut within, mut left_out) = (Vec::new(), 0);
        let mut pending: Vec<Vec<P::Instance>> = inputs.into_iter().rev().map(|input| input.cases).collect();
        while let Some(cases) = pending.pop() {
            let valid =
                self.beyond_statement || self.problem.write(&cases).is_ok_and(|text| P::STATEMENT.check(&text).is_ok());
            match (valid, cases.len()) {
                (true, _) => within.push(DuelInput::of(cases)),
                (false, 0 | 1) => left_out += cases.len(),
                (false, n) => {
                    let mut first = cases;
                    let second = first.split_off(n / 2);
                    pending.push(second);
                    pending.push(first);
                }
            }
        }
        (within, left_out)
    }
}
