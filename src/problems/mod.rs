//! Catalog problems in their contest formats (`problems.md`): each reads the whole input and
//! returns the whole output, or a one-line error naming the line and token.

pub mod candy;
pub mod coins;
pub mod coloring;
pub mod cutting;
pub mod dig;
pub mod fibonacci;
pub mod gems;
pub mod geography;
pub mod lock;
pub mod nullify;
pub mod prime;
pub mod steins;
pub mod stripes;
pub mod wythoff;

/// A malformed problem input.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{problem} input line {line}, token {token}: {message}")]
pub struct InputError {
    /// The problem.
    pub problem: &'static str,
    /// 1-based line.
    pub line: usize,
    /// 1-based token within the line.
    pub token: usize,
    /// What is wrong.
    pub message: String,
}

/// The whitespace-separated tokens of an input, with their line and place in the line.
pub struct Tokens<'a> {
    problem: &'static str,
    tokens: Vec<(&'a str, usize, usize)>,
    next: usize,
    end_line: usize,
}

impl<'a> Tokens<'a> {
    /// Splits `input` into tokens.
    pub fn new(problem: &'static str, input: &'a str) -> Tokens<'a> {
        let mut tokens = Vec::new();
        let mut end_line = 1;
        for (index, line) in input.split('\n').enumerate() {
            for (place, token) in line.split_ascii_whitespace().enumerate() {
                tokens.push((token, index + 1, place + 1));
            }
            end_line = index + 1;
        }
        Tokens { problem, tokens, next: 0, end_line }
    }

    /// Whether every token has been read.
    pub fn is_done(&self) -> bool {
        self.next == self.tokens.len()
    }

    /// Checks that nothing follows what was read; `after` says what that was.
    pub fn finish(&mut self, after: &str) -> Result<(), InputError> {
        if self.is_done() {
            return Ok(());
        }
        self.next += 1;
        Err(self.error(format!("unexpected input after {after}")))
    }

    /// An error at the last token read (or at the end of the input).
    pub fn error(&self, message: impl Into<String>) -> InputError {
        let (line, token) = match self.next.checked_sub(1).map(|i| self.tokens[i]) {
            Some((_, line, token)) => (line, token),
            None => (1, 1),
        };
        InputError { problem: self.problem, line, token, message: message.into() }
    }

    /// The next token as text; `what` names it in errors.
    pub fn word(&mut self, what: &str) -> Result<&'a str, InputError> {
        let Some(&(token, _, _)) = self.tokens.get(self.next) else {
            return Err(InputError {
                problem: self.problem,
                line: self.end_line,
                token: 1,
                message: format!("expected {what}, found the end of the input"),
            });
        };
        self.next += 1;
        Ok(token)
    }

    /// The next token as a number in `low..=high`; `what` names it in errors.
    pub fn number(&mut self, what: &str, low: u64, high: u64) -> Result<u64, InputError> {
        let Some(&(token, line, place)) = self.tokens.get(self.next) else {
            let at_end = InputError {
                problem: self.problem,
                line: self.end_line,
                token: 1,
                message: format!("expected {what}, found the end of the input"),
            };
            return Err(at_end);
        };
        self.next += 1;
        let error = |message: String| InputError { problem: self.problem, line, token: place, message };
        let value: u64 = match token.parse() {
            Ok(value) => value,
            Err(_) if token.bytes().all(|b| b.is_ascii_digit()) => {
                return Err(error(format!("{what} `{token}` is larger than {}", u64::MAX)));
            }
            Err(_) => return Err(error(format!("expected {what}, found `{token}`"))),
        };
        if value < low || value > high {
            return Err(error(format!("{what} must be between {low} and {high}, found {value}")));
        }
        Ok(value)
    }
}

/// `First` or `Second`, as a line.
pub fn winner_line(outcome: grundy_rules::Outcome) -> String {
    match outcome {
        grundy_rules::Outcome::First => "First\n".to_string(),
        grundy_rules::Outcome::Second => "Second\n".to_string(),
    }
}

/// Solves the problem `name` on `input`; `None` for an unknown problem.
pub fn solve(name: &str, input: &str) -> Option<Result<String, InputError>> {
    match name {
        "candy" => Some(candy::solve(input)),
        "coins" => Some(coins::solve(input)),
        "coloring" => Some(coloring::solve(input)),
        "cutting" => Some(cutting::solve(input)),
        "dig" => Some(dig::solve(input)),
        "fibonacci" => Some(fibonacci::solve(input)),
        "gems" => Some(gems::solve(input)),
        "geography" => Some(geography::solve(input)),
        "lock" => Some(lock::solve(input)),
        "nullify" => Some(nullify::solve(input)),
        "prime" => Some(prime::solve(input)),
        "steins" => Some(steins::solve(input)),
        "stripes" => Some(stripes::solve(input)),
        "wythoff" => Some(wythoff::solve(input)),
        _ => None,
    }
}

/// The problems besides `pack`, with their formats, for `grundy list`.
pub const FORMATS: &[(&str, &str)] = &[
    ("candy", "AGC002 E: N, then a1 … aN; `First` or `Second`"),
    ("coins", "SDOI2019: `n m` (m ≤ n ≤ 150000, m ≤ 500); placements the first player wins, mod 1e9+9"),
    ("coloring", "BZOJ 2410: tests, then per test `n k` and n cells in 0..=k; `y` or `n` each"),
    ("cutting", "POJ 2311: lines `W H` (2 ≤ W, H ≤ 2000) until the end; `WIN` or `LOSE` each"),
    ("gems", "HDU 4778: cases `G B S` and B lines `n c1 … cn`, until `0 0 0`; the score difference each"),
    ("geography", "`n m s`, then m lines `u v` (vertices 1..n, start s); `First` or `Second`"),
    ("lock", "CCPC 2020: T, then per test `m n s` and n forbidden m-digit strings; `Alice` or `Bob` each"),
    ("nullify", "CF 1451F: t, then per test `n m` and n rows of m values; `Ashish` or `Jeel` each"),
    ("prime", "Remove the Prime: n, then a1 … an (≤ 10^18); `First` or `Second`"),
    ("steins", "CCPC 2020: n, then a1 … an (≤ 10^18); colourings the second player wins, mod 1e9+7"),
    ("stripes", "POI 2000: `c z n`, m, then m lines p; 1 if the first player wins, else 2"),
    ("dig", "NERC 2020: n, then n steps of 8 characters W/R; one line of n digits (1 first wins, 2 not)"),
    ("fibonacci", "HDU 2516: lines n (2 ≤ n), ending with 0; `First win` / `Second win` each"),
    ("wythoff", "POJ 1067: lines `a b` until the end; 1 if the first player wins, else 0"),
];
