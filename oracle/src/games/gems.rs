//! Gems Fight! (HDU 4778): bags of coloured gems; players alternately pour a whole bag into a
//! shared pot; every `S` gems of one colour in the pot turn into a stone worth a point to the
//! pourer, who then moves again. The result is the best score difference the first player can
//! force. A score game, not a win/lose one: plain minimax over every order of the bags.

use grundy_rules::games::Gems;

use crate::engine::OracleError;

/// The most bags whose orders the oracle tries.
pub const MOST_BAGS: usize = 10;

/// The first player's best score minus the second's, by trying every order. `bags[b][c]` is
/// how many gems of colour `c` bag `b` holds. Exponential: meant for at most 10 bags.
pub fn best_difference(gems: &Gems) -> Result<i64, OracleError> {
    let (bags, stone) = (gems.bags(), gems.stone());
    if bags.len() > MOST_BAGS {
        return Err(OracleError::Beyond(format!(
            "the gems oracle tries every order of at most {MOST_BAGS} bags; this case has {}",
            bags.len()
        )));
    }
    let colours = gems.colours();
    let mut pot = vec![0u32; colours];
    let mut poured = vec![false; bags.len()];
    Ok(minimax(bags, stone, &mut pot, &mut poured))
}

/// The mover's best (own − other's) score from here.
fn minimax(bags: &[Vec<u32>], stone: u32, pot: &mut [u32], poured: &mut [bool]) -> i64 {
    let mut best: Option<i64> = None;
    for b in 0..bags.len() {
        if poured[b] {
            continue;
        }
        poured[b] = true;
        let before = pot.to_vec();
        let mut stones = 0i64;
        for (c, gems) in pot.iter_mut().enumerate() {
            *gems += bags[b][c];
            stones += i64::from(*gems / stone);
            *gems %= stone;
        }
        let rest = minimax(bags, stone, pot, poured);
        // Stones let the pourer move again; otherwise the turn passes.
        let value = if stones > 0 { stones + rest } else { -rest };
        best = Some(best.map_or(value, |b: i64| b.max(value)));
        pot.copy_from_slice(&before);
        poured[b] = false;
    }
    best.unwrap_or(0)
}
