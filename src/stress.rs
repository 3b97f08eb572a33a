//! Stress testing of any problem: the user's generator, brute force and solution
//! (`grundy duel --generator G --brute B --against P`).
//!
//! Each input comes from the generator, run with a seed argument drawn from the run's seed
//! (`G 1234…`, below 2^31: [`GENERATOR_SEEDS`]); the brute force's output is the expected one;
//! the solution is judged as in [`crate::duel`] (wrong answer, runtime error, time limit,
//! output limit).
//!
//! Given sizes `A..B` ([`Sizes`]), the generator is run as `G SEED SIZE`, and the run starts
//! with the small sizes: every size from `A` up, [`SMALL_INPUTS_PER_SIZE`] inputs each, because
//! most bugs live at the edges (one item, two equal ones) that random sizes rarely hit. The
//! random inputs then draw their sizes across `A..B` log-uniformly, so each scale gets a share.
//! Every seed and size comes from the run's seed, and a failure names the generator's command
//! line that wrote it.
//!
//! A failing input is shrunk without knowing its format ([`TextCase`]): whole lines and runs of
//! tokens are removed (delta debugging), counts that stood for what was removed are lowered with
//! it, then numbers are made smaller. A candidate stays a counterexample only if the brute force
//! accepts it (exits 0 within its time limit) and the solution still fails on it: an input the
//! brute force rejects is not a valid input, so brute forces that check their input keep the
//! shrinking honest.
//! Shrinking also keeps the kind of the failure (as [`crate::duel`] does): a time-out on a large
//! input must not be traded for a wrong answer on a tiny one, which is another bug; the first
//! such is reported apart.

use std::time::Instant;

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use crate::duel::{self, AlsoMet, DuelFailure, DuelReport, FlakyRun, Program, Run};
use crate::runner::{self, Exhaustive, Heading, Plan, Report, Subject, Verdict};
use crate::shape::chunk_sizes;
use crate::shrink::{Cases, Limits, Shrink};

/// Most bytes of output kept from the generator or the brute force.
const MOST_OUTPUT: u64 = 64 << 20;

/// One token of an input: a number (decimal, as `u64`, written without leading zeros), a
/// negative one (`-` and such a number, not 0), or any other word. A negative number shrinks
/// toward zero: its magnitude is lowered, its sign kept (a bug at `-1` found at `-352957189`).
#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Number(u64),
    Negative(u64),
    Word(String),
}

impl Token {
    fn read(word: &str) -> Token {
        let (digits, negative) = match word.strip_prefix('-') {
            Some(digits) => (digits, true),
            None => (word, false),
        };
        match digits.parse::<u64>() {
            Ok(number) if number.to_string() == digits && !negative => Token::Number(number),
            Ok(number) if number.to_string() == digits && number > 0 => Token::Negative(number),
            _ => Token::Word(word.to_string()),
        }
    }

