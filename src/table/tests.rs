use super::cmd::play::group_moves;

#[test]
fn moves_are_grouped_by_their_first_two_words() {
    let moves: Vec<String> = [
        "move a7 a8",
        "move a7 a8 e",
        "pass",
        "turn a7 e",
        "turn a7 up",
        "turn b1 n",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    assert_eq!(
        group_moves(crate::i18n::Lang::EN, &moves, 1000),
        "move a7: a8, a8 e\npass\nturn a7: e, up\nturn b1: n"
    );
    assert_eq!(
        group_moves(crate::i18n::Lang::EN, &moves, 30),
        "move a7: a8, a8 e\npass\n… and 2 more lines: type /play and let autocomplete suggest."
    );
}

/// Issue 25: a move takes the store's lock once (its transaction) and its reply, clock line and
/// ping included, is built without reading the store again; so does a change that ends the game.
#[cfg(debug_assertions)]
#[test]
fn a_move_takes_the_store_lock_once() {
    use super::locks::{taken, Level};
    use super::{Arg, ChannelRef, Context, ManualClock, Request, Table, UserRef};
    use std::sync::Arc;
    let table = Table::open(":memory:", Arc::new(ManualClock::new(1_767_225_600_000))).unwrap();
    let ctx = |who: &str| Context {
        user: UserRef {
            id: format!("local:{who}"),
            name: who.into(),
        },
        channel: ChannelRef {
            id: "local:#tavern".into(),
            name: "tavern".into(),
            guild: None,
        },
        ..Default::default()
    };
    let run = |who: &str, name: &str, args: &[Arg]| {
        let c = ctx(who);
        let command = table.command(&c, name, args).expect("a command");
        table.handle(&Request {
            ctx: c,
            command,
            from_button: None,
        })
    };
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
