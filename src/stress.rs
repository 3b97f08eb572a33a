//! Stress testing of any problem: the user's generator, brute force and solution
//! (`grundy duel --generator G --brute B --against P`).
//!
//! Each input comes from the generator, run with a seed argument drawn from the run's seed
//! (`G 1234…`); the brute force's output is the expected one; the solution is judged as in
//! [`crate::duel`] (wrong answer, runtime error, time limit, output limit). A failing input is
//! shrunk without knowing its format ([`TextCase`]): whole lines and runs of tokens are removed
//! (delta debugging), counts that stood for what was removed are lowered with it, then numbers
//! are made smaller. A candidate stays a counterexample only if the brute force accepts it (exits
//! 0 within its time limit) and the solution still fails on it: an input the brute force rejects
//! is not a valid input, so brute forces that check their input keep the shrinking honest.

use std::time::Instant;

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use crate::duel::{self, DuelFailure, DuelReport, Program, Run};
use crate::runner::{self, Exhaustive, Plan, Report, Subject, Verdict};
use crate::shrink::{self, Limits, Shrink};

/// Most bytes of output kept from the generator or the brute force.
const MOST_OUTPUT: u64 = 64 << 20;

/// One token of an input: a number (decimal, as `u64`, written without leading zeros) or any
/// other word.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Number(u64),
    Word(String),
}

impl Token {
    fn read(word: &str) -> Token {
        match word.parse::<u64>() {
            Ok(number) if number.to_string() == word => Token::Number(number),
            _ => Token::Word(word.to_string()),
        }
    }
}

/// An input of unknown format: lines of white-space separated tokens. It is written back with
/// one space between tokens and a newline after each line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextCase {
    lines: Vec<Vec<Token>>,
    /// Why the input could not be had (the generator failed): judged as a failed run.
    error: Option<String>,
}

impl TextCase {
    /// Reads `text` into lines of tokens (a final empty line is dropped; other empty lines stay).
    pub fn read(text: &str) -> TextCase {
        let mut lines: Vec<Vec<Token>> =
            text.lines().map(|line| line.split_whitespace().map(Token::read).collect()).collect();
        while lines.last().is_some_and(Vec::is_empty) {
            lines.pop();
        }
        TextCase { lines, error: None }
    }

    fn failed(error: String) -> TextCase {
        TextCase { lines: Vec::new(), error: Some(error) }
    }

    fn tokens(&self) -> usize {
        self.lines.iter().map(Vec::len).sum::<usize>() + self.lines.len()
    }

    fn numbers(&self) -> impl Iterator<Item = ((usize, usize), u64)> + '_ {
        self.lines.iter().enumerate().flat_map(|(i, line)| {
            line.iter().enumerate().filter_map(move |(j, token)| match token {
                Token::Number(x) => Some(((i, j), *x)),
                Token::Word(_) => None,
            })
        })
    }

    /// `case` and, for each number equal to one of `counts` (a count of what was removed, as
    /// it was), `case` with that number lowered by `removed` too.
    fn with_counts_lowered(case: TextCase, counts: &[usize], removed: usize, out: &mut Vec<TextCase>) {
        let coupled: Vec<TextCase> = case
            .numbers()
            .filter(|&(_, x)| counts.iter().any(|&count| x == count as u64) && x >= removed as u64)
            .map(|((i, j), x)| {
                let mut lowered = case.clone();
                lowered.lines[i][j] = Token::Number(x - removed as u64);
                lowered
            })
            .collect();
        out.push(case);
        out.extend(coupled);
    }
}

impl std::fmt::Display for TextCase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for line in &self.lines {
            let words: Vec<String> = line
                .iter()
                .map(|token| match token {
                    Token::Number(x) => x.to_string(),
                    Token::Word(word) => word.clone(),
                })
                .collect();
            writeln!(f, "{}", words.join(" "))?;
        }
        Ok(())
    }
}

/// Chunk sizes of delta debugging over `n` items: halves, quarters, …, single items.
fn chunk_sizes(n: usize) -> impl Iterator<Item = usize> {
    std::iter::successors((n > 0).then_some(n.div_ceil(2)), |&size| (size > 1).then(|| size.div_ceil(2)))
}

