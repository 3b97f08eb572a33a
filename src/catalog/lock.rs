//! Combination Lock (CCPC Changchun 2020): geography on the allowed combinations, bipartite by
//! digit-sum parity.

use grundy_fast::games::lock;
use grundy_rules::games::Lock;

use super::prelude::*;
use crate::problem::scrambled;

/// Combination Lock.
#[derive(Debug, Clone, Copy, Default)]
pub struct LockProblem;

impl Problem for LockProblem {
    type Instance = Lock;
    type Answer = Outcome;
    engine_oracle!();

    const DATA: Data = Data {
        name: "lock",
        summary: "Combination Lock: geography on allowed combinations, bipartite by digit-sum parity",
        format: "CCPC 2020: T, then per test `m n s` and n forbidden m-digit strings; Alice or Bob each",
        limits: "T to 10^4, n to 10^5 (repeats allowed)",
        // T ≤ 10: grundy's bound where the statement was not found.
        most_cases: 10,
        at_limits: &[
            "5 dials, 20000 forbidden combinations",
            "5 dials, every combination but the start forbidden (n = 99999)",
        ],
    };

    fn exhaustive(&self) -> Exhaustive<Lock> {
        let mut cases = Vec::new();
        for forbidden in 0..1u32 << 10 {
            for start in [0u32, 3] {
                if forbidden >> start & 1 == 0 {
                    cases.push(
                        Lock::new(1, start, (0..10).filter(|d| forbidden >> d & 1 == 1).collect()).expect("a lock"),
                    );
                }
            }
        }
        Exhaustive { cases, description: "one dial: every forbidden set, starts 0 and 3".to_string() }
    }

    fn random(&self, rng: &mut ChaCha8Rng) -> Lock {
        // Two dials with 6 to 13 allowed combinations, so the oracle's seen-sets stay few.
        let allowed = rng.random_range(6..=13usize);
        let mut combinations: Vec<u32> = (0..100).collect();
        for i in 0..allowed {
            let j = rng.random_range(i..100);
            combinations.swap(i, j);
        }
        Lock::new(2, combinations[0], combinations[allowed..].to_vec()).expect("a lock")
    }

    fn fast(&self, game: &Lock) -> Result<Outcome, Unsupported> {
        Ok(lock::outcome(game))
    }
}

/// Reads an `m`-digit combination.
fn combination(tokens: &mut Tokens<'_>, dials: usize, what: &str) -> Result<u32, InputError> {
    let word = tokens.word(what)?;
    if word.len() != dials || !word.bytes().all(|b| b.is_ascii_digit()) {
        return Err(tokens.error(format!("{what} must be {dials} digits, found `{word}`")));
    }
    word.parse().map_err(|_| tokens.error(format!("{what} `{word}` is not a combination")))
}

impl Contest for LockProblem {
    const STATEMENT: &Statement = &statement::LOCK;

