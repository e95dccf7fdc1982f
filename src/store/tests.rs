use super::*;

fn new_game(channel: &str) -> NewGame {
    crate::store::testing::pikemen_table(channel)
}

fn action(ply: u32, text: &str) -> ActionRow {
    ActionRow {
        ply,
        kind: ActionKind::Move,
        text: text.into(),
        user_id: Some("u1".into()),
        seat: Some(1),
        at_ms: 2000 + ply as i64,
    }
}

fn active() -> GameUpdate {
    GameUpdate {
        status: Status::Active,
        outcome: None,
        snapshot: None,
    }
}

#[test]
fn one_open_game_per_channel() {
    crate::store::testing::each_store(|mut s| {
        let id = s.create_game(&new_game("c1")).unwrap();
        assert!(matches!(
            s.create_game(&new_game("c1")),
            Err(StoreError::Conflict)
        ));
        s.create_game(&new_game("c2")).unwrap();
        let g = s.game(id).unwrap().unwrap();
        assert_eq!(g.seed, u64::MAX - 3, "u64 seeds survive the i64 column");
        assert_eq!(g.status, Status::Lobby);
        // An empty lobby is aborted, and the channel is free again.
        s.leave(id, "u1", None, 1500).unwrap();
        assert_eq!(s.game(id).unwrap().unwrap().status, Status::Aborted);
        s.create_game(&new_game("c1")).unwrap();
    });
}

#[test]
fn appends_are_versioned() {
    crate::store::testing::each_store(|mut s| {
        let id = s.create_game(&new_game("c1")).unwrap();
        s.join(id, "u2", "bob", 1100).unwrap();
        assert!(matches!(
            s.join(id, "u2", "bob", 1100),
            Err(StoreError::Conflict)
        ));
        s.start(id, &[("u1".into(), 2), ("u2".into(), 1)], "{}", 1200)
            .unwrap();
        assert!(matches!(
            s.join(id, "u3", "carol", 1300),
            Err(StoreError::Conflict)
        ));
        s.append(id, &action(1, "turn e2 n"), &active()).unwrap();
        // A second writer that read ply 0 loses.
        assert!(matches!(
            s.append(id, &action(1, "turn e2 s"), &active()),
            Err(StoreError::Conflict)
        ));
        assert!(matches!(
            s.append(id, &action(3, "turn e2 s"), &active()),
            Err(StoreError::Conflict)
        ));
        s.append(id, &action(2, "turn a4 s"), &active()).unwrap();
        let acts = s.actions(id).unwrap();
        assert_eq!(
            acts.iter().map(|a| a.text.as_str()).collect::<Vec<_>>(),
            ["turn e2 n", "turn a4 s"]
        );
        let seats = s.seats(id).unwrap();
        assert_eq!(seats[0].seat, Some(2));
        assert_eq!(seats[1].seat, Some(1));
        assert_eq!(s.game(id).unwrap().unwrap().ply, 2);
        assert_eq!(s.latest_time_ms().unwrap(), Some(2002));
    });
}

/// Issue 30: inside a move's transaction an append opens no savepoint of its own, and still
/// lands with the transaction or not at all: a conflict fails the whole transaction, and an
/// error after it rolls the append back.
#[test]
fn appends_inside_a_transaction_land_with_it() {
    crate::store::testing::each_store(|mut s| {
        let id = s.create_game(&new_game("c1")).unwrap();
        s.join(id, "u2", "bob", 1100).unwrap();
        s.start(id, &[("u1".into(), 1), ("u2".into(), 2)], "{}", 1200)
            .unwrap();
        let failed: Result<()> = s.atomically(|s| {
            s.append(id, &action(1, "turn e2 n"), &active())?;
            Err(StoreError::Conflict)
        });
        assert!(failed.is_err());
        assert_eq!(s.game(id).unwrap().unwrap().ply, 0);
        assert!(s.actions(id).unwrap().is_empty());
        let raced: Result<()> = s.atomically(|s| {
            s.append(id, &action(1, "turn e2 n"), &active())?;
            s.append(id, &action(1, "turn e2 s"), &active())
        });
        assert!(matches!(raced, Err(StoreError::Conflict)));
        assert!(s.actions(id).unwrap().is_empty());
        s.atomically(|s| s.append(id, &action(1, "turn a4 s"), &active()))
            .unwrap();
        assert_eq!(s.actions(id).unwrap()[0].text, "turn a4 s");
        assert_eq!(s.game(id).unwrap().unwrap().ply, 1);
    });
}

