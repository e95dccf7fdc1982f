use super::commands::*;
use super::register::{changed, desired};
use super::reply::*;
use super::translate::*;
use crate::engine::{GameKind, ParamKind, ParamSpec, VerbSpec, Written};
use crate::table::{Button, ChannelRef, Command, Image, Reply, SeatOrder, Visibility};
use serde_json::Value;

// ---- command definitions ----

fn valid_name(n: &str) -> bool {
    !n.is_empty()
        && n.chars().count() <= 32
        && n.chars()
            .all(|c| c == '-' || c == '_' || c.is_alphanumeric())
        && n.to_lowercase() == n
}

/// What Discord rejects in a registration (discord-notes: names, lengths, order, counts).
#[test]
fn every_command_is_registrable() {
    let all = all_commands();
    assert!(all.len() <= 100);
    for def in &all {
        assert!(valid_name(&def.name), "{}", def.name);
        for (loc, name) in localized_names(&def.name, None) {
            assert!(valid_name(&name), "{loc}: {name}");
        }
        assert!((1..=100).contains(&def.description.chars().count()));
        assert!(
            !def.localized.is_empty(),
            "/{} has no French description",
            def.name
        );
        for (loc, text) in &def.localized {
            assert!(
                (1..=100).contains(&text.chars().count()),
                "/{} {loc}",
                def.name
            );
        }
        assert!(def.params.len() <= MAX_OPTIONS, "/{}", def.name);
        let mut optional_seen = false;
        for p in &def.params {
            assert!(valid_name(&p.name), "/{} {}", def.name, p.name);
            assert!((1..=100).contains(&p.description.chars().count()));
            for (loc, name) in localized_names(&p.name, None) {
                assert!(valid_name(&name), "/{} {}: {loc} {name}", def.name, p.name);
            }
            for (loc, text) in &p.localized {
                assert!((1..=100).contains(&text.chars().count()), "{loc}: {text}");
            }
            if let ParamType::Choice(c) = &p.ty {
                for w in c {
                    for (_, name) in localized_names(w, Some(&p.name)) {
                        assert!((1..=100).contains(&name.chars().count()), "{name}");
                    }
                }
            }
            assert!(
                !(p.required && optional_seen),
                "/{} {}: required after optional",
                def.name,
                p.name
            );
            optional_seen |= !p.required;
            if let ParamType::Choice(c) = &p.ty {
                assert!(!c.is_empty() && c.len() <= MAX_CHOICES);
            }
        }
    }
    // Discord caps the text of one command (names, descriptions, choices) at 4000 characters.
    for def in &all {
        let mut total = def.name.len() + def.description.chars().count();
        for p in &def.params {
            total += p.name.len() + p.description.chars().count();
            if let ParamType::Choice(c) = &p.ty {
                total += c.iter().map(|w| 2 * w.len()).sum::<usize>();
            }
        }
        assert!(total <= 4000, "/{} is {total} characters", def.name);
    }
    let unique = |names: Vec<String>, what: &str| {
        let mut dedup = names.clone();
        dedup.sort();
        dedup.dedup();
        assert_eq!(dedup.len(), names.len(), "duplicate {what}: {names:?}");
    };
    let localised = |n: &str| {
        localized_names(n, None)
            .into_iter()
            .find(|(loc, _)| loc == "fr")
            .map_or(n.to_string(), |(_, name)| name)
    };
    unique(
        all.iter().map(|d| d.name.clone()).collect(),
        "command names",
    );
    unique(
        all.iter().map(|d| localised(&d.name)).collect(),
        "French command names",
    );
    for def in &all {
        unique(
            def.params.iter().map(|p| p.name.clone()).collect(),
            "option names",
        );
        unique(
            def.params.iter().map(|p| localised(&p.name)).collect(),
            "French option names",
        );
    }
}

#[test]
fn service_commands_follow_conventions_4b() {
    let all = service_commands();
    let names: Vec<&str> = all.iter().map(|d| d.name.as_str()).collect();
    let served: Vec<&str> = crate::table::command_specs().map(|c| c.name).collect();
    assert_eq!(names, served, "every command of the service, in its order");
    for name in [
        "new", "join", "leave", "start", "board", "moves", "resign", "history", "rules", "help",
        "play",
    ] {
        assert!(names.contains(&name), "/{name}");
    }
    let new = all.iter().find(|d| d.name == "new").unwrap();
    assert_eq!(new.params[0].name, "game");
    assert_eq!(new.params[1].name, "players");
    let names: Vec<&str> = new.params.iter().map(|p| p.name.as_str()).collect();
    assert!(names.contains(&"thread"));
    // `clock` only once the service has clocks (and its /claim).
    let clocks = all.iter().any(|d| d.name == "claim");
    assert_eq!(names.contains(&"clock"), clocks, "{names:?}");
    // Game options follow: Pikemen's are typed.
    let target = new.params.iter().find(|p| p.name == "target").unwrap();
    assert_eq!(target.ty, ParamType::Integer { min: 12, max: 30 });
    let rps = new.params.iter().find(|p| p.name == "rps").unwrap();
    assert_eq!(rps.ty, ParamType::Bool);
    let play = all.iter().find(|d| d.name == "play").unwrap();
    assert!(play.params[0].autocomplete && play.params[0].required);
}