    /// This number with its magnitude set to `magnitude`, its sign kept (`-0` is `0`).
    fn with_magnitude(&self, magnitude: u64) -> Token {
        match self {
            Token::Negative(_) if magnitude > 0 => Token::Negative(magnitude),
            _ => Token::Number(magnitude),
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
    /// The generator's command line that wrote it; `None` once edited by shrinking.
    origin: Option<String>,
}

impl TextCase {
    /// Reads `text` into lines of tokens (a final empty line is dropped; other empty lines stay).
    pub fn read(text: &str) -> TextCase {
        let mut lines: Vec<Vec<Token>> =
            text.lines().map(|line| line.split_whitespace().map(Token::read).collect()).collect();
        while lines.last().is_some_and(Vec::is_empty) {
            lines.pop();
        }
        TextCase { lines, error: None, origin: None }
    }

    fn failed(error: String) -> TextCase {
        TextCase { lines: Vec::new(), error: Some(error), origin: None }
    }

    /// A copy to edit: no generator wrote the result.
    fn edited(&self) -> TextCase {
        TextCase { lines: self.lines.clone(), error: None, origin: None }
    }

    fn tokens(&self) -> usize {
        self.lines.iter().map(Vec::len).sum::<usize>() + self.lines.len()
    }

    fn numbered(&self) -> impl Iterator<Item = ((usize, usize), u64)> + '_ {
        self.lines.iter().enumerate().flat_map(|(i, line)| {
            line.iter().enumerate().filter_map(move |(j, token)| match token {
                Token::Number(x) | Token::Negative(x) => Some(((i, j), *x)),
                Token::Word(_) => None,
            })
        })
    }

    /// `case` and, for each number equal to one of `counts` (a count of what was removed, as
    /// it was), `case` with that number lowered by `removed` too.
    fn with_counts_lowered(case: TextCase, counts: [usize; 2], removed: usize) -> Vec<TextCase> {
        let coupled: Vec<TextCase> = case
            .numbered()
            .filter(|&((i, j), x)| {
                matches!(case.lines[i][j], Token::Number(_))
                    && counts.iter().any(|&count| x == count as u64)
                    && x >= removed as u64
            })
            .map(|((i, j), x)| {
                let mut lowered = case.clone();
                lowered.lines[i][j] = Token::Number(x - removed as u64);
                lowered
            })
            .collect();
        std::iter::once(case).chain(coupled).collect()
    }
}

impl std::fmt::Display for TextCase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for line in &self.lines {
            let words: Vec<String> = line
                .iter()
                .map(|token| match token {
                    Token::Number(x) => x.to_string(),
                    Token::Negative(x) => format!("-{x}"),
                    Token::Word(word) => word.clone(),
                })
                .collect();
            writeln!(f, "{}", words.join(" "))?;
        }
        Ok(())
    }
}

/// Text has no shape but its numbers: lines and tokens go with the counts that counted them,
/// which no shape states, so its candidates are its own.
impl Shrink for TextCase {
    fn shape(&self) -> crate::shape::Shape {
        let numbers: Vec<u64> = self.numbers();
        crate::shape::Shape::tuple(numbers.into_iter().map(|x| crate::shape::Shape::number(x, 0)).collect())
    }

    fn with_shape(&self, shape: &crate::shape::Shape) -> Option<TextCase> {
        self.with_numbers(&shape.leaves())
    }

    fn candidates(&self, longest: usize) -> Cases<'_, TextCase> {
        if self.error.is_some() {
            return Box::new(std::iter::empty());
        }
        // 1. Runs of whole lines; a count of the lines (all, or all but a header) goes down too.
        let n = self.lines.len();
        let lines = chunk_sizes(n).filter(move |&size| size <= longest).flat_map(move |size| {
            (0..n).step_by(size).flat_map(move |start| {
                let mut case = self.edited();
                case.lines.drain(start..(start + size).min(n));
                let removed = n.min(start + size) - start;
                TextCase::with_counts_lowered(case, [n, n.saturating_sub(1)], removed)
            })
        });
        // 2. Runs of tokens within a line; a count of the line's tokens goes down too.
        let tokens = (0..n).flat_map(move |i| {
            let k = self.lines[i].len();
            chunk_sizes(k).filter(move |&size| size <= longest).flat_map(move |size| {
                (0..k).step_by(size).flat_map(move |start| {
                    let mut case = self.edited();
                    case.lines[i].drain(start..(start + size).min(k));
                    let removed = k.min(start + size) - start;
                    TextCase::with_counts_lowered(case, [k, k.saturating_sub(1)], removed)
                })
            })
        });
        // 3. Smaller numbers, one at a time.
        let numbers = self.numbered().flat_map(move |((i, j), x)| {
            crate::shape::smaller_integers(x, 0).into_iter().map(move |smaller| {
                let mut case = self.edited();
                case.lines[i][j] = self.lines[i][j].with_magnitude(smaller);
                case
            })
        });
        Box::new(lines.chain(tokens).chain(numbers))
    }

    /// Each line's numbers in ascending order (a line of numbers only): one order for a failure
    /// that does not care for it.
    fn normalized(&self) -> Option<TextCase> {
        let mut case = self.edited();
        for line in &mut case.lines {
            if line.iter().all(|token| matches!(token, Token::Number(_))) {
                line.sort_by_key(|token| match token {
                    Token::Number(x) => *x,
                    _ => 0,
                });
            }
        }
        (case.lines != self.lines).then_some(case)
    }

    /// Each line removed, each token removed, each number lowered.
    fn single_edits(&self) -> u64 {
        let lowerings: u64 = self.numbered().map(|(_, x)| x).fold(0, u64::saturating_add);
        self.single_removals().saturating_add(lowerings)
    }

    fn single_removals(&self) -> u64 {
        (self.lines.len() + self.lines.iter().map(Vec::len).sum::<usize>()) as u64
    }

    /// The smaller inputs are every sub-multiset of tokens with every smaller number: too many
    /// to list, so shrinking stops at the greedy fixed point (which it says).
    fn below(&self, _: u64, _: usize) -> Option<Vec<TextCase>> {
        None
    }

    fn magnitude(&self) -> u64 {
        self.numbered().map(|(_, x)| x).max().unwrap_or(0)
    }

    fn weight(&self) -> (u64, u128) {
        (self.tokens() as u64, self.numbered().map(|(_, x)| u128::from(x)).sum())
    }

    fn numbers(&self) -> Vec<u64> {
        self.numbered().map(|(_, x)| x).collect()
    }

    fn with_numbers(&self, numbers: &[u64]) -> Option<TextCase> {
        let mut case = self.edited();
        let mut values = numbers.iter();
        for token in case.lines.iter_mut().flatten() {
            if matches!(token, Token::Number(_) | Token::Negative(_)) {
                *token = token.with_magnitude(*values.next()?);
            }
        }
        values.next().is_none().then_some(case)
    }
}

