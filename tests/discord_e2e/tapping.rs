//! Moves by tapping (issue 26): the Move button on a board opens a private picker whose
//! select menus and buttons narrow the legal moves; every step updates that one private
//! message in place (UPDATE_MESSAGE, or a deferred update and the edit of `@original` when
//! the service is slow), every interaction is answered within Discord's 3 s, every select
//! keeps Discord's limits and validates against its OpenAPI description (the fake checks each
//! request), and the move confirmed is stored exactly as the same move typed.
//!
//! The driver here knows nothing of a game: it presses Move, chooses in whatever select the
//! picker shows, and presses the button that plays the move.

use crate::harness::*;
use std::time::{Duration, Instant};

/// How a picker is opened and how its last button is told from its other buttons.
pub struct Picker {
    /// The Move button's command on a board.
    pub open: &'static str,
    /// A button whose command starts so plays the move (the other buttons go back or cancel).
    pub plays: &'static str,
    /// Commands that start so are the picker's own steps, not a move.
    pub steps: &'static str,
}

/// The command a component's custom id carries (`b|GAME|PLY|COMMAND`, `s|..`).
pub fn command_of(custom_id: &str) -> &str {
    custom_id.splitn(4, '|').nth(3).unwrap_or("")
}

/// What one interaction on the picker came to, checked as Discord would see it.
async fn acted(h: &Harness, from: usize, id: u64, sent: Instant) -> Answer {
    let a = h.f().answer(from, id).await;
    let took = a.callback.at.duration_since(sent);
    eprintln!(
        "interaction answered with type {} in {took:?}: {:?}",
        a.kind(),
        a.text()
    );
    assert!(
        took < ANSWER_WITHIN,
        "interaction {id} answered after {took:?}, past Discord's 3 s"
    );
    a
}

/// One move by tapping: `user` presses Move on the board message `board`, chooses in the
/// picker's selects with `choose` (given the values offered, it returns one) until a button
/// plays the move, and presses it. Returns the move as its button wrote it and the answer
/// that played it.
pub async fn tap_move(
    h: &Harness,
    picker: &Picker,
    user: &User,
    place: &Place,
    board: u64,
    choose: &dyn Fn(&[String]) -> String,
) -> (String, Answer) {
    let shown = h.f().message(board).expect("the board is kept");
    let open = shown
        .components()
        .into_iter()
        .find(|(kind, id, _)| *kind == 2 && command_of(id) == picker.open)
        .unwrap_or_else(|| panic!("no Move button on the board: {:?}", shown.components()))
        .1;
    let from = h.f().cursor();
    let sent = Instant::now();
    let id = h.f().press(user, place, board, &open);
    let first = acted(h, from, id, sent).await;
    assert_eq!(
        first.kind(),
        4,
        "Move opens a new message: {}",
        first.text()
    );
    assert!(first.ephemeral(), "the picker is private");
    let picker_id = first.message_id().expect("the picker's message is kept");
    for other in [ALICE, BOB, CAROL].iter().filter(|u| u.id != user.id) {
        assert!(
            h.f()
                .messages_seen_by(place.id, other.id)
                .iter()
                .all(|m| m.id != picker_id),
            "{} sees {}'s picker",
            other.name,
            user.name
        );
    }
    let mut pictures = h.f().message(picker_id).unwrap().attachments();
    for step in 0.. {
        assert!(step < 12, "a move takes a few steps, not {step}");
        let m = h.f().message(picker_id).unwrap();
        let components = m.components();
        if let Some((_, play, _)) = components.iter().find(|(kind, id, _)| {
            *kind == 2
                && command_of(id).starts_with(picker.plays)
                && !command_of(id).starts_with(picker.steps)
        }) {
            let played = command_of(play)
                .trim_start_matches(picker.plays)
                .to_string();
            let from = h.f().cursor();
            let sent = Instant::now();
            let id = h.f().press(user, place, picker_id, play);
            let a = acted(h, from, id, sent).await;
            return (played, a);
        }
        let Some((_, select, values)) = components.iter().find(|(kind, _, _)| *kind == 3) else {
            panic!(
                "a picker step with no select and no move to play: {}",
                m.text()
            );
        };
        assert!(
            (1..=25).contains(&values.len()),
            "{} options in one select",
            values.len()
        );
        let value = choose(values);
        let versions = m.versions.len();
        let from = h.f().cursor();
        let sent = Instant::now();
        let id = h.f().choose(user, place, picker_id, select, &value);
        let a = acted(h, from, id, sent).await;
        assert!(
            matches!(a.kind(), 6 | 7),
            "a picker step updates its message (type 7, or 6 then an edit), not {}: {}",
            a.kind(),
            a.text()
        );
        assert_eq!(
            a.message_id(),
            Some(picker_id),
            "the step changed another message"
        );
        let now = h.f().message(picker_id).unwrap();
        assert_eq!(now.versions.len(), versions + 1, "one update per step");
        // A step either keeps the picker's picture or replaces it with one of the same
        // position (the chosen piece marked): one picture at a time, never a second.
        let shown = now.attachments();
        let stem = |name: &str| name.split("-side-").next().unwrap_or("").to_string();
        assert!(
            shown == pictures || (shown.len() == 1 && stem(&shown[0]) == stem(&pictures[0])),
            "a step shows one picture of the position: {shown:?} after {pictures:?}"
        );
        pictures = shown;
        let made: Vec<u64> = h.f().calls()[from..]
            .iter()
            .filter_map(|c| c.message_id)
            .filter(|m| *m != picker_id)
            .collect();
        assert!(made.is_empty(), "a picker step posted messages {made:?}");
    }
    unreachable!()
}

