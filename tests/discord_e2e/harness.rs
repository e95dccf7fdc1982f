//! The harness of the Discord end-to-end tests: a bot on a fresh database, talking to the
//! fake Discord of `tests/support/`, and the assertions every test shares.

pub use crate::support::*;
pub use plateau::config::{Config, Token};
pub use plateau::discord::register::Registration;
pub use plateau::discord::{Backend, Bot, RunningBot};
pub use plateau::engine::GameKind;
pub use plateau::table::{ChannelRef, Context, ManualClock, Reply, Request, Table, Visibility};
pub use serde_json::{json, Value};
pub use std::path::{Path, PathBuf};
pub use std::sync::{Arc, Mutex};

pub const TAVERN: u64 = 700_000_000_000_000_001;
pub const GARDEN: u64 = 700_000_000_000_000_002;

/// A service on `db`. Shared (no one-process lock): these tests restart the bot inside one
/// process, where serenity's tasks may hold the previous service a moment after shutdown.
pub fn table(db: &Path) -> Arc<Table> {
    Arc::new(Table::open_shared(db, Arc::new(ManualClock::new(1_800_000_000_000))).unwrap())
}

/// A bot on a fresh database in a temporary folder, and the fake Discord it talks to.
pub struct Harness {
    pub fake: FakeDiscord,
    pub bot: Option<RunningBot>,
    pub db: PathBuf,
    pub _dir: tempfile::TempDir,
}

impl Harness {
    pub async fn new(guild: Option<u64>) -> Harness {
        Harness::prepared(guild, |_| {}).await
    }

    /// As [`Harness::new`], with the fake Discord set up by `prepare` before the bot connects.
    pub async fn prepared(guild: Option<u64>, prepare: impl FnOnce(&Fake)) -> Harness {
        let fake = FakeDiscord::start().await;
        prepare(&fake.fake);
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("plateau.db");
        let bot = start(&fake, config(&fake, guild), table(&db)).await;
        Harness {
            fake,
            bot: Some(bot),
            db,
            _dir: dir,
        }
    }

    /// A bot serving what `make` builds on the harness's database, its configuration tuned
    /// by `tune`.
    pub async fn serving<S: Backend>(
        make: impl FnOnce(Arc<Table>) -> Arc<S>,
        tune: impl FnOnce(&mut Config),
    ) -> (Harness, Arc<S>) {
        let fake = FakeDiscord::start().await;
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("plateau.db");
        let service = make(table(&db));
        let mut cfg = config(&fake, Some(GUILD));
        tune(&mut cfg);
        let bot = start(&fake, cfg, service.clone()).await;
        let h = Harness {
            fake,
            bot: Some(bot),
            db,
            _dir: dir,
        };
        (h, service)
    }

    /// alice and bob at a Pikemen table in `place`, started in join order: alice to move.
    pub async fn pikemen(&self, place: &Place) -> Answer {
        self.two_players(place, "pikemen").await
    }

    /// alice and bob at a table of `game` in `place`, started in join order: alice to move.
    pub async fn two_players(&self, place: &Place, game: &str) -> Answer {
        let game = vec![opt("game", s(game)), opt("players", json!(2))];
        self.slash(&ALICE, place, "new", game).await;
        self.slash(&BOB, place, "join", vec![]).await;
        self.board_move(&ALICE, place, "start", vec![opt("order", s("join"))])
            .await
    }

    pub fn f(&self) -> &Fake {
        &self.fake.fake
    }

    pub async fn slash(
        &self,
        user: &User,
        place: &Place,
        name: &str,
        options: Vec<Value>,
    ) -> Answer {
        let from = self.f().cursor();
        let id = self.f().slash(user, place, name, options);
        self.f().answer(from, id).await
    }

    pub async fn click(&self, user: &User, place: &Place, custom_id: &str) -> Answer {
        let from = self.f().cursor();
        let id = self.f().click(user, place, custom_id);
        self.f().answer(from, id).await
    }

    /// `user` presses the button `custom_id` of the kept message `message`.
    pub async fn click_on(
        &self,
        user: &User,
        place: &Place,
        message: u64,
        custom_id: &str,
    ) -> Answer {
        let from = self.f().cursor();
        let id = self.f().press(user, place, message, custom_id);
        self.f().answer(from, id).await
    }

    /// `user` chooses `value` in the select `custom_id` of the kept message `message`.
    pub async fn choose(
        &self,
        user: &User,
        place: &Place,
        message: u64,
        custom_id: &str,
        value: &str,
    ) -> Answer {
        let from = self.f().cursor();
        let id = self.f().choose(user, place, message, custom_id, value);
        self.f().answer(from, id).await
    }

    pub async fn complete(
        &self,
        user: &User,
        place: &Place,
        name: &str,
        options: Vec<Value>,
        focused: &str,
        typed: &str,
    ) -> Vec<String> {
        let from = self.f().cursor();
        let began = std::time::Instant::now();
        let id = self
            .f()
            .autocomplete(user, place, name, options, focused, typed);
        let answer = self.f().answer(from, id).await;
        let took = began.elapsed();
        eprintln!("autocomplete /{name} {focused}:{typed:?} answered in {took:?}");
        // Autocomplete cannot be deferred: the answer must be the choices themselves (type 8).
        // Its speed is measured by `cargo bench --bench service`, not asserted here.
        assert_eq!(
            answer.kind(),
            8,
            "autocomplete is answered at once, never deferred"
        );
        answer.choices()
    }