/// The three programs of a stress test.
#[derive(Debug, Clone)]
pub struct Programs {
    /// Writes one input; run with a seed (and a size, given [`Sizes`]) as its last arguments.
    /// `None` when inputs are given.
    pub generator: Option<Program>,
    /// Gives the expected output; an input it rejects is not a valid input.
    pub brute: Program,
    /// The program under test.
    pub against: Program,
}

/// The seeds given to a generator: below 2^31, because generators often read theirs as a 32-bit
/// `int` (C's `atoi`, awk's `srand`), which past it reads one seed for all: with mawk, any seed
/// from 2^31 on wrote the same input every time.
pub const GENERATOR_SEEDS: std::ops::Range<u64> = 1..1 << 31;

/// Largest size given to a generator: inputs past it would be beyond any brute force.
pub const MOST_SIZE: u64 = 1_000_000_000;

/// The sizes a generator is asked for, `first..last` with both ends included (`--sizes A..B`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sizes {
    /// The smallest size.
    pub first: u64,
    /// The largest size.
    pub last: u64,
}

impl std::str::FromStr for Sizes {
    type Err = String;

    /// Reads `A..B`: both ends included, `A ≤ B ≤ 10^9`.
    fn from_str(text: &str) -> Result<Sizes, String> {
        let Some((first, last)) = text.split_once("..") else {
            return Err(format!("sizes are A..B (both ends included, e.g. 1..10), not `{text}`"));
        };
        if let Some(last) = last.strip_prefix('=') {
            return Err(format!("sizes are A..B, and B is included already: write `{first}..{last}`"));
        }
        let size = |part: &str| match part.trim().parse::<u64>() {
            Ok(size) if size <= MOST_SIZE => Ok(size),
            _ => Err(format!("`{part}` in `{text}` is not a size from 0 to 10^9")),
        };
        let (first, last) = (size(first)?, size(last)?);
        if first > last {
            return Err(format!("`{text}` runs backwards: the first size must be at most the last"));
        }
        Ok(Sizes { first, last })
    }
}

impl Sizes {
    /// How many sizes there are.
    fn count(self) -> u64 {
        self.last - self.first + 1
    }

