//! Issue 12: ratings are derived data. After 200 random games of all four games and every
//! player count, played through the service (moves, resignations, agreed draws, unrated and
//! aborted games among them), `rating::rebuild` recomputes exactly the stored values.

mod common;

use common::{ctx, send, START_MS};
use plateau::engine::GameKind;
use plateau::store::{RatingRow, Store};
use plateau::table::{Command, ManualClock, Table};
use std::collections::BTreeMap;
use std::sync::Arc;

/// SplitMix64: a reproducible stream for the test's choices.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const POOL: [&str; 10] = [
    "ann", "ben", "cat", "dan", "eve", "fay", "gus", "hal", "ivy", "jon",
];

fn all_ratings(store: &Store) -> BTreeMap<(String, String), RatingRow> {
    let mut out = BTreeMap::new();
    for u in POOL {
        for r in store.ratings_of(&format!("u-{u}")).unwrap() {
            out.insert((r.user_id.clone(), r.kind.clone()), r);
        }
    }
    out
}

fn line(t: &Table, user: &str, channel: &str, text: &str) {
    let mut words = text.split_whitespace();
    let name = words.next().unwrap();
    let args: Vec<plateau::table::Arg> = words
        .map(|w| match w.split_once(':') {
            Some((n, v)) => plateau::table::Arg::named(n, v),
            None => plateau::table::Arg::positional(w),
        })
        .collect();
    let command = t.command(&ctx(user, channel), name, &args).unwrap();
    send(t, user, channel, command);
}

/// Who is to move in `channel`'s running game, if it is still running.
fn to_move(t: &Table, channel: &str) -> Option<String> {
    let info = t.game_info(&format!("c-{channel}"))?;
    let seat = info.game.as_ref()?.to_move()?;
    let (id, _, _) = info.players.iter().find(|p| p.2 == Some(seat))?;
    Some(id.trim_start_matches("u-").to_string())
}

fn running(t: &Table, channel: &str) -> bool {
    t.game_info(&format!("c-{channel}"))
        .is_some_and(|i| i.status == "active")
}

#[test]
fn a_rebuild_finds_the_stored_ratings_after_200_random_games() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("plateau.db");
    let clock = Arc::new(ManualClock::new(START_MS));
    let t = Table::open_shared(&db, clock.clone()).unwrap();
    let mut rng = Rng(12);
    let mut rated_seats = 0i64;
    let mut ended = 0;
    for g in 0..200 {
        let kind = GameKind::ALL[rng.below(4)];
        let (min, max) = kind.players();
        let n = min as usize + rng.below((max - min + 1) as usize);
        let channel = format!("t{}", g % 7);
        let mut pool = POOL.to_vec();
        let players: Vec<&str> = (0..n).map(|_| pool.remove(rng.below(pool.len()))).collect();
        let rated = rng.below(8) != 0;
        let extra = if rated { "" } else { " rated:false" };
        line(
            &t,
            players[0],
            &channel,
            &format!("new {} {n}{extra}", kind.id()),
        );
        for p in &players[1..] {
            send(&t, p, &channel, Command::Join);
        }
        line(&t, players[0], &channel, "start order:join");
        assert!(running(&t, &channel), "game {g} did not start");
        if rng.below(20) == 0 {
            send(&t, players[0], &channel, Command::Abort);
            assert!(!running(&t, &channel), "game {g}: /abort before any move");
            continue;
        }
        // A rated game counts once every player has moved (issue 27).
        let mut moved = std::collections::HashSet::new();
        for _ in 0..2 * n + rng.below(8) {
            let Some(who) = to_move(&t, &channel) else {
                break;
            };
            let moves = t.legal_moves_for(&ctx(&who, &channel));
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())].clone();
            send(&t, &who, &channel, Command::Play { text: mv });
            moved.insert(who);
            clock.advance(60_000 * (1 + rng.below(600) as i64));
        }
        if running(&t, &channel) && rng.below(4) == 0 {
            send(&t, players[0], &channel, Command::Draw);
            for p in &players[1..] {
                send(&t, p, &channel, Command::Accept);
            }
        }
        let mut order = players.clone();
        while running(&t, &channel) {
            let p = order.remove(rng.below(order.len()));
            send(&t, p, &channel, Command::Resign);
        }
        ended += 1;
        if rated && moved.len() == n {
            rated_seats += n as i64;
        }
        clock.advance(3_600_000 * (1 + rng.below(48) as i64));
    }
    drop(t);
    let mut store = Store::open_shared(&db).unwrap();
    let stored = all_ratings(&store);
    let games: i64 = stored.values().map(|r| r.games).sum();
    assert_eq!(
        games, rated_seats,
        "every rated game counted once per player"
    );
    assert!(ended > 150, "{ended} games ended");
    let kinds: std::collections::BTreeSet<&str> = stored.keys().map(|k| k.1.as_str()).collect();
    assert_eq!(kinds.len(), 4, "ratings in every game: {kinds:?}");
    let rebuilt = plateau::rating::rebuild(&mut store).unwrap();
    assert!(rebuilt > 100, "{rebuilt} games rebuilt");
    let again = all_ratings(&store);
    assert_eq!(stored.len(), again.len());
    for (key, row) in &stored {
        assert_eq!(Some(row), again.get(key), "{key:?} after the rebuild");
    }
}