    /// A move accepted: the board as a PNG in an embed, in the interaction's own message,
    /// notifying only the player to move (when the game goes on).
    pub async fn board_move(
        &self,
        user: &User,
        place: &Place,
        name: &str,
        options: Vec<Value>,
    ) -> Answer {
        let began = std::time::Instant::now();
        let a = self.slash(user, place, name, options).await;
        eprintln!("/{name}: board answered in {:?}", began.elapsed());
        assert_board(&a);
        a
    }

    pub async fn stop(&mut self) {
        if let Some(bot) = self.bot.take() {
            let began = std::time::Instant::now();
            bot.shutdown().await;
            eprintln!("shut down in {:?}", began.elapsed());
        }
    }
}

/// A board: the interaction's own message (type 4), created with the picture attached, so
/// that Discord notifies the player it pings (an edit of a deferred answer would not).
pub fn assert_board(a: &Answer) {
    assert!(
        a.kind() != 5,
        "the board came as the edit of a deferred answer, which notifies nobody \
         (discord-api-docs#5497): {}",
        a.text()
    );
    assert_eq!(
        a.kind(),
        4,
        "a board is the interaction's own message, created with its ping: {}",
        a.text()
    );
    assert!(!a.ephemeral());
    let files = a.files();
    assert_eq!(files.len(), 1, "one board attachment");
    let (name, png) = &files[0];
    assert!(name.ends_with(".png"));
    let img = image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .expect("the attachment decodes as a PNG");
    assert!(img.width() > 100 && img.height() > 100);
    let m = a.message().message();
    assert_eq!(
        m["embeds"][0]["image"]["url"],
        format!("attachment://{name}")
    );
}

/// The users Discord notified with this answer (not merely those it names).
pub fn pinged(a: &Answer) -> Vec<String> {
    a.notified().iter().map(u64::to_string).collect()
}

pub fn assert_private_error(a: &Answer, contains: &str) {
    assert_eq!(a.kind(), 4, "errors are answered directly: {}", a.text());
    assert!(a.ephemeral(), "errors are ephemeral: {}", a.text());
    assert!(
        a.text().contains(contains),
        "{:?} lacks {contains:?}",
        a.text()
    );
}

pub fn s(v: &str) -> Value {
    json!(v)
}

pub fn config(fake: &FakeDiscord, guild: Option<u64>) -> Config {
    let mut c = Config::default();
    c.discord.proxy = Some(fake.url.clone());
    c.discord.dev_guild = guild;
    c
}

pub async fn start(fake: &FakeDiscord, config: Config, service: Arc<dyn Backend>) -> RunningBot {
    let began = std::time::Instant::now();
    let before = fake.fake.gateway_stats().identifies;
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
    eprintln!("connected and registered in {:?}", began.elapsed());
    bot
}

pub fn find<'a>(commands: &'a [Value], name: &str) -> &'a Value {
    commands
        .iter()
        .find(|c| c["name"] == name)
        .unwrap_or_else(|| panic!("/{name} not registered"))
}

/// The service, with replies that fall due on the next tick (a reminder, a time-out) set by
/// the test: the transport's tick path without waiting for a real deadline.
pub struct Ticking {
    pub table: Arc<Table>,
    pub due: Mutex<Vec<Reply>>,
}

impl Backend for Ticking {
    fn handle(&self, request: &Request) -> Vec<Reply> {
        self.table.handle(request)
    }
    fn autocomplete(&self, ctx: &Context, typed: &str) -> Vec<String> {
        self.table.autocomplete(ctx, typed)
    }
    fn legal_moves(&self, ctx: &Context) -> Vec<String> {
        Backend::legal_moves(self.table.as_ref(), ctx)
    }
    fn tick(&self) -> Vec<Reply> {
        std::mem::take(&mut *self.due.lock().unwrap())
    }
    fn channel_game(&self, channel: &ChannelRef) -> Option<GameKind> {
        Backend::channel_game(self.table.as_ref(), channel)
    }
}

pub fn reply_in(channel: u64, text: &str) -> Reply {
    let channel = ChannelRef {
        id: channel.to_string(),
        name: "t".into(),
        guild: Some(GUILD.to_string()),
    };
    Reply::plain(channel, Visibility::Public, text)
}

/// The service, slowed down for moves: past Discord's window the bot must acknowledge
/// privately, then post the board in the channel.
pub struct Slow {
    pub table: Arc<Table>,
    pub delay: std::time::Duration,
}

impl Backend for Slow {
    fn handle(&self, request: &Request) -> Vec<Reply> {
        if matches!(request.command, plateau::table::Command::Play { .. }) {
            std::thread::sleep(self.delay);
        }
        self.table.handle(request)
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
