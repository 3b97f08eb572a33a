//! The one error type of the rules: a text that does not describe a game or a position.

/// A text that could not be read as a rule set, an operation or a position.
///
/// Its `Display` is one line: what was being read, where (a 1-based column or plate number) and
/// what is wrong there.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{what} `{input}`: {place}: {message}")]
pub struct ParseError {
    /// What was being read: "operation", "rule set", "position"...
    pub what: &'static str,
    /// The whole text that was being read.
    pub input: String,
    /// Where in it the problem is, in words ("column 5", "plate 3").
    pub place: String,
    /// What is wrong.
    pub message: String,
}

impl ParseError {
    pub(crate) fn at_column(what: &'static str, input: &str, column: usize, message: impl Into<String>) -> Self {
        Self { what, input: input.to_string(), place: format!("column {column}"), message: message.into() }
    }
}

/// Parses a decimal `u64` token, explaining a failure in words.
pub(crate) fn parse_u64(token: &str) -> Result<u64, crate::games::Invalid> {
    use crate::games::Invalid;
    if token.is_empty() {
        return Err(Invalid::new("expected a number, found nothing"));
    }
    if !token.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Invalid(format!("`{token}` is not a non-negative integer")));
    }
    token.parse::<u64>().map_err(|_| Invalid(format!("`{token}` is larger than {}", u64::MAX)))
}