    /// A size drawn log-uniformly: a bit length first, alike among those in the range, then a
    /// size of that length, alike. Sizes 1..10^6 give a twentieth of the draws to each of 1,
    /// 2–3, 4–7, …, 2^19–10^6: about half fall below 1000, where a uniform draw puts one in a
    /// thousand. Integers only, so a seed draws the same sizes on every machine.
    fn draw(self, rng: &mut ChaCha8Rng) -> u64 {
        let bits = |size: u64| 64 - size.leading_zeros();
        let length = rng.random_range(bits(self.first)..=bits(self.last));
        let shortest = if length == 0 { 0 } else { 1u64 << (length - 1) };
        let longest = (1u64 << length) - 1;
        rng.random_range(shortest.max(self.first)..=longest.min(self.last))
    }
}

impl std::fmt::Display for Sizes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}..{}", self.first, self.last)
    }
}

/// Inputs of each small size.
pub const SMALL_INPUTS_PER_SIZE: u64 = 3;

/// Most inputs of the small sizes (each is a run of both programs): 33 sizes, 3 each.
pub const MOST_SMALL_INPUTS: u64 = 99;

/// The inputs run first, before random ones: the smallest sizes, each several times.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct SmallSizes {
    /// All the sizes the generator is given.
    all: Sizes,
    /// The small ones, every size in them.
    sizes: Sizes,
    /// Inputs of each size.
    each: u64,
    /// The largest size, when the small ones do not reach it: as many inputs of it follow, so
    /// that `--sizes A..B` reaches B (a log-uniform draw seldom lands on it).
    top: Option<u64>,
}

impl SmallSizes {
    /// The small sizes of a run of `cases` inputs: [`SMALL_INPUTS_PER_SIZE`] inputs of each
    /// size from the first up, within [`MOST_SMALL_INPUTS`] and half of `cases` (the random
    /// inputs, which reach the large sizes, keep the other half); `None` when no input fits.
    fn of(sizes: Sizes, cases: u64) -> Option<SmallSizes> {
        let budget = MOST_SMALL_INPUTS.min(cases / 2);
        let each = SMALL_INPUTS_PER_SIZE.min(budget);
        let count = sizes.count().min(budget.checked_div(each)?);
        let small = Sizes { first: sizes.first, last: sizes.first + count - 1 };
        let top = (small.last < sizes.last).then_some(sizes.last);
        Some(SmallSizes { all: sizes, sizes: small, each, top })
    }

    /// How many inputs they are.
    fn inputs(self) -> u64 {
        (self.sizes.count() + u64::from(self.top.is_some())) * self.each
    }

    /// What they cover, in words: "every size 1..10, 3 inputs each: 30 inputs".
    fn description(self) -> String {
        let each = match self.each {
            1 => "1 input each".to_string(),
            n => format!("{n} inputs each"),
        };
        let inputs = self.inputs();
        if self.sizes == self.all {
            format!("every size {}, {each}: {inputs} inputs", self.all)
        } else {
            let top = self.top.map(|top| format!(", and as many of the largest size, {top}")).unwrap_or_default();
            format!(
                "sizes {} of {}, {each}{top}: {inputs} inputs; the sizes between are left to the random inputs",
                self.sizes, self.all
            )
        }
    }
}

struct StressSubject<'a> {
    programs: &'a Programs,
    /// The sizes the generator is given, when it takes one.
    sizes: Option<Sizes>,
    /// The small sizes run first, and the run's seed their inputs' seeds come from.
    small: Option<(SmallSizes, u64)>,
    deadline: Option<Instant>,
    /// The kind of the first failure (wrong answer, runtime error…): shrinking keeps it. `Some`
    /// while candidates are being judged for shrinking.
    kind: Option<&'static str>,
    /// Another kind of failure met while shrinking, reported apart: its verdict and input.
    also: Option<(String, String)>,
    /// Failures that did not repeat when run again.
    flaky: Vec<FlakyRun>,
    /// With `--keep-going`: the signature of the failure being shrunk, which its candidates keep
    /// as they keep its kind ([`duel::judge::signature`]).
    signature: Option<String>,
    /// Whether the duel goes on past a failure (`--keep-going`).
    keep_going: bool,
    /// The generator's command line that wrote the first failing input.
    found_by: Option<String>,
    /// Most bytes grundy itself may hold while shrinking (`--max-memory`).
    max_bytes: usize,
    /// What stopped shrinking early, if anything did.
    stopped: std::cell::Cell<Option<&'static str>>,
}

