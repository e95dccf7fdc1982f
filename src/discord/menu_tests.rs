//! Select menus at Discord's limits, their rows, the command a choice runs, and the picker's
//! messages laid out to be updated in place.

use super::menus::*;
use super::reply::*;
use crate::i18n::Lang;
use crate::table::{Button, ChannelRef, Command, Image, Menu, MenuOption, Reply, Visibility};
use serde_json::{json, Value};

fn option(label: &str, value: &str, description: Option<&str>) -> MenuOption {
    MenuOption {
        label: label.into(),
        value: value.into(),
        description: description.map(str::to_string),
    }
}

fn menu(command: &str, n: usize) -> Menu {
    Menu {
        placeholder: "Choose a piece".into(),
        command: command.into(),
        options: (0..n)
            .map(|i| option(&format!("piece {i}"), &format!("v{i}"), None))
            .collect(),
        game: Some((12, 7)),
    }
}

fn json_of<T: serde::Serialize>(t: &T) -> Value {
    serde_json::to_value(t).unwrap()
}

fn chars(v: &Value) -> usize {
    v.as_str().map_or(0, |s| s.chars().count())
}

#[test]
fn menu_ids_round_trip_and_stop_at_100_characters() {
    let id = MenuId::for_menu(&menu("/pick move h3", 3));
    let text = id.encode().unwrap();
    assert_eq!(text, "s|12|7|/pick move h3");
    assert_eq!(MenuId::decode(&text), Some(id.clone()));
    let bare = MenuId {
        game: None,
        command: "/pick".into(),
    };
    assert_eq!(bare.encode().as_deref(), Some("s|||/pick"));
    assert_eq!(MenuId::decode("s|||/pick"), Some(bare));
    for bad in [
        "",
        "b|12|7|/pick",
        "c|12|7|/pick",
        "s|12|/pick",
        "s|a|7|/pick",
        "s|12|7|pick",
    ] {
        assert_eq!(MenuId::decode(bad), None, "{bad}");
    }
    // `s|12|7|` is 7 characters: a command of 93 fits exactly, 94 does not.
    let at = |n: usize| MenuId {
        game: Some((12, 7)),
        command: format!("/{}", "x".repeat(n - 1)),
    };
    assert_eq!(at(93).encode().map(|t| t.len()), Some(100));
    assert_eq!(at(94).encode(), None);
    // Buttons and menus never read each other's ids.
    assert_eq!(ButtonId::decode("s|12|7|/pick"), None);
}

#[test]
fn a_choice_appends_one_word_and_parses_as_typed() {
    let id = MenuId::decode("s|12|7|/play move h3 h5").unwrap();
    let text = id.chosen("ne").unwrap();
    assert_eq!(text, "/play move h3 h5 ne");
    assert_eq!(
        parse_command_text(&text, None),
        Some(Command::Play {
            text: "move h3 h5 ne".into()
        })
    );
    // The picker's steps: `/pick` takes the rest as its one free-text option.
    let step = MenuId::decode("s|12|7|/pick > move")
        .unwrap()
        .chosen("h3")
        .unwrap();
    assert_eq!(
        parse_command_text(&step, None),
        Some(Command::Pick {
            path: "> move h3".into()
        })
    );
    assert_eq!(
        parse_command_text("/pick", None),
        Some(Command::Pick {
            path: String::new()
        })
    );
    for bad in ["", "h5 ne", "a\tb", &"x".repeat(101)] {
        assert_eq!(id.chosen(bad), None, "{bad:?}");
    }
    assert!(id.chosen(&"x".repeat(100)).is_some());
}

#[test]
fn selects_keep_discords_limits() {
    let mut m = menu("/pick", 25);
    m.placeholder = "p".repeat(151);
    m.options[0] = option(&"l".repeat(101), &"v".repeat(100), Some(&"d".repeat(101)));
    m.options[1] = option(&"l".repeat(100), "w", Some(&"d".repeat(100)));
    m.options[2] = option("", "bare", Some(""));
    let s = json_of(&select(&m).unwrap());
    assert_eq!(s["type"], 3);
    assert_eq!(s["custom_id"], "s|12|7|/pick");
    assert_eq!(chars(&s["placeholder"]), 150);
    let opts = s["options"].as_array().unwrap();
    assert_eq!(opts.len(), 25);
    assert_eq!(chars(&opts[0]["label"]), 100);
    assert!(opts[0]["label"].as_str().unwrap().ends_with('…'));
    assert_eq!(chars(&opts[0]["value"]), 100, "values are never clipped");
    assert_eq!(chars(&opts[0]["description"]), 100);
    assert_eq!(
        opts[1]["label"],
        "l".repeat(100),
        "100 characters are kept whole"
    );
    assert_eq!(opts[2]["label"], "bare", "an empty label shows the value");
    assert!(opts[2].get("description").is_none_or(Value::is_null));

    assert_eq!(select(&menu("/pick", 26)).err(), Some(Refusal::Options(26)));
    assert_eq!(select(&menu("/pick", 0)).err(), Some(Refusal::Options(0)));
    let mut long = menu("/pick", 2);
    long.options[1].value = "v".repeat(101);
    assert!(matches!(select(&long), Err(Refusal::BadValue(_))));
    let mut spaced = menu("/pick", 2);
    spaced.options[1].value = "h3 h5".into();
    assert!(matches!(select(&spaced), Err(Refusal::BadValue(_))));
    let mut twice = menu("/pick", 2);
    twice.options[1].value = "v0".into();
    assert!(matches!(select(&twice), Err(Refusal::DuplicateValue(_))));
    let far = menu(&format!("/{}", "x".repeat(93)), 2);
    assert_eq!(select(&far).err(), Some(Refusal::IdTooLong));
}

