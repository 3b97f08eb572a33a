//! Differential testing of an external program ("对拍"): random inputs in a problem's contest
//! format, the program's output compared with ours, a failing input shrunk while it still fails.
//!
//! Expected answers come from the oracle on small inputs and from the verified fast solver on
//! large ones. A program that crashes, times out or prints something else is reported as such;
//! the harness itself never waits longer than the time limit per run.

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use grundy_oracle::{Budget, Engine, PileGame};
use grundy_rules::{Outcome, RuleSet};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

/// What one run of the program did.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Run {
    /// It exited 0 and printed this.
    Output {
        /// Standard output.
        stdout: String,
    },
    /// It exited with a failure.
    Crashed {
        /// What the exit status was.
        status: String,
    },
    /// It ran past the time limit and was killed.
    TimedOut {
        /// The limit, in seconds.
        seconds: f64,
    },
}

/// Runs `command` through `sh -c` with `input` on stdin, for at most `limit`.
pub fn run(command: &str, input: &str, limit: Duration) -> std::io::Result<Run> {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(command)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()?;
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.to_string();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes()); // a program may exit without reading
    });
    let mut stdout = child.stdout.take().expect("stdout is piped");
    let reader = std::thread::spawn(move || {
        let mut output = Vec::new();
        let _ = stdout.read_to_end(&mut output);
        output
    });
    let deadline = Instant::now() + limit;
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break Some(status);
        }
        if Instant::now() >= deadline {
            // `sh -c` runs a lone command in its own process, so this stops it; what a pipeline
            // started ends when its input closes. The output is not waited for.
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let _ = writer.join();
    let Some(status) = status else {
        return Ok(Run::TimedOut { seconds: limit.as_secs_f64() });
    };
    let output = reader.join().unwrap_or_default();
    if !status.success() {
        return Ok(Run::Crashed { status: status.to_string() });
    }
    Ok(Run::Output { stdout: String::from_utf8_lossy(&output).into_owned() })
}

/// Whether two outputs are the same answer: equal lines, ignoring trailing white space.
pub fn same_answer(expected: &str, actual: &str) -> bool {
    let lines = |text: &str| -> Vec<String> {
        let mut lines: Vec<String> = text.lines().map(|line| line.trim_end().to_string()).collect();
        while lines.last().is_some_and(String::is_empty) {
            lines.pop();
        }
        lines
    };
    lines(expected) == lines(actual)
}

/// A Game Pack input: the rule set and its games.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackCase {
    /// `A B C D`.
    pub code: (u8, u8, u8, u8),
    /// The games' plates (each at least 1).
    pub games: Vec<Vec<u64>>,
}

impl PackCase {
    /// The contest text.
    pub fn render(&self) -> String {
        let (a, b, c, d) = self.code;
        let mut text = format!("{a} {b} {c} {d} {}\n", self.games.len());
        for game in &self.games {
            text.push_str(&game.len().to_string());
            for x in game {
                text.push(' ');
                text.push_str(&x.to_string());
            }
            text.push('\n');
        }
        text
    }

    fn rules(&self) -> RuleSet {
        let (a, b, c, d) = self.code;
        RuleSet::from_pack(a, b, c, d).expect("a valid code")
    }

    /// Small enough for the oracle: few plates, small sizes.
    fn is_small(&self) -> bool {
        let set_action = self.code.1 > 0;
        self.games.iter().all(|game| {
            let (plates, size) = if set_action { (3, 9) } else { (4, 14) };
            game.len() <= plates && game.iter().all(|&x| x <= size)
        })
    }

    /// The expected output: by the oracle when small, by the fast solver otherwise; and which.
    pub fn expected(&self) -> anyhow::Result<(String, &'static str)> {
        let rules = self.rules();
        let mut text = String::new();
        if self.is_small() {
            let mut oracle = Engine::new(PileGame::new(rules.clone()), PileGame::value_kind(&rules), Budget::default());
            for game in &self.games {
                let mut plates = game.clone();
                plates.sort_unstable();
                let first = oracle.solve(&plates)?.outcome == Outcome::First;
                text.push_str(if first { "Black\n" } else { "White\n" });
            }
            return Ok((text, "oracle"));
        }
        Ok((String::from_utf8(crate::pack::solve(self.render().as_bytes())?)?, "fast solver"))
    }

