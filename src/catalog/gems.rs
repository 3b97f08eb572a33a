//! Gems Fight! (HDU 4778): a DP over the set of poured bags, against minimax over every order.

use grundy_fast::games::gems;
use grundy_rules::games::Gems;

use super::prelude::*;

/// The contest's most colours.
const MOST_COLOURS: u64 = 8;
/// The contest's most bags.
const MOST_BAGS: u64 = 21;
/// The contest's largest stone (S < 20).
const LARGEST_STONE: u64 = 19;
/// The contest's most gems in a bag.
const MOST_IN_A_BAG: u64 = 10;

/// Gems Fight!.
#[derive(Debug, Clone, Copy, Default)]
pub struct GemsProblem;

impl Problem for GemsProblem {
    type Instance = Gems;
    type Answer = Difference;
    type Memo = ();

    const DATA: Data = Data {
        name: "gems",
        summary: "Gems Fight! (HDU 4778): DP over poured sets against minimax over every order",
        format: "HDU 4778: cases `G B S` and B lines `n c1 … cn`, until `0 0 0`; the score difference each",
        limits: "G from 1 (a case of G = 0 has no colour for a gem: refused), S to 1000, bags of 0 to 1000 gems of \
                 each colour, as many cases as memory holds",
        // The statement's "several cases (<=20)", until `0 0 0`.
        most_cases: 20,
        at_limits: &[
            "8 colours, 21 bags of up to 10 gems, S = 19",
            "ten cases of 8 colours, 21 bags of up to 10 gems, S = 19",
        ],
    };

    fn exhaustive(&self) -> Exhaustive<Gems> {
        let mut cases = Vec::new();
        for bags in 1..=3u32 {
            for code in 0..3u32.pow(2 * bags) {
                let counts: Vec<u32> = (0..2 * bags).map(|i| code / 3u32.pow(i) % 3).collect();
                cases.push(Gems::new(2, 2, counts.chunks(2).map(<[u32]>::to_vec).collect()).expect("gems"));
            }
        }
        Exhaustive { cases, description: "every 1 to 3 bags of up to 2 gems of 2 colours, stones of 2".to_string() }
    }

    fn random(&self, rng: &mut ChaCha8Rng) -> Gems {
        let (colours, bags) = (rng.random_range(1..=3usize), rng.random_range(1..=7usize));
        let stone = rng.random_range(1..=4);
        let bag = |rng: &mut ChaCha8Rng| {
            let mut counts: Vec<u32> = (0..colours).map(|_| rng.random_range(0..=3)).collect();
            if counts.iter().all(|&count| count == 0) {
                counts[rng.random_range(0..colours)] = 1; // a bag holds a gem at least (0 < n)
            }
            counts
        };
        Gems::new(colours, stone, (0..bags).map(|_| bag(rng)).collect()).expect("gems")
    }

    fn oracle(&self, _: &mut (), game: &Gems) -> Result<Difference, OracleError> {
        grundy_oracle::games::gems::best_difference(game).map(Difference)
    }

    fn fast(&self, game: &Gems) -> Result<Difference, Unsupported> {
        Ok(Difference(gems::best_difference(game)))
    }
}

impl Contest for GemsProblem {
    const STATEMENT: &Statement = &statement::GEMS;

    const SMALL_INPUT_CASES: usize = 3;

    fn read(&self, input: &str) -> Result<Vec<Gems>, InputError> {
        let mut tokens = Tokens::new("gems", input);
        let mut all = Vec::new();
        loop {
            let colours = tokens.number("G, the number of colours", 0, Gems::MOST_COLOURS as u64)?;
            let count = tokens.number("B, the number of bags", 0, Gems::MOST_BAGS as u64)?;
            let stone = tokens.number("S, the gems per stone", 0, u64::from(Gems::MOST_GEMS))?;
            if (colours, count, stone) == (0, 0, 0) {
                break;
            }
            if colours == 0 || stone == 0 {
                return Err(tokens.error("G and S must be positive (only `0 0 0` ends the input)"));
            }
            let mut bags = vec![vec![0u32; colours as usize]; count as usize];
            for bag in &mut bags {
                let gems = tokens.number("n, the gems in a bag", 0, colours * u64::from(Gems::MOST_GEMS))?;
                for _ in 0..gems {
                    bag[tokens.number("a gem colour", 1, colours)? as usize - 1] += 1;
                }
            }
            all.push(Gems::new(colours as usize, stone as u32, bags).map_err(|e| tokens.error(e.0))?);
        }
        tokens.finish("the terminating `0 0 0`")?;
        Ok(all)
    }

