//! HDU 4778 "Gems Fight!": cases until `0 0 0`; each `G B S`, then `B` lines `n c1 … cn`
//! (colours `1..=G`); per case the first player's stones minus the second's.

use grundy_fast::games::gems;

use super::{InputError, Tokens};

/// Solves a whole input.
pub fn solve(input: &str) -> Result<String, InputError> {
    let mut tokens = Tokens::new("gems", input);
    let mut output = String::new();
    loop {
        let colours = tokens.number("G, the number of colours", 0, 8)?;
        let count = tokens.number("B, the number of bags", 0, 21)?;
        let stone = tokens.number("S, the gems per stone", 0, 1000)?;
        if (colours, count, stone) == (0, 0, 0) {
            break;
        }
        if colours == 0 || stone == 0 {
            return Err(tokens.error("G and S must be positive (only `0 0 0` ends the input)"));
        }
        let mut bags = vec![vec![0u32; colours as usize]; count as usize];
        for bag in &mut bags {
            let gems = tokens.number("n, the gems in a bag", 0, 1000)?;
            for _ in 0..gems {
                bag[tokens.number("a gem colour", 1, colours)? as usize - 1] += 1;
            }
        }
        output.push_str(&format!("{}\n", gems::best_difference(&bags, stone as u32)));
    }
    tokens.finish("the terminating `0 0 0`")?;
    Ok(output)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_sample() {
        let input = "3 4 3\n2 2 3\n2 1 3\n2 1 2\n3 2 3 1\n3 2 2\n3 2 3 1\n3 1 2 3\n0 0 0\n";
        assert_eq!(super::solve(input).unwrap(), "3\n-3\n");
        assert!(super::solve("3 1 3\n2 1 4\n0 0 0\n").unwrap_err().to_string().contains("line 2, token 3"));
    }
}