    /// A random input: mostly small (the oracle answers), sometimes large.
    pub fn random(rng: &mut ChaCha8Rng, code: Option<(u8, u8, u8, u8)>) -> PackCase {
        let code = code.unwrap_or_else(|| {
            let (a, b, c, d) =
                (rng.random_range(0..=4), rng.random_range(0..=2), rng.random_range(0..=1), rng.random_range(0..=1));
            (a, b, c, d)
        });
        let large = rng.random_bool(0.2);
        let (games, plates, size) = if large {
            (20, 30, 100_000)
        } else if code.1 > 0 {
            (5, 3, 9)
        } else {
            (5, 4, 14)
        };
        let games = (0..rng.random_range(1..=games))
            .map(|_| (0..rng.random_range(1..=plates)).map(|_| rng.random_range(1..=size)).collect())
            .collect();
        PackCase { code, games }
    }

    /// Smaller inputs: a game dropped, a plate dropped, a plate halved or lowered by one.
    pub fn shrink(&self) -> Vec<PackCase> {
        let mut smaller = Vec::new();
        for g in 0..self.games.len() {
            if self.games.len() > 1 {
                let mut games = self.games.clone();
                games.remove(g);
                smaller.push(PackCase { code: self.code, games });
            }
        }
        for g in 0..self.games.len() {
            for p in 0..self.games[g].len() {
                if self.games[g].len() > 1 {
                    let mut games = self.games.clone();
                    games[g].remove(p);
                    smaller.push(PackCase { code: self.code, games });
                }
                let x = self.games[g][p];
                for y in [1, x / 2, x - 1] {
                    if y >= 1 && y < x {
                        let mut games = self.games.clone();
                        games[g][p] = y;
                        if !smaller.contains(&PackCase { code: self.code, games: games.clone() }) {
                            smaller.push(PackCase { code: self.code, games });
                        }
                    }
                }
            }
        }
        smaller
    }
}

/// How a duel ended.
#[derive(Debug, Clone, Serialize)]
pub struct DuelReport {
    /// The seed of the random inputs.
    pub seed: u64,
    /// Inputs tried.
    pub cases: u64,
    /// Of which the oracle answered.
    pub by_oracle: u64,
    /// The failure, if any.
    pub failure: Option<DuelFailure>,
}

/// A minimal failing input.
#[derive(Debug, Clone, Serialize)]
pub struct DuelFailure {
    /// The smallest failing input found.
    pub input: String,
    /// What was expected, and who answered it.
    pub expected: String,
    /// Who answered the expected output.
    pub expected_by: String,
    /// What the program did.
    pub actual: Run,
    /// Shrinking steps from the first failing input.
    pub shrink_steps: u32,
}

/// Whether the program fails on `case`: its run, when it does.
fn fails(command: &str, case: &PackCase, limit: Duration) -> anyhow::Result<Option<(Run, String, &'static str)>> {
    let (expected, by) = case.expected()?;
    let run = run(command, &case.render(), limit)?;
    Ok(match &run {
        Run::Output { stdout } if same_answer(&expected, stdout) => None,
        _ => Some((run, expected, by)),
    })
}

/// Most program runs spent shrinking one failure.
const SHRINK_RUNS: u32 = 400;

