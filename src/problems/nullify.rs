//! Codeforces 1451F "Nullify The Matrix": `t`, then per test `n m` and `n` rows of `m` values;
//! `Ashish` when the first player wins, else `Jeel`.

use grundy_fast::games::nullify;
use grundy_rules::Outcome;

use super::{InputError, Tokens};

/// Solves a whole input.
pub fn solve(input: &str) -> Result<String, InputError> {
    let mut tokens = Tokens::new("nullify", input);
    let tests = tokens.number("t, the number of tests", 0, 1_000_000)?;
    let mut output = String::new();
    for _ in 0..tests {
        let rows = tokens.number("n, the number of rows", 1, 10_000)? as usize;
        let columns = tokens.number("m, the number of columns", 1, 10_000)? as usize;
        if rows * columns > 10_000_000 {
            return Err(tokens.error(format!("a {rows}×{columns} matrix is larger than the 10^7 cells supported")));
        }
        let cells =
            (0..rows * columns).map(|_| tokens.number("a cell value", 0, u64::MAX)).collect::<Result<Vec<_>, _>>()?;
        output.push_str(match nullify::outcome(rows, columns, &cells) {
            Outcome::First => "Ashish\n",
            Outcome::Second => "Jeel\n",
        });
    }
    tokens.finish(&format!("the {tests} tests"))?;
    Ok(output)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_sample() {
        let input = "4\n1 1\n0\n1 3\n0 0 5\n2 2\n0 1\n1 0\n3 3\n1 2 3\n4 5 6\n7 8 9\n";
        assert_eq!(super::solve(input).unwrap(), "Jeel\nAshish\nJeel\nAshish\n");
        assert!(super::solve("1\n1 2\n0\n").unwrap_err().to_string().contains("end of the input"));
    }
}
