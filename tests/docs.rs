//! The docs name only what exists (#55): every relative link of the README and the book, and
//! every path of the repository they name (`examples/…`, `scripts/…`, `src/…`, …), is a file or
//! folder of the repository.

use std::path::{Path, PathBuf};

/// The README, the changelog and every page of the book.
fn pages(root: &Path) -> Vec<PathBuf> {
    let mut pages = vec![root.join("README.md"), root.join("CHANGELOG.md")];
    let mut dirs = vec![root.join("book/src")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("book/src").flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                pages.push(path);
            }
        }
    }
    pages
}

/// The folders of the repository whose paths the docs name.
const REPOSITORY_FOLDERS: [&str; 13] = [
    "examples/",
    "scripts/",
    "tests/",
    "src/",
    "benches/",
    ".ci/",
    ".cargo/",
    "fuzz/",
    "fast/",
    "oracle/",
    "rules/",
    "definition/",
    "book/",
];

/// Paths the docs name that a run makes (a fuzzer's crashes), not files of a checkout.
const MADE_BY_RUNS: [&str; 1] = ["fuzz/artifacts/"];

#[test]
fn every_path_the_docs_name_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut missing = Vec::new();
    for page in pages(root) {
        let text = std::fs::read_to_string(&page).expect("a page");
        let dir = page.parent().expect("a folder");
        // Markdown links: ](target), relative to the page.
        for target in text.split("](").skip(1).filter_map(|rest| rest.split(')').next()) {
            let target = target.split('#').next().unwrap_or_default();
            if target.is_empty() || target.contains("://") {
                continue;
            }
            if !dir.join(target).exists() {
                missing.push(format!("{}: link {target}", page.display()));
            }
        }
        // Paths of the repository (`examples/…`, `scripts/…`, `src/…`, …), relative to its root.
        for prefix in REPOSITORY_FOLDERS {
            for (at, _) in text.match_indices(prefix) {
                // Only where a path starts: not inside another path or word (`fast/src/`).
                if text[..at].chars().next_back().is_some_and(|c| c.is_alphanumeric() || "/.~-_".contains(c)) {
                    continue;
                }
                let path: String = text[at..].chars().take_while(|c| !" `'\"()[]\n,;:*".contains(*c)).collect();
                let path = path.trim_end_matches('.');
                if path.contains('…') || MADE_BY_RUNS.contains(&path) {
                    continue;
                }
                if !root.join(path).exists() {
                    missing.push(format!("{}: {path}", page.display()));
                }
            }
        }
    }
    assert!(missing.is_empty(), "named but missing:\n{}", missing.join("\n"));
}
