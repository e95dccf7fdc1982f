//! Every move a callback said was played, looked up in the database the bots wrote: each
//! game's stored moves must begin with its acknowledged ones, in order (none lost), and hold
//! no more than those plus the moves sent and never answered (none twice).

use crate::cluster::Db;
use crate::traffic::Game;

#[derive(Default, Debug)]
pub struct Audit {
    pub games: usize,
    pub acked: usize,
    pub lost: usize,
    pub duplicated: usize,
    pub in_doubt: u32,
    /// Of those, how many the database holds (played, the answer lost with its process).
    pub in_doubt_stored: usize,
}

/// The moves stored for each channel, in ply order.
async fn stored(db: &Db, channels: Vec<u64>) -> Vec<Vec<String>> {
    const MOVES: &str = "SELECT a.text FROM actions a JOIN games g ON g.id = a.game \
                         WHERE g.channel = $1 AND a.kind = 'move' ORDER BY a.ply";
    match db {
        Db::Postgres { url, .. } => {
            let (client, conn) = tokio_postgres::connect(url, tokio_postgres::NoTls)
                .await
                .expect("the audit's PostgreSQL session");
            tokio::spawn(conn);
            let mut out = Vec::new();
            for ch in channels {
                let rows = client.query(MOVES, &[&ch.to_string()]).await.unwrap();
                out.push(rows.iter().map(|r| r.get(0)).collect());
            }
            out
        }
        Db::Sqlite(path) => {
            let path = path.clone();
            tokio::task::spawn_blocking(move || {
                let c = rusqlite::Connection::open_with_flags(
                    &path,
                    rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY,
                )
                .expect("the bots' SQLite file");
                let mut q = c.prepare(&MOVES.replace("$1", "?1")).unwrap();
                channels
                    .iter()
                    .map(|ch| {
                        q.query_map([ch.to_string()], |r| r.get(0))
                            .unwrap()
                            .map(Result::unwrap)
                            .collect()
                    })
                    .collect()
            })
            .await
            .unwrap()
        }
    }
}

pub async fn check(db: &Db, games: &[Game]) -> Audit {
    let found = stored(db, games.iter().map(|g| g.channel).collect()).await;
    let mut a = Audit::default();
    for (g, moves) in games.iter().zip(found) {
        a.games += 1;
        a.acked += g.acked.len();
        a.in_doubt += g.in_doubt;
        a.lost += g
            .acked
            .iter()
            .enumerate()
            .filter(|(i, m)| moves.get(*i) != Some(*m))
            .count();
        a.in_doubt_stored += moves
            .len()
            .saturating_sub(g.acked.len())
            .min(g.in_doubt as usize);
        a.duplicated += moves
            .len()
            .saturating_sub(g.acked.len() + g.in_doubt as usize);
    }
    a
}
