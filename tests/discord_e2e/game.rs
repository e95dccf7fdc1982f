//! A game through Discord: registration, a whole game, one verb for every game, restarts, a
//! slow move, offers and clocks.

use crate::harness::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn registers_every_command_with_french_once() {
    let mut h = Harness::new(Some(GUILD)).await;
    let fake = &h.fake;
    assert_eq!(
        h.bot.as_ref().unwrap().registration(),
        Some(Registration::Registered)
    );
    let cmds = fake.fake.commands(&GUILD.to_string());
    let names: Vec<&str> = cmds.iter().filter_map(|c| c["name"].as_str()).collect();
    for name in [
        "new", "join", "leave", "start", "board", "moves", "resign", "history", "rules", "help",
        "play",
    ] {
        assert!(names.contains(&name), "/{name} missing from {names:?}");
    }
    for kind in GameKind::ALL {
        for verb in kind.verbs() {
            assert!(names.contains(&verb.name), "verb /{} missing", verb.name);
        }
    }
    assert!(fake.fake.commands("global").is_empty());
    let new = find(&cmds, "new");
    assert_eq!(new["name_localizations"]["fr"], "nouvelle");
    assert!(new["description_localizations"]["fr"]
        .as_str()
        .unwrap()
        .contains("partie"));
    let opts = new["options"].as_array().unwrap();
    assert_eq!(opts[0]["name"], "game");
    assert_eq!(opts[0]["required"], true);
    let games: Vec<&str> = opts[0]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].as_str().unwrap())
        .collect();
    assert_eq!(games, ["pikemen", "sprawl", "skyscrapers", "battlezone"]);
    assert_eq!(opts[1]["name"], "players");
    assert_eq!(opts[0]["name_localizations"]["fr"], "jeu");
    let play = find(&cmds, "play");
    assert_eq!(play["options"][0]["name"], "move");
    assert_eq!(play["options"][0]["autocomplete"], true);
    let turn = find(&cmds, "turn");
    assert_eq!(turn["name_localizations"]["fr"], "tourner");
    assert_eq!(turn["options"][0]["name"], "square");
    assert_eq!(turn["options"][0]["autocomplete"], true);
    assert_eq!(
        turn["options"][0]["description_localizations"]["fr"],
        "la case de votre piquier"
    );
    let dirs: Vec<&str> = turn["options"][1]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(dirs, ["n", "ne", "e", "se", "s", "sw", "w", "nw", "up"]);
    for c in &cmds {
        assert!(c["description"].as_str().unwrap().chars().count() <= 100);
        assert!(c["options"].as_array().map_or(0, Vec::len) <= 25);
    }
    let first = fake
        .fake
        .calls()
        .iter()
        .filter(|c| c.method == "PUT")
        .count();
    assert_eq!(first, 1);
    h.stop().await;

    // A restart with the same commands does not register them again.
    let bot = start(&h.fake, config(&h.fake, Some(GUILD)), table(&h.db)).await;
    assert_eq!(bot.registration(), Some(Registration::Unchanged));
    let puts = h.f().calls().iter().filter(|c| c.method == "PUT").count();
    assert_eq!(puts, 1);
    bot.shutdown().await;
    h.f().assert_clean();
}

