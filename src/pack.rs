//! Game Pack's contest format (Xmas Contest 2024): `A B C D T`, then `T` lines `n x1 … xn`;
//! one line `Black` (the first player wins) or `White` per game.
//!
//! Built for bulk input: the whole input is read at once and scanned byte by byte; the fast
//! side's tables are built once, up to the largest plate seen; each plate costs one table
//! look-up.

use grundy_fast::PileSolver;
use grundy_rules::RuleSet;

/// A malformed or unsupported pack input, in one line naming the line and token.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("pack input line {line}, token {token}: {message}")]
pub struct PackError {
    /// 1-based input line.
    pub line: usize,
    /// 1-based token number within that line.
    pub token: usize,
    /// What is wrong.
    pub message: String,
}

/// A whitespace-separated token scanner that knows the line and token number of each token.
struct Scanner<'a> {
    bytes: &'a [u8],
    at: usize,
    line: usize,
    token_in_line: usize,
}

impl<'a> Scanner<'a> {
    fn new(bytes: &'a [u8]) -> Self {
        Scanner { bytes, at: 0, line: 1, token_in_line: 0 }
    }

    fn error(&self, message: impl Into<String>) -> PackError {
        PackError { line: self.line, token: self.token_in_line, message: message.into() }
    }

    /// Skips white space; `false` at the end of the input.
    #[inline]
    fn skip_space(&mut self) -> bool {
        while let Some(&byte) = self.bytes.get(self.at) {
            match byte {
                b'\n' => {
                    self.line += 1;
                    self.token_in_line = 0;
                }
                b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c' => {}
                _ => return true,
            }
            self.at += 1;
        }
        false
    }

    /// The next token as a `u64`; `what` names it in errors.
    #[inline]
    fn number(&mut self, what: &str) -> Result<u64, PackError> {
        if !self.skip_space() {
            self.token_in_line += 1;
            return Err(self.error(format!("expected {what}, found the end of the input")));
        }
        self.token_in_line += 1;
        let start = self.at;
        if let Some(value) = self.short_number() {
            return Ok(value);
        }
        // Up to 19 digits cannot overflow a u64: no check per digit.
        let mut value: u64 = 0;
        let digits = &self.bytes[start..];
        let mut length = 0;
        while length < 19 {
            match digits.get(length) {
                Some(&byte @ b'0'..=b'9') => value = value * 10 + u64::from(byte - b'0'),
                _ => break,
            }
            length += 1;
        }
        self.at += length;
        if length == 19 {
            while let Some(&byte @ b'0'..=b'9') = self.bytes.get(self.at) {
                value = match value.checked_mul(10).and_then(|v| v.checked_add(u64::from(byte - b'0'))) {
                    Some(v) => v,
                    None => return Err(self.error(format!("{what} is larger than {}", u64::MAX))),
                };
                self.at += 1;
            }
        }
        let ends_cleanly = self.bytes.get(self.at).is_none_or(|b| b.is_ascii_whitespace());
        if self.at == start || !ends_cleanly {
            let end =
                self.bytes[start..].iter().position(u8::is_ascii_whitespace).map_or(self.bytes.len(), |n| start + n);
            let token = String::from_utf8_lossy(&self.bytes[start..end.min(start + 40)]);
            return Err(self.error(format!("expected {what}, found `{token}`")));
        }
        Ok(value)
    }
}

impl Scanner<'_> {
    /// The common case, eight bytes at a time: a number of at most 7 digits followed by white
    /// space, with 8 bytes of input left. Leaves anything else to the byte-by-byte path.
    #[inline]
    fn short_number(&mut self) -> Option<u64> {
        let chunk: [u8; 8] = self.bytes.get(self.at..self.at + 8)?.try_into().ok()?;
        let digits = u64::from_le_bytes(chunk) ^ 0x3030_3030_3030_3030;
        // High bit of each byte that is not a digit 0..=9.
        let not_digit = (digits.wrapping_add(0x7676_7676_7676_7676) | digits) & 0x8080_8080_8080_8080;
        let length = (not_digit.trailing_zeros() / 8) as usize;
        if length == 0 || length == 8 || !chunk[length].is_ascii_whitespace() {
            return None;
        }
        // Right-align the digits (leading zero bytes), then combine pairs, quads, octets.
        let aligned = digits << (8 * (8 - length));
        let pairs = ((aligned & 0x0f00_0f00_0f00_0f00) >> 8) + (aligned & 0x000f_000f_000f_000f) * 10;
        let quads = ((pairs & 0x00ff_0000_00ff_0000) >> 16) + (pairs & 0x0000_00ff_0000_00ff) * 100;
        let value = ((quads & 0x0000_ffff_0000_0000) >> 32) + (quads & 0x0000_0000_0000_ffff) * 10000;
        self.at += length;
        Some(value)
    }
}

/// A parsed pack input: the rule set and every game's plates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackInput {
    /// The rule set `A B C D`.
    pub rules: RuleSet,
    /// Where each game's plates end in `plates`.
    pub ends: Vec<usize>,
    /// All plates of all games, game after game.
    pub plates: Vec<u64>,
}

