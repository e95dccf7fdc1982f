//! `plateau ratings rebuild [--db FILE]`: every rating recomputed from the finished games.

use super::failure::{at, Failure};
use clap::Subcommand;
use plateau::store::Location;
use std::path::PathBuf;

#[derive(Subcommand)]
pub enum RatingsCmd {
    /// Recomputes every rating from the finished games, in the order they ended (the bot
    /// must be stopped: one process per database).
    Rebuild {
        /// The database: a SQLite file, or a PostgreSQL server (postgres://... or
        /// "host=... dbname=...").
        #[arg(long, default_value = "plateau.db")]
        db: PathBuf,
    },
}

pub fn run(action: RatingsCmd) -> Result<(), Failure> {
    let RatingsCmd::Rebuild { db } = action;
    let location = Location::parse(&db);
    let shown = location.display();
    if matches!(location, Location::File(_)) && !db.exists() {
        return Err(Failure::Usage(format!(
            "{shown}: no such database (give the bot's file or server with --db FILE \
             or --db postgres://...)"
        )));
    }
    let mut store = plateau::store::Store::at(&location).map_err(|e| at(&shown, e))?;
    let rated = plateau::rating::rebuild(&mut store).map_err(|e| at(&shown, e))?;
    let games = if rated == 1 { "game" } else { "games" };
    println!("Ratings rebuilt from {rated} rated {games}.");
    Ok(())
}
