use super::{Arg, ChannelRef, Context, Reply, Request, Table, UserRef};

/// `who` in the channel #tavern of server `guild` (none: the local channel's).
pub(crate) fn tavern(who: &str, guild: Option<&str>) -> Context {
    Context {
        user: UserRef {
            id: format!("local:{who}"),
            name: who.into(),
        },
        channel: ChannelRef {
            id: "local:#tavern".into(),
            name: "tavern".into(),
            guild: guild.map(str::to_string),
        },
        ..Default::default()
    }
}

/// The replies to the command `name` typed with `args`.
pub(crate) fn typed(table: &Table, ctx: Context, name: &str, args: &[Arg]) -> Vec<Reply> {
    let command = table.command(&ctx, name, args).expect("a command");
    table.handle(&Request {
        ctx,
        command,
        from_button: None,
    })
}

/// Issue 25: a move takes the store's lock once (its transaction) and its reply, clock line and
/// ping included, is built without reading the store again; so does a change that ends the game.
#[cfg(debug_assertions)]
#[test]
fn a_move_takes_the_store_lock_once() {
    use super::locks::{taken, Level};
    use super::ManualClock;
    use std::sync::Arc;
    let table = Table::open(":memory:", Arc::new(ManualClock::new(1_767_225_600_000))).unwrap();
    let run = |who: &str, name: &str, args: &[Arg]| typed(&table, tavern(who, None), name, args);
    let p = Arg::positional;
    run(
        "ann",
        "new",
        &[p("pikemen"), p("2"), Arg::named("clock", "fast")],
    );
    run("bob", "join", &[]);
    run("ann", "start", &[Arg::named("order", "join")]);
    let before = taken(Level::Store);
    let replies = run("ann", "turn", &[p("d1"), p("e")]);
    assert_eq!(taken(Level::Store) - before, 1, "{replies:?}");
    let board = &replies[0];
    assert!(board.text.contains("played turn d1 e"), "{}", board.text);
    assert!(
        board.text.contains("Clock: fast"),
        "the clock line: {}",
        board.text
    );
    assert_eq!(board.mentions, vec!["local:bob".to_string()]);
    // A change that ends the game (ratings settled in the same transaction) too.
    let before = taken(Level::Store);
    let replies = run("bob", "resign", &[]);
    assert_eq!(taken(Level::Store) - before, 1, "{replies:?}");
    assert!(replies[0].text.contains("resigned"), "{}", replies[0].text);
}

/// Issue 26: `/board` (and the "My view" button, which is `/board`) answers the asker alone,
/// with the picture turned to their own seat, in their theme; the public boards follow the
/// server's theme (dark unless chosen), and only Manage Channels sets it.
#[test]
fn board_is_private_from_the_askers_side_in_their_theme() {
    use super::{ManualClock, Visibility};
    use crate::render::{self, Theme, View};
    use std::sync::Arc;
    let table = Table::open(":memory:", Arc::new(ManualClock::new(1_767_225_600_000))).unwrap();
    let run = |who: &str, name: &str, args: &[Arg]| {
        let ctx = Context {
            can_manage: who == "admin",
            ..tavern(who, Some("g1"))
        };
        typed(&table, ctx, name, args)
    };
    let p = Arg::positional;
    let players = ["ann", "bob", "cid", "dee"];
    run("ann", "new", &[p("pikemen"), p("4")]);
    for who in &players[1..] {
        run(who, "join", &[]);
    }
    let started = run("ann", "start", &[Arg::named("order", "join")]);
    let public = &started[0];
    assert!(public.buttons.iter().any(|b| b.command == "/board"));
    let game = table.game_info("local:#tavern").unwrap().game.unwrap();
    let names: Vec<String> = players.iter().map(|s| s.to_string()).collect();
    let drawn = |theme, side| {
        let view = View {
            names: names.clone(),
            theme,
            side,
            ..Default::default()
        };
        render::png(&game, &view)
    };
    assert_eq!(
        public.image.as_ref().unwrap().png,
        drawn(Theme::Dark, None),
        "public boards are dark by default"
    );
    run("bob", "settings", &[Arg::named("theme", "light")]);
    for (i, who) in players.iter().enumerate() {
        let r = run(who, "board", &[]);
        assert_eq!(r[0].visibility, Visibility::Ephemeral, "{}", r[0].text);
        assert!(r[0].mentions.is_empty());
        let theme = if *who == "bob" {
            Theme::Light
        } else {
            Theme::Dark
        };
        assert_eq!(
            r[0].image.as_ref().unwrap().png,
            drawn(theme, Some(i as u8 + 1)),
            "{who} sees the board from seat {}",
            i + 1
        );
    }
    // A spectator sees it as the notation reads.
    let r = run("eve", "board", &[]);
    assert_eq!(r[0].image.as_ref().unwrap().png, drawn(Theme::Dark, None));
    // The server's theme needs Manage Channels; then public boards and those without a
    // choice of their own follow it.
    let refused = run("ann", "settings", &[Arg::named("server-theme", "light")]);
    assert!(
        refused[0].text.contains("Manage Channels"),
        "{}",
        refused[0].text
    );
    let saved = run("admin", "settings", &[Arg::named("server-theme", "light")]);
    assert!(saved[0].text.contains("Boards:"), "{}", saved[0].text);
    let r = run("eve", "board", &[]);
    assert_eq!(r[0].image.as_ref().unwrap().png, drawn(Theme::Light, None));
    let moved = run("ann", "turn", &[p("a6"), p("e")]);
    let after = table.game_info("local:#tavern").unwrap().game.unwrap();
    let view = View {
        names: names.clone(),
        theme: Theme::Light,
        ..Default::default()
    };
    assert!(moved[0].image.is_some(), "{}", moved[0].text);
    assert_eq!(
        moved[0].image.as_ref().unwrap().png,
        render::png(&after, &view)
    );
    let bad = run("ann", "settings", &[Arg::named("theme", "blue")]);
    assert!(
        bad[0].text.contains("dark, light or auto"),
        "{}",
        bad[0].text
    );
}

