//! Conway's genus of single heaps, and the tameness test (Winning Ways, ch. 13; ONAG ch. 12).
//!
//! The genus of a game `G` is `g^{γ0 γ1 γ2 …}` where `g = g⁺(G)` and `γk` is the misère Grundy
//! value of `G` plus `k` nim-heaps of size 2. The sequence `γ` ends in a period of 2, which is
//! left out of the written form. A game is *tame* when every position of it has a genus of the
//! nim-heap kind, `g^{γ0, g⊕2, g, g⊕2, …}` with `γ0 = g` or `{γ0, g} = {0, 1}` (so `0^{120}`,
//! `1^{031}`, `2^{20}`, `3^{31}`, also `0^{020}`, `1^{131}`); tame games add up in misère play as
//! nim heaps do.
//!
//! Computed here for games that never split a heap, on the positions (heap, `a` heaps of 2, `b`
//! heaps of 1): a heap of 2 can become a heap of 1 or vanish, a heap of 1 can vanish; the
//! position with no move has misère value 1.

use crate::Unsupported;
use crate::moves::{Heap, HeapMoves};
use crate::tables::{MexRule, mex_table};
use grundy_rules::Operation;

/// How many heaps of 2 are added: enough to see the period of 2 for every heap of the kind
/// this crate handles.
const DEPTH: usize = 4;

/// The genus of one heap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Genus {
    /// `g⁺`.
    pub normal: u32,
    /// `γ0, γ1, …, γ4`.
    pub misere: Vec<u32>,
}

impl Genus {
    /// Whether the genus is of the nim-heap kind: `γ0 = g` (or `{γ0, g} = {0, 1}`), then
    /// `g ⊕ 2, g, g ⊕ 2, …`.
    pub fn is_tame(&self) -> bool {
        let g = self.normal;
        let first_ok = self.misere[0] == g || self.misere[0] + g == 1;
        first_ok && self.misere.iter().enumerate().skip(1).all(|(k, &v)| v == if k % 2 == 1 { g ^ 2 } else { g })
    }
}

impl std::fmt::Display for Genus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut shown = self.misere.clone();
        while shown.len() >= 3 && shown[shown.len() - 1] == shown[shown.len() - 3] {
            shown.pop();
        }
        let digits: Vec<String> = shown.iter().map(u32::to_string).collect();
        let separator = if shown.iter().any(|&v| v > 9) { "," } else { "" };
        write!(f, "{}^{}", self.normal, digits.join(separator))
    }
}

/// Genera of heaps `0..=n` of an operation that never splits a heap.
pub fn genus_table(operation: &Operation, n: u64) -> Result<Vec<Genus>, Unsupported> {
    let heap = Heap::new(operation);
    if *heap.moves() == HeapMoves::Splitting {
        return Err(Unsupported::NoTheory(format!(
            "the genus of {operation}, whose moves split heaps, needs whole positions, not single heaps"
        )));
    }
    let normal = mex_table(&heap, n, MexRule::Grundy { terminal: 0 })?;
    let size = n as usize + 1;
    // layer[a][b][y]: misère value of heap y with a heaps of 2 and b heaps of 1. A heap of 2
    // that becomes a heap of 1 moves a position of layer (a, b) to (a − 1, b + 1), so layer a
    // needs b up to 2·DEPTH − a.
    let mut layer = vec![vec![Vec::<u32>::new(); 2 * DEPTH + 1]; DEPTH + 1];
    let mut seen = Vec::new();
    for a in 0..=DEPTH {
        for b in 0..=2 * DEPTH - a {
            let mut values = vec![0u32; size];
            for y in 0..size {
                let mut options: Vec<u32> = Vec::new();
                heap.for_each_option(y as u64, |z| options.push(values[z as usize]));
                if a > 0 {
                    options.push(layer[a - 1][b + 1][y]);
                    options.push(layer[a - 1][b][y]);
                }
                if b > 0 {
                    options.push(layer[a][b - 1][y]);
                }
                values[y] = if options.is_empty() {
                    1
                } else {
                    seen.clear();
                    seen.resize(options.len() + 1, false);
                    for &v in &options {
                        if let Some(slot) = seen.get_mut(v as usize) {
                            *slot = true;
                        }
                    }
                    seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32
                };
            }
            layer[a][b] = values;
        }
    }
    Ok((0..size).map(|y| Genus { normal: normal[y], misere: (0..=DEPTH).map(|k| layer[k][0][y]).collect() }).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The written form: the period of 2 left out, and digits run together unless some value
    /// has two digits.
    #[test]
    fn genera_are_written_as_in_winning_ways() {
        let genus = |normal, misere: &[u32]| Genus { normal, misere: misere.to_vec() }.to_string();
        assert_eq!(genus(0, &[1, 2, 0, 2, 0]), "0^120");
        assert_eq!(genus(9, &[9, 11, 9, 11, 9]), "9^9,11");
        assert_eq!(genus(9, &[9, 8, 9, 8, 9]), "9^98");
        assert_eq!(genus(3, &[3, 1, 3, 1, 3]), "3^31");
    }

    #[test]
    fn nim_heaps_have_the_tame_genera() {
        let genera = genus_table(&"nim".parse().unwrap(), 5).unwrap();
        let written: Vec<String> = genera.iter().map(ToString::to_string).collect();
        assert_eq!(written, ["0^120", "1^031", "2^20", "3^31", "4^46", "5^57"]);
        assert!(genera.iter().all(Genus::is_tame));
    }

    #[test]
    fn bounded_nim_is_tame_and_other_genera_are_not() {
        let genera = genus_table(&"sub:1,2,3".parse().unwrap(), 40).unwrap();
        assert!(genera.iter().all(Genus::is_tame));
        assert!(Genus { normal: 0, misere: vec![0, 2, 0, 2, 0] }.is_tame());
        assert!(!Genus { normal: 2, misere: vec![2, 2, 2, 2, 2] }.is_tame());
        assert!(!Genus { normal: 1, misere: vec![3, 1, 3, 1, 3] }.is_tame());
        assert_eq!(Genus { normal: 0, misere: vec![1, 2, 0, 2, 0] }.to_string(), "0^120");
    }
}