#[test]
fn reopening_a_file_keeps_everything() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.db");
    let id = {
        let mut s = Store::open(&path).unwrap();
        s.create_game(&new_game("c1")).unwrap()
    };
    let s = Store::open(&path).unwrap();
    assert_eq!(s.open_games().unwrap().len(), 1);
    assert_eq!(s.open_game_in("c1").unwrap().unwrap().id, id);
    assert_eq!(s.seats(id).unwrap()[0].name, "alice");
}

#[test]
fn last_game_and_latest_time() {
    crate::store::testing::each_store(|mut s| {
        assert_eq!(s.latest_time_ms().unwrap(), None);
        let id = s.create_game(&new_game("c1")).unwrap();
        // A lobby is not a played game.
        assert_eq!(s.last_game_in("c1").unwrap(), None);
        s.join(id, "u2", "bob", 1100).unwrap();
        s.start(id, &[("u1".into(), 1), ("u2".into(), 2)], "{}", 1200)
            .unwrap();
        let finished = GameUpdate {
            status: Status::Finished,
            outcome: Some(r#"{"winners":[2],"reason":"seat 1 resigned"}"#.into()),
            snapshot: None,
        };
        s.append(id, &action(1, "resign"), &finished).unwrap();
        // Nothing more can be appended to a finished game.
        assert!(matches!(
            s.append(id, &action(2, "turn e2 n"), &active()),
            Err(StoreError::Conflict)
        ));
        let last = s.last_game_in("c1").unwrap().unwrap();
        assert_eq!((last.id, last.status, last.ply), (id, Status::Finished, 1));
        assert!(s.open_game_in("c1").unwrap().is_none());
        assert_eq!(s.latest_time_ms().unwrap(), Some(2001));
    });
}

/// A Pikemen opening between a and b in channel c, not yet opened.
fn opening(slug: &str, source: OpeningSource) -> crate::store::OpeningRow {
    crate::store::OpeningRow {
        id: 0,
        guild: None,
        parent: "c".into(),
        parent_name: "c".into(),
        title: "t".into(),
        slug: slug.into(),
        kind: crate::engine::GameKind::Pikemen,
        options: Vec::new(),
        seats: vec![("a".into(), "a".into()), ("b".into(), "b".into())],
        source,
        game: None,
        created_ms: 0,
    }
}

/// A Pikemen tournament of `format` taking sign-ups in `channel`.
fn signup(channel: &str, format: crate::competition::Format) -> crate::store::TournamentRow {
    crate::store::TournamentRow {
        id: 0,
        guild: Some("g".into()),
        channel: channel.into(),
        channel_name: "c".into(),
        creator_id: "u".into(),
        creator_name: "u".into(),
        kind: crate::engine::GameKind::Pikemen,
        format,
        per_game: 2,
        rounds: None,
        options: Vec::new(),
        status: TournamentStatus::Signup,
        round: 0,
        created_ms: 0,
    }
}

/// A tournament's round moves on by a conditional update: the second of two requests that
/// saw the same finished round is refused, so a round never advances twice (issue 14).
#[test]
fn a_round_advances_once() {
    crate::store::testing::each_store(|mut s| {
        let t = s
            .add_tournament(&signup("c", crate::competition::Format::Swiss))
            .unwrap();
        s.move_tournament(
            t,
            (TournamentStatus::Signup, 0),
            (TournamentStatus::Running, 1),
            1,
        )
        .unwrap();
        s.move_tournament(
            t,
            (TournamentStatus::Running, 1),
            (TournamentStatus::Running, 2),
            2,
        )
        .unwrap();
        assert!(matches!(
            s.move_tournament(
                t,
                (TournamentStatus::Running, 1),
                (TournamentStatus::Running, 2),
                3
            ),
            Err(StoreError::Conflict)
        ));
        assert_eq!(s.tournament(t).unwrap().unwrap().round, 2);
        // An opening is bound to one game only.
        let o = s
            .add_opening(&opening("pikemen", OpeningSource::Challenge))
            .unwrap();
        let g = s.create_game(&new_game("c1")).unwrap();
        let g2 = s.create_game(&new_game("c2")).unwrap();
        s.mark_opened(o, g).unwrap();
        assert!(matches!(s.mark_opened(o, g2), Err(StoreError::Conflict)));
    });
}

/// An opening's source and a tournament's format are stored as the words the migrations allow
/// and read back as their enums, every one of them.
#[test]
fn competition_words_read_back() {
    use crate::competition::Format;
    crate::store::testing::each_store(|mut s| {
        for format in Format::ALL {
            let t = s.add_tournament(&signup(format.id(), format)).unwrap();
            assert_eq!(s.tournament(t).unwrap().unwrap().format, format);
        }
        for &source in OpeningSource::ALL {
            let o = s.add_opening(&opening(source.as_str(), source)).unwrap();
            assert_eq!(s.opening(o).unwrap().unwrap().source, source);
        }
    });
}

/// A seek's clock is stored as `clock/timeout` and read back whole, or refused as damaged.
#[test]
fn a_seek_clock_reads_back() {
    for &clock in &ClockKind::ALL {
        for timeout in [Timeout::Soft, Timeout::Hard] {
            let c = SeekClock { clock, timeout };
            assert_eq!(SeekClock::read(&c.to_string()).unwrap(), c);
        }
    }
    assert_eq!(
        SeekClock {
            clock: ClockKind::Standard,
            timeout: Timeout::Soft
        }
        .to_string(),
        "standard/soft"
    );
    for damaged in ["standard", "weekly/soft", "fast/never", ""] {
        assert!(SeekClock::read(damaged).is_err(), "{damaged:?}");
    }
}

/// The SQLite schema and its PostgreSQL twin: the same migrations, tables, columns and
/// indexes (PostgreSQL's only extra column stands for SQLite's implicit rowid).
#[test]
fn schema_parity() {
    let names = |d: &include_dir::Dir| {
        let mut v: Vec<String> = d.dirs().map(|d| d.path().display().to_string()).collect();
        v.sort();
        v
    };
    assert_eq!(
        names(&open::MIGRATIONS_DIR),
        names(&open::PG_MIGRATIONS_DIR),
        "migrations/ and migrations-postgres/ hold the same steps"
    );
    let Some(url) = testing::postgres_url() else {
        return;
    };
    let lite = Store::open_in_memory().unwrap();
    let columns = lite
        .conn
        .query_all(
            "SELECT m.name, p.name FROM sqlite_master m, pragma_table_info(m.name) p \
             WHERE m.type = 'table' ORDER BY 1, 2",
            (),
            |r| {
                Ok(format!(
                    "{}.{}",
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?
                ))
            },
        )
        .unwrap();
    let indexes = lite
        .conn
        .query_all(
            "SELECT name FROM sqlite_master WHERE type = 'index' \
             AND name NOT LIKE 'sqlite_autoindex%' ORDER BY 1",
            (),
            |r| r.get::<_, String>(0),
        )
        .unwrap();
    let mut found = None;
    testing::each_store(|s| {
        if s.engine() == db::Engine::Postgres {
            found = Some(s);
        }
    });
    let pg = found.unwrap_or_else(|| panic!("{url} gave no store"));
    let pg_columns = pg
        .conn
        .query_all(
            "SELECT table_name || '.' || column_name FROM information_schema.columns \
             WHERE table_schema = current_schema() AND table_name <> 'plateau_schema' \
             AND NOT (table_name = 'challenge_accepts' AND column_name = 'rowid') \
             ORDER BY table_name, column_name",
            (),
            |r| r.get::<_, String>(0),
        )
        .unwrap();
    let mut sorted = columns.clone();
    sorted.sort();
    let mut pg_sorted = pg_columns;
    pg_sorted.sort();
    assert_eq!(sorted, pg_sorted, "the same columns on both engines");
    let pg_indexes = pg
        .conn
        .query_all(
            "SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() \
             AND indexname NOT LIKE '%_pkey' AND indexname NOT LIKE '%_key' ORDER BY 1",
            (),
            |r| r.get::<_, String>(0),
        )
        .unwrap();
    assert_eq!(indexes, pg_indexes, "the same indexes on both engines");
}

/// Issue 16: a due timer is claimed by one process at a time; a claim ends with its lease,
/// after which another process takes the timer over; a process claims only its shards'.
#[test]
fn timers_are_claimed_once_and_taken_over_after_the_lease() {
    testing::each_store(|mut s| {
        let mut on = |guild: Option<&str>, channel: &str| {
            let mut g = new_game(channel);
            g.guild = guild.map(str::to_string);
            let id = s.create_game(&g).unwrap();
            s.add_timer(100, TimerKind::Deadline, Some(id), Some(0), None)
                .unwrap();
            id
        };
        let shard0 = (4u64 << 22).to_string();
        let shard1 = (7u64 << 22).to_string();
        let g0 = on(Some(&shard0), "c0");
        let g1 = on(Some(&shard1), "c1");
        s.add_timer(100, TimerKind::Digest, None, None, Some("u1"))
            .unwrap();
        let first = Shards::new(0, 0, 2).unwrap();
        let second = Shards::new(1, 1, 2).unwrap();
        let games = |t: &[clocks::TimerRow]| t.iter().map(|t| t.game).collect::<Vec<_>>();

        assert!(
            s.claim_due_timers(99, "a", 1099, first).unwrap().is_empty(),
            "not due"
        );
        let a = s.claim_due_timers(100, "a", 1100, first).unwrap();
        assert_eq!(
            games(&a),
            [Some(g0), None],
            "shard 0: its server and the user timer"
        );
        let b = s.claim_due_timers(100, "b", 1100, second).unwrap();
        assert_eq!(games(&b), [Some(g1)]);
        // Another process on shard 0 finds them claimed while the lease holds.
        assert!(s
            .claim_due_timers(500, "c", 1500, first)
            .unwrap()
            .is_empty());
        // The owner may claim its own again (a timer it could not fire last round).
        assert_eq!(s.claim_due_timers(500, "a", 1500, first).unwrap().len(), 2);
        // `a` died: once its lease ends, `c` takes over, and fires each timer once.
        let c = s.claim_due_timers(1501, "c", 2501, first).unwrap();
        assert_eq!(games(&c), [Some(g0), None]);
        assert!(s.take_timer(c[0].id).unwrap());
        assert!(!s.take_timer(c[0].id).unwrap(), "fired once");
        // One process serving every shard sees the rest.
        let all = s.claim_due_timers(5000, "d", 6000, Shards::ALL).unwrap();
        assert_eq!(games(&all), [Some(g1), None]);
    });
}

/// A game's players' ratings are read in their order (a player without one as `None`) and
/// written in one statement each on both engines; a user written twice keeps the later row,
/// as writing row by row would.
#[test]
fn ratings_are_read_and_written_for_all_players_at_once() {
    crate::store::testing::each_store(|mut s| {
        let row = |user: &str, rating: f64| RatingRow {
            user_id: user.into(),
            kind: "sprawl".into(),
            name: user.to_uppercase(),
            rating,
            deviation: 300.0,
            volatility: 0.06,
            games: 1,
            wins: 0,
            draws: 0,
            losses: 1,
            streak: -1,
            best_win: None,
            updated_ms: 5,
        };
        s.put_ratings(&[row("a", 1400.0), row("b", 1600.0), row("a", 1450.0)])
            .unwrap();
        let got = s.ratings_in("sprawl", &["b", "nobody", "a"]).unwrap();
        assert_eq!(got.len(), 3);
        assert_eq!(got[0].as_ref().map(|r| r.rating), Some(1600.0));
        assert!(got[1].is_none());
        assert_eq!(got[2].as_ref().map(|r| r.rating), Some(1450.0));
        assert!(s.ratings_in("pikemen", &["a"]).unwrap()[0].is_none());
        assert!(s.ratings_in("sprawl", &[]).unwrap().is_empty());
        s.put_ratings(&[row("b", 1500.0)]).unwrap();
        assert_eq!(s.rating("b", "sprawl").unwrap().unwrap().rating, 1500.0);
    });
}

#[test]
fn a_game_keeps_the_first_page_token_it_is_given() {
    crate::store::testing::each_store(|mut s| {
        let id = s.create_game(&new_game("c1")).unwrap();
        assert_eq!(s.game_of_page("first").unwrap(), None);
        assert_eq!(s.page_token(id, "first").unwrap(), "first");
        // A second process drawing another token at the same moment reads the first back.
        assert_eq!(s.page_token(id, "second").unwrap(), "first");
        assert_eq!(s.game_of_page("first").unwrap(), Some(id));
        assert_eq!(s.game_of_page("second").unwrap(), None);
        assert_eq!(s.game_ply(id).unwrap(), Some(0));
        assert_eq!(s.game_ply(id + 1).unwrap(), None);
    });
}

/// Issue 41: a seat's occupant is read from its user id once, where the store makes the row,
/// on either database; a damaged level still names a computer player.
#[test]
fn seat_rows_say_who_sits_there() {
    use crate::ai::{bot_id, Level, Occupant};
    crate::store::testing::each_store(|mut s| {
        let id = s.create_game(&new_game("c1")).unwrap();
        let bot = bot_id(Level::Hard, 2);
        s.join(id, &bot, "Plateau (hard) #1", 1100).unwrap();
        s.join(id, "bot:nonsense:3", "Plateau #2", 1200).unwrap();
        let seats = s.seats(id).unwrap();
        let bots: Vec<Option<Level>> = seats.iter().map(|r| r.bot).collect();
        assert_eq!(bots, [None, Some(Level::Hard), Some(Level::Random)]);
        assert_eq!(seats[0].occupant(), Occupant::Human("u1"));
        assert!(seats[1].is_bot() && seats[2].is_bot());
        // Built from an id outside the database, the same.
        let again = SeatRow::new(bot, "x".into(), 1, None);
        assert_eq!(again.bot, Some(Level::Hard));
    });
}
