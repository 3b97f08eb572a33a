//! What the tests that run the binary share: running `grundy` as a user would.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs the binary on `args` with `stdin` as its input; its saved failures go to `failures` in
/// the temporary directory (`None`: where a user's would).
pub fn run_grundy(args: &[&str], stdin: &str, failures: Option<&str>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_grundy"));
    if let Some(failures) = failures {
        command.env("GRUNDY_FAILURES", std::env::temp_dir().join(failures));
    }
    let mut child = command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // The program may stop reading at the first error: a broken pipe here is not a failure.
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    child.wait_with_output().unwrap()
}

/// Writes `scripts` (name, body) as shell scripts into a fresh directory `grundy-NAME-PID` of the
/// temporary directory.
#[allow(dead_code)] // not every test binary writes scripts
pub fn scripts_in(name: &str, scripts: &[(&str, &str)]) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (script, text) in scripts {
        std::fs::write(dir.join(script), format!("#!/bin/sh\n{text}")).unwrap();
    }
    dir
}