/// The board a move's answer showed, as a message the fake keeps, and who it pinged.
pub fn board_of(a: &Answer) -> (u64, Vec<u64>) {
    assert_board(a);
    (a.message_id().expect("the board is kept"), a.notified())
}

/// The picker of this file's stand-in service.
const STAND_IN: Picker = Picker {
    open: "/play pick",
    plays: "/play ",
    steps: "/play pick",
};

/// A picker for the transport's sake, over the service's legal moves: each step offers the
/// next words of the moves that begin with the words chosen so far, as `/play pick WORDS..`;
/// a whole move gets the button `/play MOVE`. Boards get a Move button. Steps can be slowed.
struct StandIn {
    table: Arc<Table>,
    delay: Duration,
}

impl StandIn {
    fn step(&self, r: &Request, path: &[&str]) -> Reply {
        let mut out = reply_in(r.ctx.channel.id.parse().unwrap_or(0), "");
        out.visibility = Visibility::Ephemeral;
        out.update = !path.is_empty();
        let legal = Backend::legal_moves(self.table.as_ref(), &r.ctx);
        let fits: Vec<Vec<&str>> = legal
            .iter()
            .map(|m| m.split_whitespace().collect::<Vec<_>>())
            .filter(|w| w.starts_with(path))
            .collect();
        if fits.is_empty() {
            // A refusal is a new private message, as the service's own refusals are.
            out.text = "No move to pick.".into();
            out.update = false;
            return out;
        }
        if path.is_empty() {
            // The first step shows a picture, which the later ones keep.
            out.image = Some(plateau::table::Image {
                name: "picker.png".into(),
                png: vec![0x89, b'P', b'N', b'G'],
                description: "A board.".into(),
            });
        }
        if let Some(whole) = fits.iter().find(|w| w.len() == path.len()) {
            let mv = whole.join(" ");
            out.text = format!("Play {mv}?");
            out.buttons.push(plateau::table::Button {
                label: format!("Play {mv}"),
                command: format!("/play {mv}"),
                game: None,
            });
            return out;
        }
        let mut next: Vec<&str> = fits.iter().map(|w| w[path.len()]).collect();
        next.dedup();
        next.sort();
        next.dedup();
        out.text = format!("{} moves left.", fits.len());
        out.menus.push(plateau::table::Menu {
            placeholder: "Choose".into(),
            command: format!("/play pick {}", path.join(" ")).trim().to_string(),
            options: next
                .iter()
                .take(25)
                .map(|w| plateau::table::MenuOption {
                    label: w.to_string(),
                    value: w.to_string(),
                    description: None,
                })
                .collect(),
            game: None,
        });
        out
    }
}

