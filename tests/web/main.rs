//! The game pages (issue 44) against the running service: `http.rs` speaks HTTP to them,
//! `browser.rs` drives Debian's headless chromium through chromedriver, `local.rs` runs
//! `plateau play --web`, `shared.rs` two processes' services on one PostgreSQL database.

mod browser;
mod http;
mod local;
mod shared;

use plateau::table::{ChannelRef, Command, Context, ManualClock, Reply, Request, Table, UserRef};
use std::sync::Arc;

/// Discord-like ids, which a page must never show.
pub const ALICE: &str = "100000000000000001";
pub const BOB: &str = "100000000000000002";

/// A game in `channel` of a service whose pages are served on a port of loopback.
pub struct Game {
    pub table: Arc<Table>,
    pub channel: String,
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    /// The game's page.
    pub url: String,
}

pub fn ctx(user: &str, channel: &str) -> Context {
    let name = if user == ALICE { "alice" } else { "bob" };
    Context {
        user: UserRef {
            id: user.into(),
            name: name.into(),
        },
        channel: ChannelRef {
            id: format!("9000000000000000{channel}"),
            name: format!("table-{channel}"),
            guild: Some("800000000000000001".into()),
        },
        ..Default::default()
    }
}

pub fn typed(t: &Table, user: &str, channel: &str, name: &str, args: &[&str]) -> Vec<Reply> {
    let c = ctx(user, channel);
    let args: Vec<plateau::table::Arg> = args
        .iter()
        .map(|a| match a.split_once(':') {
            Some((n, v)) => plateau::table::Arg::named(n, v),
            None => plateau::table::Arg::positional(*a),
        })
        .collect();
    let command = t.command(&c, name, &args).expect("a command");
    t.handle(&Request {
        ctx: c,
        command,
        from_button: None,
    })
}

/// Plays the first legal move of whoever is to move; the replies.
pub fn play_one(t: &Table, channel: &str) -> Vec<Reply> {
    let c = ctx(ALICE, channel);
    let info = t.game_info(&c.channel.id).expect("a game here");
    let game = info.game.expect("started");
    let seat = game.to_move().expect("running");
    let user = info
        .players
        .iter()
        .find(|p| p.2 == Some(seat))
        .map(|p| p.0.clone())
        .expect("a player at the seat");
    let text = game.legal_moves()[0].clone();
    t.handle(&Request {
        ctx: ctx(&user, channel),
        command: Command::Play { text },
        from_button: None,
    })
}

/// alice and bob start a game of `kind` in `channel` (join order: alice first), on a
/// service whose pages are served; `moves` moves are played.
pub async fn start(kind: &str, channel: &str, moves: usize) -> Game {
    start_with(&[kind, "2"], channel, moves).await
}

/// As [`start`], with `/new`'s options as typed (`["battlezone", "2", "clock:fast"]`).
pub async fn start_with(new: &[&str], channel: &str, moves: usize) -> Game {
    let table =
        Arc::new(Table::open(":memory:", Arc::new(ManualClock::new(1_767_225_600_000))).unwrap());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let served = table.clone();
    tokio::spawn(plateau::web::serve(
        listener,
        Arc::new(move || served.clone()),
    ));
    typed(&table, ALICE, channel, "new", new);
    typed(&table, BOB, channel, "join", &[]);
    let mut replies = typed(&table, ALICE, channel, "start", &["order:join"]);
    plateau::table::pages::link_boards(&table, &mut replies, &base);
    let url = replies
        .iter()
        .find_map(|r| r.link.clone().map(|l| l.url))
        .expect("the first board links to its page");
    for _ in 0..moves {
        play_one(&table, channel);
    }
    Game {
        table,
        channel: channel.to_string(),
        base,
        url,
    }
}

impl Game {
    /// Plays one move off the async threads (the service is synchronous).
    pub async fn play(&self) {
        let (t, c) = (self.table.clone(), self.channel.clone());
        tokio::task::spawn_blocking(move || play_one(&t, &c))
            .await
            .unwrap();
    }
}