#[test]
fn pikemen_verbs_become_commands() {
    let verbs = verb_commands();
    let turn = verbs.iter().find(|d| d.name == "turn").unwrap();
    let names: Vec<&str> = turn.params.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["square", "direction"]);
    assert!(turn.params[0].autocomplete);
    assert_eq!(
        turn.params[1].ty,
        ParamType::Choice(
            ["n", "ne", "e", "se", "s", "sw", "w", "nw", "up"]
                .map(String::from)
                .to_vec()
        )
    );
    let mv = verbs.iter().find(|d| d.name == "move").unwrap();
    let names: Vec<&str> = mv.params.iter().map(|p| p.name.as_str()).collect();
    // Pikemen's own, in its notation order; other games may add theirs after.
    assert_eq!(names[..3], ["from", "to", "direction"]);
    assert!(mv.params[0].required && !mv.params[1].required);
}

const SQ: ParamKind = ParamKind::Square;
const fn p(name: &'static str, kind: ParamKind, required: bool) -> ParamSpec {
    ParamSpec {
        name,
        kind,
        required,
        written: Written::Value,
    }
}
const A: &[VerbSpec] = &[VerbSpec {
    name: "move",
    params: &[
        p("from", SQ, true),
        p("to", SQ, true),
        p("direction", ParamKind::Direction(&["n", "s"]), false),
    ],
    message: "verb-pikemen-move",
}];
const B: &[VerbSpec] = &[
    VerbSpec {
        name: "move",
        params: &[
            p("from", SQ, true),
            p("direction", ParamKind::Direction(&["s", "e"]), true),
            p("joker", ParamKind::Bool, true),
        ],
        message: "verb-battlezone-move",
    },
    VerbSpec {
        name: "new",
        params: &[],
        message: "verb-battlezone-done",
    },
];

/// Merging by name: required only when every game requires it, union in notation order,
/// choices united, a verb named like a service command left out.
#[test]
fn verbs_merge_across_games() {
    let merged = merge_verbs(&[("Ga", A), ("Gb", B)], &["new".to_string()]);
    assert_eq!(merged.len(), 1);
    let mv = &merged[0];
    assert_eq!(mv.description, "A move in Ga, Gb: see /rules for its form");
    let alone = merge_verbs(&[("Ga", A)], &[]);
    assert_eq!(
        alone[0].description,
        "Charge a lying pikeman along its facing"
    );
    let got: Vec<(&str, bool)> = mv
        .params
        .iter()
        .map(|p| (p.name.as_str(), p.required))
        .collect();
    assert_eq!(
        got,
        [
            ("from", true),
            ("to", false),
            ("direction", false),
            ("joker", false)
        ]
    );
    assert_eq!(
        mv.params[2].ty,
        ParamType::Choice(["n", "s", "e"].map(String::from).to_vec())
    );
}

fn def(name: &str) -> CommandDef {
    all_commands().into_iter().find(|d| d.name == name).unwrap()
}

fn vals(pairs: &[(&str, Raw)]) -> Vec<(String, Raw)> {
    pairs
        .iter()
        .map(|(n, v)| (n.to_string(), v.clone()))
        .collect()
}

#[test]
fn options_become_service_commands() {
    let c = to_command(
        &def("new"),
        &vals(&[
            ("game", Raw::Text("pikemen".into())),
            ("players", Raw::Int(3)),
            ("thread", Raw::Bool(true)),
            ("target", Raw::Int(15)),
        ]),
        None,
    )
    .unwrap();
    assert_eq!(
        c,
        Command::New {
            game: GameKind::Pikemen,
            players: Some(3),
            options: vec![
                ("thread".into(), "true".into()),
                ("target".into(), "15".into())
            ],
        }
    );
    let c = to_command(
        &def("start"),
        &vals(&[("order", Raw::Text("join".into()))]),
        None,
    )
    .unwrap();
    assert_eq!(
        c,
        Command::Start {
            order: Some(SeatOrder::Join)
        }
    );
    let c = to_command(
        &def("play"),
        &vals(&[("move", Raw::Text(" e2(N) ".into()))]),
        None,
    )
    .unwrap();
    assert_eq!(
        c,
        Command::Play {
            text: "e2(N)".into()
        }
    );
    let c = to_command(&def("history"), &vals(&[("page", Raw::Int(2))]), None).unwrap();
    assert_eq!(c, Command::History { page: Some(2) });
}

