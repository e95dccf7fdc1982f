//! `plateau play [--db FILE] [--renders DIR]`: a local chat channel in the terminal.

use super::failure::{at, Failure};
use super::renders::writable;
use clap::Args;
use plateau::local::Session;
use plateau::store::Location;
use std::io::{self, IsTerminal};
use std::path::PathBuf;

#[derive(Args)]
pub struct Play {
    /// The database: a SQLite file, or a PostgreSQL server (postgres://... or
    /// "host=... dbname=...").
    #[arg(long, default_value = "plateau.db")]
    db: PathBuf,
    /// Where board pictures are written.
    #[arg(long, default_value = "boards")]
    renders: PathBuf,
}

pub fn run(Play { db, renders }: Play) -> Result<(), Failure> {
    writable(&renders)?;
    let shown = Location::parse(&db).display();
    let session = Session::open(Some(&db), Some(renders.clone())).map_err(|e| at(&shown, e))?;
    eprintln!(
        "Plateau local channel on {shown} (pictures in {}/). Type lines like \
         `@alice #tavern /new pikemen 2`, `/help` for the commands; Ctrl-D quits.",
        renders.display()
    );
    let stdin = io::stdin();
    // A terminal shows what was typed already; piped input is echoed as a transcript.
    let echo = !stdin.is_terminal();
    session.interactive(&mut stdin.lock(), &mut io::stdout().lock(), echo)?;
    Ok(())
}