impl<'a> StressSubject<'a> {
    fn new(programs: &'a Programs, deadline: Option<Instant>) -> StressSubject<'a> {
        StressSubject {
            programs,
            sizes: None,
            small: None,
            deadline,
            kind: None,
            also: None,
            flaky: Vec::new(),
            signature: None,
            keep_going: false,
            found_by: None,
            max_bytes: usize::MAX,
            stopped: std::cell::Cell::new(None),
        }
    }
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

/// Why the brute force gave no expected output.
#[derive(Debug, Clone, PartialEq, Eq)]
enum NoExpected {
    /// It did not accept the input (a non-zero exit, a time-out): not a valid input.
    Rejected(String),
    /// It could not be run at all.
    Broken(String),
}

impl StressSubject<'_> {
    /// The brute force's output on `text`.
    fn expected(&self, text: &str) -> Result<String, NoExpected> {
        let brute = &self.programs.brute;
        let run = duel::run(&brute.within(self.deadline), text, MOST_OUTPUT);
        if duel::was_cut(&run) {
            return Err(NoExpected::Broken(duel::CUT_BY_TIME.to_string()));
        }
        let run = run.map_err(|e| NoExpected::Broken(format!("the brute force could not start: {e}")))?;
        if let Some(error) = not_runnable(brute, "brute force", &run) {
            return Err(NoExpected::Broken(error));
        }
        match run {
            Run::Output { stdout, .. } => Ok(stdout),
            other => Err(NoExpected::Rejected(format!(
                "the brute force did not accept it: {}",
                other.verdict("").unwrap_or_default()
            ))),
        }
    }

    /// The generator's input for `seed` (and `size`, when it takes one).
    fn generate(&self, seed: u64, size: Option<u64>) -> TextCase {
        let Some(generator) = &self.programs.generator else {
            return TextCase::failed("no generator was given".to_string());
        };
        let size = size.map(|size| format!(" {size}")).unwrap_or_default();
        let command = Program { command: format!("{} {seed}{size}", generator.command), ..generator.clone() };
        let run = duel::run(&command.within(self.deadline), "", MOST_OUTPUT);
        if duel::was_cut(&run) {
            return TextCase::failed(duel::CUT_BY_TIME.to_string());
        }
        let mut case = match run {
            Ok(Run::Output { stdout, .. }) => TextCase::read(&stdout),
            Ok(run) => TextCase::failed(match not_runnable(&command, "generator", &run) {
                Some(error) => error,
                None => {
                    format!("the generator failed on `{}`: {}", command.command, run.verdict("").unwrap_or_default())
                }
            }),
            Err(error) => TextCase::failed(format!("the generator could not start: {error}")),
        };
        case.origin = Some(command.command);
        case
    }

    /// Whether shrinking must stop: the run's deadline has passed, or grundy's own memory has
    /// reached `--max-memory`; which of them is kept for the report.
    fn out_of_time(&self) -> bool {
        if crate::interrupt::past(self.deadline) {
            self.stopped.set(Some(if crate::interrupt::requested() { "Ctrl-C" } else { "--time" }));
            return true;
        }
        if crate::budget::resident_bytes().is_some_and(|bytes| bytes > self.max_bytes) {
            self.stopped.set(Some("--max-memory"));
            return true;
        }
        false
    }
}

impl Subject for StressSubject<'_> {
    type Case = TextCase;

    fn heading(&self) -> Heading {
        Heading { name: "duel/generated".into(), sides: ("brute force", "program") }
    }

