//! CuttingGame Game (POJ 2311): sheets of grid paper; a move cuts one sheet along a grid line into
//! two; whoever first produces a 1×1 piece wins.

use std::ops::ControlFlow;

use grundy_rules::Play;

use grundy_rules::games::Cutting;

use super::Playable;
use crate::engine::{Game, OptionSink, OracleError};

/// The cutting game, played on the original rule. A position is the sorted sheets `(w, h)`
/// with `w ≤ h`; the position right after a 1×1 piece appears is [`CuttingGame::WON`], where the
/// player to move has lost.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CuttingGame;

impl CuttingGame {
    /// The position in which the previous move produced a 1×1 piece.
    pub const WON: &'static [(u64, u64)] = &[(0, 0)];

    /// The position of one sheet.
    pub fn sheet(w: u64, h: u64) -> Vec<(u64, u64)> {
        vec![(w.min(h), w.max(h))]
    }
}

impl Game for CuttingGame {
    type Position = Vec<(u64, u64)>;

    fn play(&self) -> Play {
        Play::Normal
    }

    fn options(&self, sheets: &Vec<(u64, u64)>, sink: &mut dyn OptionSink<Vec<(u64, u64)>>) -> ControlFlow<()> {
        if sheets.as_slice() == CuttingGame::WON {
            return ControlFlow::Continue(());
        }
        let count: u128 = sheets.iter().map(|&(w, h)| u128::from(w + h)).sum();
        sink.expect(count)?;
        let mut option = Vec::with_capacity(sheets.len() + 1);
        for (i, &(w, h)) in sheets.iter().enumerate() {
            let cuts = (1..w).map(|k| [(k, h), (w - k, h)]).chain((1..h).map(|k| [(w, k), (w, h - k)]));
            for pieces in cuts {
                if pieces.contains(&(1, 1)) {
                    sink.option(&CuttingGame::WON.to_vec())?;
                    continue;
                }
                option.clear();
                option.extend(sheets.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &s)| s));
                option.extend(pieces.iter().map(|&(a, b)| (a.min(b), a.max(b))));
                option.sort_unstable();
                sink.option(&option)?;
            }
        }
        ControlFlow::Continue(())
    }

    fn describe(&self, sheets: &Vec<(u64, u64)>) -> String {
        if sheets.as_slice() == CuttingGame::WON {
            return "a 1×1 piece was just cut".to_string();
        }
        sheets.iter().map(|(w, h)| format!("{w}x{h}")).collect::<Vec<_>>().join(" ")
    }
}

impl Playable for Cutting {
    type Game = CuttingGame;

    fn game(&self) -> Result<(CuttingGame, Vec<(u64, u64)>), OracleError> {
        Ok((CuttingGame, CuttingGame::sheet(self.width(), self.height())))
    }
}
