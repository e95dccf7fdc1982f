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
    rebuild_finds_the_stored_ratings(&dir.path().join("plateau.db"));
}

/// The same on PostgreSQL, where a game's end holds its ratings' writes back until its next
/// round trip: they land, in order, before the next game reads them. Skipped without the test
/// server (`PLATEAU_TEST_POSTGRES`).
#[test]
fn a_rebuild_finds_the_stored_ratings_on_postgres() {
    let Some(url) = plateau::store::testing::fresh_postgres() else {
        eprintln!("skipped: no test PostgreSQL server (PLATEAU_TEST_POSTGRES)");
        return;
    };
    rebuild_finds_the_stored_ratings(std::path::Path::new(&url));
}

/// Plays 200 random games, rated or not, some aborted, drawn or resigned; checks that each
/// rated game counted once per player and that a rebuild finds the same ratings.
fn rebuild_finds_the_stored_ratings(db: &std::path::Path) {
    let clock = Arc::new(ManualClock::new(START_MS));
    let t = Table::open_shared(db, clock.clone()).unwrap();
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
    let mut store = Store::open_shared(db).unwrap();
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

/// Plays one rated game of `kind` in `channel` between `players` through the service: each
/// player moves once (so that it counts), then they resign in `order` (the last left wins).
/// Returns the game's id.
fn one_game(t: &Table, kind: GameKind, channel: &str, players: &[String], order: &[usize]) -> i64 {
    let n = players.len();
    line(t, &players[0], channel, &format!("new {} {n}", kind.id()));
    for p in &players[1..] {
        send(t, p, channel, Command::Join);
    }
    line(t, &players[0], channel, "start order:join");
    let id = t.game_info(&format!("c-{channel}")).expect("a game").id;
    for _ in 0..n {
        let who = to_move(t, channel).expect("the game runs");
        let moves = t.legal_moves_for(&ctx(&who, channel));
        send(
            t,
            &who,
            channel,
            Command::Play {
                text: moves[0].clone(),
            },
        );
    }
    for &i in order {
        if running(t, channel) {
            send(t, &players[i], channel, Command::Resign);
        }
    }
    assert!(!running(t, channel), "game {id} ended");
    id
}

/// Issue 40: a rated game of every player count from 2 to 8, between newcomers and then
/// between settled players, moves no shown rating by more than a first two-player game between
/// newcomers does (162 points: `rating::system::largest_change`), and `rating::rebuild` finds
/// the same figures.
#[test]
fn no_game_moves_a_rating_more_than_a_first_game_between_newcomers() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("plateau.db");
    let clock = Arc::new(ManualClock::new(START_MS));
    let t = Table::open_shared(&db, clock.clone()).unwrap();
    let store = Store::open_shared(&db).unwrap();
    let cap = plateau::rating::system::largest_change();
    let shown = |r: f64| r.round();
    let check = |id: i64, what: &str| {
        let changes = store.rating_changes_of_game(id).unwrap();
        assert!(!changes.is_empty(), "{what}: game {id} was rated");
        for c in &changes {
            let moved = (shown(c.after.0) - shown(c.before.0)).abs();
            assert!(
                moved <= shown(cap),
                "{what}: {} moved {moved} ({:?} -> {:?})",
                c.user_id,
                c.before,
                c.after
            );
        }
        changes
            .iter()
            .map(|c| (c.after.0 - c.before.0).abs())
            .fold(0.0, f64::max)
    };
    let kind_for = |n: usize| {
        if n == 2 {
            GameKind::Pikemen
        } else {
            GameKind::Sprawl
        }
    };
    // Newcomers: the first places of each table take the most.
    let mut largest = Vec::new();
    for n in 2..=8usize {
        let players: Vec<String> = (0..n).map(|i| format!("new{n}x{i}")).collect();
        let order: Vec<usize> = (1..n).rev().collect();
        let id = one_game(&t, kind_for(n), &format!("n{n}"), &players, &order);
        largest.push((n, check(id, &format!("{n} newcomers"))));
        clock.advance(3_600_000);
    }
    println!("largest change by table size, newcomers: {largest:?}");
    assert!(
        largest.iter().all(|&(_, m)| m > 0.6 * cap),
        "a table's winner moves about as a two-player winner: {largest:?}"
    );
    // Settled players: Pikemen in pairs and Sprawl in fours between the eight, finishing
    // orders drawn, until none is provisional in either game.
    let pool: Vec<String> = (0..8).map(|i| format!("old{i}")).collect();
    let mut rng = Rng(40);
    for (kind, size) in [(GameKind::Pikemen, 2), (GameKind::Sprawl, 4)] {
        let provisional = |p: &String| {
            let rows = store.ratings_of(&format!("u-{p}")).unwrap();
            rows.iter()
                .find(|r| r.kind == kind.id())
                .is_none_or(|r| r.deviation >= plateau::rating::PROVISIONAL)
        };
        let mut round = 0;
        while pool.iter().any(provisional) {
            let mut seats: Vec<usize> = (0..8).collect();
            for i in (1..8).rev() {
                seats.swap(i, rng.below(i + 1));
            }
            for (k, table) in seats.chunks(size).enumerate() {
                let players: Vec<String> = table.iter().map(|&i| pool[i].clone()).collect();
                let mut order: Vec<usize> = (0..size).collect();
                for i in (1..size).rev() {
                    order.swap(i, rng.below(i + 1));
                }
                one_game(&t, kind, &format!("s{k}"), &players, &order);
            }
            clock.advance(3_600_000);
            round += 1;
            assert!(round < 60, "{} ratings settle", kind.id());
        }
    }
    for n in 2..=8usize {
        let players = &pool[..n];
        let order: Vec<usize> = (0..n - 1).collect();
        let id = one_game(&t, kind_for(n), &format!("o{n}"), players, &order);
        let most = check(id, &format!("{n} settled players"));
        assert!(most < 0.6 * cap, "{n} settled players: {most}");
        clock.advance(3_600_000);
    }
    drop(t);
    let mut store = Store::open_shared(&db).unwrap();
    let mut all = BTreeMap::new();
    for u in pool.iter().chain(
        &(2..=8)
            .flat_map(|n| (0..n).map(move |i| format!("new{n}x{i}")))
            .collect::<Vec<_>>(),
    ) {
        for r in store.ratings_of(&format!("u-{u}")).unwrap() {
            all.insert((r.user_id.clone(), r.kind.clone()), r);
        }
    }
    plateau::rating::rebuild(&mut store).unwrap();
    for (key, row) in &all {
        let again = store.ratings_of(&key.0).unwrap();
        assert_eq!(
            again.iter().find(|r| r.kind == key.1),
            Some(row),
            "{key:?} rebuilt"
        );
    }
}