    /// The small sizes, smallest first, each input's seed drawn from the run's seed (a stream
    /// apart from the random inputs', so the small sizes leave those as they were).
    fn exhaustive(&self) -> Exhaustive<TextCase> {
        let Some((small, seed)) = self.small else {
            return Exhaustive::none(match self.sizes {
                Some(_) => "too few --cases for the small sizes",
                None => "inputs from the generator only; --sizes A..B runs the small sizes first",
            });
        };
        let mut rng = runner::rng_for(seed, "duel/generated/small sizes");
        let mut cases = Vec::new();
        'sizes: for size in (small.sizes.first..=small.sizes.last).chain(small.top) {
            for _ in 0..small.each {
                if self.out_of_time() {
                    break 'sizes; // the runner stops at the deadline too, and says so
                }
                let seed = rng.random_range(GENERATOR_SEEDS);
                cases.push(self.generate(seed, Some(size)));
            }
        }
        Exhaustive { cases, description: small.description() }
    }

    /// A random input: its seed, then its size drawn across the sizes.
    fn random(&self, rng: &mut ChaCha8Rng) -> TextCase {
        let seed = rng.random_range(GENERATOR_SEEDS);
        let size = self.sizes.map(|sizes| sizes.draw(rng));
        self.generate(seed, size)
    }

    fn judge(&mut self, case: &TextCase) -> Verdict {
        if let Some(error) = &case.error {
            return Verdict::Failed(error.clone());
        }
        let shrinking = self.kind.is_some();
        if shrinking && self.out_of_time() {
            return Verdict::Agree; // out of time while shrinking: stop accepting candidates
        }
        let text = case.to_string();
        let expected = match self.expected(&text) {
            Ok(expected) => expected,
            // While shrinking, an input the brute force rejects is simply not a counterexample.
            Err(NoExpected::Rejected(_)) if shrinking => return Verdict::Agree,
            Err(NoExpected::Rejected(reason)) => {
                let by = case.origin.as_ref().map(|command| format!(" (written by `{command}`)")).unwrap_or_default();
                // One line: the input is shown by its start and end (a generator's input can be long).
                let shown = crate::shorten(&text.replace('\n', " / "), crate::LONGEST_SHOWN_LINE);
                return Verdict::Failed(format!("{reason}, on a generated input{by}: {shown}"));
            }
            Err(NoExpected::Broken(error)) => return Verdict::Failed(error),
        };
        let against = &self.programs.against;
        let run = duel::run(&against.within(self.deadline), &text, duel::output_limit(&expected));
        if duel::was_cut(&run) {
            return Verdict::OutOfTime;
        }
        let run = match run {
            Ok(run) => run,
            Err(error) => return Verdict::Failed(format!("the program could not be started: {error}")),
        };
        if let Some(error) = not_runnable(against, "program", &run) {
            return Verdict::Failed(error);
        }
        let Some(verdict) = run.verdict(&expected) else { return Verdict::Agree };
        if self.kind.is_none() {
            // A failure first met is run once more before it is believed.
            let again = duel::run(&against.within(self.deadline).confirming(), &text, duel::output_limit(&expected));
            match again {
                Ok(Run::Cut) => return Verdict::OutOfTime,
                Ok(again) if again.kind() == run.kind() && again.verdict(&expected).is_some() => {}
                again => {
                    let then = match &again {
                        Ok(again) => again.verdict(&expected).unwrap_or_else(|| "accepted".to_string()),
                        Err(error) => format!("not run: {error}"),
                    };
                    let words = format!("{verdict} on one run, then {then} on the next");
                    let fails_the_duel = run.is_the_programs_own();
                    self.flaky.push(FlakyRun { verdict, then, input: text, fails_the_duel });
                    return Verdict::Flaky(words);
                }
            }
        }
        let signature = duel::judge::signature(&verdict);
        match self.kind {
            Some(kept) if kept != run.kind() || (self.keep_going && self.signature.as_ref() != Some(&signature)) => {
                // Another failure: reported apart, never swapped in.
                self.also.get_or_insert((verdict, text));
                Verdict::Agree
            }
            Some(_) => Verdict::Disagree { expected, actual: verdict },
            None => {
                self.kind = Some(run.kind());
                self.signature = Some(signature);
                self.found_by = case.origin.clone();
                Verdict::Disagree { expected, actual: verdict }
            }
        }
    }

    fn deadline_cuts_exhaustive(&self) -> bool {
        true
    }

    fn failure_recorded(&mut self, _: &str) {
        self.kind = None;
        self.signature = None;
    }

    fn case_text(&self, case: &TextCase) -> String {
        case.to_string()
    }

    fn replay(&self, _: &str) -> String {
        String::new() // set once the failing input is saved
    }

    fn shrink_limits(&self) -> Limits {
        Limits { tries: 3000, below: 0, deadline: Some(duel::shrink_deadline(self.deadline)), grid: 1, single: 1000 }
    }
}

