//! Certificates of proven periods: what a reader needs to re-check a period without trusting
//! this code (`grundy table CODE --period --certificate FILE`, checked by
//! `scripts/check-certificate`, which shares no code with `grundy`).
//!
//! The theorem is Guy and Smith's (Winning Ways, ch. 4; Guy–Smith 1956): for an octal game whose
//! last non-zero digit is `d_t`, if `G(n + p) = G(n)` for every `n` with `n0 ≤ n < 2·n0 + p + t`,
//! then `G(n + p) = G(n)` for every `n ≥ n0`. A certificate holds the game as an octal code, `t`,
//! the pre-period `n0`, the period `p` and the values `G(0), …, G(2·n0 + 2p + t − 1)`: a checker
//! recomputes those values by definition (mex; a split heap's value the XOR of its parts) and
//! checks the inequality. Subtraction games are octal games (`sub:1,3` is `0.303`) and are
//! certified as such.
//!
//! The format, version 1 (JSON):
//!
//! | field | meaning |
//! |---|---|
//! | `format` | `"grundy-certificate/1"` |
//! | `game` | the game as the user wrote it, for people (`"sub:1,2,3"`) |
//! | `code` | the game as an octal code, digits 0-7 (`"0.333"`): what the checker plays |
//! | `play` | `"normal"` |
//! | `theorem` | `"guy-smith"` |
//! | `t` | the index of the last non-zero digit of `code` |
//! | `preperiod` | `n0`: the values are periodic from heap `n0` on, and not from `n0 − 1` |
//! | `period` | `p` |
//! | `values` | `G(0) … G(2·n0 + 2p + t − 1)` |

use grundy_fast::HeapTable;
use grundy_rules::{Operation, Play};
use serde::Serialize;

use crate::error::Error;

/// The format's name and version.
pub const FORMAT: &str = "grundy-certificate/1";

/// A proven period with the values its proof rests on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Certificate {
    /// [`FORMAT`].
    pub format: &'static str,
    /// The game as given.
    pub game: String,
    /// The game as an octal code.
    pub code: String,
    /// `"normal"`.
    pub play: &'static str,
    /// `"guy-smith"`.
    pub theorem: &'static str,
    /// The index of the last non-zero digit.
    pub t: usize,
    /// The pre-period.
    pub preperiod: usize,
    /// The period.
    pub period: usize,
    /// `G(0) … G(2·preperiod + 2·period + t − 1)`.
    pub values: Vec<u32>,
}

/// The octal digits of an operation the theorem covers: octal codes with digits 0-7 (no split
/// into three heaps) and subtraction games.
fn octal_digits(operation: &Operation) -> Result<Vec<u8>, Error> {
    /// Longest subtraction set written as a code.
    const MOST_DIGITS: u64 = 4096;
    match operation {
        Operation::Octal(digits) if digits.iter().all(|&d| d < 8) => Ok(digits.clone()),
        Operation::Octal(_) => Err(refuse(format!(
            "{operation} has hexadecimal digits (splits into three heaps): Guy–Smith covers digits 0-7"
        ))),
        Operation::Subtraction(set) if set[set.len() - 1] <= MOST_DIGITS => {
            let mut digits = vec![0u8; set[set.len() - 1] as usize + 1];
            set.iter().for_each(|&k| digits[k as usize] = 3);
            Ok(digits)
        }
        Operation::Subtraction(_) => {
            Err(refuse(format!("{operation}: a subtraction set up to {MOST_DIGITS} is certified")))
        }
        _ => Err(refuse(format!(
            "{operation} is not an octal game: certificates rest on the Guy–Smith theorem, for octal codes and \
             subtraction games"
        ))),
    }
}

fn refuse(why: String) -> Error {
    Error::usage(format!("--certificate: {why}"))
}

/// Whether a period of `operation` under `play` can be certified: said before any work.
pub fn supported(operation: &Operation, play: Play) -> Result<(), Error> {
    if play != Play::Normal {
        return Err(refuse("certificates are written for normal play (the Guy–Smith theorem)".to_string()));
    }
    octal_digits(operation).map(drop)
}

/// The certificate of the period `table` proves for `operation` under `play`.
pub fn certify(game: &str, operation: &Operation, play: Play, table: &HeapTable) -> Result<Certificate, Error> {
    supported(operation, play)?;
    let digits = octal_digits(operation)?;
    let period = match (table.period, table.proven) {
        (Some(period), true) => period,
        _ => {
            return Err(refuse(format!(
                "{operation} has no proven period within {} heaps: nothing to certify",
                table.computed_to()
            )));
        }
    };
    let t = digits.iter().rposition(|&d| d != 0).unwrap_or(0);
    let length = 2 * period.preperiod + 2 * period.period + t;
    let values = (0..length as u64)
        .map(|x| table.value(x).ok_or_else(|| refuse(format!("no value for heap {x}"))))
        .collect::<Result<Vec<u32>, Error>>()?;
    let code = format!(
        "{}.{}",
        digits[0],
        if digits.len() == 1 { "0".to_string() } else { digits[1..].iter().map(u8::to_string).collect() }
    );
    Ok(Certificate {
        format: FORMAT,
        game: game.to_string(),
        code,
        play: "normal",
        theorem: "guy-smith",
        t,
        preperiod: period.preperiod,
        period: period.period,
        values,
    })
}