/// conventions §4b: a verb's move text is its name then the values in declared order.
#[test]
fn verbs_become_move_text() {
    let c = to_command(
        &def("move"),
        &vals(&[
            ("direction", Raw::Text("ne".into())),
            ("from", Raw::Text("h3".into())),
            ("to", Raw::Text("h5".into())),
        ]),
        Some(GameKind::Pikemen),
    )
    .unwrap();
    assert_eq!(
        c,
        Command::Play {
            text: "move h3 h5 ne".into()
        }
    );
    let c = to_command(
        &def("turn"),
        &vals(&[
            ("square", Raw::Text("e2".into())),
            ("direction", Raw::Text("up".into())),
        ]),
        None,
    )
    .unwrap();
    assert_eq!(
        c,
        Command::Play {
            text: "turn e2 up".into()
        }
    );
}

#[test]
fn verb_autocomplete_picks_the_focused_word() {
    let spec = verb_spec("move", Some(GameKind::Pikemen)).unwrap();
    let (q, skip) = verb_query(spec, &[], "from", "e").unwrap();
    assert_eq!((q.as_str(), skip), ("move e", 1));
    let moves: Vec<String> = ["move e2 e3", "move e2 e4", "move f3 f4", "turn e2 n"]
        .map(String::from)
        .to_vec();
    assert_eq!(words_at(&moves, &q, skip), ["e2"]);
    assert_eq!(words_at(&moves, "move ", 1), ["e2", "f3"]);
    assert_eq!(words_at(&moves, "MOVE F", 1), ["f3"]);
    let given = vec![("from".to_string(), "e2".to_string())];
    let (q, skip) = verb_query(spec, &given, "to", "").unwrap();
    assert_eq!((q.as_str(), skip), ("move e2 ", 2));
    assert_eq!(words_at(&moves, &q, skip), ["e3", "e4"]);
    assert!(verb_query(spec, &[], "nonsense", "").is_none());
}

// ---- buttons and replies ----

#[test]
fn button_ids_round_trip() {
    let b = Button {
        label: "Resign".into(),
        command: "/resign".into(),
        game: Some((12, 7)),
    };
    let id = ButtonId::for_button(&b);
    assert!(id.confirm);
    let text = id.encode().unwrap();
    assert_eq!(text, "c|12|7|/resign");
    assert_eq!(ButtonId::decode(&text), Some(id));
    let help = ButtonId {
        game: None,
        command: "/help".into(),
        confirm: false,
    };
    assert_eq!(ButtonId::decode(&help.encode().unwrap()), Some(help));
    for bad in ["", "x|1|2|/join", "b|1|/join", "b|a|2|/join", "b|1|2|join"] {
        assert_eq!(ButtonId::decode(bad), None, "{bad}");
    }
    let long = ButtonId {
        game: None,
        command: format!("/play {}", "x".repeat(120)),
        confirm: false,
    };
    assert_eq!(long.encode(), None);
}

#[test]
fn button_commands_parse() {
    assert_eq!(parse_command_text("/join", None), Some(Command::Join));
    assert_eq!(
        parse_command_text("/start order:join", None),
        Some(Command::Start {
            order: Some(SeatOrder::Join)
        })
    );
    assert_eq!(
        parse_command_text("/play turn e2 n", None),
        Some(Command::Play {
            text: "turn e2 n".into()
        })
    );
    assert_eq!(
        parse_command_text("/turn e2 n", Some(GameKind::Pikemen)),
        Some(Command::Play {
            text: "turn e2 n".into()
        })
    );
    assert_eq!(parse_command_text("/nothing", None), None);
    assert_eq!(parse_command_text("join", None), None);
}

fn reply(visibility: Visibility, image: bool) -> Reply {
    Reply {
        channel: ChannelRef {
            id: "5".into(),
            name: "tavern".into(),
            guild: Some("1".into()),
        },
        visibility,
        text: "alice played turn e2 n. bob to move".into(),
        image: image.then(|| Image {
            name: "game-1-move-1.png".into(),
            png: vec![1, 2, 3],
            description: "Pikemen board. Orange: small d1 e.".into(),
        }),
        buttons: vec![Button {
            label: "Legal moves".into(),
            command: "/moves".into(),
            game: Some((1, 1)),
        }],
        mentions: vec!["42".into()],
        menus: Vec::new(),
        update: false,
        link: None,
    }
}

