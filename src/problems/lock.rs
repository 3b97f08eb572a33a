//! "Combination Lock" (CCPC Changchun 2020): `T`, then per test `m n s` (`s` the start, `m`
//! digits) and `n` forbidden `m`-digit strings; `Alice` when the first player wins, else `Bob`.

use grundy_fast::games::lock;

use super::{InputError, Tokens};

/// Reads an `m`-digit combination.
fn combination(tokens: &mut Tokens<'_>, dials: usize, what: &str) -> Result<u32, InputError> {
    let word = tokens.word(what)?;
    if word.len() != dials || !word.bytes().all(|b| b.is_ascii_digit()) {
        return Err(tokens.error(format!("{what} must be {dials} digits, found `{word}`")));
    }
    Ok(word.parse().expect("at most five digits"))
}

/// Solves a whole input.
pub fn solve(input: &str) -> Result<String, InputError> {
    let mut tokens = Tokens::new("lock", input);
    let tests = tokens.number("T, the number of tests", 0, 10_000)?;
    let mut output = String::new();
    for _ in 0..tests {
        let dials = tokens.number("m, the number of dials", 1, 5)? as usize;
        let count = tokens.number("n, the number of forbidden combinations", 0, 100_000)?;
        let start = combination(&mut tokens, dials, "the start combination")?;
        let mut forbidden = Vec::with_capacity(count as usize);
        for _ in 0..count {
            let f = combination(&mut tokens, dials, "a forbidden combination")?;
            if f == start {
                return Err(tokens.error("the start combination is forbidden"));
            }
            forbidden.push(f);
        }
        output.push_str(if lock::first_wins(dials as u32, &forbidden, start) { "Alice\n" } else { "Bob\n" });
    }
    tokens.finish(&format!("the {tests} tests"))?;
    Ok(output)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_samples() {
        assert_eq!(super::solve("1\n1 2 6\n7\n5\n").unwrap(), "Bob\n");
        assert_eq!(super::solve("1\n1 2 9\n1\n8\n").unwrap(), "Alice\n");
        let error = super::solve("1\n2 1 06\n5\n").unwrap_err().to_string();
        assert_eq!(error, "lock input line 3, token 1: a forbidden combination must be 2 digits, found `5`");
    }
}
