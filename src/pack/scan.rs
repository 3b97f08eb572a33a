//! The tokens of a pack input, each error naming its line and token: a number is parsed eight
//! bytes at a time where it is short (its digits found and combined by a few multiplications on
//! one word), and a batch of plates (or of one-plate games) is parsed before it is handed over.

use super::PackError;
use super::reader::Games;

/// A whitespace-separated token scanner that knows the line and token number of each token.
pub(super) struct Scanner<'a> {
    pub(super) bytes: &'a [u8],
    pub(super) at: usize,
    pub(super) line: usize,
    pub(super) token_in_line: usize,
}

impl Scanner<'_> {
    pub(super) fn error(&self, message: impl Into<String>) -> PackError {
        PackError { line: self.line, token: self.token_in_line, message: message.into() }
    }

    /// Skips white space; `false` at the end of the input.
    #[inline]
    pub(super) fn skip_space(&mut self) -> bool {
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
    pub(super) fn number(&mut self, what: &str) -> Result<u64, PackError> {
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
        let (value, length) = short_number(u64::from_le_bytes(chunk))?;
        self.at += length;
        Some(u64::from(value))
    }

    /// The bulk of a large input: the plates of the current game while each is a number of at
    /// most six digits after a single space. Stops, leaving the rest to the general path, at
    /// anything else — a line end, a long number, the last 8 bytes of the input, or the game's
    /// last plate. Plates are parsed a batch at a time and then handed over, so that the parse
    /// loop keeps nothing but its place, and the batch's table look-ups overlap.
    #[inline(always)]
    pub(super) fn short_plates(&mut self, games: &mut impl Games, left: &mut u64, batch: &mut Batch) {
        loop {
            let wanted = (*left).min(BATCH as u64) as usize;
            let (mut at, mut last) = (self.at, self.at);
            let mut read = 0;
            while read < wanted {
                let Some(chunk) = self.bytes.get(at..at + 8) else { break };
                let chunk: [u8; 8] = chunk.try_into().expect("eight bytes");
                let Some((value, length)) = spaced_number(u64::from_le_bytes(chunk)) else { break };
                batch[read] = value;
                last = at;
                at += 1 + length;
                read += 1;
            }
            // Each number's end was checked as the next one's leading space, except the last's.
            if read > 0 && self.bytes.get(at).is_some_and(|byte| !byte.is_ascii_whitespace()) {
                read -= 1;
                at = last;
            }
            games.short_plates(&batch[..read]);
            self.at = at;
            self.token_in_line += read;
            *left -= read as u64;
            if read < wanted || *left == 0 {
                return;
            }
        }
    }
}

impl Scanner<'_> {
    /// Whole lines `1 x` (one plate of at most six digits after a single space, then a line
    /// end) from a game's first token, at most `limit` and a batch of them: their plates, into
    /// `batch`. Anything else is left to the other paths.
    #[inline(always)]
    pub(super) fn single_plate_games(&mut self, batch: &mut Batch, limit: u64) -> usize {
        let wanted = limit.min(BATCH as u64) as usize;
        let (mut at, mut read) = (self.at, 0);
        while read < wanted {
            // `1`, a space, up to six digits and a line end: nine bytes at most.
            let Some(&[b'1', ref rest @ ..]) = self.bytes.get(at..at + 9) else { break };
            let raw = u64::from_le_bytes(rest.try_into().expect("eight bytes"));
            let Some((value, length)) = spaced_number(raw) else { break };
            if rest[1 + length] != b'\n' {
                break;
            }
            batch[read] = value;
            at += 3 + length;
            read += 1;
        }
        if read > 0 {
            self.at = at;
            self.line += read;
            self.token_in_line = 0;
        }
        read
    }
}

/// Plates parsed and not yet handed over (see [`Scanner::short_plates`]); kept by the caller,
/// so that games of a plate or two do not set one up each.
pub(super) type Batch = [u32; BATCH];
pub(super) const BATCH: usize = 32;