/// Duels `command` on Game Pack inputs.
pub fn duel_pack(
    command: &str,
    seed: u64,
    cases: u64,
    deadline: Option<Instant>,
    limit: Duration,
    code: Option<(u8, u8, u8, u8)>,
    progress: &dyn Fn(u64),
) -> anyhow::Result<DuelReport> {
    let mut rng = crate::check::rng_for(seed, "duel/pack");
    let mut report = DuelReport { seed, cases: 0, by_oracle: 0, failure: None };
    for _ in 0..cases {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        let case = PackCase::random(&mut rng, code);
        report.cases += 1;
        report.by_oracle += u64::from(case.is_small());
        progress(1);
        let Some((mut run, mut expected, mut by)) = fails(command, &case, limit)? else { continue };
        // Shrink while it still fails, within a bounded number of runs (a hanging program costs
        // the whole time limit per run).
        let mut current = case;
        let mut steps = 0;
        let mut runs = 0;
        'smaller: while runs < SHRINK_RUNS {
            for candidate in current.shrink() {
                runs += 1;
                if runs > SHRINK_RUNS || deadline.is_some_and(|d| Instant::now() >= d) {
                    break 'smaller;
                }
                if let Some(failure) = fails(command, &candidate, limit)? {
                    (run, expected, by) = failure;
                    current = candidate;
                    steps += 1;
                    continue 'smaller;
                }
            }
            break;
        }
        report.failure = Some(DuelFailure {
            input: current.render(),
            expected,
            expected_by: by.to_string(),
            actual: run,
            shrink_steps: steps,
        });
        break;
    }
    Ok(report)
}

/// A catalog problem's registry case (numbers) written in the problem's contest format.
fn render(problem: &str, case: &[u64]) -> Option<String> {
    let list = |numbers: &[u64]| numbers.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
    Some(match (problem, case) {
        ("stripes", [a, b, c, p]) => format!("{a} {b} {c}\n1\n{p}\n"),
        ("cutting", [w, h]) => format!("{w} {h}\n"),
        ("coloring", [k, cells @ ..]) => format!("1\n{} {k}\n{}\n", cells.len(), list(cells)),
        ("steins" | "candy" | "prime", piles) => format!("{}\n{}\n", piles.len(), list(piles)),
        ("coins", [n, m]) => format!("{n} {m}\n"),
        ("nullify", [rows, columns, cells @ ..]) => {
            let lines: Vec<String> = cells.chunks(*columns as usize).map(list).collect();
            format!("1\n{rows} {columns}\n{}\n", lines.join("\n"))
        }
        ("dig", [day, steps @ ..]) => {
            let words: Vec<String> = steps[..*day as usize]
                .iter()
                .map(|&m| (0..8).rev().map(|bit| if m >> bit & 1 == 1 { 'W' } else { 'R' }).collect())
                .collect();
            format!("{day}\n{}\n", words.join("\n"))
        }
        ("gems", [colours, stone, bags, counts @ ..]) => {
            let mut text = format!("{colours} {bags} {stone}\n");
            for bag in counts.chunks(*colours as usize) {
                let gems: Vec<u64> =
                    bag.iter().enumerate().flat_map(|(c, &n)| std::iter::repeat_n(c as u64 + 1, n as usize)).collect();
                text.push_str(&format!("{} {}\n", gems.len(), list(&gems)));
            }
            text + "0 0 0\n"
        }
        ("lock", [dials, start, forbidden @ ..]) => {
            let width = *dials as usize;
            let mut text = format!("1\n{dials} {} {start:0width$}\n", forbidden.len());
            forbidden.iter().for_each(|f| text.push_str(&format!("{f:0width$}\n")));
            text
        }
        ("geography", [vertices, start, ends @ ..]) => {
            let mut text = format!("{vertices} {} {}\n", ends.len() / 2, start + 1);
            ends.chunks(2).for_each(|e| text.push_str(&format!("{} {}\n", e[0] + 1, e[1] + 1)));
            text
        }
        ("fibonacci", [n]) => format!("{n}\n0\n"),
        ("wythoff", [a, b]) => format!("{a} {b}\n"),
        _ => return None,
    })
}