fn json_of<T: serde::Serialize>(t: &T) -> Value {
    serde_json::to_value(t).unwrap()
}

/// A board: embed showing the attachment, the ping in the content, only that user allowed.
#[test]
fn boards_are_embeds_that_ping_only_the_player_to_move() {
    let out = Outgoing::from_reply(&reply(Visibility::Public, true));
    let m = json_of(&out.message());
    assert_eq!(m["content"], "<@42>");
    assert_eq!(
        m["embeds"][0]["image"]["url"],
        "attachment://game-1-move-1.png"
    );
    assert_eq!(
        m["embeds"][0]["description"],
        "alice played turn e2 n. bob to move"
    );
    assert_eq!(m["allowed_mentions"]["users"], serde_json::json!(["42"]));
    assert_eq!(m["allowed_mentions"]["roles"], serde_json::json!([]));
    assert_eq!(
        m["components"][0]["components"][0]["custom_id"],
        "b|1|1|/moves"
    );
    assert!(out.file.is_some());
}

/// `/export`'s record is a plain file under the text; `/replay`'s GIF shows in the embed.
#[test]
fn records_are_files_and_replays_pictures() {
    let mut r = reply(Visibility::Ephemeral, true);
    r.image.as_mut().unwrap().name = "pikemen-game-3.txt".into();
    let out = Outgoing::from_reply(&r);
    let m = json_of(&out.message());
    assert!(m["embeds"][0].get("image").is_none(), "{m}");
    assert_eq!(
        m["embeds"][0]["description"],
        "alice played turn e2 n. bob to move"
    );
    assert!(out.file.is_some());
    r.image.as_mut().unwrap().name = "pikemen-game-3.gif".into();
    let m = json_of(&Outgoing::from_reply(&r).message());
    assert_eq!(
        m["embeds"][0]["image"]["url"],
        "attachment://pikemen-game-3.gif"
    );
}

#[test]
fn private_answers_ping_nobody() {
    let out = Outgoing::from_reply(&reply(Visibility::Ephemeral, false));
    let m = json_of(&out.response());
    assert_eq!(m["flags"], 64);
    assert_eq!(m["content"], "alice played turn e2 n. bob to move");
    assert_eq!(m["allowed_mentions"]["users"], serde_json::json!([]));
}

#[test]
fn long_text_goes_to_an_embed() {
    let mut r = reply(Visibility::Ephemeral, false);
    r.text = "move a1 a2\n".repeat(500);
    let m = json_of(&Outgoing::from_reply(&r).response());
    assert!(m.get("content").is_none_or(Value::is_null));
    let d = m["embeds"][0]["description"].as_str().unwrap();
    assert!(d.chars().count() <= 4096 && d.ends_with('…'));
}

// ---- registration ----

/// What Discord sends back (ids, versions, defaults) compares equal to what was sent, through
/// serenity's own model, so that a restart does not register again.
#[test]
fn registered_commands_compare_equal() {
    let wanted = desired(&all_commands());
    let echoed: Vec<Value> = wanted
        .iter()
        .map(|c| {
            let mut v = json_of(c);
            v["id"] = "1".into();
            v["application_id"] = "2".into();
            v["version"] = "3".into();
            v["type"] = 1.into();
            v["default_member_permissions"] = Value::Null;
            let cmd: serenity::all::Command = serde_json::from_value(v).unwrap();
            json_of(&cmd)
        })
        .rev()
        .collect();
    assert!(!changed(&wanted, &echoed));
    let mut edited = echoed.clone();
    edited[0]["description"] = "something else".into();
    assert!(changed(&wanted, &edited));
    assert!(changed(&wanted, &echoed[1..]));
}

#[test]
fn catch_all_options_are_split() {
    let args = to_args(&vals(&[
        ("game", Raw::Text("pikemen".into())),
        ("options", Raw::Text("target=15 rps:true".into())),
        ("players", Raw::Text("".into())),
    ]));
    let named: Vec<(Option<&str>, &str)> = args
        .iter()
        .map(|a| (a.name.as_deref(), a.value.as_str()))
        .collect();
    assert_eq!(
        named,
        [
            (Some("game"), "pikemen"),
            (Some("target"), "15"),
            (Some("rps"), "true")
        ]
    );
}

/// What Discord cannot check (an option the service does not take) comes back as the
/// service's own explanation.
#[test]
fn refused_options_explain_themselves() {
    let why = to_command(
        &def("start"),
        &vals(&[("colour", Raw::Text("red".into()))]),
        None,
    )
    .unwrap_err()
    .english();
    assert!(why.contains("order"), "{why}");
}
