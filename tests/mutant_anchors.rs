//! The exclusions of `.cargo/mutants.toml` anchored to a line (`file\.rs:LINE:`) still point at
//! the code their reason is about (#57): the line holds the operator the mutant replaces. A
//! line that moved would otherwise exclude whatever mutant lands there next, or none.

#[test]
fn line_anchored_mutant_exclusions_point_at_their_code() {
    let root = env!("CARGO_MANIFEST_DIR");
    let config = std::fs::read_to_string(format!("{root}/.cargo/mutants.toml")).expect("mutants.toml");
    let mut checked = 0;
    let mut stale = Vec::new();
    for line in config.lines().map(str::trim).filter(|line| line.starts_with('\'')) {
        // 'sparse/worker\.rs:293:\d+: replace == with != in Worker<.*>::speculate$',
        let pattern = line.trim_start_matches('\'').trim_end_matches(',').trim_end_matches('\'');
        let Some((path, rest)) = pattern.split_once("\\.rs:") else { continue };
        let Some((number, rest)) = rest.split_once(':') else { continue };
        let Ok(number) = number.parse::<usize>() else { continue };
        let Some(replaced) = rest.split_once("replace ").and_then(|(_, r)| r.split_once(" with ")).map(|(r, _)| r)
        else {
            continue;
        };
        let file = format!("{root}/fast/src/{path}.rs");
        let file = if std::path::Path::new(&file).exists() { file } else { format!("{root}/fast/src/games/{path}.rs") };
        let source = std::fs::read_to_string(&file).unwrap_or_else(|_| panic!("no file for `{pattern}`"));
        let at = source.lines().nth(number - 1).unwrap_or_default();
        // The operator as the pattern escapes it (`\+`, `\|`), and `match guard X` as X.
        let operator = replaced.replace('\\', "");
        let operator = operator.strip_prefix("match guard ").unwrap_or(&operator);
        if replaced.starts_with('(') || operator.contains(".*") || operator.contains('[') {
            checked += 1; // a class of operators: the line is named, its operators vary
            continue;
        }
        checked += 1;
        if !at.contains(operator) {
            stale.push(format!("{pattern}: line {number} of {file} is `{}`", at.trim()));
        }
    }
    assert!(checked >= 10, "only {checked} anchored exclusions read");
    assert!(stale.is_empty(), "anchors that moved:\n{}", stale.join("\n"));
}