impl Backend for StandIn {
    fn handle(&self, r: &Request) -> Vec<Reply> {
        if let plateau::table::Command::Play { text } = &r.command {
            if let Some(path) = text.strip_prefix("pick") {
                let path: Vec<&str> = path.split_whitespace().collect();
                // Only the steps are slow: Move itself answers at once with a new message.
                if !path.is_empty() {
                    std::thread::sleep(self.delay);
                }
                return vec![self.step(r, &path)];
            }
        }
        let mut replies = self.table.handle(r);
        for reply in &mut replies {
            if reply.image.is_some() && reply.visibility == Visibility::Public {
                reply.buttons.push(plateau::table::Button {
                    label: "Move".into(),
                    command: STAND_IN.open.into(),
                    game: None,
                });
            }
        }
        replies
    }
    fn autocomplete(&self, ctx: &Context, typed: &str) -> Vec<String> {
        self.table.autocomplete(ctx, typed)
    }
    fn legal_moves(&self, ctx: &Context) -> Vec<String> {
        Backend::legal_moves(self.table.as_ref(), ctx)
    }
    fn tick(&self) -> Vec<Reply> {
        Vec::new()
    }
    fn channel_game(&self, channel: &ChannelRef) -> Option<GameKind> {
        Backend::channel_game(self.table.as_ref(), channel)
    }
}

/// alice and bob start a Sky Scrapers game in `place`; its first board.
async fn skyscrapers(h: &Harness, place: &Place) -> Answer {
    let game = vec![opt("game", s("skyscrapers")), opt("players", json!(2))];
    h.slash(&ALICE, place, "new", game).await;
    h.slash(&BOB, place, "join", vec![]).await;
    h.board_move(&ALICE, place, "start", vec![opt("order", s("join"))])
        .await
}

fn user_of(id: u64) -> User {
    *[ALICE, BOB]
        .iter()
        .find(|u| u.id == id)
        .unwrap_or_else(|| panic!("no player {id}"))
}

/// The moves of a game in `place` as `/history` lists them, without its first line (which
/// names the channel's game).
async fn history(h: &Harness, place: &Place) -> String {
    let a = h.slash(&ALICE, place, "history", vec![]).await;
    a.text().lines().skip(1).collect::<Vec<_>>().join("\n")
}

