//! Issue 15 end to end on Discord (the real client against the fake Discord of
//! tests/support): an interaction whose `locale` is `fr` gets French answers while an
//! English-speaking player at the same table gets English ones; channel messages follow the
//! server's language, which a Manage Channels user switches with `/settings server-language`.

mod support;

use plateau::discord::config::{Config, Token};
use plateau::discord::{Bot, RunningBot};
use plateau::table::{ManualClock, Table};
use serde_json::{json, Value};
use std::sync::Arc;
use support::*;

const TAVERN: u64 = 700_000_000_000_000_011;

/// A slash command as Discord sends it from a client in `locale` on a server whose
/// `guild_locale` is `guild_locale` (the support's own helper always sends `en-US`).
fn slash_in(
    f: &Fake,
    user: &User,
    locale: &str,
    guild_locale: &str,
    name: &str,
    options: Vec<Value>,
) -> u64 {
    let id = f.next_id();
    // VIEW_CHANNEL | SEND_MESSAGES | USE_APPLICATION_COMMANDS, plus MANAGE_CHANNELS (16).
    let perms: u64 = (1 << 10) | (1 << 11) | (1 << 31) | if user.manage { 16 } else { 0 };
    f.dispatch(json!({
        "id": id.to_string(), "application_id": APP.to_string(), "type": 2,
        "token": format!("tok{id}"), "version": 1,
        "guild_id": GUILD.to_string(), "channel_id": TAVERN.to_string(),
        "channel": {"id": TAVERN.to_string(), "name": "taverne", "type": 0},
        "member": {
            "user": user_json(user), "roles": [],
            "joined_at": "2024-01-01T00:00:00.000000+00:00",
            "deaf": false, "mute": false, "flags": 0, "permissions": perms.to_string()
        },
        "app_permissions": "2147483647", "locale": locale, "guild_locale": guild_locale,
        "entitlements": [], "authorizing_integration_owners": {}, "context": 0,
        "attachment_size_limit": 10_485_760,
        "data": {"id": "1", "name": name, "type": 1, "options": options}
    }));
    id
}

async fn ask(f: &Fake, user: &User, locale: &str, name: &str, options: Vec<Value>) -> Answer {
    let from = f.cursor();
    let id = slash_in(f, user, locale, "en-US", name, options);
    f.answer(from, id).await
}

