//! BZOJ 2410 "Coloring": the number of tests, then per test `n k` and `n` cells in `0..=k`
//! (0 = blank); `y` when the first player wins, else `n`. A start with two equal adjacent
//! colours is rejected.

use grundy_fast::games::coloring;

use super::{InputError, Tokens};

/// Solves a whole input.
pub fn solve(input: &str) -> Result<String, InputError> {
    let mut tokens = Tokens::new("coloring", input);
    let tests = tokens.number("the number of tests", 0, 1_000_000)?;
    let mut output = String::new();
    for _ in 0..tests {
        let n = tokens.number("n, the strip length", 1, 10_000_000)?;
        let colours = tokens.number("k, the number of colours", 1, u64::MAX)?;
        let mut strip = Vec::with_capacity(n as usize);
        for _ in 0..n {
            let cell = tokens.number("a cell colour", 0, colours)?;
            if cell != 0 && strip.last() == Some(&cell) {
                return Err(tokens.error(format!("two adjacent cells share colour {cell}")));
            }
            strip.push(cell);
        }
        output.push_str(if coloring::first_wins(&strip, colours) { "y\n" } else { "n\n" });
    }
    tokens.finish(&format!("the {tests} tests"))?;
    Ok(output)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_sample() {
        assert_eq!(super::solve("2\n5 2\n0 0 1 0 0\n5 1\n1 0 0 0 0\n").unwrap(), "n\ny\n");
        let error = super::solve("1\n3 2\n1 1 0\n").unwrap_err().to_string();
        assert_eq!(error, "coloring input line 3, token 2: two adjacent cells share colour 1");
    }
}
