//! The harness's error type: what a command could not do, in one line.

use crate::contest::InputError;

/// Why a harness function could not do what was asked.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A malformed contest input.
    #[error(transparent)]
    Input(#[from] InputError),
    /// A malformed game, position or case.
    #[error(transparent)]
    Parse(#[from] grundy_rules::ParseError),
    /// The fast side has no answer.
    #[error(transparent)]
    Unsupported(#[from] grundy_fast::Unsupported),
    /// The oracle has no answer.
    #[error(transparent)]
    Oracle(#[from] grundy_oracle::OracleError),
    /// A scripted game's call failed.
    #[error(transparent)]
    Script(#[from] crate::script::ScriptError),
    /// A malformed graph.
    #[error(transparent)]
    Graph(#[from] crate::graph_input::GraphError),
    /// The request itself is wrong: what and why.
    #[error("{0}")]
    Usage(String),
    /// Reading or writing failed.
    #[error("{what}: {cause}")]
    Io {
        /// What was being read or written.
        what: String,
        /// Why it failed.
        cause: std::io::Error,
    },
}

impl Error {
    /// A usage error.
    pub fn usage(message: impl Into<String>) -> Error {
        Error::Usage(message.into())
    }

    /// An input/output error while doing `what`.
    pub fn io(what: impl Into<String>, source: std::io::Error) -> Error {
        Error::Io { what: what.into(), cause: source }
    }
}