/// Reads a pack input.
pub fn parse(input: &[u8]) -> Result<PackInput, PackError> {
    let mut scanner = Scanner::new(input);
    let mut code = [0u8; 4];
    for (slot, (name, limit)) in code.iter_mut().zip([("A", 4), ("B", 2), ("C", 1), ("D", 1)]) {
        let value = scanner.number(name)?;
        if value > limit {
            return Err(scanner.error(format!("{name} must be between 0 and {limit}, found {value}")));
        }
        *slot = value as u8;
    }
    let [a, b, c, d] = code;
    let rules = RuleSet::from_pack(a, b, c, d).expect("A, B, C, D were checked");
    let games = scanner.number("T, the number of games")?;
    let mut ends = Vec::with_capacity(games.min(1 << 20) as usize);
    // A plate takes at least two bytes of input: a digit and a separator.
    let mut plates = Vec::with_capacity(input.len() / 2);
    for _ in 0..games {
        let count = scanner.number("n, the number of plates")?;
        if count == 0 {
            return Err(scanner.error("a game needs at least one plate (n = 0)"));
        }
        for _ in 0..count {
            plates.push(scanner.number("a plate size")?);
        }
        ends.push(plates.len());
    }
    if scanner.skip_space() {
        scanner.token_in_line += 1;
        return Err(scanner.error(format!("unexpected input after the last of the {games} games")));
    }
    Ok(PackInput { rules, ends, plates })
}

/// Solves a pack input: one `Black` / `White` line per game.
pub fn solve(input: &[u8]) -> anyhow::Result<Vec<u8>> {
    let parsed = parse(input)?;
    let largest = parsed.plates.iter().copied().max().unwrap_or(0);
    let solver =
        PileSolver::new(&parsed.rules, largest).map_err(|e| anyhow::anyhow!("pack rule set {}: {e}", parsed.rules))?;
    let mut output = Vec::with_capacity(parsed.ends.len() * 6);
    let mut start = 0;
    for (game, &end) in parsed.ends.iter().enumerate() {
        let first_wins = solver
            .first_wins(parsed.plates[start..end].iter().copied())
            .map_err(|e| anyhow::anyhow!("pack game {}: {e}", game + 1))?;
        output.extend_from_slice(if first_wins { b"Black\n" } else { b"White\n" });
        start = end;
    }
    Ok(output)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sample() {
        assert_eq!(solve(b"0 0 0 0 2\n2 1 1\n3 1 2 3\n").unwrap(), b"White\nWhite\n");
    }

    #[test]
    fn errors_name_line_and_token() {
        let error = |input: &str| parse(input.as_bytes()).unwrap_err().to_string();
        assert_eq!(error("0 0 0 0 1\n2 1 x\n"), "pack input line 2, token 3: expected a plate size, found `x`");
        assert_eq!(error("0 3 0 0 1\n1 1\n"), "pack input line 1, token 2: B must be between 0 and 2, found 3");
        assert_eq!(
            error("0 0 0 0 2\n1 1\n"),
            "pack input line 3, token 1: expected n, the number of plates, found the end of the input"
        );
        assert_eq!(error("0 0 0 0 1\n0\n"), "pack input line 2, token 1: a game needs at least one plate (n = 0)");
        assert_eq!(
            error("0 0 0 0 1\n1 1 1\n"),
            "pack input line 2, token 3: unexpected input after the last of the 1 games"
        );
        assert!(error("0 0 0 0 1\n1 99999999999999999999\n").contains("larger than"));
        assert!(error("0 0 0 0 1\n1 -3\n").contains("found `-3`"));
        assert!(error("0 0 0 0 1\n1 3x\n").contains("found `3x`"));
    }

    #[test]
    fn numbers_of_every_length_parse() {
        let mut text = String::from("0 0 0 0 1\n20");
        let mut expected = Vec::new();
        let mut x: u64 = 1;
        for _ in 0..20 {
            text.push_str(&format!(" {x}"));
            expected.push(x);
            x = x.saturating_mul(10).saturating_add(7);
        }
        text.push_str(" 0\n");
        expected.push(0);
        let mut parsed = parse(text.replace("\n20", "\n21").as_bytes()).unwrap().plates;
        parsed.sort_unstable();
        expected.sort_unstable();
        assert_eq!(parsed, expected);
    }

    #[test]
    fn zero_plates_are_inoperable_plates() {
        // Nim: a plate of 0 changes nothing.
        assert_eq!(solve(b"0 0 0 0 2\n2 0 5\n2 0 0\n").unwrap(), b"Black\nWhite\n");
    }

    #[test]
    fn sizes_beyond_the_table_limit_are_errors() {
        let message = solve(b"2 0 0 0 1\n1 18446744073709551615\n").unwrap_err().to_string();
        assert!(message.contains("larger than the fast side's limit"), "{message}");
        // Closed forms need no table: split, conjunctive, normal play has remoteness 1 for x ≥ 2.
        assert_eq!(solve(b"4 2 1 0 1\n1 18446744073709551615\n").unwrap(), b"Black\n");
    }
}