/// A space and then a number of 1 to 6 digits, at the start of eight little-endian bytes:
/// the number and its length. The byte after the digits is not checked (it is the next
/// number's space, or checked by the caller).
#[inline(always)]
fn spaced_number(raw: u64) -> Option<(u32, usize)> {
    if raw as u8 != b' ' {
        return None;
    }
    // The seven bytes after the space, each 0..=9 where it is a digit.
    let digits = (raw >> 8) ^ 0x0030_3030_3030_3030;
    // High bit of each of the seven bytes that is not a digit.
    let not_digit = (digits.wrapping_add(0x0076_7676_7676_7676) | digits) & 0x0080_8080_8080_8080;
    let length = (not_digit.trailing_zeros() / 8) as usize;
    if !(1..=6).contains(&length) {
        return None;
    }
    // Right-align the digits (what follows them falls away), then combine pairs, quads and
    // octets by multiplication.
    let aligned = digits << (8 * (8 - length));
    let pairs = (aligned.wrapping_mul(10 * 256 + 1) >> 8) & 0x00ff_00ff_00ff_00ff;
    let quads = (pairs.wrapping_mul(100 * 65536 + 1) >> 16) & 0x0000_ffff_0000_ffff;
    let value = quads.wrapping_mul((10000 << 32) | 1) >> 32;
    // A plate of 0 is refused by the general path, which names it.
    (value != 0).then_some((value as u32, length))
}

/// A number of 1 to 7 digits at the start of eight little-endian bytes, followed by white
/// space: its value and length.
#[inline(always)]
pub(super) fn short_number(raw: u64) -> Option<(u32, usize)> {
    let digits = raw ^ 0x3030_3030_3030_3030;
    // High bit of each byte that is not a digit 0..=9.
    let not_digit = (digits.wrapping_add(0x7676_7676_7676_7676) | digits) & 0x8080_8080_8080_8080;
    let length = (not_digit.trailing_zeros() / 8) as usize;
    // (The byte after the digits is taken from the register, not re-read from memory.)
    if length == 0 || length == 8 || !((raw >> (8 * length)) as u8).is_ascii_whitespace() {
        return None;
    }
    // Right-align the digits (leading zero bytes), then combine pairs, quads, octets.
    let aligned = digits << (8 * (8 - length));
    let pairs = ((aligned & 0x0f00_0f00_0f00_0f00) >> 8) + (aligned & 0x000f_000f_000f_000f) * 10;
    let quads = ((pairs & 0x00ff_0000_00ff_0000) >> 16) + (pairs & 0x0000_00ff_0000_00ff) * 100;
    let value = ((quads & 0x0000_ffff_0000_0000) >> 32) + (quads & 0x0000_0000_0000_ffff) * 10000;
    Some((value as u32, length))
}

#[cfg(test)]
mod tests {
    use crate::pack::{Plates, parse};
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
        text.push_str(" 9\n");
        expected.push(9);
        let Plates::Wide(mut parsed) = parse(text.replace("\n20", "\n21").as_bytes()).unwrap().plates else {
            panic!("a plate beyond u32 makes the plates wide")
        };
        parsed.sort_unstable();
        expected.sort_unstable();
        assert_eq!(parsed, expected);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]
        /// A malformed plate anywhere in a line of short plates is named by its line and token,
        /// whole, however the plates around it are read.
        #[test]
        fn a_malformed_plate_is_named_whole(
            plates in proptest::collection::vec(1u32..1_000_000, 1..80),
            at in proptest::prelude::any::<proptest::sample::Index>(),
            digits in 0u32..10_000_000,
            suffix in proptest::sample::select(vec!["x", "-", ".5", "é", "_1"]),
            lines_before in 0usize..3,
        ) {
            use std::fmt::Write;
            let at = at.index(plates.len());
            let mut text = format!("0 0 0 0 {}\n", lines_before + 1);
            for _ in 0..lines_before {
                text.push_str("2 1 2\n");
            }
            write!(text, "{}", plates.len()).unwrap();
            for (i, plate) in plates.iter().enumerate() {
                if i == at {
                    write!(text, " {digits}{suffix}").unwrap();
                } else {
                    write!(text, " {plate}").unwrap();
                }
            }
            text.push('\n');
            let message = parse(text.as_bytes()).unwrap_err().to_string();
            let expected = format!(
                "pack input line {}, token {}: expected a plate size, found `{digits}{suffix}`",
                lines_before + 2,
                at + 2
            );
            proptest::prop_assert_eq!(message, expected);
        }
    }
}