/// Plays `moves` moves by tapping in TAVERN, each also typed in GARDEN; the two games'
/// histories are the same.
async fn tap_and_type(h: &Harness, picker: &Picker, moves: usize) {
    let tavern = Place::channel(TAVERN, "tavern");
    let garden = Place::channel(GARDEN, "garden");
    let (mut board, mut to_move) = board_of(&skyscrapers(h, &tavern).await);
    skyscrapers(h, &garden).await;
    for _ in 0..moves {
        let user = user_of(to_move[0]);
        let first = |values: &[String]| values[0].clone();
        let (played, a) = tap_move(h, picker, &user, &tavern, board, &first).await;
        assert!(!a.ephemeral(), "the move's board is public: {}", a.text());
        (board, to_move) = board_of(&a);
        h.board_move(&user, &garden, "play", vec![opt("move", s(&played))])
            .await;
    }
    assert_eq!(history(h, &tavern).await, history(h, &garden).await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_picker_updates_its_private_message_in_place() {
    let (mut h, _) = Harness::serving(
        |table| {
            Arc::new(StandIn {
                table,
                delay: Duration::ZERO,
            })
        },
        |_| {},
    )
    .await;
    tap_and_type(&h, &STAND_IN, 3).await;
    h.stop().await;
    h.f().assert_clean();
}

/// A step too slow for the 3 s is acknowledged as a deferred update (type 6), and the edit of
/// `@original` then changes the picker's own message: still no new message.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_step_is_a_deferred_update_of_the_same_message() {
    let (mut h, _) = Harness::serving(
        |table| {
            Arc::new(StandIn {
                table,
                delay: Duration::from_millis(2300),
            })
        },
        |_| {},
    )
    .await;
    let tavern = Place::channel(TAVERN, "tavern");
    let (board, _) = board_of(&skyscrapers(&h, &tavern).await);
    let from = h.f().cursor();
    let first = |values: &[String]| values[0].clone();
    let (played, a) = tap_move(&h, &STAND_IN, &ALICE, &tavern, board, &first).await;
    assert!(
        a.text().contains(&format!("alice (Green) played {played}")),
        "{}",
        a.text()
    );
    let deferred = h.f().calls()[from..]
        .iter()
        .filter(|c| c.path.ends_with("/callback") && c.json["type"] == 6)
        .count();
    assert!(deferred >= 1, "the slow steps were deferred as updates");
    let edits = h.f().calls()[from..]
        .iter()
        .filter(|c| c.method == "PATCH" && c.path.ends_with("/messages/@original") && c.ok())
        .count();
    assert_eq!(
        edits, deferred,
        "each deferred update is filled in by one edit"
    );
    h.stop().await;
    h.f().assert_clean();
}

/// The picker of the service: boards' Move button, `/pick > WORDS` for its steps.
const PICKER: Picker = Picker {
    open: "/pick",
    plays: "/play ",
    steps: "/pick",
};

/// Issue 26's test of done: a whole Sky Scrapers game (every move stacks two stacks, so it
/// ends) played only by pressing Move and choosing in the picker, each move also typed in
/// another channel: the two games' records are the same.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_skyscrapers_game_by_tapping() {
    let mut h = Harness::new(Some(GUILD)).await;
    let tavern = Place::channel(TAVERN, "tavern");
    let garden = Place::channel(GARDEN, "garden");
    let (mut board, mut to_move) = board_of(&skyscrapers(&h, &tavern).await);
    skyscrapers(&h, &garden).await;
    let mut moves = 0;
    let mut last = String::new();
    while let Some(&next) = to_move.first() {
        assert!(moves < 100, "a Sky Scrapers game is shorter");
        let user = user_of(next);
        // The first option: a group or a page when a step has too many, else a word.
        let first = |values: &[String]| values[0].clone();
        let (played, a) = tap_move(&h, &PICKER, &user, &tavern, board, &first).await;
        last = a.text();
        let within_turn = a.ephemeral();
        (board, to_move) = if within_turn {
            // The other player is stuck and this one moves again: an action within the turn,
            // told to the mover alone in the picker's own message, updated in place with the
            // next step (issue 43); the board's Move button opens a fresh picker, and the
            // turn's board comes when it passes.
            assert!(a.text().contains("You played"), "{}", a.text());
            (board, vec![next])
        } else {
            board_of(&a)
        };
        let play = vec![opt("move", s(&played))];
        let typed = if a.ephemeral() {
            h.slash(&user, &garden, "play", play).await
        } else {
            h.board_move(&user, &garden, "play", play).await
        };
        // The same but for the ratings of the game that ends second, which start from where
        // the first one left them.
        let unrated = |t: String| -> String {
            t.lines()
                .filter(|l| !l.starts_with("Ratings:"))
                .collect::<Vec<_>>()
                .join("\n")
        };
        if within_turn {
            // Within a turn the tapped move's answer is the next picker, headed by what was
            // played; the typed move's is the mover's private board.
            assert!(
                a.text().starts_with(&format!("You played {played}.")),
                "{}",
                a.text()
            );
        } else {
            assert_eq!(
                unrated(typed.text()),
                unrated(a.text()),
                "the tapped move's board reads as the typed one's"
            );
        }
        moves += 1;
    }
    eprintln!("{moves} moves tapped");
    assert!(last.contains("Game over"), "{last}");
    assert_eq!(history(&h, &tavern).await, history(&h, &garden).await);
    h.stop().await;
    h.f().assert_clean();
}