/// The game of tests/transcripts/pikemen-game.txt, played through interactions: lobby by
/// button, every move through a verb or /play, each board a PNG, errors private.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_pikemen_game() {
    let mut h = Harness::new(Some(GUILD)).await;
    let tavern = Place::channel(TAVERN, "tavern");

    let a = h
        .slash(
            &ALICE,
            &tavern,
            "new",
            vec![opt("game", s("pikemen")), opt("players", json!(2))],
        )
        .await;
    assert_eq!(a.kind(), 4);
    assert!(!a.ephemeral());
    assert!(a.text().contains("opens a Pikemen table"), "{}", a.text());
    let ids = a.custom_ids();
    let join = ids
        .iter()
        .find(|i| i.ends_with("|/join"))
        .expect("a Join button")
        .clone();
    assert!(
        !ids.iter().any(|i| i.ends_with("|/start")),
        "no Start button at a table of one (issue 27): {ids:?}"
    );

    // Join by button.
    let a = h.click(&BOB, &tavern, &join).await;
    assert!(!a.ephemeral());
    assert!(a.text().contains("bob joins"), "{}", a.text());
    // Start by button, but only the host (or someone with Manage Channels) may.
    let start = a
        .custom_ids()
        .into_iter()
        .find(|i| i.ends_with("|/start"))
        .unwrap();
    let a = h.click(&BOB, &tavern, &start).await;
    assert_private_error(&a, "Only the host");

    let a = h
        .board_move(&ALICE, &tavern, "start", vec![opt("order", s("join"))])
        .await;
    assert_eq!(pinged(&a), [ALICE.id.to_string()]);
    assert!(a.message().text().contains(&format!("<@{}>", ALICE.id)));
    let first_board = a.custom_ids();
    assert!(
        first_board.iter().any(|i| i.ends_with("|/moves")),
        "{first_board:?}"
    );
    assert!(first_board
        .iter()
        .any(|i| i.starts_with("c|") && i.ends_with("|/resign")));

    // Out of turn: private, and nothing posted.
    let a = h
        .slash(
            &BOB,
            &tavern,
            "turn",
            vec![opt("square", s("a4")), opt("direction", s("e"))],
        )
        .await;
    assert_private_error(&a, "");

    let plays: &[(&User, &str, Vec<Value>)] = &[
        (
            &ALICE,
            "turn",
            vec![opt("square", s("d1")), opt("direction", s("e"))],
        ),
        (
            &BOB,
            "turn",
            vec![opt("square", s("a4")), opt("direction", s("e"))],
        ),
        (
            &ALICE,
            "turn",
            vec![opt("square", s("d1")), opt("direction", s("nw"))],
        ),
        (
            &BOB,
            "turn",
            vec![opt("square", s("a4")), opt("direction", s("n"))],
        ),
        (
            &ALICE,
            "move",
            vec![opt("from", s("d1")), opt("to", s("a4"))],
        ),
    ];
    for (user, name, options) in plays {
        let a = h.board_move(user, &tavern, name, options.clone()).await;
        let other = if user.id == ALICE.id { BOB } else { ALICE };
        assert_eq!(
            pinged(&a),
            [other.id.to_string()],
            "only the player to move"
        );
    }

    // A stale button: the first board's Legal moves is out of date now.
    let legal = first_board.iter().find(|i| i.ends_with("|/moves")).unwrap();
    let a = h.click(&ALICE, &tavern, legal).await;
    assert_private_error(&a, "out of date");

    // A bad move: the service's explanation, privately.
    let a = h
        .slash(&BOB, &tavern, "move", vec![opt("from", s("a5"))])
        .await;
    assert_private_error(&a, "move FROM TO");

    // Autocomplete of legal moves, for the player to move only.
    let choices = h
        .complete(&BOB, &tavern, "play", vec![], "move", "turn a5")
        .await;
    assert!(!choices.is_empty() && choices.len() <= 25);
    assert!(
        choices.iter().all(|c| c.starts_with("turn a5 ")),
        "{choices:?}"
    );
    assert!(choices.contains(&"turn a5 e".to_string()));
    let squares = h
        .complete(&BOB, &tavern, "turn", vec![], "square", "a")
        .await;
    assert!(squares.contains(&"a5".to_string()), "{squares:?}");
    // Every square with a piece to turn, not only those of the first 25 moves.
    let all = h
        .complete(&BOB, &tavern, "turn", vec![], "square", "")
        .await;
    assert_eq!(all.len(), 14, "{all:?}");
    assert!(h
        .complete(&ALICE, &tavern, "turn", vec![], "square", "")
        .await
        .is_empty());
    assert!(squares.iter().all(|q| q.starts_with('a')));
    let dirs = h
        .complete(&BOB, &tavern, "move", vec![opt("from", s("a5"))], "to", "")
        .await;
    assert!(dirs.iter().all(|d| d.len() == 2), "{dirs:?}");
    assert!(h
        .complete(&ALICE, &tavern, "play", vec![], "move", "")
        .await
        .is_empty());

    let rest: &[(&User, &str, Vec<Value>)] = &[
        (
            &BOB,
            "turn",
            vec![opt("square", s("a5")), opt("direction", s("e"))],
        ),
        (&ALICE, "play", vec![opt("move", s("turn a4 n"))]),
        (
            &BOB,
            "turn",
            vec![opt("square", s("a5")), opt("direction", s("n"))],
        ),
        (&ALICE, "play", vec![opt("move", s("a4xa5"))]),
        (
            &BOB,
            "turn",
            vec![opt("square", s("a6")), opt("direction", s("e"))],
        ),
        (
            &ALICE,
            "move",
            vec![opt("from", s("a5")), opt("to", s("a6"))],
        ),
        (
            &BOB,
            "turn",
            vec![opt("square", s("a7")), opt("direction", s("e"))],
        ),
        (
            &ALICE,
            "move",
            vec![opt("from", s("a6")), opt("to", s("a7"))],
        ),
        (
            &BOB,
            "turn",
            vec![opt("square", s("a8")), opt("direction", s("e"))],
        ),
    ];
    for (user, name, options) in rest {
        h.board_move(user, &tavern, name, options.clone()).await;
    }
    // A button press that acts: Legal moves on the current board, privately.
    // /board is the asker's own view (issue 26): private, with its picture.
    let a = h.slash(&ALICE, &tavern, "board", vec![]).await;
    assert!(a.ephemeral(), "{}", a.text());
    assert_eq!(a.files().len(), 1, "the picture: {}", a.text());
    let legal = a
        .custom_ids()
        .into_iter()
        .find(|i| i.ends_with("|/moves"))
        .unwrap();
    let a = h.click(&ALICE, &tavern, &legal).await;
    assert!(a.ephemeral());
    assert!(a.text().contains("move a7: a8"), "{}", a.text());

    let a = h
        .board_move(
            &ALICE,
            &tavern,
            "move",
            vec![opt("from", s("a7")), opt("to", s("a8"))],
        )
        .await;
    assert!(a.text().contains("wins"), "{}", a.text());
    assert!(pinged(&a).is_empty(), "nobody to move");
    assert!(!a.custom_ids().iter().any(|i| i.ends_with("/resign")));

    let a = h.slash(&BOB, &tavern, "history", vec![]).await;
    assert!(a.text().contains("a7 a8"), "{}", a.text());
    h.stop().await;
    h.f().assert_clean();
}

