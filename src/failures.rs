//! Failing inputs kept for later, as proptest keeps its regressions: each failure of `duel` and
//! `verify` is saved in a directory of its own (never the working directory), under a name made
//! from what failed, and the report prints the command that replays it.
//!
//! The directory is `$GRUNDY_FAILURES` when set, else `$XDG_STATE_HOME/grundy/failures`, else
//! `~/.local/state/grundy/failures`, else `grundy-failures` in the system's temporary directory.

use std::path::PathBuf;

use crate::error::Error;

/// The directory failing inputs are saved in.
pub fn directory() -> PathBuf {
    if let Some(dir) = std::env::var_os("GRUNDY_FAILURES").filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    if let Some(state) = std::env::var_os("XDG_STATE_HOME").filter(|d| !d.is_empty()) {
        return PathBuf::from(state).join("grundy").join("failures");
    }
    if let Some(home) = std::env::var_os("HOME").filter(|d| !d.is_empty()) {
        return PathBuf::from(home).join(".local").join("state").join("grundy").join("failures");
    }
    std::env::temp_dir().join("grundy-failures")
}

/// Saves `content` as a failure of `command` on `subject` (a problem or a game); returns the path.
/// The name holds a hash of the content, so the same failure is saved once.
pub fn save(command: &str, subject: &str, content: &str) -> Result<PathBuf, Error> {
    let dir = directory();
    std::fs::create_dir_all(&dir).map_err(|e| Error::io(format!("creating {}", dir.display()), e))?;
    let hash = content.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
    let safe: String = subject.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' { c } else { '_' }).collect();
    let path = dir.join(format!("{command}-{safe}-{hash:016x}.txt"));
    std::fs::write(&path, content).map_err(|e| Error::io(format!("writing {}", path.display()), e))?;
    Ok(path)
}
