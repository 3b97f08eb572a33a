//! `grundy list`: operations, compounds, problems and registry entries.

use std::process::ExitCode;

use grundy::catalog;
use grundy_rules::{Compound, Operation};

use super::write_stdout;

pub fn run() -> anyhow::Result<ExitCode> {
    let mut out = String::new();
    out.push_str("Games: OPERATION[/COMPOUND[/PLAY]] or pack:A,B,C,D\n");
    out.push_str(&format!("  operations: {}\n", Operation::SYNTAX));
    out.push_str("  compounds:\n");
    for compound in Compound::ALL {
        let (b, c) = compound.pack_code();
        out.push_str(&format!("    {:<12} {} (Game Pack B={b}, C={c})\n", compound.name(), compound.full_name()));
    }
    out.push_str("  play: normal (default), misere\n");
    out.push_str("Problems (grundy problem NAME, stdin → stdout; grundy duel NAME):\n");
    for problem in catalog::contests() {
        let statement = problem.statement();
        out.push_str(&format!("  {:<12} {}\n", problem.name(), problem.format()));
        out.push_str(&format!("  {:<12} statement: {}\n", "", statement.source_words()));
        out.push_str(&format!("  {:<12}   {}; {}\n", "", statement.constraints, statement.limits_words()));
        out.push_str(&format!("  {:<12} grundy problem reads: {}\n", "", problem.limits()));
    }
    out.push_str("Registry entries (grundy check --only NAME):\n");
    for entry in catalog::entries() {
        out.push_str(&format!("  {:<16} {}\n", entry.name(), entry.summary()));
    }
    write_stdout(out.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}
