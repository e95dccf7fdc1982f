//! `plateau play [--db FILE] [--renders DIR]`: a local chat channel in the terminal.

use super::failure::{at, Failure};
use super::renders::writable;
use clap::Args;
use plateau::local::Session;
use plateau::store::Location;
use std::io::{self, IsTerminal};
use std::path::PathBuf;
use std::sync::Arc;

#[derive(Args)]
pub struct Play {
    /// The database: a SQLite file, or a PostgreSQL server (postgres://... or
    /// "host=... dbname=...").
    #[arg(long, default_value = "plateau.db")]
    db: PathBuf,
    /// Where board pictures are written.
    #[arg(long, default_value = "boards")]
    renders: PathBuf,
    /// Serves the games' pages on this address (such as 127.0.0.1:8080); boards print their
    /// page's link.
    #[arg(long, value_name = "ADDR")]
    web: Option<String>,
}

pub fn run(Play { db, renders, web }: Play) -> Result<(), Failure> {
    writable(&renders)?;
    let shown = Location::parse(&db).display();
    let mut session = Session::open(Some(&db), Some(renders.clone())).map_err(|e| at(&shown, e))?;
    let listener = match &web {
        Some(addr) => {
            let listener = std::net::TcpListener::bind(addr)
                .map_err(|e| Failure::Usage(format!("plateau play: --web {addr}: {e}")))?;
            let base = format!(
                "http://{}",
                listener
                    .local_addr()
                    .map_err(|e| Failure::Other(e.into()))?
            );
            eprintln!("Game pages on {base}/g/...: each board prints its game's link.");
            session = session.with_pages(base);
            Some(listener)
        }
        None => None,
    };
    let session = Arc::new(session);
    if let Some(listener) = listener {
        pages(listener, session.clone()).map_err(|e| Failure::Other(e.into()))?;
    }
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

/// Serves the pages of the session's games on a thread of their own, with its own runtime,
/// for as long as the terminal channel runs.
fn pages(listener: std::net::TcpListener, session: Arc<Session>) -> io::Result<()> {
    listener.set_nonblocking(true)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()?;
    std::thread::spawn(move || {
        runtime.block_on(async move {
            let listener = tokio::net::TcpListener::from_std(listener)?;
            plateau::web::serve(listener, Arc::new(move || session.table())).await
        })
    });
    Ok(())
}
