//! Answers compared as a judge compares them: line by line, trailing white space and empty lines
//! at the end not counted.

/// Lines compared as a judge does: trailing white space on a line, and empty lines at the end,
/// do not count.
fn answer_lines(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    while lines.last().is_some_and(|line| line.is_empty()) {
        lines.pop();
    }
    lines
}

/// Whether two outputs are the same answer.
pub fn same_answer(expected: &str, actual: &str) -> bool {
    answer_lines(expected) == answer_lines(actual)
}

/// The first line (from 0) where `actual` differs from `expected`; `None` when they agree.
pub(super) fn first_differing_line(expected: &str, actual: &str) -> Option<usize> {
    let (expected, actual) = (answer_lines(expected), answer_lines(actual));
    (0..expected.len().max(actual.len())).find(|&i| expected.get(i) != actual.get(i))
}

/// Every line (from 0) where `actual` differs from `expected`.
pub(super) fn differing_lines(expected: &str, actual: &str) -> Vec<usize> {
    let (expected, actual) = (answer_lines(expected), answer_lines(actual));
    (0..expected.len().max(actual.len())).filter(|&i| expected.get(i) != actual.get(i)).collect()
}

/// The first line where `actual` differs from `expected`, in words; `None` when they agree.
pub fn first_difference(expected: &str, actual: &str) -> Option<String> {
    let at = first_differing_line(expected, actual)?;
    Some(difference_at(&answer_lines(expected), &answer_lines(actual), at))
}

/// Line `at` (from 0) of two answers, in words: `line 3: expected `1`, found `0``.
fn difference_at(expected: &[&str], actual: &[&str], at: usize) -> String {
    let shown = |line: Option<&&str>| match line {
        Some(line) => format!("`{}`", truncate(line, 80)),
        None => "nothing".to_string(),
    };
    format!("line {}: expected {}, found {}", at + 1, shown(expected.get(at)), shown(actual.get(at)))
}

/// The verdict of each line where `actual` differs from `expected`, in order: `wrong answer:
/// line 3: expected …, found …`.
pub(super) fn line_verdicts(expected: &str, actual: &str) -> Vec<String> {
    let (expected, actual) = (answer_lines(expected), answer_lines(actual));
    (0..expected.len().max(actual.len()))
        .filter(|&i| expected.get(i) != actual.get(i))
        .map(|i| format!("wrong answer: {}", difference_at(&expected, &actual, i)))
        .collect()
}

fn truncate(text: &str, most: usize) -> String {
    if text.chars().count() <= most { text.to_string() } else { text.chars().take(most).collect::<String>() + "…" }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_compare_by_lines() {
        assert!(same_answer("White\nBlack\n", "White  \nBlack"));
        assert!(!same_answer("White\n", "Black\n"));
        assert_eq!(first_difference("a\nb\n", "a\nc\n").unwrap(), "line 2: expected `b`, found `c`");
        assert_eq!(first_difference("a\n", "").unwrap(), "line 1: expected `a`, found nothing");
    }
}

/// What tells one failure from another when a duel goes on past the first (`--keep-going`): a
/// wrong answer by what was expected and what was found on its first differing line (not
/// where), a runtime error by its exit status, any other verdict by its kind. A failure being
/// shrunk keeps its signature, so that a second bug is not shrunk into the first one's input.
pub fn signature(verdict: &str) -> String {
    let kind = verdict.split([':', '(']).next().unwrap_or_default().trim();
    match kind {
        "wrong answer" => match verdict.find("expected ") {
            Some(at) => format!("{kind}: {}", &verdict[at..]),
            None => verdict.to_string(),
        },
        "runtime error" => match verdict.find(')') {
            Some(at) => verdict[..=at].to_string(),
            None => kind.to_string(),
        },
        _ => kind.to_string(),
    }
}

#[cfg(test)]
mod signature_tests {
    use super::signature;

    #[test]
    fn failures_are_told_apart_by_what_not_where() {
        let wrong =
            |line: usize, expected: &str| format!("wrong answer: line {line}: expected `{expected}`, found `x`");
        assert_eq!(signature(&wrong(1, "0")), signature(&wrong(7, "0")));
        assert_ne!(signature(&wrong(1, "0")), signature(&wrong(1, "1")));
        assert_eq!(signature("runtime error (exit status: 3): boom"), "runtime error (exit status: 3)");
        assert_ne!(signature("runtime error (exit status: 3): a"), signature("runtime error (signal: 11): a"));
        assert_eq!(signature("time limit exceeded (2.10 s of CPU time, the limit is 2 s)"), "time limit exceeded");
    }
}
