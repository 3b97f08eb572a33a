//! Reading contest inputs: tokens with their line and place, and one-line errors that name them.

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

/// Cases that cannot form one contest input (a format of one game given two, plates the format
/// refuses, games that must share a rule set and do not): the reason in words.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Unwritable(pub String);

impl From<String> for Unwritable {
    fn from(reason: String) -> Unwritable {
        Unwritable(reason)
    }
}

impl From<&str> for Unwritable {
    fn from(reason: &str) -> Unwritable {
        Unwritable(reason.to_string())
    }
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

    /// A whole input of a count in `1..=most` (`count` names it) and then that many numbers of
    /// at least 1 (`item` names each, `items` all of them).
    pub fn counted_numbers(&mut self, count: &str, most: u64, item: &str, items: &str) -> Result<Vec<u64>, InputError> {
        let n = self.number(count, 1, most)?;
        let numbers = (0..n).map(|_| self.number(item, 1, u64::MAX)).collect::<Result<Vec<u64>, _>>()?;
        self.finish(&format!("the {n} {items}"))?;
        Ok(numbers)
    }

    /// A whole input of a count of tests in `0..=most` (`count` names it), and then that many
    /// tests, each read by `test`.
    pub fn tests<T>(
        &mut self,
        count: &str,
        most: u64,
        mut test: impl FnMut(&mut Tokens<'a>) -> Result<T, InputError>,
    ) -> Result<Vec<T>, InputError> {
        let tests = self.number(count, 0, most)?;
        let all = (0..tests).map(|_| test(self)).collect::<Result<Vec<T>, _>>()?;
        self.finish(&format!("the {tests} tests"))?;
        Ok(all)
    }

    /// The next `count` edges, each two vertices in `1..=vertices` (`ends` names the first and
    /// the second in errors), as pairs of indices from 0.
    pub fn edges(&mut self, count: u64, vertices: u64, ends: [&str; 2]) -> Result<Vec<(usize, usize)>, InputError> {
        let mut edges = Vec::with_capacity(count as usize);
        for _ in 0..count {
            let u = self.number(ends[0], 1, vertices)?;
            let v = self.number(ends[1], 1, vertices)?;
            edges.push((u as usize - 1, v as usize - 1));
        }
        Ok(edges)
    }
}

/// Edges as [`Tokens::edges`] reads them: a line each, its two vertices numbered from 1.
pub fn edge_lines(edges: &[(usize, usize)]) -> String {
    edges.iter().map(|&(u, v)| format!("{} {}\n", u + 1, v + 1)).collect()
}

/// A count of tests and then each test's text: the input [`Tokens::tests`] reads.
pub fn tests_text<T>(tests: &[T], test: impl FnMut(&T) -> String) -> String {
    let mut text = format!("{}\n", tests.len());
    text.extend(tests.iter().map(test));
    text
}

/// A count and then that many numbers, a line each: the text [`Tokens::counted_numbers`] reads.
pub fn counted_line(numbers: &[u64]) -> String {
    format!("{}\n{}\n", numbers.len(), numbers.iter().map(u64::to_string).collect::<Vec<_>>().join(" "))
}