/// A legal move of `user`'s, from `/moves` (which lists them as `move b3: c5, d3`).
async fn a_legal_move(h: &Harness, user: &User, place: &Place) -> String {
    let moves = h.slash(user, place, "moves", vec![]).await.text();
    moves
        .lines()
        .find_map(|l| {
            let (from, to) = l.split_once(':')?;
            let to = to.split(',').next()?.trim();
            from.starts_with("move ").then(|| format!("{from} {to}"))
        })
        .unwrap_or_else(|| panic!("a legal move in {moves}"))
}

/// Back and Cancel change the picker's own message; a picker opened before the position
/// changed says so in place, and offers a fresh one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn back_cancel_and_an_old_picker_change_the_same_message() {
    let mut h = Harness::new(Some(GUILD)).await;
    let tavern = Place::channel(TAVERN, "tavern");
    let (board, _) = board_of(&skyscrapers(&h, &tavern).await);
    let open = |h: &Harness| {
        let m = h.f().message(board).unwrap();
        m.components()
            .into_iter()
            .find(|(_, id, _)| command_of(id) == "/pick")
            .expect("a Move button")
            .1
    };
    let button = |h: &Harness, picker: u64, fits: &dyn Fn(&str) -> bool| {
        h.f()
            .message(picker)
            .unwrap()
            .components()
            .into_iter()
            .find(|(kind, id, _)| *kind == 2 && fits(command_of(id)))
            .map(|(_, id, _)| id)
    };
    let a = h.click_on(&ALICE, &tavern, board, &open(&h)).await;
    let picker = a.message_id().unwrap();
    let first = h.f().message(picker).unwrap();
    assert_eq!(first.attachments().len(), 1, "the board from alice's side");
    let (_, select, values) = first
        .components()
        .into_iter()
        .find(|(kind, _, _)| *kind == 3)
        .expect("a select");
    let a = h.choose(&ALICE, &tavern, picker, &select, &values[0]).await;
    assert_eq!(a.kind(), 7);
    let chosen = h.f().message(picker).unwrap();
    assert!(chosen.text().contains("So far:"), "{}", chosen.text());

    // Back leads to the path without its last word (`/pick >` at the first step); Cancel is
    // `/pick > -`.
    let back = button(&h, picker, &|c| {
        c.starts_with("/pick >") && c != "/pick > -"
    })
    .expect("Back");
    let a = h.click_on(&ALICE, &tavern, picker, &back).await;
    assert_eq!(a.kind(), 7);
    let again = h.f().message(picker).unwrap();
    assert_eq!(again.text(), first.text(), "Back returns to the first step");
    assert_eq!(again.attachments(), first.attachments());

    let cancel = button(&h, picker, &|c| c == "/pick > -").expect("Cancel");
    let a = h.click_on(&ALICE, &tavern, picker, &cancel).await;
    assert_eq!(a.kind(), 7);
    let closed = h.f().message(picker).unwrap();
    assert!(closed.components().is_empty(), "{:?}", closed.components());
    assert_eq!(closed.text(), "Move picker closed.");

    // A picker opened, then moves typed: its next step says it is out of date, in place.
    let a = h.click_on(&ALICE, &tavern, board, &open(&h)).await;
    let old = a.message_id().unwrap();
    let (_, select, values) = h
        .f()
        .message(old)
        .unwrap()
        .components()
        .into_iter()
        .find(|(kind, _, _)| *kind == 3)
        .unwrap();
    // alice's move, then bob's, typed: alice is to move again, in another position.
    for user in [ALICE, BOB] {
        let mv = a_legal_move(&h, &user, &tavern).await;
        h.board_move(&user, &tavern, "play", vec![opt("move", s(&mv))])
            .await;
    }
    let versions = h.f().message(old).unwrap().versions.len();
    let a = h.choose(&ALICE, &tavern, old, &select, &values[0]).await;
    assert_eq!(a.kind(), 7);
    let stale = h.f().message(old).unwrap();
    assert_eq!(stale.versions.len(), versions + 1);
    assert!(stale.text().contains("out of date"), "{}", stale.text());
    assert!(
        stale
            .components()
            .iter()
            .any(|(_, id, _)| command_of(id) == "/pick"),
        "a fresh picker is offered"
    );
    h.stop().await;
    h.f().assert_clean();
}