/// Stress-tests `programs` on inputs from the generator, shrinking the first failure. Given
/// `sizes`, the small sizes come first, within `plan.cases` inputs in all.
pub fn stress(programs: &Programs, sizes: Option<Sizes>, plan: &Plan, progress: &dyn Fn(u64)) -> DuelReport {
    let mut subject = StressSubject::new(programs, plan.deadline);
    subject.max_bytes = plan.budget.max_bytes;
    subject.keep_going = plan.keep_going;
    subject.sizes = sizes;
    subject.small = sizes.and_then(|sizes| SmallSizes::of(sizes, plan.cases)).map(|small| (small, plan.seed));
    let small = subject.small.map_or(0, |(small, _)| small.inputs());
    let plan = Plan { cases: plan.cases.saturating_sub(small), ..plan.clone() };
    let report = runner::run(&mut subject, &plan, progress);
    finish(&mut subject, report)
}

/// Judges `programs` on one given input (a saved failure), without shrinking.
pub fn stress_input(programs: &Programs, input: &str) -> DuelReport {
    let mut subject = StressSubject::new(programs, None);
    let report = runner::replay(&mut subject, &TextCase::read(input));
    finish(&mut subject, report)
}

/// Runs both programs once more on each minimal failing input, to report what they did there.
fn finish(subject: &mut StressSubject<'_>, report: Report) -> DuelReport {
    let mut flaky = std::mem::take(&mut subject.flaky);
    let (failure, more_failures) = duel::report::confirmed_failures(&report, &mut flaky, |input, verdict| {
        let expected = subject.expected(input).ok()?;
        let against = subject.programs.against.within(subject.deadline).confirming();
        (0..2).find_map(|_| {
            let (run, usage) = duel::run_measured(&against, input, duel::output_limit(&expected)).ok()?;
            let said = run.verdict(&expected).filter(|_| verdict.starts_with(run.kind()))?;
            Some(DuelFailure {
                found: String::new(),
                generated_by: subject.found_by.clone(),
                input: input.to_string(),
                verdict: said,
                expected: expected.clone(),
                expected_by: "brute force".to_string(),
                run,
                usage,
                beyond_statement: None,
                saved: None,
            })
        })
    });
    let also_met = subject.also.take().map(|(verdict, input)| AlsoMet { verdict, input });
    DuelReport {
        by_oracle: 0,
        by_fast_side: 0,
        by_both: 0,
        report,
        failure,
        more_failures,
        flaky,
        also_met,
        shrink_packed: false,
        shrink_stopped_by: subject.stopped.get().map(str::to_string),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inputs_read_and_write_back_token_by_token() {
        let case = TextCase::read("3\n 1  02 x\n\n-4 5 -0\n\n");
        assert_eq!(case.to_string(), "3\n1 02 x\n\n-4 5 -0\n");
        assert_eq!(case.magnitude(), 5);
        // Numbers 3, 1, −4 (its magnitude) and 5; `02`, `x` and `-0` are words.
        assert_eq!(case.weight(), (11, 13));
    }

    /// A negative number is lowered toward zero, its sign kept: a bug at every negative number,
    /// found at −352957189, lands on −1 (#40).
    #[test]
    fn negative_numbers_shrink_toward_zero() {
        let case = TextCase::read("1\n-352957189\n");
        let fails = |case: &TextCase| case.to_string().contains('-').then_some(());
        let shrunk = crate::shrink::shrink(case, (), Limits::IN_PROCESS, fails);
        assert_eq!(shrunk.case.to_string(), "-1\n");
    }

    /// Every candidate is strictly smaller, and removing a run of tokens also offers the
    /// count that stood for them lowered.
    #[test]
    fn candidates_are_smaller_and_keep_counts() {
        let case = TextCase::read("4\n10 20 30 40\n");
        let candidates: Vec<TextCase> = case.candidates(usize::MAX).collect();
        assert!(candidates.iter().all(|c| c.weight() < case.weight()));
        let texts: Vec<String> = candidates.iter().map(TextCase::to_string).collect();
        assert!(texts.contains(&"2\n30 40\n".to_string()), "{texts:?}");
        assert!(texts.contains(&"3\n10 20 40\n".to_string()), "{texts:?}");
        assert!(texts.contains(&"4\n10 20 30 17\n".to_string()) || texts.contains(&"4\n10 20 30 20\n".to_string()));
    }

    #[test]
    fn sizes_read_as_a_range_with_both_ends() {
        assert_eq!("1..10".parse::<Sizes>(), Ok(Sizes { first: 1, last: 10 }));
        assert_eq!("0..1000000000".parse::<Sizes>().map(|s| s.count()), Ok(1_000_000_001));
        for bad in ["5..2", "1..=10", "1..1000000001", "x", "7", "..3"] {
            assert!(bad.parse::<Sizes>().is_err(), "{bad}");
        }
    }

    /// Three inputs of each size from the first up, within 99 inputs and half of the cases.
    #[test]
    fn small_sizes_take_the_smallest_within_the_budget() {
        let sizes = |first, last| Sizes { first, last };
        let small = SmallSizes::of(sizes(1, 10), 300).unwrap();
        assert_eq!((small.sizes, small.each, small.inputs()), (sizes(1, 10), 3, 30));
        assert_eq!(small.description(), "every size 1..10, 3 inputs each: 30 inputs");
        // The largest size follows, as many inputs of it: --sizes A..B reaches B.
        let small = SmallSizes::of(sizes(5, 1_000_000), 300).unwrap();
        assert_eq!((small.sizes, small.top, small.inputs()), (sizes(5, 37), Some(1_000_000), 102));
        let small = SmallSizes::of(sizes(1, 10), 40).unwrap();
        assert_eq!((small.sizes, small.top, small.inputs()), (sizes(1, 6), Some(10), 21));
        let small = SmallSizes::of(sizes(1, 10), 4).unwrap();
        assert_eq!((small.sizes, small.each), (sizes(1, 1), 2));
        assert_eq!(SmallSizes::of(sizes(1, 10), 1), None);
    }

    /// Draws stay in the range and reach every bit length of it: small and large alike.
    #[test]
    fn sizes_are_drawn_log_uniformly() {
        let sizes = Sizes { first: 3, last: 1_000_000 };
        let mut rng = runner::rng_for(1, "sizes");
        let draws: Vec<u64> = (0..2000).map(|_| sizes.draw(&mut rng)).collect();
        assert!(draws.iter().all(|&size| (3..=1_000_000).contains(&size)));
        let lengths: std::collections::BTreeSet<u32> = draws.iter().map(|&size| 64 - size.leading_zeros()).collect();
        assert_eq!(lengths, (2..=20).collect());
        assert!(draws.iter().filter(|&&size| size < 1000).count() > 600, "a uniform draw gives 0.1%");
        let one = Sizes { first: 0, last: 0 };
        assert_eq!(one.draw(&mut rng), 0);
    }

    #[test]
    fn chunk_sizes_halve_down_to_one() {
        assert_eq!(chunk_sizes(10).collect::<Vec<_>>(), [5, 3, 2, 1]);
        assert_eq!(chunk_sizes(1).collect::<Vec<_>>(), [1]);
        assert_eq!(chunk_sizes(0).count(), 0);
    }
}
