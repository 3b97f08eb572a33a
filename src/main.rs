fn main() -> std::process::ExitCode {
    grundy::cli::main()
}