    fn write(&self, cases: &[Gems]) -> Result<String, Unwritable> {
        let mut text = String::new();
        for game in cases {
            text.push_str(&format!("{} {} {}\n", game.colours(), game.bags().len(), game.stone()));
            for bag in game.bags() {
                let gems: Vec<String> = bag
                    .iter()
                    .enumerate()
                    .flat_map(|(c, &n)| std::iter::repeat_n((c + 1).to_string(), n as usize))
                    .collect();
                text.push_str(&format!("{}{}{}\n", gems.len(), if gems.is_empty() { "" } else { " " }, gems.join(" ")));
            }
        }
        Ok(text + "0 0 0\n")
    }

    fn random_large_input(&self, rng: &mut ChaCha8Rng) -> Vec<Gems> {
        (0..rng.random_range(1..=3))
            .map(|_| {
                let colours = rng.random_range(1..=MOST_COLOURS);
                let bags = or_an_end(rng, 1, MOST_BAGS, |rng| rng.random_range(11..=16));
                let bags = (0..bags)
                    .map(|_| {
                        let mut counts = vec![0u32; colours as usize];
                        for _ in 0..uniform_or_an_end(rng, 1, MOST_IN_A_BAG) {
                            counts[uniform_or_an_end(rng, 1, colours) as usize - 1] += 1;
                        }
                        counts
                    })
                    .collect();
                Gems::new(colours as usize, uniform_or_an_end(rng, 1, LARGEST_STONE) as u32, bags).expect("gems")
            })
            .collect()
    }

    fn at_limit(&self, which: usize, rng: &mut ChaCha8Rng) -> Vec<Gems> {
        let cases = if which == 0 { 1 } else { 10 };
        (0..cases).flat_map(|_| self.largest_input(rng)).collect()
    }

    /// One case of one bag of 10 gems; then 21 bags of 8 colours (10 gems of colours 1 and 8, and
    /// one bag of one gem) with stones of 19 and of 1, and 21 bags of one colour. Each 21-bag case costs the
    /// fast side 2^21 sets.
    fn extremes(&self) -> Vec<Vec<Gems>> {
        let bag = |colours: usize, first: u32| {
            let mut counts = vec![0u32; colours];
            counts[0] += first;
            counts[colours - 1] += MOST_IN_A_BAG as u32 - first;
            counts
        };
        let bags = |colours: usize| {
            let mut all: Vec<Vec<u32>> = (0..MOST_BAGS as u32 - 1).map(|b| bag(colours, b % 11)).collect();
            // A bag holds at least one gem (0 < n): the smallest bag last.
            let mut one = vec![0; colours];
            one[0] = 1;
            all.push(one);
            all
        };
        let most = MOST_COLOURS as usize;
        let game =
            |colours: usize, stone: u64, bags: Vec<Vec<u32>>| Gems::new(colours, stone as u32, bags).expect("gems");
        vec![
            vec![game(1, 1, vec![bag(1, 0)])],
            vec![game(most, LARGEST_STONE, bags(most)), game(most, 1, bags(most)), game(1, LARGEST_STONE, bags(1))],
        ]
    }

    /// The oracle keeps no memo: it walks every order of the bags. The bound counts the orders'
    /// prefixes it walks, `Σ_k B!/(B − k)!` — its work, where the positions it stores are none.
    fn oracle_positions(&self, game: &Gems) -> Option<u128> {
        let bags = game.bags().len() as u128;
        let (mut prefixes, mut total) = (1u128, 1u128);
        for k in 0..bags {
            prefixes = prefixes.saturating_mul(bags - k);
            total = total.saturating_add(prefixes);
        }
        Some(total)
    }

    fn largest_input(&self, rng: &mut ChaCha8Rng) -> Vec<Gems> {
        let bags = (0..Gems::MOST_BAGS)
            .map(|_| {
                let mut counts = vec![0u32; 8];
                (0..rng.random_range(1..=10)).for_each(|_| counts[rng.random_range(0..8)] += 1);
                counts
            })
            .collect();
        vec![Gems::new(8, 19, bags).expect("gems")]
    }
}

/// The colours stay; bags are removed and their counts lowered, the stone made smaller.
impl Shrink for Gems {
    fn shape(&self) -> Shape {
        let bag = |bag: &Vec<u32>| Shape::list(bag.iter().map(|&count| Shape::number(u64::from(count), 0)), bag.len());
        Shape::tuple(vec![Shape::list(self.bags().iter().map(bag), 1), Shape::number(u64::from(self.stone()), 1)])
    }

    fn with_shape(&self, shape: &Shape) -> Option<Gems> {
        let [bags, stone] = shape.parts()?;
        let counts =
            |bag: &Shape| bag.values()?.into_iter().map(|c| u32::try_from(c).ok()).collect::<Option<Vec<u32>>>();
        let bags = bags.items()?.iter().map(|bag| counts(&bag.shape)).collect::<Option<_>>()?;
        Gems::new(self.colours(), u32::try_from(stone.value()?).ok()?, bags).ok()
    }
}