impl Shrink for TextCase {
    fn candidates(&self) -> Vec<TextCase> {
        let mut out = Vec::new();
        if self.error.is_some() {
            return out;
        }
        let most = shrink::candidate_budget(self.tokens());
        // 1. Runs of whole lines; a count of the lines (all, or all but a header) goes down too.
        let n = self.lines.len();
        for size in chunk_sizes(n) {
            if out.len() + n.div_ceil(size) > most {
                break;
            }
            for start in (0..n).step_by(size) {
                let mut case = self.clone();
                case.lines.drain(start..(start + size).min(n));
                let removed = n.min(start + size) - start;
                TextCase::with_counts_lowered(case, &[n, n.saturating_sub(1)], removed, &mut out);
            }
        }
        // 2. Runs of tokens within a line; a count of the line's tokens goes down too.
        for (i, line) in self.lines.iter().enumerate() {
            let k = line.len();
            for size in chunk_sizes(k) {
                if out.len() + k.div_ceil(size) > most {
                    break;
                }
                for start in (0..k).step_by(size) {
                    let mut case = self.clone();
                    case.lines[i].drain(start..(start + size).min(k));
                    let removed = k.min(start + size) - start;
                    TextCase::with_counts_lowered(case, &[k, k.saturating_sub(1)], removed, &mut out);
                }
            }
        }
        // 3. Smaller numbers, one at a time.
        'numbers: for ((i, j), x) in self.numbers() {
            for smaller in shrink::smaller_integers(x, 0) {
                if out.len() >= most {
                    break 'numbers;
                }
                let mut case = self.clone();
                case.lines[i][j] = Token::Number(smaller);
                out.push(case);
            }
        }
        out
    }

    /// The smaller inputs are every sub-multiset of tokens with every smaller number: too many
    /// to list, so shrinking stops at the greedy fixed point (which it says).
    fn below(&self, _: u64, _: usize) -> Option<Vec<TextCase>> {
        None
    }

    fn magnitude(&self) -> u64 {
        self.numbers().map(|(_, x)| x).max().unwrap_or(0)
    }

    fn weight(&self) -> (u64, u128) {
        (self.tokens() as u64, self.numbers().map(|(_, x)| u128::from(x)).sum())
    }
}

/// The three programs of a stress test.
#[derive(Debug, Clone)]
pub struct Programs {
    /// Writes one input; run with a seed as its last argument. `None` when inputs are given.
    pub generator: Option<Program>,
    /// Gives the expected output; an input it rejects is not a valid input.
    pub brute: Program,
    /// The program under test.
    pub against: Program,
}

struct StressSubject<'a> {
    programs: &'a Programs,
    deadline: Option<Instant>,
    /// Whether a failure was found (candidates are being judged for shrinking).
    shrinking: bool,
}

/// A program that could not be started at all (`sh` exit 126 or 127): a usage error.
fn not_runnable(program: &Program, role: &str, run: &Run) -> Option<String> {
    match run {
        Run::Crashed { code: Some(code @ (126 | 127)), stderr, .. } => Some(format!(
            "the {role} `{}` could not be run (exit {code}){}",
            program.command,
            stderr.trim().lines().last().map(|line| format!(": {}", line.trim())).unwrap_or_default()
        )),
        _ => None,
    }
}

impl StressSubject<'_> {
    /// The brute force's output on `text`; `Err` with the reason when it does not accept it.
    fn expected(&self, text: &str) -> Result<String, Result<String, String>> {
        let brute = &self.programs.brute;
        let run =
            duel::run(brute, text, MOST_OUTPUT).map_err(|e| Err(format!("the brute force could not start: {e}")))?;
        if let Some(error) = not_runnable(brute, "brute force", &run) {
            return Err(Err(error));
        }
        match run {
            Run::Output { stdout, .. } => Ok(stdout),
            other => Err(Ok(format!("the brute force did not accept it: {}", other.verdict("").unwrap_or_default()))),
        }
    }
}

