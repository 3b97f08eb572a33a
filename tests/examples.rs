//! The console examples of the README and the book run as they are written (#55): each
//! ```` ```console ```` block's `$ grundy …` lines run the binary, and their output must match
//! line for line (`...` on a line of its own stands for lines left out, `[..]` for part of a
//! line, `? N` for an exit code other than 0). As trycmd reads Markdown, each command's output
//! ends with one blank line before the block's closing fence.

#[test]
fn the_docs_console_examples_run_as_written() {
    // Failing inputs that the examples save go to a directory of this run, not the user's.
    let failures = std::env::temp_dir().join(format!("grundy-doc-examples-{}", std::process::id()));
    trycmd::TestCases::new()
        .register_bin("grundy", std::path::PathBuf::from(env!("CARGO_BIN_EXE_grundy")))
        .env("GRUNDY_FAILURES", failures.display().to_string())
        .case("README.md")
        .case("book/src/*.md")
        .case("book/src/commands/*.md")
        .run();
    let _ = std::fs::remove_dir_all(&failures);
}
