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
    let (expected, actual) = (answer_lines(expected), answer_lines(actual));
    let shown = |line: Option<&&str>| match line {
        Some(line) => format!("`{}`", truncate(line, 80)),
        None => "nothing".to_string(),
    };
    Some(format!("line {}: expected {}, found {}", at + 1, shown(expected.get(at)), shown(actual.get(at))))
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