/// A large random input in a problem's contest format, beyond what the oracle can answer (the
/// verified fast solver does): many test cases, or long sequences.
fn large_input(problem: &str, rng: &mut ChaCha8Rng) -> Option<String> {
    use std::fmt::Write;
    let mut text = String::new();
    let count = rng.random_range(50..=2000usize);
    match problem {
        "stripes" => {
            let _ = writeln!(
                text,
                "{} {} {}\n{count}",
                rng.random_range(1..=40),
                rng.random_range(1..=40),
                rng.random_range(1..=40)
            );
            (0..count).for_each(|_| {
                let _ = writeln!(text, "{}", rng.random_range(1..=1000));
            });
        }
        "cutting" => (0..count).for_each(|_| {
            let _ = writeln!(text, "{} {}", rng.random_range(2..=200), rng.random_range(2..=200));
        }),
        "coloring" => {
            let k = rng.random_range(1..=4u64);
            let _ = writeln!(text, "1\n{count} {k}");
            let mut previous = 0;
            for _ in 0..count {
                let mut cell = if rng.random_bool(0.6) { 0 } else { rng.random_range(1..=k) };
                if cell == previous {
                    cell = 0;
                }
                let _ = write!(text, "{cell} ");
                previous = cell;
            }
            text.push('\n');
        }
        "steins" | "candy" | "prime" => {
            let top: u64 = if problem == "candy" { 1_000_000_000 } else { 1_000_000_000_000_000_000 };
            let n = if problem == "prime" { count.min(1000) } else { count };
            let _ = writeln!(text, "{n}");
            (0..n).for_each(|_| {
                let _ = write!(text, "{} ", rng.random_range(1..=top));
            });
            text.push('\n');
        }
        "coins" => {
            let n = rng.random_range(1..=150_000u64);
            let _ = writeln!(text, "{n} {}", rng.random_range(1..=n.min(50)));
        }
        "nullify" => {
            let (rows, columns) = (rng.random_range(1..=100), rng.random_range(1..=100));
            let _ = writeln!(text, "1\n{rows} {columns}");
            for _ in 0..rows {
                (0..columns).for_each(|_| {
                    let _ = write!(text, "{} ", rng.random_range(0..=1_000_000));
                });
                text.push('\n');
            }
        }
        "dig" => {
            let _ = writeln!(text, "{count}");
            (0..count).for_each(|_| {
                let step: String = (0..8).map(|_| if rng.random_bool(0.5) { 'W' } else { 'R' }).collect();
                let _ = writeln!(text, "{step}");
            });
        }
        "lock" => {
            let forbidden = rng.random_range(0..=3000u32);
            let _ = writeln!(text, "1\n4 {forbidden} 0000");
            (0..forbidden).for_each(|_| {
                let _ = writeln!(text, "{:04}", rng.random_range(1..10_000u32));
            });
        }
        "geography" => {
            let n = rng.random_range(2..=3000u64);
            let m = rng.random_range(1..=3 * n);
            let _ = writeln!(text, "{n} {m} 1");
            (0..m).for_each(|_| {
                let _ = writeln!(text, "{} {}", rng.random_range(1..=n), rng.random_range(1..=n));
            });
        }
        "fibonacci" => {
            (0..count).for_each(|_| {
                let _ = writeln!(text, "{}", rng.random_range(2..1u64 << 31));
            });
            text.push_str("0\n");
        }
        "wythoff" => (0..count).for_each(|_| {
            let _ =
                writeln!(text, "{} {}", rng.random_range(0..=1_000_000_000u64), rng.random_range(0..=1_000_000_000u64));
        }),
        _ => return None, // gems: the registry's cases already reach the largest bag counts the oracle allows
    }
    Some(text)
}

/// How a large input lists its items, for shrinking: `header` lines, then the items (one a line,
/// or all on the line after the header), then `footer`; `count` is where the header states the
/// number of items, as (line, token).
struct Layout {
    header: usize,
    items_on_one_line: bool,
    count: Option<(usize, usize)>,
    footer: &'static str,
}

fn layout(problem: &str) -> Option<Layout> {
    let lines = |header, count| Layout { header, items_on_one_line: false, count, footer: "" };
    Some(match problem {
        "cutting" | "wythoff" => lines(0, None),
        "fibonacci" => Layout { footer: "0\n", ..lines(0, None) },
        "stripes" => lines(2, Some((1, 0))),
        "dig" => lines(1, Some((0, 0))),
        "lock" => lines(2, Some((1, 1))),
        "geography" => lines(1, Some((0, 1))),
        "steins" | "candy" | "prime" => Layout { items_on_one_line: true, ..lines(1, Some((0, 0))) },
        _ => return None,
    })
}