/// A restart in the middle of a game: a new client on the same database continues it, and
/// the unchanged commands are not registered again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn restart_mid_game() {
    let mut h = Harness::new(None).await;
    let tavern = Place::channel(TAVERN, "tavern");
    h.slash(&ALICE, &tavern, "new", vec![opt("game", s("pikemen"))])
        .await;
    h.slash(&BOB, &tavern, "join", vec![]).await;
    // Carol has Manage Channels: she may start alice's game.
    h.board_move(&CAROL, &tavern, "start", vec![opt("order", s("join"))])
        .await;
    h.board_move(
        &ALICE,
        &tavern,
        "turn",
        vec![opt("square", s("d1")), opt("direction", s("e"))],
    )
    .await;
    assert_eq!(
        h.f().commands("global").len(),
        h.f().commands("global").len()
    );
    assert!(!h.f().commands("global").is_empty(), "registered globally");
    h.stop().await;

    let bot = start(&h.fake, config(&h.fake, None), table(&h.db)).await;
    assert_eq!(bot.registration(), Some(Registration::Unchanged));
    h.bot = Some(bot);
    let a = h
        .board_move(
            &BOB,
            &tavern,
            "turn",
            vec![opt("square", s("a4")), opt("direction", s("e"))],
        )
        .await;
    assert_eq!(pinged(&a), [ALICE.id.to_string()]);
    let a = h.slash(&BOB, &tavern, "history", vec![]).await;
    assert!(
        a.text().contains("turn d1 e") && a.text().contains("turn a4 e"),
        "{}",
        a.text()
    );
    h.stop().await;
    h.f().assert_clean();
}