impl Subject for StressSubject<'_> {
    type Case = TextCase;

    fn name(&self) -> String {
        "duel/generated".to_string()
    }

    fn sides(&self) -> (&'static str, &'static str) {
        ("brute force", "program")
    }

    fn exhaustive(&self) -> Exhaustive<TextCase> {
        Exhaustive::none("inputs from the generator only")
    }

    fn random(&self, rng: &mut ChaCha8Rng) -> TextCase {
        let seed: u64 = rng.random();
        let Some(generator) = &self.programs.generator else {
            return TextCase::failed("no generator was given".to_string());
        };
        let command = Program { command: format!("{} {seed}", generator.command), timeout: generator.timeout };
        match duel::run(&command, "", MOST_OUTPUT) {
            Ok(Run::Output { stdout, .. }) => TextCase::read(&stdout),
            Ok(run) => TextCase::failed(match not_runnable(&command, "generator", &run) {
                Some(error) => error,
                None => {
                    format!("the generator failed on `{}`: {}", command.command, run.verdict("").unwrap_or_default())
                }
            }),
            Err(error) => TextCase::failed(format!("the generator could not start: {error}")),
        }
    }

    fn judge(&mut self, case: &TextCase) -> Verdict {
        if let Some(error) = &case.error {
            return Verdict::Failed(error.clone());
        }
        if self.shrinking && self.deadline.is_some_and(|deadline| Instant::now() >= deadline) {
            return Verdict::Agree; // out of time while shrinking: stop accepting candidates
        }
        let text = case.to_string();
        let expected = match self.expected(&text) {
            Ok(expected) => expected,
            // While shrinking, an input the brute force rejects is simply not a counterexample.
            Err(Ok(_)) if self.shrinking => return Verdict::Agree,
            Err(Ok(reason)) => return Verdict::Failed(format!("{reason}, on a generated input:\n{text}")),
            Err(Err(error)) => return Verdict::Failed(error),
        };
        let against = &self.programs.against;
        let run = match duel::run(against, &text, duel::output_limit(&expected)) {
            Ok(run) => run,
            Err(error) => return Verdict::Failed(format!("the program could not be started: {error}")),
        };
        if let Some(error) = not_runnable(against, "program", &run) {
            return Verdict::Failed(error);
        }
        match run.verdict(&expected) {
            None => Verdict::Agree,
            Some(verdict) => {
                self.shrinking = true;
                Verdict::Disagree { expected, actual: verdict }
            }
        }
    }

    fn case_text(&self, case: &TextCase) -> String {
        case.to_string()
    }

    fn replay(&self, _: &str) -> String {
        String::new() // set once the failing input is saved
    }

    fn shrink_limits(&self) -> Limits {
        Limits { tries: 3000, below: 0, deadline: Some(duel::shrink_deadline(self.deadline)), grid: 1 }
    }
}

/// Stress-tests `programs` on inputs from the generator, shrinking the first failure.
pub fn stress(programs: &Programs, plan: &Plan, progress: &dyn Fn(u64)) -> DuelReport {
    let mut subject = StressSubject { programs, deadline: plan.deadline, shrinking: false };
    let report = runner::run(&mut subject, plan, progress);
    finish(&mut subject, report)
}

/// Judges `programs` on one given input (a saved failure), without shrinking.
pub fn stress_input(programs: &Programs, input: &str) -> DuelReport {
    let mut subject = StressSubject { programs, deadline: None, shrinking: false };
    let report = runner::replay(&mut subject, &TextCase::read(input));
    finish(&mut subject, report)
}

/// Runs both programs once more on the minimal failing input, to report what they did there.
fn finish(subject: &mut StressSubject<'_>, report: Report) -> DuelReport {
    let failure = report.counterexample.as_ref().and_then(|counterexample| {
        let input = counterexample.case.clone();
        let expected = subject.expected(&input).ok()?;
        let run = duel::run(&subject.programs.against, &input, duel::output_limit(&expected)).ok()?;
        Some(DuelFailure {
            found: counterexample.found.clone(),
            input,
            verdict: run
                .verdict(&expected)
                .unwrap_or_else(|| "accepted on a second run (a flaky program?)".to_string()),
            expected,
            expected_by: "brute force".to_string(),
            run,
            saved: None,
        })
    });
    DuelReport { by_oracle: 0, by_fast_side: 0, by_both: 0, report, failure, also_met: None, shrink_packed: false }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inputs_read_and_write_back_token_by_token() {
        let case = TextCase::read("3\n 1  02 x\n\n-4 5\n\n");
        assert_eq!(case.to_string(), "3\n1 02 x\n\n-4 5\n");
        assert_eq!(case.magnitude(), 5);
        assert_eq!(case.weight(), (10, 9));
    }

    /// Every candidate is strictly smaller, and removing a run of tokens also offers the
    /// count that stood for them lowered.
    #[test]
    fn candidates_are_smaller_and_keep_counts() {
        let case = TextCase::read("4\n10 20 30 40\n");
        let candidates = case.candidates();
        assert!(candidates.iter().all(|c| c.weight() < case.weight()));
        let texts: Vec<String> = candidates.iter().map(TextCase::to_string).collect();
        assert!(texts.contains(&"2\n30 40\n".to_string()), "{texts:?}");
        assert!(texts.contains(&"3\n10 20 40\n".to_string()), "{texts:?}");
        assert!(texts.contains(&"4\n10 20 30 17\n".to_string()) || texts.contains(&"4\n10 20 30 20\n".to_string()));
    }

    #[test]
    fn chunk_sizes_halve_down_to_one() {
        assert_eq!(chunk_sizes(10).collect::<Vec<_>>(), [5, 3, 2, 1]);
        assert_eq!(chunk_sizes(1).collect::<Vec<_>>(), [1]);
        assert_eq!(chunk_sizes(0).count(), 0);
    }
}
