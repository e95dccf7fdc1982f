//! End to end: the real serenity/poise client, pointed at a fake Discord (tests/support)
//! through the `[discord] proxy` setting, playing through the real service.

mod support;

use plateau::discord::config::{Config, Token};
use plateau::discord::register::Registration;
use plateau::discord::{Bot, RunningBot, Service};
use plateau::engine::GameKind;
use plateau::table::{ChannelRef, Context, Reply, Request};
use serde_json::Value;
use std::sync::Arc;
use support::*;

struct Quiet;
impl Service for Quiet {
    fn handle(&self, _: &Request) -> Vec<Reply> {
        Vec::new()
    }
    fn autocomplete(&self, _: &Context, _: &str) -> Vec<String> {
        Vec::new()
    }
    fn tick(&self) -> Vec<Reply> {
        Vec::new()
    }
    fn channel_game(&self, _: &ChannelRef) -> Option<GameKind> {
        None
    }
}

fn config(fake: &FakeDiscord, guild: Option<u64>) -> Config {
    let mut c = Config::default();
    c.discord.proxy = Some(fake.url.clone());
    c.discord.dev_guild = guild;
    c
}

async fn start(fake: &FakeDiscord, config: Config, service: Arc<dyn Service>) -> RunningBot {
    let before = fake.fake.identifies();
    let bot = Bot::new(config, Token::new("test-token"), service)
        .start()
        .await
        .unwrap();
    fake.fake.wait_identified(before + 1).await;
    let deadline = tokio::time::Instant::now() + WAIT;
    while bot.registration().is_none() {
        assert!(
            tokio::time::Instant::now() < deadline,
            "commands never registered"
        );
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    bot
}

fn find<'a>(commands: &'a [Value], name: &str) -> &'a Value {
    commands
        .iter()
        .find(|c| c["name"] == name)
        .unwrap_or_else(|| panic!("/{name} not registered"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn registers_every_command_with_french_once() {
    let fake = FakeDiscord::start().await;
    let bot = start(&fake, config(&fake, Some(GUILD)), Arc::new(Quiet)).await;
    assert_eq!(bot.registration(), Some(Registration::Registered));
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
    bot.shutdown().await;

    // A restart with the same commands does not register them again.
    let bot = start(&fake, config(&fake, Some(GUILD)), Arc::new(Quiet)).await;
    assert_eq!(bot.registration(), Some(Registration::Unchanged));
    let puts = fake
        .fake
        .calls()
        .iter()
        .filter(|c| c.method == "PUT")
        .count();
    assert_eq!(puts, 1);
    bot.shutdown().await;
    fake.fake.assert_clean();
}