/// The bot's picker update validates against Discord's description and limits, and the fake
/// refuses what Discord refuses in a select: each broken limit on its own.
#[test]
fn the_fake_judges_selects_as_discord_does() {
    use plateau::discord::reply::Outgoing;
    use plateau::table::{Button, Menu, MenuOption};
    let mut r = reply_in(TAVERN, "So far: move b2\n3 moves left");
    r.visibility = Visibility::Ephemeral;
    r.update = true;
    r.menus.push(Menu {
        placeholder: "Choose a destination".into(),
        command: "/pick > move b2".into(),
        options: (0..25)
            .map(|i| MenuOption {
                label: format!("{}{}", (b'a' + (i % 7) as u8) as char, i / 7 + 1),
                value: format!("{}{}", (b'a' + (i % 7) as u8) as char, i / 7 + 1),
                description: Some("1 move".into()),
            })
            .collect(),
        game: Some((1, 4)),
    });
    r.buttons.push(Button {
        label: "Back".into(),
        command: "/pick >".into(),
        game: Some((1, 4)),
    });
    let (body, _) = Outgoing::from_reply(&r).update();
    let path = "/interactions/1/tok1/callback";
    assert_eq!(refusals("POST", path, &body), Vec::<String>::new());

    let broken = |what: &str, change: &dyn Fn(&mut Value)| {
        let mut b = body.clone();
        change(&mut b["data"]["components"]);
        let found = refusals("POST", path, &b);
        assert!(!found.is_empty(), "{what} went through");
        eprintln!("{what}: {found:?}");
    };
    fn select(c: &mut Value) -> &mut Value {
        &mut c[0]["components"][0]
    }
    broken("26 options", &|c| {
        let extra = json!({"label": "z9", "value": "z9"});
        select(c)["options"].as_array_mut().unwrap().push(extra);
    });
    broken("no options", &|c| select(c)["options"] = json!([]));
    broken("a label of 101", &|c| {
        select(c)["options"][0]["label"] = json!("l".repeat(101))
    });
    broken("a value of 101", &|c| {
        select(c)["options"][0]["value"] = json!("v".repeat(101))
    });
    broken("a description of 101", &|c| {
        select(c)["options"][0]["description"] = json!("d".repeat(101))
    });
    broken("a placeholder of 151", &|c| {
        select(c)["placeholder"] = json!("p".repeat(151))
    });
    broken("a custom id of 101", &|c| {
        select(c)["custom_id"] = json!("s".repeat(101))
    });
    broken("a value twice", &|c| {
        let first = select(c)["options"][0]["value"].clone();
        select(c)["options"][1]["value"] = first;
    });
    broken("a select beside a button", &|c| {
        let b = c[1]["components"][0].clone();
        c[0]["components"].as_array_mut().unwrap().push(b);
    });
    broken("a custom id twice", &|c| {
        let id = select(c)["custom_id"].clone();
        c[1]["components"][0]["custom_id"] = id;
    });
    broken("six rows", &|c| {
        let row = c[1].clone();
        let rows = c.as_array_mut().unwrap();
        for i in 0..4 {
            let mut r = row.clone();
            r["components"][0]["custom_id"] = json!(format!("b|||/x{i}"));
            rows.push(r);
        }
    });
}

