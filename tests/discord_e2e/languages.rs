//! Issue 15 on Discord: an interaction whose `locale` is `fr` gets French answers while an
//! English-speaking player at the same table gets English ones; channel messages follow the
//! server's language, which a Manage Channels user switches with `/settings server-language`;
//! what the transport says by itself (an unknown command, a refused post) is localised too.

use crate::harness::*;

/// A slash command as Discord sends it from a client in `locale` on a server whose
/// `guild_locale` is `en-US`.
async fn ask(f: &Fake, user: &User, locale: &str, name: &str, options: Vec<Value>) -> Answer {
    let from = f.cursor();
    let (id, mut v) = f.interaction_base(2, user, &Place::channel(TAVERN, "taverne"));
    v["locale"] = json!(locale);
    v["data"] = json!({"id": "1", "name": name, "type": 1, "options": options});
    f.dispatch(v);
    f.answer(from, id).await
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
    let mut h = Harness::new(Some(GUILD)).await;
    let f = &h.fake.fake;

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
    // Plain words: the rule's number stays in the logs and /rules, not in the answer.
    assert!(!a.text().contains("(règle R3)"), "{}", a.text());

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
    // /board answers alice alone, so in her own language (issue 26).
    private(
        &ask(f, &ALICE, "fr", "board", vec![]).await,
        "À Orange (alice) de jouer.",
    );

    f.assert_clean();
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn what_the_transport_says_by_itself_is_in_the_users_language() {
    let mut h = Harness::new(Some(GUILD)).await;
    let f = &h.fake.fake;
    // A command Discord still lists from an older registration: answered, in French.
    let a = ask(f, &ALICE, "fr", "frobnicate", vec![]).await;
    private(&a, "/frobnicate ne fait plus partie de mes commandes");
    let a = ask(f, &ALICE, "en-GB", "frobnicate", vec![]).await;
    private(&a, "/frobnicate is not one of my commands any more");
    f.assert_clean();
    h.stop().await;
}
