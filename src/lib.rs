//! # grundy: the harness
//!
//! Pairs the brute-force oracle ([`grundy_oracle`]) with the fast solvers ([`grundy_fast`]) over
//! the catalog of problems ([`catalog`]), and puts them to one another through one runner
//! ([`runner`]) and one shrinker ([`shrink`]):
//!
//! * [`check`]: every registry entry, oracle against fast, exhaustive and random cases;
//! * [`verify`]: a guessed formula against the oracle;
//! * [`duel`]: an external program against the expected answers of a contest problem.
//!
//! Around them: the contest formats ([`contest`], and Game Pack's bulk reader [`pack`]), solving
//! one position ([`solve`]), tables and their pictures ([`table`], [`plot`]), graph input
//! ([`graph_input`]) and saved failures ([`failures`]). The `grundy` binary (`src/cli/`) parses
//! arguments, calls one of these and prints.

pub mod bench;
pub mod bench_octal;
pub mod budget;
pub mod catalog;
pub mod certificate;
pub mod check;
pub mod contest;
pub mod duel;
pub mod entry;
pub mod error;
pub mod failures;
pub mod graph_input;
pub mod interrupt;
pub mod pack;
pub mod plot;
pub mod problem;
pub mod quotient;
pub mod runner;
pub mod script;
pub mod shape;
pub mod shrink;
pub mod solve;
pub mod statement;
pub mod stress;
pub mod table;
pub mod verify;

pub use error::Error;

/// `text` quoted for a POSIX shell: in single quotes, each single quote written `'\''`.
pub fn shell_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', "'\\''"))
}

/// Longest line a report prints whole, in bytes.
pub const LONGEST_SHOWN_LINE: usize = 160;

/// `text` with every line longer than [`LONGEST_SHOWN_LINE`] shortened to its start and its end
/// around ` … `, with the line's length in bytes: a report stays readable however long an input
/// is (the saved file holds it whole).
pub fn shorten_lines(text: &str) -> String {
    let mut shown = String::with_capacity(text.len().min(1 << 16));
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            shown.push('\n');
        }
        shown.push_str(&shorten(line, LONGEST_SHOWN_LINE));
    }
    shown
}

/// One line, shortened to about `most` bytes when it is longer: `start … end (N bytes)`.
pub fn shorten(line: &str, most: usize) -> String {
    if line.len() <= most {
        return line.to_string();
    }
    let half = most / 2;
    let mut head = half;
    while !line.is_char_boundary(head) {
        head -= 1;
    }
    let mut tail = line.len() - half;
    while !line.is_char_boundary(tail) {
        tail += 1;
    }
    format!("{} … {} ({} bytes)", &line[..head], &line[tail..], line.len())
}

/// `n word`, with an `s` unless `n` is 1: "1 entry" needs its own word, the rest "2 steps".
pub fn plural(n: u64, word: &str) -> String {
    match (n, word) {
        (1, _) => format!("1 {word}"),
        (_, "entry") => format!("{n} entries"),
        _ => format!("{n} {word}s"),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn long_lines_are_shortened_to_their_ends_and_length() {
        let long = format!("{}x{}", "a".repeat(200), "b".repeat(200));
        let shown = super::shorten_lines(&format!("short\n{long}\n"));
        let lines: Vec<&str> = shown.split('\n').collect();
        assert_eq!(lines[0], "short");
        assert!(lines[1].starts_with("aaaa") && lines[1].ends_with("bbbb (401 bytes)"), "{}", lines[1]);
        assert!(lines[1].len() < 200);
        assert_eq!(lines[2], "");
        assert_eq!(super::shorten("é".repeat(100).as_str(), 11).chars().filter(|&c| c == 'é').count(), 4);
    }

    #[test]
    fn one_of_a_thing_is_singular() {
        assert_eq!(super::plural(1, "entry"), "1 entry");
        assert_eq!(super::plural(2, "entry"), "2 entries");
        assert_eq!(super::plural(0, "step"), "0 steps");
        assert_eq!(super::plural(1, "step"), "1 step");
    }
}
