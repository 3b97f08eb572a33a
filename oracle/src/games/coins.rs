//! SDOI2019 "Moving CoinsGame", one placement: coins on distinct cells `1..n`; a move shifts one coin
//! left by one or more cells without passing or landing on another coin (or leaving the board);
//! whoever cannot move loses.

use std::ops::ControlFlow;

use grundy_rules::Play;

use grundy_rules::games::Coins;

use crate::engine::{Game, OptionSink, OracleError};

/// One placement: the occupied cells, ascending.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CoinsGame;

impl Game for CoinsGame {
    type Position = Vec<u64>;

    fn play(&self) -> Play {
        Play::Normal
    }

    fn options(&self, cells: &Vec<u64>, sink: &mut dyn OptionSink<Vec<u64>>) -> ControlFlow<()> {
        sink.expect(cells.last().map_or(0, |&c| u128::from(c)))?;
        for i in 0..cells.len() {
            let lowest = if i == 0 { 1 } else { cells[i - 1] + 1 };
            for to in lowest..cells[i] {
                let mut option = cells.clone();
                option[i] = to;
                sink.option(&option)?;
            }
        }
        ControlFlow::Continue(())
    }

    fn describe(&self, cells: &Vec<u64>) -> String {
        format!("coins on {cells:?}")
    }
}

/// The most placements the oracle lists.
pub const MOST_PLACEMENTS: u64 = 1_000_000;

/// Every placement of the coins on the cells, as occupied cells ascending.
pub fn placements(coins: &Coins) -> Result<Vec<Vec<u64>>, OracleError> {
    let (n, m) = (coins.cells(), coins.coins() as usize);
    // C(n, m), stopping once it is too many.
    let mut count: u64 = 1;
    for i in 0..m as u64 {
        count = count.saturating_mul(n - i) / (i + 1);
        if count > MOST_PLACEMENTS {
            break;
        }
    }
    if count > MOST_PLACEMENTS {
        return Err(OracleError::Beyond(format!(
            "the coins oracle lists at most {MOST_PLACEMENTS} placements; {m} coins on {n} cells have more"
        )));
    }
    let mut all = Vec::new();
    let mut cells: Vec<u64> = (1..=m as u64).collect();
    loop {
        all.push(cells.clone());
        // The next m-subset of 1..=n in lexicographic order.
        let Some(i) = (0..m).rev().find(|&i| cells[i] < n - (m - 1 - i) as u64) else { break };
        cells[i] += 1;
        for j in i + 1..m {
            cells[j] = cells[j - 1] + 1;
        }
    }
    Ok(all)
}
