//! POI 2000 "Stripes": `c z n`, then `m`, then `m` lines `p`; `1` when the first player wins,
//! else `2`.

use grundy_fast::heap_table;
use grundy_rules::{Operation, Play};

use super::{InputError, Tokens};

/// Solves a whole input.
pub fn solve(input: &str) -> Result<String, InputError> {
    let mut tokens = Tokens::new("stripes", input);
    let mut lengths = Vec::new();
    for name in ["c, the first strip length", "z, the second strip length", "n, the third strip length"] {
        lengths.push(tokens.number(name, 1, 4096)?);
    }
    let games = tokens.number("m, the number of games", 0, 1_000_000)?;
    let mut rows = Vec::new();
    for _ in 0..games {
        rows.push(tokens.number("p, a board length", 0, 10_000_000)?);
    }
    tokens.finish(&format!("the last of the {games} games"))?;
    let code = crate::registry::stripes_code(&lengths).map_err(|message| tokens.error(message))?;
    let longest = rows.iter().copied().max().unwrap_or(0);
    let table = heap_table(&Operation::Octal(code), Play::Normal, longest).map_err(|e| tokens.error(e.to_string()))?;
    let mut output = String::new();
    for row in rows {
        let first_wins = table.value(row).is_some_and(|g| g != 0);
        output.push_str(if first_wins { "1\n" } else { "2\n" });
    }
    Ok(output)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_sample() {
        assert_eq!(super::solve("1 5 1\n3\n1\n5\n6\n").unwrap(), "1\n1\n2\n");
        assert!(super::solve("1 0 1\n1\n3\n").unwrap_err().to_string().contains("line 1, token 2"));
        assert!(super::solve("1 2 3\n2\n3\n").unwrap_err().to_string().contains("end of the input"));
    }
}