/// A slow step acknowledged as a deferred update (type 6) whose answer is not an update (the
/// stand-in refuses a step of a player no longer to move): the answer comes as a private
/// follow-up, a new message only its user sees, and the picker is left as it was.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_step_answered_by_a_refusal_is_a_private_follow_up() {
    let (mut h, _) = Harness::serving(
        |table| {
            Arc::new(StandIn {
                table,
                delay: Duration::from_millis(2300),
            })
        },
        |_| {},
    )
    .await;
    let tavern = Place::channel(TAVERN, "tavern");
    let (board, _) = board_of(&skyscrapers(&h, &tavern).await);
    let open = h
        .f()
        .message(board)
        .unwrap()
        .components()
        .into_iter()
        .find(|(_, id, _)| command_of(id) == STAND_IN.open)
        .expect("a Move button")
        .1;
    let picker = h
        .click_on(&ALICE, &tavern, board, &open)
        .await
        .message_id()
        .unwrap();
    let before = h.f().message(picker).unwrap();
    let (_, select, values) = before
        .components()
        .into_iter()
        .find(|(kind, _, _)| *kind == 3)
        .unwrap();
    let mv = a_legal_move(&h, &ALICE, &tavern).await;
    h.board_move(&ALICE, &tavern, "play", vec![opt("move", s(&mv))])
        .await;
    let a = h.choose(&ALICE, &tavern, picker, &select, &values[0]).await;
    assert_eq!(a.kind(), 6, "the slow step was deferred as an update");
    let answer = a.filled.as_ref().expect("the deferred step's answer");
    assert_eq!(
        answer.method, "POST",
        "a follow-up, not an edit of the picker"
    );
    assert!(answer.ephemeral, "only alice sees it");
    assert_eq!(answer.text(), "No move to pick.");
    let after = h.f().message(picker).unwrap();
    assert_eq!(
        after.versions.len(),
        before.versions.len(),
        "the picker is left as it was"
    );
    let note = answer.message_id.unwrap();
    assert!(h
        .f()
        .messages_seen_by(TAVERN, BOB.id)
        .iter()
        .all(|m| m.id != note));
    h.stop().await;
    h.f().assert_clean();
}

/// The Play button of a picker opened before the position changed plays nothing: the picker
/// says, in place, that it is out of date.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_old_pickers_play_button_plays_nothing() {
    let mut h = Harness::new(Some(GUILD)).await;
    let tavern = Place::channel(TAVERN, "tavern");
    let (board, _) = board_of(&skyscrapers(&h, &tavern).await);
    let open = h
        .f()
        .message(board)
        .unwrap()
        .components()
        .into_iter()
        .find(|(_, id, _)| command_of(id) == PICKER.open)
        .expect("a Move button")
        .1;
    let picker = h
        .click_on(&ALICE, &tavern, board, &open)
        .await
        .message_id()
        .unwrap();
    let play = loop {
        let components = h.f().message(picker).unwrap().components();
        if let Some((_, id, _)) = components
            .iter()
            .find(|(kind, id, _)| *kind == 2 && command_of(id).starts_with(PICKER.plays))
        {
            break id.clone();
        }
        let (_, select, values) = components
            .iter()
            .find(|(kind, _, _)| *kind == 3)
            .expect("a select or the Play button");
        h.choose(&ALICE, &tavern, picker, select, &values[0]).await;
    };
    for user in [ALICE, BOB] {
        let mv = a_legal_move(&h, &user, &tavern).await;
        h.board_move(&user, &tavern, "play", vec![opt("move", s(&mv))])
            .await;
    }
    let before = history(&h, &tavern).await;
    let a = h.click_on(&ALICE, &tavern, picker, &play).await;
    assert_eq!(a.kind(), 7, "{}", a.text());
    let now = h.f().message(picker).unwrap();
    assert!(now.text().contains("out of date"), "{}", now.text());
    assert_eq!(history(&h, &tavern).await, before, "nothing was played");
    h.stop().await;
    h.f().assert_clean();
}
