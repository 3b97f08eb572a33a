//! `grundy generate`: the man pages and the shells' completions, made from the same definition
//! of the command line as the help (#55), so that none of them can fall behind the others.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::CommandFactory;

use super::Cli;

#[derive(Debug, clap::Subcommand)]
pub enum What {
    /// The man page, in roff, on standard output; with --dir, a page for every command
    #[command(after_help = "Examples:
  grundy generate man | man -l -
  grundy generate man --dir ~/.local/share/man/man1")]
    Man {
        /// Write grundy.1 and a page for each command into DIR
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
    },
    /// A shell's completion script, on standard output
    #[command(after_help = "Examples:
  grundy generate completions bash > ~/.local/share/bash-completion/completions/grundy
  grundy generate completions zsh > ~/.zfunc/_grundy
  grundy generate completions fish > ~/.config/fish/completions/grundy.fish")]
    Completions {
        /// The shell
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
}

pub fn run(what: What) -> anyhow::Result<ExitCode> {
    let command = Cli::command();
    match what {
        What::Man { dir: None } => {
            let mut page = Vec::new();
            clap_mangen::Man::new(command).render(&mut page).context("writing the man page")?;
            super::write_stdout(&page)?;
        }
        What::Man { dir: Some(dir) } => {
            std::fs::create_dir_all(&dir).with_context(|| format!("making {}", dir.display()))?;
            clap_mangen::generate_to(command, &dir)
                .with_context(|| format!("writing man pages into {}", dir.display()))?;
            let pages = std::fs::read_dir(&dir)
                .with_context(|| format!("reading {}", dir.display()))?
                .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
                .filter(|name| name.starts_with("grundy") && name.ends_with(".1"))
                .count();
            println!("{pages} man pages in {}", dir.display());
        }
        What::Completions { shell } => {
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut command.clone(), "grundy", &mut script);
            super::write_stdout(&script)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
