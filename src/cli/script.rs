//! `plateau script FILE [--db FILE] [--renders DIR]`: a transcript run non-interactively.

use super::failure::Failure;
use super::renders::writable;
use clap::Args;
use plateau::local::Session;
use std::io::{self, Write};
use std::path::PathBuf;

#[derive(Args)]
pub struct Script {
    file: PathBuf,
    /// The database: a SQLite file or a PostgreSQL server (default: a fresh one in
    /// memory).
    #[arg(long)]
    db: Option<PathBuf>,
    /// Where board pictures are written (default: not written).
    #[arg(long)]
    renders: Option<PathBuf>,
}

pub fn run(Script { file, db, renders }: Script) -> Result<(), Failure> {
    if let Some(dir) = &renders {
        writable(dir)?;
    }
    let text = std::fs::read_to_string(&file)
        .map_err(|e| Failure::Usage(format!("{}: {e}", file.display())))?;
    let session =
        Session::open(db.as_deref(), renders).map_err(|e| Failure::Usage(format!("{e}")))?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    // Parse errors come before any output, so stdout stays empty on them.
    session.script(&text, &mut out).map_err(|e| match e {
        plateau::local::LocalError::Io(e) => Failure::Other(e.into()),
        e => Failure::Usage(format!("{}: {e}", file.display())),
    })?;
    out.flush()?;
    Ok(())
}