/// Smaller large inputs: half of the items, or (when few are left) all but one.
fn shrink_large(problem: &str, input: &str) -> Vec<String> {
    let Some(layout) = layout(problem) else { return Vec::new() };
    let lines: Vec<&str> = input.lines().collect();
    let mut header: Vec<String> = lines.iter().take(layout.header).map(|l| l.to_string()).collect();
    let body = &lines[layout.header.min(lines.len())..];
    let body: Vec<&str> =
        if layout.footer.is_empty() { body.to_vec() } else { body[..body.len().saturating_sub(1)].to_vec() };
    let items: Vec<String> = if layout.items_on_one_line {
        body.first().map(|l| l.split_whitespace().map(str::to_string).collect()).unwrap_or_default()
    } else {
        body.iter().map(|l| l.to_string()).collect()
    };
    let render = |kept: &[String], header: &mut Vec<String>| {
        if let Some((line, token)) = layout.count {
            let mut words: Vec<String> = header[line].split_whitespace().map(str::to_string).collect();
            words[token] = kept.len().to_string();
            header[line] = words.join(" ");
        }
        let mut text: String = header.iter().map(|l| format!("{l}\n")).collect();
        if layout.items_on_one_line {
            text.push_str(&kept.join(" "));
            text.push('\n');
        } else {
            kept.iter().for_each(|item| text.push_str(&format!("{item}\n")));
        }
        text + layout.footer
    };
    let mut candidates = Vec::new();
    if items.len() > 1 {
        let half = items.len() / 2;
        candidates.push(render(&items[..half], &mut header));
        candidates.push(render(&items[half..], &mut header));
    }
    if items.len() <= 16 && items.len() > 1 {
        for i in 0..items.len() {
            let mut kept = items.clone();
            kept.remove(i);
            candidates.push(render(&kept, &mut header));
        }
    }
    candidates
}

/// The registry entry whose cases a problem's duel draws.
fn entry_of(problem: &str) -> Option<Box<dyn crate::registry::Entry>> {
    let name = if problem == "geography" { "geography/general" } else { problem };
    crate::registry::find(name)
}