/// A slow move: deferred privately (an error must never turn public through a public defer),
/// the board then posted in the channel; and a shutdown during it waits for it (no move lost).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_move_and_graceful_shutdown() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("plateau.db");
    let service = Arc::new(Slow {
        table: table(&db),
        delay: std::time::Duration::from_millis(2300),
    });
    let bot = start(&fake, config(&fake, Some(GUILD)), service).await;
    let f = &fake.fake;
    let tavern = Place::channel(TAVERN, "tavern");
    for (user, name, options) in [
        (&ALICE, "new", vec![opt("game", s("pikemen"))]),
        (&BOB, "join", vec![]),
        (&ALICE, "start", vec![opt("order", s("join"))]),
    ] {
        let from = f.cursor();
        let id = f.slash(user, &tavern, name, options);
        f.answer(from, id).await;
    }
    let from = f.cursor();
    let id = f.slash(
        &ALICE,
        &tavern,
        "turn",
        vec![opt("square", s("d1")), opt("direction", s("e"))],
    );
    let callback = f
        .wait_for(from, "the private defer", |c| {
            c.path.starts_with(&format!("/api/v10/interactions/{id}/"))
        })
        .await;
    assert_eq!(callback.json["type"], 5);
    assert!(callback.ephemeral);
    // Ctrl-C now: the move under way is finished and posted before the bot stops.
    bot.shutdown().await;
    let calls = f.calls();
    let board = calls[from..]
        .iter()
        .find(|c| c.path == format!("/api/v10/channels/{TAVERN}/messages"))
        .expect("the board posted in the channel");
    assert_eq!(board.files.len(), 1);
    image::load_from_memory_with_format(&board.files[0].1, image::ImageFormat::Png).unwrap();
    assert!(
        board.text().contains("played turn d1 e"),
        "{}",
        board.text()
    );
    let done = calls[from..]
        .iter()
        .find(|c| c.path.ends_with(&format!("tok{id}/messages/@original")))
        .expect("the private defer edited");
    assert!(done.text().contains("Done"));
    let reopened = Table::open_shared(&db, Arc::new(ManualClock::new(1_800_000_000_000))).unwrap();
    let history = reopened.handle(&Request {
        ctx: Context {
            user: plateau::table::UserRef {
                id: BOB.id.to_string(),
                name: "bob".into(),
            },
            channel: ChannelRef {
                id: TAVERN.to_string(),
                name: "tavern".into(),
                guild: Some(GUILD.to_string()),
            },
            can_manage: false,
            ..Default::default()
        },
        command: plateau::table::Command::History { page: None },
        from_button: None,
    });
    assert!(history[0].text.contains("turn d1 e"), "{}", history[0].text);
    f.assert_clean();
}

/// One `/move` serves every game: in a Sky Scrapers channel its options are read with Sky
/// Scrapers' notation, and its autocomplete offers Sky Scrapers' vertices.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_shared_move_verb_in_sky_scrapers() {
    let mut h = Harness::new(Some(GUILD)).await;
    let garden = Place::channel(GARDEN, "garden");
    h.slash(&ALICE, &garden, "new", vec![opt("game", s("skyscrapers"))])
        .await;
    h.slash(&BOB, &garden, "join", vec![]).await;
    h.board_move(&ALICE, &garden, "start", vec![opt("order", s("join"))])
        .await;
    let moves = h
        .complete(&ALICE, &garden, "play", vec![], "move", "move")
        .await;
    let first = moves.first().expect("legal moves offered").clone();
    let words: Vec<&str> = first.split(' ').collect();
    assert_eq!(words.len(), 3, "{first}");
    let froms = h
        .complete(&ALICE, &garden, "move", vec![], "from", "")
        .await;
    assert!(froms.contains(&words[1].to_string()), "{froms:?}");
    let tos = h
        .complete(
            &ALICE,
            &garden,
            "move",
            vec![opt("from", s(words[1]))],
            "to",
            "",
        )
        .await;
    assert!(tos.contains(&words[2].to_string()), "{tos:?}");
    let a = h
        .board_move(
            &ALICE,
            &garden,
            "move",
            vec![opt("from", s(words[1])), opt("to", s(words[2]))],
        )
        .await;
    assert!(
        a.text().contains(&format!("played {first}")),
        "{}",
        a.text()
    );
    assert_eq!(pinged(&a), [BOB.id.to_string()]);
    h.stop().await;
    h.f().assert_clean();
}

