//! "Down We Dig" (NERC 2020): `n`, then `n` steps of 8 characters `W`/`R`; one line of `n`
//! digits, the `i`-th `1` when the first player wins on day `i`, else `2`.

use grundy_fast::games::dig;

use super::{InputError, Tokens};

/// Solves a whole input.
pub fn solve(input: &str) -> Result<String, InputError> {
    let mut tokens = Tokens::new("dig", input);
    let n = tokens.number("n, the number of steps", 1, 10_000_000)?;
    let mut steps = Vec::with_capacity(n as usize);
    for _ in 0..n {
        let word = tokens.word("a step")?;
        if word.len() != 8 || !word.bytes().all(|b| b == b'W' || b == b'R') {
            return Err(tokens.error(format!("a step is 8 characters W or R, found `{word}`")));
        }
        steps.push(word.bytes().fold(0u8, |mask, b| mask << 1 | u8::from(b == b'W')));
    }
    tokens.finish(&format!("the {n} steps"))?;
    let mut line: String =
        dig::first_wins_by_day(&steps).into_iter().map(|first| if first { '1' } else { '2' }).collect();
    line.push('\n');
    Ok(line)
}

#[cfg(test)]
mod tests {
    #[test]
    fn small_inputs() {
        assert_eq!(super::solve("2\nWWWWWWWW\nWWWWWWWW\n").unwrap(), "21\n");
        assert_eq!(super::solve("2\nWWWWWWWW\nRRRRRRRR\n").unwrap(), "22\n");
        assert!(super::solve("1\nWWWW\n").unwrap_err().to_string().contains("line 2, token 1"));
    }
}
