//! Ctrl-C as a deadline: a run that installs [`on_ctrl_c`] stops at its next check, as at
//! `--time`, and reports what it found so far (a duel shrinks no further and prints its failure).
//! A second Ctrl-C ends the process at once.

use std::sync::atomic::{AtomicBool, Ordering};

/// Set by the handler at the first Ctrl-C.
static REQUESTED: AtomicBool = AtomicBool::new(false);

/// Whether Ctrl-C was pressed (always `false` unless [`on_ctrl_c`] was called).
pub fn requested() -> bool {
    REQUESTED.load(Ordering::Relaxed)
}

/// Whether `deadline` has passed, or Ctrl-C was pressed.
pub fn past(deadline: Option<std::time::Instant>) -> bool {
    requested() || deadline.is_some_and(|deadline| std::time::Instant::now() >= deadline)
}

#[cfg(unix)]
extern "C" fn handle(_: libc::c_int) {
    // Only async-signal-safe work here: an atomic swap, and `_exit` the second time.
    if REQUESTED.swap(true, Ordering::Relaxed) {
        // SAFETY: `_exit` is async-signal-safe; it ends the process without running anything else.
        unsafe { libc::_exit(130) };
    }
}

/// Makes Ctrl-C (SIGINT) a request to stop instead of the end of the process.
pub fn on_ctrl_c() {
    #[cfg(unix)]
    // SAFETY: the handler only touches an atomic and calls `_exit`, both async-signal-safe; the
    // programs a duel runs are in process groups of their own, so the terminal's SIGINT does not
    // reach them, and the harness kills them itself.
    unsafe {
        libc::signal(libc::SIGINT, handle as extern "C" fn(libc::c_int) as libc::sighandler_t);
    }
}
