//! The `grundy` binary: the command line over the harness library.

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