/// Issue 41: an answer is built once for whom it is for. Privately, it carries a Share button
/// after its own; shared, it is public, says who shared it and pings nobody; shared again by
/// anyone within the quiet time, it is private with a note; a refusal is never shared nor
/// offered to be.
#[test]
fn a_shared_answer_is_built_for_its_audience() {
    use super::{ManualClock, Visibility};
    use std::sync::Arc;
    let table = Table::open(":memory:", Arc::new(ManualClock::new(1_767_225_600_000))).unwrap();
    let run =
        |who: &str, name: &str, args: &[Arg]| typed(&table, tavern(who, Some("g1")), name, args);
    let p = Arg::positional;
    let share = || Arg::named("share", "true");
    run("ann", "new", &[p("pikemen"), p("2")]);
    run("bob", "join", &[]);
    run("ann", "start", &[Arg::named("order", "join")]);
    run("ann", "turn", &[p("d1"), p("e")]);

    let mine = run("cid", "board", &[]);
    assert_eq!(mine.len(), 1);
    assert_eq!(mine[0].visibility, Visibility::Ephemeral);
    let commands: Vec<&str> = mine[0].buttons.iter().map(|b| b.command.as_str()).collect();
    assert_eq!(
        commands,
        ["/pick", "/moves", "/resign", "/board share:true"],
        "the Share button comes last"
    );

    let shared = run("cid", "board", &[share()]);
    assert_eq!(shared.len(), 1);
    assert_eq!(shared[0].visibility, Visibility::Public);
    assert!(shared[0].mentions.is_empty());
    let text = shared[0]
        .text
        .strip_prefix("Shared by cid:\n")
        .expect("who shared it");
    assert_eq!(text, mine[0].text, "the same answer");
    assert!(shared[0]
        .buttons
        .iter()
        .all(|b| !b.command.contains("share")));

    // Someone else sharing the same answer: it is the same, whoever shares it.
    let again = run("dee", "board", &[share()]);
    assert_eq!(again[0].visibility, Visibility::Ephemeral);
    let (note, text) = again[0].text.split_once('\n').unwrap();
    assert!(note.starts_with("The same answer was posted"), "{note}");
    assert_eq!(text, mine[0].text);
    assert!(again[0]
        .buttons
        .iter()
        .all(|b| !b.command.contains("share")));

    // The history pages' buttons come before the Share button.
    let history = run("cid", "history", &[]);
    assert_eq!(
        history[0].buttons.last().map(|b| b.command.as_str()),
        Some("/history page:1 share:true")
    );

    // A refusal: private, without a Share button, shared or not.
    for args in [vec![], vec![share()]] {
        let refused = run("cid", "rating", &args);
        assert_eq!(refused.len(), 1);
        assert_eq!(refused[0].visibility, Visibility::Ephemeral);
        assert!(refused[0].buttons.is_empty(), "{:?}", refused[0].buttons);
        assert!(!refused[0].text.starts_with("Shared"));
    }
}