async fn start(fake: &FakeDiscord, db: &std::path::Path) -> RunningBot {
    let mut config = Config::default();
    config.discord.proxy = Some(fake.url.clone());
    config.discord.dev_guild = Some(GUILD);
    let table = Table::open_shared(db, Arc::new(ManualClock::new(1_800_000_000_000))).unwrap();
    let before = fake.fake.identifies();
    let bot = Bot::new(config, Token::new("test-token"), Arc::new(table))
        .start()
        .await
        .unwrap();
    fake.fake.wait_identified(before + 1).await;
    let deadline = tokio::time::Instant::now() + WAIT;
    while bot.registration().is_none() {
        assert!(tokio::time::Instant::now() < deadline, "never registered");
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    bot
}

/// The labels of the buttons under a message.
fn labels(a: &Answer) -> Vec<String> {
    a.message().message()["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter_map(|b| b["label"].as_str().map(str::to_string))
        .collect()
}

fn private(a: &Answer, contains: &str) {
    assert!(a.ephemeral(), "not ephemeral: {}", a.text());
    assert!(
        a.text().contains(contains),
        "{:?} lacks {contains:?}",
        a.text()
    );
}

fn public(a: &Answer, contains: &str) {
    assert!(!a.ephemeral(), "not public: {}", a.text());
    assert!(
        a.text().contains(contains),
        "{:?} lacks {contains:?}",
        a.text()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn french_clients_get_french_answers_and_the_server_setting_switches_the_boards() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = start(&fake, &dir.path().join("plateau.db")).await;
    let f = &fake.fake;

    // The registration speaks French to French clients: names, descriptions, choices.
    let cmds = f.commands(&GUILD.to_string());
    let settings = cmds.iter().find(|c| c["name"] == "settings").unwrap();
    assert_eq!(settings["name_localizations"]["fr"], "réglages");
    let language = settings["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "language")
        .expect("/settings language");
    assert_eq!(language["name_localizations"]["fr"], "langue");
    let fr_choice = language["choices"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["value"] == "fr")
        .unwrap();
    assert_eq!(fr_choice["name_localizations"]["fr"], "français");

    // A French client in an empty channel: the answer only alice sees is French.
    let a = ask(f, &ALICE, "fr", "board", vec![]).await;
    private(&a, "Il n’y a pas de partie dans ce salon");
    // The table: the server speaks English (guild_locale en-US), so the lobby is English.
    let a = ask(
        f,
        &ALICE,
        "fr",
        "new",
        vec![opt("game", json!("pikemen")), opt("players", json!(2))],
    )
    .await;
    public(&a, "alice opens a Pikemen table for 2 players.");
    public(&ask(f, &BOB, "en-US", "join", vec![]).await, "bob joins");
    let a = ask(f, &ALICE, "fr", "start", vec![opt("order", json!("join"))]).await;
    public(&a, "Orange (<@");
    public(&a, "to move.");
    assert!(
        labels(&a).contains(&"Resign".to_string()),
        "{:?}",
        labels(&a)
    );
    // Mixed table: each player's private answers in their own language.
    let a = ask(
        f,
        &BOB,
        "en-US",
        "turn",
        vec![opt("square", json!("a4")), opt("direction", json!("e"))],
    )
    .await;
    private(
        &a,
        "It is not your turn: alice (Orange) is to move. You play Blue",
    );
    let a = ask(
        f,
        &ALICE,
        "fr",
        "turn",
        vec![opt("square", json!("d1")), opt("direction", json!("up"))],
    )
    .await;
    private(&a, "Impossible de jouer «\u{a0}turn d1 up\u{a0}»");
    private(&a, "(règle R3)");

    // Only a Manage Channels user may change the server's language.
    let a = ask(
        f,
        &BOB,
        "en-US",
        "settings",
        vec![opt("server-language", json!("fr"))],
    )
    .await;
    private(&a, "needs the Manage Channels permission");
    let a = ask(
        f,
        &CAROL,
        "en-US",
        "settings",
        vec![opt("server-language", json!("fr"))],
    )
    .await;
    private(&a, "Saved. Language: yours auto, this server's fr");

    // The boards now speak French, whoever plays; bob's own answers stay English.
    let a = ask(
        f,
        &ALICE,
        "fr",
        "turn",
        vec![opt("square", json!("d1")), opt("direction", json!("e"))],
    )
    .await;
    public(&a, "alice (Orange) a joué turn d1 e.");
    public(&a, "À Bleu (<@");
    let l = labels(&a);
    assert!(l.contains(&"Coups possibles".to_string()), "{l:?}");
    assert!(l.contains(&"Abandonner".to_string()), "{l:?}");
    let a = ask(f, &BOB, "en-US", "moves", vec![]).await;
    private(&a, "Your turn:");
    let a = ask(
        f,
        &BOB,
        "en-US",
        "turn",
        vec![opt("square", json!("a4")), opt("direction", json!("e"))],
    )
    .await;
    public(&a, "bob (Bleu) a joué turn a4 e.");
    // Back to auto: the server's Discord locale (en-US) rules again.
    let a = ask(
        f,
        &CAROL,
        "en-US",
        "settings",
        vec![opt("server-language", json!("auto"))],
    )
    .await;
    private(&a, "Saved.");
    public(
        &ask(f, &ALICE, "fr", "board", vec![]).await,
        "Orange (alice) to move.",
    );

    bot.shutdown().await;
    f.assert_clean();
}
