//! The seek queue: which waiting players make a game. Seekers match when they want the same
//! thing (game, player count, clock, rated or not, on the same server) and, for rated
//! seeks, when their ratings are close: each seeker accepts opponents within a window that
//! starts at [`WINDOW_START`] rating points and widens by [`WINDOW_STEP`] every hour of
//! waiting, as lichess widens a seek's range, but on the pace of correspondence play.

/// The rating window of a seek just placed.
pub const WINDOW_START: f64 = 150.0;
/// How much the window widens per hour waited.
pub const WINDOW_STEP: f64 = 100.0;
const HOUR_MS: i64 = 3_600_000;

#[derive(Clone, Debug, PartialEq)]
pub struct Seek {
    pub user: String,
    /// What the seeker wants, as one comparable key (game, players, clock, rated, server).
    pub wants: String,
    pub players: usize,
    pub rated: bool,
    pub rating: f64,
    pub since_ms: i64,
}

/// A seek's window after waiting until `now_ms`.
pub fn window(seek: &Seek, now_ms: i64) -> f64 {
    let hours = (now_ms - seek.since_ms).max(0) / HOUR_MS;
    WINDOW_START + WINDOW_STEP * hours as f64
}

/// Whether `a` and `b` may sit at one table now.
pub fn compatible(a: &Seek, b: &Seek, now_ms: i64) -> bool {
    if a.user == b.user || a.wants != b.wants {
        return false;
    }
    if !a.rated {
        return true;
    }
    let gap = (a.rating - b.rating).abs();
    gap <= window(a, now_ms) && gap <= window(b, now_ms)
}

/// The first table the queue can seat: the longest-waiting seeker with the
/// longest-waiting others who are all compatible with one another. Indices into `queue`,
/// oldest first.
pub fn next_table(queue: &[Seek], now_ms: i64) -> Option<Vec<usize>> {
    let mut order: Vec<usize> = (0..queue.len()).collect();
    order.sort_by_key(|&i| (queue[i].since_ms, i));
    for (k, &first) in order.iter().enumerate() {
        let need = queue[first].players;
        let mut table = vec![first];
        for &i in &order[k + 1..] {
            if table.len() == need {
                break;
            }
            if table
                .iter()
                .all(|&t| compatible(&queue[t], &queue[i], now_ms))
            {
                table.push(i);
            }
        }
        if table.len() == need {
            return Some(table);
        }
    }
    None
}
