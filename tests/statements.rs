//! Every input a duel writes lies within its problem's statement (#56): the small space, the
//! extremes, the inputs at the maxima and random inputs, each held to the statement's validator.

use grundy::catalog::{self, Visit};
use grundy::problem::Contest;

struct WithinStatements {
    seeds: std::ops::Range<u64>,
    random: u64,
    beyond: Vec<String>,
}

impl Visit for WithinStatements {
    fn visit<P: Contest>(&mut self, problem: &P) {
        for seed in self.seeds.clone() {
            let mut first = None;
            grundy::duel::for_each_input(problem, seed, self.random, |input| {
                if first.is_none()
                    && let Err(invalid) = P::STATEMENT.check(input)
                {
                    let start: String = input.chars().take(200).collect();
                    first =
                        Some(format!("{} (seed {seed}): {invalid}, in an input starting {start:?}", problem.name()));
                }
            });
            self.beyond.extend(first);
        }
    }
}

#[test]
fn every_input_a_duel_writes_is_within_the_statement() {
    let mut check = WithinStatements { seeds: 1..3, random: 60, beyond: Vec::new() };
    catalog::visit_contests(&mut check);
    assert!(check.beyond.is_empty(), "{}", check.beyond.join("\n"));
}

/// What `duel --beyond-statement` adds lies beyond the statement, each input of it.
struct BeyondStatements(Vec<String>);

impl Visit for BeyondStatements {
    fn visit<P: Contest>(&mut self, problem: &P) {
        let first = problem.at_limits().len();
        for (i, words) in problem.beyond_statement().iter().enumerate() {
            let mut rng = grundy::runner::rng_for(1, "beyond");
            let text = problem.write(&problem.at_limit(first + i, &mut rng)).unwrap_or_default();
            if P::STATEMENT.check(&text).is_ok() {
                self.0.push(format!("{}: `{words}` is within the statement", problem.name()));
            }
        }
    }
}

#[test]
fn inputs_beyond_the_statement_are_beyond_it() {
    let mut check = BeyondStatements(Vec::new());
    catalog::visit_contests(&mut check);
    assert!(check.0.is_empty(), "{}", check.0.join("\n"));
}

/// The validators refuse what their statements refuse: a few inputs each just past a bound.
#[test]
fn validators_refuse_inputs_just_past_their_statements() {
    use grundy::statement;
    let cases: [(&statement::Statement, &str, &str); 10] = [
        (&statement::NULLIFY, "1\n1 1\n1000000\n", "11\n"),
        (&statement::NULLIFY, "1\n2 1\n0\n5\n", "1\n1 1\n1000001\n"),
        (&statement::WYTHOFF, "0 1000000000\n", "0 1000000001\n"),
        (&statement::FIBONACCI, "2\n0\n", "1\n0\n"),
        (&statement::GEMS, "1 1 1\n1 1\n0 0 0\n", "1 1 1\n0\n0 0 0\n"),
        (&statement::PACK, "0 0 0 0 1\n1 500000\n", "0 0 0 0 1\n1 500001\n"),
        (&statement::DIG, "1\nWRWRWRWR\n", "1\nWRWRWRWX\n"),
        (&statement::COLORING, "1\n3 2\n1 0 1\n", "1\n3 2\n1 1 0\n"),
        (&statement::LOCK, "1\n1 1 5\n4\n", "1\n1 1 5\n5\n"),
        (&statement::GEOGRAPHY, "2 1 1\n1 2\n", "2 1 3\n1 2\n"),
    ];
    for (statement, within, beyond) in cases {
        assert_eq!(statement.check(within), Ok(()), "{within:?}");
        assert!(statement.check(beyond).is_err(), "{beyond:?}");
        assert!(statement.check(&within.replace('\n', " \n")).is_err(), "trailing spaces: {within:?}");
    }
}