/// Duels `command` on a catalog problem other than `pack`: the registry's random cases, written
/// in the problem's format. The expected output is ours, confirmed case by case by the oracle
/// (the registry's own comparison).
pub fn duel_problem(
    problem: &str,
    command: &str,
    seed: u64,
    cases: u64,
    deadline: Option<Instant>,
    limit: Duration,
    progress: &dyn Fn(u64),
) -> anyhow::Result<DuelReport> {
    let entry =
        entry_of(problem).ok_or_else(|| anyhow::anyhow!("duel has no generator for the problem `{problem}`"))?;
    let mut rng = crate::check::rng_for(seed, &format!("duel/{problem}"));
    let mut report = DuelReport { seed, cases: 0, by_oracle: 0, failure: None };
    // The expected output and who vouches for it, or None when the case is not well formed.
    let expected = |case: &str| -> anyhow::Result<Option<(String, String, &'static str)>> {
        let numbers: Vec<u64> = case.split_whitespace().filter_map(|t| t.parse().ok()).collect();
        let Some(input) = render(problem, &numbers) else { return Ok(None) };
        let Some(Ok(output)) = crate::problems::solve(problem, &input) else { return Ok(None) };
        let confirmed = match entry.replay(case) {
            Ok(check) if check.status == crate::check::Status::Ok && check.unsupported == 0 => "oracle",
            Ok(check) if check.status == crate::check::Status::Mismatch => {
                anyhow::bail!("the fast solver disagrees with the oracle on {problem} case `{case}`: run grundy check")
            }
            _ => "fast solver",
        };
        Ok(Some((input, output, confirmed)))
    };
    let fails = |case: &str| -> anyhow::Result<Option<(String, Run, String, &'static str)>> {
        let Some((input, output, by)) = expected(case)? else { return Ok(None) };
        let run = run(command, &input, limit)?;
        Ok(match &run {
            Run::Output { stdout } if same_answer(&output, stdout) => None,
            _ => Some((input, run, output, by)),
        })
    };
    for _ in 0..cases {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        report.cases += 1;
        progress(1);
        // One input in five is large, answered by the verified fast solver.
        if rng.random_bool(0.2) {
            if let Some(input) = large_input(problem, &mut rng) {
                if !matches!(crate::problems::solve(problem, &input), Some(Ok(_))) {
                    anyhow::bail!("a generated {problem} input was rejected: this is a bug in grundy");
                }
                let large_fails = |input: &str| -> anyhow::Result<Option<(Run, String)>> {
                    let Some(Ok(output)) = crate::problems::solve(problem, input) else { return Ok(None) };
                    let run = run(command, input, limit)?;
                    Ok((!matches!(&run, Run::Output { stdout } if same_answer(&output, stdout)))
                        .then_some((run, output)))
                };
                let Some((mut run, mut output)) = large_fails(&input)? else { continue };
                // Shrink by halves of the test cases or items, then single ones.
                let (mut current, mut steps, mut runs) = (input, 0u32, 0u32);
                'halves: while runs < SHRINK_RUNS {
                    for candidate in shrink_large(problem, &current) {
                        runs += 1;
                        if runs > SHRINK_RUNS || deadline.is_some_and(|d| Instant::now() >= d) {
                            break 'halves;
                        }
                        if let Some(failure) = large_fails(&candidate)? {
                            (run, output) = failure;
                            current = candidate;
                            steps += 1;
                            continue 'halves;
                        }
                    }
                    break;
                }
                report.failure = Some(DuelFailure {
                    input: current,
                    expected: output,
                    expected_by: "fast solver, on a large input".to_string(),
                    actual: run,
                    shrink_steps: steps,
                });
                break;
            }
        }
        let case = entry.random_case(&mut rng);
        let Some((mut input, mut run, mut output, mut by)) = fails(&case)? else {
            report.by_oracle += u64::from(matches!(expected(&case)?, Some((_, _, "oracle"))));
            continue;
        };
        let (mut current, mut steps, mut runs) = (case, 0u32, 0u32);
        'smaller: while runs < SHRINK_RUNS {
            for candidate in entry.shrink_case(&current) {
                runs += 1;
                if runs > SHRINK_RUNS || deadline.is_some_and(|d| Instant::now() >= d) {
                    break 'smaller;
                }
                if let Some(failure) = fails(&candidate)? {
                    (input, run, output, by) = failure;
                    current = candidate;
                    steps += 1;
                    continue 'smaller;
                }
            }
            break;
        }
        report.failure = Some(DuelFailure {
            input,
            expected: output,
            expected_by: by.to_string(),
            actual: run,
            shrink_steps: steps,
        });
        break;
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn large_inputs_shrink_by_halves_keeping_their_counts() {
        let smaller = shrink_large("candy", "4\n5 6 7 8\n");
        assert_eq!(smaller[0], "2\n5 6\n");
        assert!(smaller.contains(&"3\n5 7 8\n".to_string()));
        let smaller = shrink_large("fibonacci", "5\n8\n13\n0\n");
        assert_eq!(smaller[0], "5\n0\n");
        let smaller = shrink_large("geography", "3 2 1\n1 2\n2 3\n");
        assert_eq!(smaller[1], "3 1 1\n2 3\n");
    }

    #[test]
    fn answers_compare_by_lines() {
        assert!(same_answer("White\nBlack\n", "White  \nBlack"));
        assert!(!same_answer("White\n", "Black\n"));
    }

    #[test]
    fn runs_report_crashes_and_timeouts() {
        let limit = Duration::from_millis(300);
        assert_eq!(run("cat", "hi\n", limit).unwrap(), Run::Output { stdout: "hi\n".to_string() });
        assert!(matches!(run("exit 3", "", limit).unwrap(), Run::Crashed { .. }));
        let started = Instant::now();
        assert!(matches!(run("sleep 5", "", limit).unwrap(), Run::TimedOut { .. }));
        assert!(started.elapsed() < Duration::from_secs(3));
    }
}
