//! Issue 11, fuzzing of every command and verb at the service: option values made of unicode,
//! control and direction characters, 6,000-character strings, mass mentions, user and role
//! mentions, markdown and numbers out of range, sent to lobbies and running games of all four
//! games. Never a panic, always an answer, never a ping that no player's seat asked for, and
//! never a reply over Discord's 2,000 characters or carrying a live `@everyone`.

use plateau::engine::GameKind;

use plateau::table::{Arg, Command, ManualClock, Request, SeatOrder, Table};
use proptest::prelude::*;
use std::sync::{Arc, Mutex, OnceLock};

mod common;
use common::*;

/// Discord refuses message content over this many characters (UTF-16 units, as it counts).
const CONTENT_MAX: usize = 2000;

/// One table shared by every case: lobbies and running games of each game.
fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        let t = Table::open(":memory:", Arc::new(ManualClock::new(START_MS))).unwrap();
        for kind in GameKind::ALL {
            let (min, _) = kind.players();
            let id = kind.id();
            typed(
                &t,
                "alice",
                &format!("lobby-{id}"),
                &format!("new {id} {min}"),
            );
            let ch = format!("run-{id}");
            typed(&t, "alice", &ch, &format!("new {id} {min}"));
            for p in ["bob", "carol", "dave"].iter().take(min as usize - 1) {
                typed(&t, p, &ch, "join");
            }
            let r = send(
                &t,
                "alice",
                &ch,
                Command::Start {
                    order: Some(SeatOrder::Join),
                },
            );
            assert!(is_public(&r), "{r:?}");
        }
        t
    })
}

/// The user ids seated anywhere now (cases join lobbies too).
fn seated(t: &Table) -> Vec<String> {
    channels()
        .iter()
        .filter_map(|ch| t.game_info(&format!("c-{ch}")))
        .flat_map(|g| g.players.into_iter().map(|(id, _, _)| id))
        .collect()
}

/// The user ids seated now or at any moment an earlier case saw: the only ones a reply may
/// ping. A game that a case ended no longer lists its players, yet its rematch offer rightly
/// pings them (`/rematch` names the last game's other players).
fn ever_seated(t: &Table) -> Vec<String> {
    static EVER: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let mut ever = EVER.lock().unwrap_or_else(|e| e.into_inner());
    for id in seated(t) {
        if !ever.contains(&id) {
            ever.push(id);
        }
    }
    ever.clone()
}

fn nasty() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        Just("@everyone".to_string()),
        Just("@here hello".to_string()),
        Just("<@123456789012345678>".to_string()),
        Just("<@&123456789012345678>".to_string()),
        Just("<@!987654321098765432> **bold** `code` ||spoiler||".to_string()),
        Just("\u{202e}enrut\u{202c} h3 n".to_string()),
        Just("turn\u{0}h3\u{7}n\r\n".to_string()),
        Just("-1".to_string()),
        Just("99999999999999999999999".to_string()),
        Just("1e308".to_string()),
        Just("x".repeat(6000)),
        Just("é".repeat(3000) + "@everyone"),
        "\\PC{0,40}",
        "[a-h][1-9] [nsew]{1,2}",
        any::<String>(),
    ]
}

fn command_names() -> Vec<String> {
    let mut names: Vec<String> = plateau::table::command_specs()
        .map(|c| c.name.to_string())
        .collect();
    for kind in GameKind::ALL {
        names.extend(kind.verbs().iter().map(|v| v.name.to_string()));
    }
    names.push("no-such-command".into());
    names.sort();
    names.dedup();
    names
}

fn option_names() -> Vec<&'static str> {
    let mut names: Vec<&str> = plateau::table::command_specs()
        .flat_map(|c| c.options.iter().map(|o| o.name))
        .collect();
    for kind in GameKind::ALL {
        for v in kind.verbs() {
            names.extend(v.params.iter().map(|p| p.name));
        }
        names.extend(kind.option_specs().iter().map(|o| o.key));
    }
    names.extend(["clock", "timeout", "thread", "bogus"]);
    names
}

fn args() -> impl Strategy<Value = Vec<(Option<usize>, String)>> {
    prop::collection::vec((prop::option::of(0..64usize), nasty()), 0..4)
}

fn channels() -> Vec<String> {
    let mut out = vec!["empty".to_string()];
    for kind in GameKind::ALL {
        out.push(format!("lobby-{}", kind.id()));
        out.push(format!("run-{}", kind.id()));
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn every_command_with_any_text_is_answered_safely(
        name in prop::sample::select(command_names()),
        channel in prop::sample::select(channels()),
        user in prop::sample::select(vec!["alice", "bob", "zed"]),
        raw in args(),
    ) {
        let t = table();
        // Who sat before this case: a game it ends keeps its players' right to be pinged.
        ever_seated(t);
        let opts = option_names();
        let args: Vec<Arg> = raw
            .iter()
            .map(|(n, v)| match n {
                Some(i) => Arg::named(opts[i % opts.len()], v.clone()),
                None => Arg::positional(v.clone()),
            })
            .collect();
        let c = ctx(user, &channel);
        let replies = match t.command(&c, &name, &args) {
            Ok(command) => t.handle(&Request { ctx: c, command, from_button: None }),
            // The transports answer this text ephemerally: it must be as safe as a reply.
            Err(why) => vec![plateau::table::Reply {
                channel: c.channel.clone(),
                visibility: plateau::table::Visibility::Ephemeral,
                text: why,
                image: None,
                buttons: Vec::new(),
                mentions: Vec::new(),
                menus: Vec::new(),
                update: false,
                link: None,
            }],
        };
        prop_assert!(!replies.is_empty(), "/{name} got no answer");
        let seated = ever_seated(t);
        for r in &replies {
            let units = r.text.encode_utf16().count();
            prop_assert!(units <= CONTENT_MAX, "/{name}: a reply of {units} characters");
            prop_assert!(!r.text.contains("@everyone") && !r.text.contains("@here"),
                "/{name}: a live mass mention in {:?}", r.text);
            for m in &r.mentions {
                prop_assert!(seated.contains(m), "/{name}: pings {m}, who sits nowhere");
            }
            prop_assert!(!r.text.contains("123456789012345678") || r.text.contains("<@\u{200b}"),
                "/{name}: an echoed mention is live: {:?}", r.text);
        }
    }
}