    const WINNERS: [&'static str; 2] = ["Alice", "Bob"];
    const SMALL_INPUT_CASES: usize = 3;

    fn read(&self, input: &str) -> Result<Vec<Lock>, InputError> {
        Tokens::new("lock", input).tests("T, the number of tests", 10_000, |tokens| {
            let dials = tokens.number("m, the number of dials", 1, u64::from(Lock::MOST_DIALS))? as usize;
            let count = tokens.number("n, the number of forbidden combinations", 0, 100_000)?;
            let start = combination(tokens, dials, "the start combination")?;
            let mut forbidden = Vec::with_capacity(count as usize);
            for _ in 0..count {
                let f = combination(tokens, dials, "a forbidden combination")?;
                if f == start {
                    return Err(tokens.error("the start combination is forbidden"));
                }
                forbidden.push(f);
            }
            Lock::new(dials as u32, start, forbidden).map_err(|e| tokens.error(e.0))
        })
    }

    fn write(&self, locks: &[Lock]) -> Result<String, Unwritable> {
        Ok(tests_text(locks, |game| {
            let mut text = format!("{} {} {}\n", game.dials(), game.forbidden().len(), game.digits(game.start()));
            // Scrambled: the format gives the forbidden combinations in any order.
            scrambled(game.forbidden()).iter().for_each(|&f| text.push_str(&format!("{}\n", game.digits(f))));
            text
        }))
    }

    fn random_large_input(&self, rng: &mut ChaCha8Rng) -> Vec<Lock> {
        // Four dials from 0000 with up to 3000 forbidden; 1 or 5 dials, the start at either
        // end, and each forbidden combination at either end, one time in 16 each.
        let dials = or_an_end(rng, 1, u64::from(Lock::MOST_DIALS), |_| 4) as u32;
        let last = 10u64.pow(dials) - 1;
        let start = or_an_end(rng, 0, last, |_| 0);
        let forbidden = (0..rng.random_range(0..=last.min(3000)))
            .map(|_| uniform_or_an_end(rng, 0, last))
            .filter(|&f| f != start)
            .map(|f| f as u32)
            .collect();
        vec![Lock::new(dials, start as u32, forbidden).expect("a lock")]
    }

    fn beyond_statement(&self) -> Vec<String> {
        vec!["10^4 tests of 1 dial (past T ≤ 10: grundy's most)".to_string()]
    }

    fn at_limit(&self, which: usize, rng: &mut ChaCha8Rng) -> Vec<Lock> {
        match which {
            0 => self.largest_input(rng),
            1 => {
                let start = rng.random_range(0..100_000);
                vec![Lock::new(5, start, (0..100_000).filter(|&c| c != start).collect()).expect("a lock")]
            }
            _ => (0..10_000)
                .map(|_| {
                    let start = rng.random_range(0..10);
                    let forbidden = (0..10).filter(|&c| c != start && rng.random_bool(0.3)).collect();
                    Lock::new(1, start, forbidden).expect("a lock")
                })
                .collect(),
        }
    }

    /// One test of one dial at 0, nothing forbidden; then one dial at 9 with every other digit
    /// forbidden, four dials at 0000 with every other combination forbidden (n = 9999, 50 KB),
    /// and five dials at 00000 with nothing forbidden and at 99999 with a few combinations
    /// forbidden, 00000 and 99998 among them. Not reached: five dials with n = 99 999 (600 KB).
    fn extremes(&self) -> Vec<Vec<Lock>> {
        let lock = |dials: u32, start: u32, forbidden: Vec<u32>| Lock::new(dials, start, forbidden).expect("a lock");
        vec![
            vec![lock(1, 0, Vec::new())],
            vec![
                lock(1, 9, (0..9).collect()),
                lock(4, 0, (1..10_000).collect()),
                lock(5, 0, Vec::new()),
                lock(5, 99_999, vec![0, 9, 90_000, 99_990, 99_998, 89_999]),
            ],
        ]
    }

    /// A position is where the lock is and the set of combinations seen, a walk from the start
    /// through allowed combinations: at most `C · 2^(C − 1)` for the `C` allowed combinations
    /// connected to the start.
    fn oracle_positions(&self, game: &Lock) -> Option<u128> {
        let size = 10u32.pow(game.dials());
        let mut seen = vec![false; size as usize];
        game.forbidden().iter().for_each(|&f| seen[f as usize] = true);
        seen[game.start() as usize] = true;
        let (mut stack, mut connected) = (vec![game.start()], 1u64);
        while let Some(at) = stack.pop() {
            let mut place = 1;
            for _ in 0..game.dials() {
                let digit = at / place % 10;
                for turned in [(digit + 1) % 10, (digit + 9) % 10] {
                    let next = at - digit * place + turned * place;
                    if !seen[next as usize] {
                        seen[next as usize] = true;
                        connected += 1;
                        stack.push(next);
                    }
                }
                place *= 10;
            }
            if connected > 128 {
                return Some(u128::MAX); // 129 · 2^128 is past u128 already
            }
        }
        Some(walks_within(connected))
    }

    fn largest_input(&self, rng: &mut ChaCha8Rng) -> Vec<Lock> {
        let mut combinations: Vec<u32> = (0..100_000).filter(|&c| c != 1234).collect();
        for i in 0..20_000 {
            let j = rng.random_range(i..combinations.len());
            combinations.swap(i, j);
        }
        vec![Lock::new(5, 1234, combinations[..20_000].to_vec()).expect("a lock")]
    }
}

/// The dials stay; forbidden combinations are removed, never changed (another combination is
/// another lock, seldom a smaller one).
impl Shrink for Lock {
    fn shape(&self) -> Shape {
        let forbidden = self.forbidden().iter().map(|&f| u64::from(f));
        let forbidden: Vec<u64> = forbidden.collect();
        Shape::tuple(vec![Shape::numbers(&forbidden, 0, 0).removable_only(), Shape::number(u64::from(self.start()), 0)])
    }

    fn with_shape(&self, shape: &Shape) -> Option<Lock> {
        let [forbidden, start] = shape.parts()?;
        let forbidden = forbidden.values()?.into_iter().map(|f| u32::try_from(f).ok()).collect::<Option<_>>()?;
        Lock::new(self.dials(), u32::try_from(start.value()?).ok()?, forbidden).ok()
    }
}