/// Issue 7: an undo request answered with its Accept button; the author's own click and a
/// click after the game moved on are refused privately.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn undo_request_by_button() {
    let mut h = Harness::new(Some(GUILD)).await;
    let garden = Place::channel(GARDEN, "garden");
    h.slash(
        &ALICE,
        &garden,
        "new",
        vec![opt("game", s("pikemen")), opt("players", json!(2))],
    )
    .await;
    h.slash(&BOB, &garden, "join", vec![]).await;
    h.board_move(&ALICE, &garden, "start", vec![opt("order", s("join"))])
        .await;
    h.board_move(
        &ALICE,
        &garden,
        "turn",
        vec![opt("square", s("d1")), opt("direction", s("e"))],
    )
    .await;
    h.board_move(
        &BOB,
        &garden,
        "turn",
        vec![opt("square", s("a4")), opt("direction", s("e"))],
    )
    .await;
    let a = h.slash(&ALICE, &garden, "undo", vec![]).await;
    assert!(!a.ephemeral());
    assert!(a.text().contains("asks to take back"), "{}", a.text());
    let ids = a.custom_ids();
    let accept = ids
        .iter()
        .find(|i| i.ends_with("|/accept"))
        .expect("an Accept button")
        .clone();
    assert!(ids.iter().any(|i| i.ends_with("|/decline")), "{ids:?}");
    let mine = h.click(&ALICE, &garden, &accept).await;
    assert_private_error(&mine, "You made the request");
    let a = h.click(&BOB, &garden, &accept).await;
    assert_board(&a);
    assert_eq!(pinged(&a), [ALICE.id.to_string()]);
    let again = h.click(&BOB, &garden, &accept).await;
    assert_private_error(&again, "out of date");
    // /mygames: privately, with a link to the game's channel.
    let mine = h.slash(&ALICE, &garden, "mygames", vec![]).await;
    assert!(mine.ephemeral());
    assert!(
        mine.text()
            .contains(&format!("https://discord.com/channels/{GUILD}/{GARDEN}")),
        "{}",
        mine.text()
    );
    assert!(mine.text().contains("**Your move**"), "{}", mine.text());
    h.stop().await;
    h.f().assert_clean();
}

/// Issue 7, Discord end to end: the scheduler's reminder is posted to the game's channel
/// pinging the player to move, and the timeout's Claim button wins the game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn discord_reminder_in_the_channel_and_claim_by_button() {
    const START_MS: i64 = 1_767_225_600_000; // 2026-01-01T00:00:00Z
    const HOUR: i64 = 3_600_000;
    const TAVERN: u64 = 700_000_000_000_000_101;
    let fake = FakeDiscord::start().await;
    let f = &fake.fake;
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START_MS));
    let table = Table::open_shared(dir.path().join("plateau.db"), clock.clone()).unwrap();
    let mut config = Config::default();
    config.discord.proxy = Some(fake.url.clone());
    config.discord.dev_guild = Some(GUILD);
    config.discord.tick_seconds = 1;
    let bot = Bot::new(config, Token::new("test-token"), Arc::new(table))
        .start()
        .await
        .unwrap();
    f.wait_identified(1).await;
    let tavern = Place::channel(TAVERN, "tavern");
    let ask = |user: &User, name: &str, options: Vec<serde_json::Value>| {
        let from = f.cursor();
        let id = f.slash(user, &tavern, name, options);
        f.answer(from, id)
    };
    let a = ask(
        &ALICE,
        "new",
        vec![
            opt("game", json!("pikemen")),
            opt("players", json!(2)),
            opt("clock", json!("fast")),
        ],
    )
    .await;
    assert!(a.text().contains("Clock: fast"), "{}", a.text());
    ask(&BOB, "join", vec![]).await;
    let a = ask(&ALICE, "start", vec![opt("order", json!("join"))]).await;
    assert!(
        a.message().text().contains("has until <t:"),
        "{}",
        a.message().text()
    );

    let from = f.cursor();
    clock.advance(12 * HOUR);
    let reminder = f
        .wait_for(from, "the half-time reminder", |c| {
            c.method == "POST" && c.text().contains("Half of your time is left")
        })
        .await;
    assert!(
        reminder.path.contains(&TAVERN.to_string()),
        "{}",
        reminder.path
    );
    assert!(reminder.text().contains(&format!("<@{}>", ALICE.id)));
    assert_eq!(reminder.notified, [ALICE.id], "the reminder notifies alice");

    let from = f.cursor();
    clock.advance(12 * HOUR);
    let timeout = f
        .wait_for(from, "the timeout notice", |c| {
            c.method == "POST" && c.text().contains("has run out of time")
        })
        .await;
    let claim = timeout
        .custom_ids()
        .into_iter()
        .find(|i| i.ends_with("|/claim"))
        .expect("a Claim button");
    let from = f.cursor();
    let id = f.click(&BOB, &tavern, &claim);
    let won = f.answer(from, id).await;
    assert!(won.text().contains("bob claims the win"), "{}", won.text());
    // Reminders are not repeated: nothing else mentions alice's half time.
    let halves = f
        .calls()
        .iter()
        .filter(|c| c.text().contains("Half of your time"))
        .count();
    assert_eq!(halves, 1);
    bot.shutdown().await;
    f.assert_clean();
}
