//! A strict reader of contest inputs, as a judge's validator reads them: every token where the
//! format puts it, one space between tokens of a line, a line end after the last, nothing after
//! the end; every number in its range, written without a sign or leading zeros.

/// An input beyond the statement: where, and what.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct Invalid {
    /// 1-based line.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// Reads an input token by token, strictly.
pub struct Validator<'a> {
    text: &'a [u8],
    at: usize,
    line: usize,
}

impl<'a> Validator<'a> {
    /// A validator at the start of `text`.
    pub fn new(text: &'a str) -> Validator<'a> {
        Validator { text: text.as_bytes(), at: 0, line: 1 }
    }

    /// An error at the current line.
    pub fn error(&self, message: impl Into<String>) -> Invalid {
        Invalid { line: self.line, message: message.into() }
    }

    /// Whether the whole input has been read.
    pub fn at_end(&self) -> bool {
        self.at == self.text.len()
    }

    /// The end of the input: nothing may follow.
    pub fn end(&self) -> Result<(), Invalid> {
        match self.at_end() {
            true => Ok(()),
            false => Err(self.error("expected the end of the input")),
        }
    }

    fn expect(&mut self, byte: u8, what: &str) -> Result<(), Invalid> {
        match self.text.get(self.at) {
            Some(&found) if found == byte => {
                self.at += 1;
                Ok(())
            }
            Some(&found) => Err(self.error(format!("expected {what}, found {:?}", char::from(found)))),
            None => Err(self.error(format!("expected {what}, found the end of the input"))),
        }
    }

    /// One space.
    pub fn space(&mut self) -> Result<(), Invalid> {
        self.expect(b' ', "one space")
    }

    /// A line end.
    pub fn eoln(&mut self) -> Result<(), Invalid> {
        self.expect(b'\n', "the end of the line")?;
        self.line += 1;
        Ok(())
    }

    /// The next token: the bytes up to a space, a line end or the end of the input.
    fn token(&mut self, what: &str) -> Result<&'a str, Invalid> {
        let start = self.at;
        while self.text.get(self.at).is_some_and(|&b| b != b' ' && b != b'\n') {
            self.at += 1;
        }
        if start == self.at {
            return Err(self.error(format!("expected {what}")));
        }
        std::str::from_utf8(&self.text[start..self.at]).map_err(|_| self.error(format!("{what} is not text")))
    }

    /// A number in `low..=high`, written in decimal without a sign or leading zeros; `what`
    /// names it.
    pub fn number(&mut self, what: &str, low: u64, high: u64) -> Result<u64, Invalid> {
        let token = self.token(what)?;
        let digits = token.bytes().all(|b| b.is_ascii_digit());
        if !digits || (token.len() > 1 && token.starts_with('0')) {
            return Err(self.error(format!("{what}: `{token}` is not a number as the statement writes them")));
        }
        let value: u64 = token.parse().map_err(|_| self.error(format!("{what} = {token} is out of range")))?;
        if value < low || value > high {
            return Err(self.error(format!("{what} = {value} is not in {low}..={high}")));
        }
        Ok(value)
    }

    /// `count` numbers in `low..=high` on one line, one space apart, and the line end.
    pub fn numbers_line(&mut self, count: u64, what: &str, low: u64, high: u64) -> Result<Vec<u64>, Invalid> {
        let mut numbers = Vec::new();
        for i in 0..count {
            if i > 0 {
                self.space()?;
            }
            numbers.push(self.number(what, low, high)?);
        }
        self.eoln()?;
        Ok(numbers)
    }

    /// A word of exactly `length` characters, each one of `allowed`.
    pub fn word(&mut self, what: &str, length: usize, allowed: &str) -> Result<&'a str, Invalid> {
        let token = self.token(what)?;
        if token.chars().count() != length || !token.chars().all(|c| allowed.contains(c)) {
            return Err(self.error(format!("{what}: `{token}` is not {length} characters of {allowed}")));
        }
        Ok(token)
    }
}

/// Checks a bound on a sum: `total` within `most`.
pub fn at_most(validator: &Validator<'_>, what: &str, total: u64, most: u64) -> Result<(), Invalid> {
    match total <= most {
        true => Ok(()),
        false => Err(validator.error(format!("{what} = {total} is more than {most}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_spaces_and_lines_are_read_strictly() {
        let mut v = Validator::new("3 10\n");
        assert_eq!(v.number("n", 1, 5), Ok(3));
        v.space().unwrap();
        assert_eq!(v.number("m", 1, 10), Ok(10));
        v.eoln().unwrap();
        assert!(v.end().is_ok());
        for bad in ["03\n", "+3\n", "3  4\n", "3 4", "3 4\n\n", "3\t4\n", "-1\n", "99999999999999999999\n"] {
            let mut v = Validator::new(bad);
            let read = v.number("a", 0, 10).and_then(|_| v.space()).and_then(|_| v.number("b", 0, 10));
            assert!(read.and_then(|_| v.eoln()).and_then(|_| v.end()).is_err(), "{bad:?}");
        }
        let mut v = Validator::new("11\n");
        assert_eq!(v.number("n", 1, 10).unwrap_err().to_string(), "line 1: n = 11 is not in 1..=10");
    }

    #[test]
    fn words_have_their_length_and_letters() {
        assert!(Validator::new("WRWRWRWR").word("step", 8, "WR").is_ok());
        assert!(Validator::new("WRWRWRW").word("step", 8, "WR").is_err());
        assert!(Validator::new("WRWRWRWX").word("step", 8, "WR").is_err());
    }
}