fn buttons(n: usize) -> Vec<Button> {
    (0..n)
        .map(|i| Button {
            label: format!("b{i}"),
            command: format!("/pick back {i}"),
            game: Some((12, 7)),
        })
        .collect()
}

fn kinds(rows: &[serenity::all::CreateActionRow]) -> Vec<Vec<u64>> {
    rows.iter()
        .map(|r| {
            json_of(r)["components"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c["type"].as_u64().unwrap())
                .collect()
        })
        .collect()
}

#[test]
fn each_select_has_its_row_then_buttons_five_to_a_row_within_five_rows() {
    let menus = [menu("/pick a", 3), menu("/pick b", 3)];
    let (made, refused) = rows(&menus, &buttons(7));
    assert!(refused.is_empty());
    assert_eq!(kinds(&made), [vec![3], vec![3], vec![2; 5], vec![2; 2]]);

    // Five menus fill the message: a sixth is refused, and buttons have no room.
    let menus: Vec<Menu> = (0..6).map(|i| menu(&format!("/pick {i}"), 2)).collect();
    let (made, refused) = rows(&menus, &buttons(2));
    assert_eq!(kinds(&made), vec![vec![3]; 5]);
    assert_eq!(refused.len(), 1);
    assert_eq!(refused[0].command, "/pick 5");

    // The same custom id twice would make Discord refuse the message.
    let (made, refused) = rows(&[menu("/pick", 2), menu("/pick", 2)], &buttons(1));
    assert_eq!(kinds(&made), [vec![3], vec![2]]);
    assert_eq!(refused.len(), 1);
    let mut twice = buttons(2);
    twice[1].command = twice[0].command.clone();
    assert_eq!(kinds(&rows_of(&twice)), [vec![2]]);
}

fn rows_of(b: &[Button]) -> Vec<serenity::all::CreateActionRow> {
    rows(&[], b).0
}

fn picker(image: bool, update: bool, menus: Vec<Menu>) -> Reply {
    Reply {
        channel: ChannelRef {
            id: "5".into(),
            name: "tavern".into(),
            guild: Some("1".into()),
        },
        visibility: Visibility::Ephemeral,
        text: "Choose a piece: 12 moves".into(),
        image: image.then(|| Image {
            name: "picker.png".into(),
            png: vec![1, 2, 3],
            description: String::new(),
        }),
        buttons: buttons(1),
        mentions: Vec::new(),
        menus,
        update,
        link: None,
    }
}

#[test]
fn a_refused_menu_says_how_to_type_the_choice() {
    let out = Outgoing::from_reply_in(
        &picker(false, false, vec![menu("/pick move", 30)]),
        Lang::EN,
    );
    let m = json_of(&out.response());
    let content = m["content"].as_str().unwrap();
    assert!(content.starts_with("Choose a piece: 12 moves"), "{content}");
    assert!(
        content.contains("type `/pick move` followed by your choice"),
        "{content}"
    );
    assert_eq!(kinds(&out.components), [vec![2]], "the buttons stay");
}

/// The picker's message keeps its text in the content and its picture as a plain attachment,
/// so that an update can change the text and leave the picture.
#[test]
fn picker_messages_are_laid_out_to_be_updated() {
    let first = Outgoing::from_reply(&picker(true, false, vec![menu("/pick", 3)]));
    assert!(first.embed.is_none());
    assert_eq!(first.content.as_deref(), Some("Choose a piece: 12 moves"));
    assert!(first.file.is_some());
    let m = json_of(&first.response());
    assert_eq!(m["flags"], 64);
    assert_eq!(m["components"][0]["components"][0]["type"], 3);

    // A step without a picture of its own keeps the message's: no `attachments` at all.
    let step = Outgoing::from_reply(&picker(false, true, vec![menu("/pick move h3", 4)]));
    let (body, files) = step.update();
    assert_eq!(body["type"], 7);
    assert!(files.is_empty());
    let data = &body["data"];
    assert!(data.get("attachments").is_none(), "{data}");
    assert_eq!(data["embeds"], json!([]));
    assert_eq!(data["content"], "Choose a piece: 12 moves");
    assert_eq!(
        data["components"][0]["components"][0]["custom_id"],
        "s|12|7|/pick move h3"
    );
    assert!(
        data.get("flags").is_none_or(Value::is_null),
        "an update keeps the message's flags"
    );
    let edit = json_of(&step.update_edit());
    assert!(edit.get("attachments").is_none_or(Value::is_null), "{edit}");
    assert_eq!(edit["embeds"], json!([]));

    // A step with a picture replaces it.
    let turned = Outgoing::from_reply(&picker(true, true, vec![menu("/pick", 3)]));
    let (body, files) = turned.update();
    assert_eq!(files.len(), 1);
    assert_eq!(body["data"]["attachments"][0]["filename"], "picker.png");
    assert_eq!(body["data"]["attachments"][0]["id"], 0);

    // Replies without menus are laid out as before: a board in an embed.
    let mut board = picker(true, false, Vec::new());
    board.visibility = Visibility::Public;
    let out = Outgoing::from_reply(&board);
    assert!(out.embed.is_some());
}
