//! The bot: a serenity client with a poise framework whose commands are built at run time
//! from [`super::commands`], one shared action for them all, and handlers for autocomplete,
//! buttons, threads and the periodic tick.

use super::commands::{self, Action, CommandDef};
use super::menus::MenuId;
use super::post::{create_thread, thread_refused_text, Muted};
use super::register::{self, Registration};
use super::reply::{button, parse_command_text, ButtonId, Outgoing};
use super::respond::{Answered, Responder};
use super::shared::{post_job, run_service, Shared};
use super::translate::{self, verb_query, verb_spec, words_at, Raw};
use super::Backend;
use crate::config::{Config, Token};
use crate::i18n::{say, Lang};
use crate::table::{ChannelRef, Command, Context, FollowUps, Reply, Request, UserRef, Visibility};
use crate::tr;
use poise::serenity_prelude as serenity;
use serenity::all::{
    ChannelId, ChannelType, CommandInteraction, ComponentInteraction, ComponentInteractionDataKind,
    CreateActionRow, CreateAutocompleteResponse, CreateInteractionResponse, FullEvent,
    GatewayIntents, GuildId, Http, HttpBuilder, Interaction, InteractionId, Member, MessageFlags,
    PartialChannel, Permissions, ResolvedValue, ShardManager, User,
};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use thiserror::Error;
use tokio::sync::Semaphore;
use tokio::task::JoinHandle;

/// After the private defer, how long a request may wait for the store before its user is
/// told it is not applied yet (SQLite gives up a lock after 5 s; PostgreSQL's lock and
/// statement time-outs are set in `store/db/pg.rs`).
const BUSY_AFTER: Duration = Duration::from_secs(8);
/// Autocomplete cannot be deferred: its choices must be sent by then (from when the user
/// typed), leaving room for the answer to travel.
const AUTOCOMPLETE_BY: Duration = Duration::from_millis(2500);
/// Handlers that may run at once; shutdown waits for all of them (no move lost).
const MAX_IN_FLIGHT: u32 = 256;
const SHUTDOWN_GRACE: Duration = Duration::from_secs(10);

type Error = serenity::Error;
type Data = Arc<Shared>;
type AppContext<'a> = poise::ApplicationContext<'a, Data, Error>;

/// An [`Asked`] from a command, autocomplete, component or modal interaction. A command's
/// member comes boxed and the others' not: `Borrow` reads both.
macro_rules! asked {
    ($i:expr) => {{
        let i = $i;
        Asked {
            id: i.id,
            token: i.token.as_str(),
            user: &i.user,
            member: i.member.as_ref().map(std::borrow::Borrow::borrow),
            channel_id: i.channel_id,
            channel: i.channel.as_ref(),
            guild: i.guild_id,
            locale: i.locale.as_str(),
            guild_locale: i.guild_locale.as_deref(),
            perms: i.app_permissions,
        }
    }};
}

#[derive(Error, Debug)]
pub enum BotError {
    #[error("Discord client: {0}")]
    Client(Box<serenity::Error>),
    #[error("the Discord client stopped: {0}")]
    Stopped(String),
}

impl From<serenity::Error> for BotError {
    fn from(e: serenity::Error) -> BotError {
        BotError::Client(Box::new(e))
    }
}

/// A configured bot, not yet connected.
pub struct Bot {
    config: Config,
    token: Token,
    service: Arc<dyn Backend>,
}

/// A connected bot: [`RunningBot::shutdown`] stops it after the requests under way are done.
pub struct RunningBot {
    shard_manager: Arc<ShardManager>,
    client: JoinHandle<Result<(), serenity::Error>>,
    ticker: JoinHandle<()>,
    shared: Data,
    /// Relays REST calls to the proxy while the bot runs (`gate.rs`).
    _gate: Option<super::gate::Gate>,
}

impl Bot {
    pub fn new(config: Config, token: Token, service: Arc<dyn Backend>) -> Bot {
        // Boards link to their games' pages once the host says where those are.
        let service = super::links::linked(service, config.web.public_url.as_deref());
        Bot {
            config,
            token,
            service,
        }
    }

    /// Connects to Discord (through the configured proxy, if any) and starts serving.
    pub async fn start(self) -> Result<RunningBot, BotError> {
        let mut http = HttpBuilder::new(self.token.expose());
        let mut gate = None;
        if let Some(proxy) = &self.config.discord.proxy {
            // serenity ignores the proxy while its own rate limiter is on; the proxy then
            // owns rate limiting, and the gate makes the bot honour the 429s that reach it.
            gate = super::gate::Gate::start(proxy)
                .await
                .map_err(|e| BotError::Stopped(format!("the proxy's gate: {e}")))?;
            let via = gate.as_ref().map_or(proxy.as_str(), |g| g.url.as_str());
            http = http.proxy(via).ratelimiter_disabled(true);
        }
        let http = http.build();
        let shared = Arc::new(Shared {
            service: self.service,
            config: self.config,
            inflight: Arc::new(Semaphore::new(MAX_IN_FLIGHT as usize)),
            registration: Mutex::new(None),
            muted: Arc::new(Muted::default()),
            answered: Arc::new(Answered::default()),
            stop_ticking: tokio::sync::Notify::new(),
            opening: tokio::sync::Mutex::new(()),
        });
        let setup_shared = shared.clone();
        let framework = poise::Framework::builder()
            .initialize_owners(false)
            .options(poise::FrameworkOptions {
                commands: commands::all_commands()
                    .into_iter()
                    .map(poise_command)
                    .collect(),
                event_handler: |fw, event| Box::pin(on_event(fw, event)),
                on_error: |err| {
                    Box::pin(async move {
                        tracing::warn!("framework error: {err}");
                    })
                },
                ..Default::default()
            })
            .setup(move |ctx, ready, _framework| {
                Box::pin(async move {
                    ctx.http.set_application_id(ready.application.id);
                    crate::ops::endpoint::set_ready();
                    tracing::info!(
                        shard = ?ready.shard,
                        servers = ready.guilds.len(),
                        "ready: connected to Discord, the database open"
                    );
                    let guild = setup_shared.config.discord.dev_guild.map(GuildId::new);
                    // Commands are the application's, not a shard's: the process that runs
                    // shard 0 registers them for all.
                    if setup_shared
                        .config
                        .discord
                        .shards
                        .is_some_and(|s| s.first > 0)
                    {
                        return Ok(setup_shared);
                    }
                    let (http, shared) = (ctx.http.clone(), setup_shared.clone());
                    // In the background: interactions wait for this setup to finish, and
                    // a registration may take a while.
                    tokio::spawn(async move {
                        match register::register(&http, guild, &commands::all_commands()).await {
                            Ok(r) => {
                                tracing::info!(?r, "slash commands");
                                *shared.registration.lock().unwrap() = Some(r);
                            }
                            Err(e) => {
                                tracing::error!("registering the slash commands failed: {e}")
                            }
                        }
                    });
                    Ok(setup_shared)
                })
            })
            .build();
        // Slash commands and buttons carry their data: no privileged intent is needed.
        let mut client = serenity::ClientBuilder::new_with_http(http, GatewayIntents::GUILDS)
            .framework(framework)
            .await?;
        let shard_manager = client.shard_manager.clone();
        let http = client.http.clone();
        let shards = shared.config.discord.shards;
        let client = tokio::spawn(async move {
            match shards {
                // serenity's range ends at the last shard itself, not one past it.
                Some(s) => client.start_shard_range(s.first..s.last, s.total).await,
                None => client.start().await,
            }
        });
        let ticker = tokio::spawn(tick_loop(shared.clone(), http));
        Ok(RunningBot {
            shard_manager,
            client,
            ticker,
            shared,
            _gate: gate,
        })
    }
}

impl RunningBot {
    /// How the commands were registered at start-up, once READY has been processed.
    pub fn registration(&self) -> Option<Registration> {
        *self.shared.registration.lock().unwrap()
    }

    /// Stops taking interactions, lets those under way finish, then disconnects.
    pub async fn shutdown(self) {
        self.shared.stop_ticking.notify_one();
        let _ = self.ticker.await;
        // Waiting for every permit means no handler is mid-way; closing refuses new ones.
        let all = tokio::time::timeout(
            SHUTDOWN_GRACE,
            self.shared.inflight.acquire_many(MAX_IN_FLIGHT),
        )
        .await;
        self.shared.inflight.close();
        if all.is_err() {
            tracing::warn!("some requests were still running at shutdown");
        }
        self.shard_manager.shutdown_all().await;
        let _ = self.client.await;
    }

    /// Waits until the client stops on its own (an error, or the gateway closing for good).
    pub async fn wait(&mut self) -> Result<(), BotError> {
        match (&mut self.client).await {
            Ok(r) => r.map_err(BotError::from),
            Err(e) => Err(BotError::Stopped(e.to_string())),
        }
    }
}

/// Builds one poise command around the shared action; its [`CommandDef`] travels in
/// `custom_data`. Registration is done by [`register`] from the same defs, so the poise-side
/// parameters only need names and autocomplete callbacks: poise reads them to find the
/// callback of the option being typed (its `run_autocomplete`).
fn poise_command(def: CommandDef) -> poise::Command<Data, Error> {
    let parameters = def
        .params
        .iter()
        .map(|p| {
            let mut param = option_template();
            param.name = p.name.clone().into();
            param.description = Some(p.description.clone().into());
            param.required = p.required;
            if !p.autocomplete {
                param.autocomplete_callback = None;
            }
            param
        })
        .collect();
    poise::Command {
        name: def.name.clone().into(),
        qualified_name: def.name.clone().into(),
        identifying_name: def.name.clone().into(),
        source_code_name: def.name.clone().into(),
        description: Some(def.description.clone().into()),
        slash_action: Some(|ctx| {
            Box::pin(async move {
                on_slash(ctx).await;
                Ok(())
            })
        }),
        parameters,
        custom_data: Box::new(Arc::new(def)),
        ..Default::default()
    }
}

/// A parameter as poise's own macro builds it (poise has no other public way to make one):
/// a text option whose autocomplete is [`on_autocomplete`]; [`poise_command`] renames it.
fn option_template() -> poise::CommandParameter<Data, Error> {
    /// Never registered nor run: only its parameter is used.
    #[poise::command(slash_command)]
    async fn template(
        _ctx: AppContext<'_>,
        #[autocomplete = "on_autocomplete"] _value: Option<String>,
    ) -> Result<(), Error> {
        Ok(())
    }
    let mut parameters = template().parameters;
    let mut param = parameters.remove(0);
    // Discord learns the type from `register`, never from poise.
    param.type_setter = None;
    param
}

fn def_of<'a>(ctx: &AppContext<'a>) -> Option<Arc<CommandDef>> {
    ctx.command()
        .custom_data
        .downcast_ref::<Arc<CommandDef>>()
        .cloned()
}

fn raw_values(args: &[serenity::ResolvedOption<'_>]) -> Vec<(String, Raw)> {
    args.iter()
        .filter_map(|o| {
            let v = match &o.value {
                ResolvedValue::String(s) => Raw::Text(s.to_string()),
                ResolvedValue::Integer(n) => Raw::Int(*n),
                ResolvedValue::Boolean(b) => Raw::Bool(*b),
                ResolvedValue::Number(x) => Raw::Text(x.to_string()),
                ResolvedValue::Autocomplete { value, .. } => Raw::Text(value.to_string()),
                ResolvedValue::User(user, _) => Raw::Text(format!("<@{}>", user.id)),
                _ => return None,
            };
            Some((o.name.to_string(), v))
        })
        .collect()
}

/// The users among `args` that are bot accounts (the resolved user's `bot` flag).
fn bot_accounts(args: &[serenity::ResolvedOption<'_>]) -> Vec<String> {
    args.iter()
        .filter_map(|o| match &o.value {
            ResolvedValue::User(user, _) if user.bot => Some(user.id.get().to_string()),
            _ => None,
        })
        .collect()
}

fn display_name(user: &User, member: Option<&Member>) -> String {
    member
        .and_then(|m| m.nick.clone())
        .or_else(|| user.global_name.clone())
        .unwrap_or_else(|| user.name.clone())
}

/// Who asks, where and in what language: what every kind of interaction carries, under the
/// same names in serenity's types but with no trait in common, so [`asked!`] reads them from
/// any kind and the set-up of an answer is written once.
struct Asked<'a> {
    id: InteractionId,
    token: &'a str,
    user: &'a User,
    member: Option<&'a Member>,
    channel_id: ChannelId,
    channel: Option<&'a PartialChannel>,
    guild: Option<GuildId>,
    locale: &'a str,
    guild_locale: Option<&'a str>,
    perms: Option<Permissions>,
}

impl Asked<'_> {
    /// Who asks and where, as the service sees it.
    fn context(&self) -> Context {
        let perms = self
            .member
            .and_then(|m| m.permissions)
            .unwrap_or(Permissions::empty());
        Context {
            user: UserRef {
                id: self.user.id.get().to_string(),
                name: display_name(self.user, self.member),
            },
            channel: ChannelRef {
                id: self.channel_id.get().to_string(),
                name: self
                    .channel
                    .and_then(|c| c.name.clone())
                    .unwrap_or_else(|| self.channel_id.get().to_string()),
                guild: self.guild.map(|g| g.get().to_string()),
            },
            can_manage: perms.manage_channels() || perms.administrator(),
            // Discord sends no guild with an interaction from a direct message.
            is_dm: self.guild.is_none(),
            // What the client and the server speak; the service picks the language from them
            // and from its own settings.
            locale: Some(self.locale.to_string()).filter(|l| !l.is_empty()),
            guild_locale: self.guild_locale.map(str::to_string),
            ..Default::default()
        }
    }

    /// The user's client language, until the service says better.
    fn lang(&self) -> Lang {
        Lang::parse(self.locale).unwrap_or(Lang::EN)
    }

    /// The answerer of this interaction, knowing the bot's permissions in the channel (to
    /// name a missing one) and who asked (to tell them of closed direct messages).
    fn responder(&self, shared: &Shared, http: &Arc<Http>) -> Responder {
        let mut responder = Responder::new(
            shared.muted.clone(),
            shared.answered.clone(),
            http.clone(),
            self.id,
            self.token,
            self.channel_id,
        );
        responder.lang = self.lang();
        responder.perms = self.perms;
        responder.asker = Some(self.user.id.to_string());
        responder
    }

    /// The answerer of a command or a click, or none if it came too late to be answered.
    fn answerer(&self, shared: &Shared, http: &Arc<Http>) -> Option<Responder> {
        let responder = self.responder(shared, http);
        (!dropped_late(shared, &responder, self.id)).then_some(responder)
    }
}

fn is_thread(channel: Option<&PartialChannel>) -> bool {
    matches!(
        channel.map(|c| c.kind),
        Some(ChannelType::PublicThread | ChannelType::PrivateThread | ChannelType::NewsThread)
    )
}

async fn on_slash(ctx: AppContext<'_>) {
    let shared = ctx.data().clone();
    let Ok(_permit) = shared.inflight.clone().try_acquire_owned() else {
        return; // shutting down
    };
    let Some(def) = def_of(&ctx) else { return };
    let i = ctx.interaction;
    let http = ctx.serenity_context().http.clone();
    let asked = asked!(i);
    let Some(mut responder) = asked.answerer(&shared, &http) else {
        return;
    };
    let mut rctx = asked.context();
    rctx.bots = bot_accounts(ctx.args);
    let values = raw_values(ctx.args);
    // Everything that may wait on the store runs beside the clock of Discord's 3 s, so that
    // a slow or locked database defers the answer rather than losing it.
    let job = tokio::spawn(prepare_slash(
        shared.clone(),
        http.clone(),
        def,
        values,
        rctx,
        i.clone(),
    ));
    let prepared = settle(&mut responder, job).await;
    respond(&shared, &http, &mut responder, prepared).await;
}

/// An interaction that arrived too late to be answered is dropped, with a log line: whatever
/// it asked would be done with its user already told that the application did not respond.
fn dropped_late(shared: &Shared, responder: &Responder, id: InteractionId) -> bool {
    if !responder.too_late() {
        return false;
    }
    tracing::warn!(
        interaction = id.get(),
        age_ms = responder.age().as_millis() as u64,
        "an interaction arrived too late to be answered in Discord's 3 s: dropped"
    );
    shared.answered.mark(id);
    true
}

/// What handling an interaction came to, before anything is sent: the user's language, the
/// replies, or for a resign button the question that confirms it.
pub(super) struct Prepared {
    lang: Lang,
    replies: Vec<Reply>,
    confirm: Option<ButtonId>,
    /// What the service left to start once the interaction is answered.
    follow: FollowUps,
}

impl Prepared {
    fn replies(lang: Lang, replies: Vec<Reply>) -> Prepared {
        Prepared {
            lang,
            replies,
            confirm: None,
            follow: FollowUps::default(),
        }
    }

    fn served(lang: Lang, (replies, follow): (Vec<Reply>, FollowUps)) -> Prepared {
        Prepared {
            follow,
            ..Prepared::replies(lang, replies)
        }
    }
}

/// Waits for a prepared answer while Discord's window lasts, then defers privately and waits
/// on; past [`BUSY_AFTER`] more, the user is told the command is not applied yet (and later
/// reads here whether it went through). A job that failed (a panic) gives no replies.
async fn settle(responder: &mut Responder, mut job: JoinHandle<Prepared>) -> Option<Prepared> {
    let ended = |done: Result<Prepared, tokio::task::JoinError>| {
        done.map_err(|e| tracing::error!("a request's handling failed: {e}"))
            .ok()
    };
    if let Ok(done) = tokio::time::timeout_at(responder.defer_at(), &mut job).await {
        return ended(done);
    }
    // Too slow for Discord's 3 s: acknowledge privately (an error must not become public
    // through a public defer); public replies then go to the channel. A picker's step is
    // acknowledged as an update of its own message instead (nothing shown, nothing public).
    responder.defer().await;
    if let Ok(done) = tokio::time::timeout(BUSY_AFTER, &mut job).await {
        return ended(done);
    }
    tracing::warn!("a request is still waiting for the database: its user is told");
    responder.busy().await;
    ended(job.await)
}

/// A slash command turned into the service's request and run: everything that needs the
/// store (the channel's game, the user's language) or Discord (a game's thread).
async fn prepare_slash(
    shared: Data,
    http: Arc<Http>,
    def: Arc<CommandDef>,
    values: Vec<(String, Raw)>,
    rctx: Context,
    i: CommandInteraction,
) -> Prepared {
    let asked = rctx.clone();
    let (game, lang) = run_service(&shared, move |s| {
        (s.channel_game(&asked.channel), s.langs(&asked).user)
    })
    .await
    .unwrap_or((None, Lang::parse(&i.locale).unwrap_or(Lang::EN)));
    let mut command = match translate::to_command(&def, &values, game) {
        Ok(c) => c,
        Err(why) => {
            // Discord checks types and choices, so this is rare: an option the service
            // does not take, say after an update not yet registered.
            let text = say(lang, &why);
            return Prepared::replies(lang, vec![note(&rctx, &text)]);
        }
    };
    if let Command::New { options, .. } = &mut command {
        let asked = options
            .iter()
            .position(|(k, _)| k == "thread")
            .map(|at| options.remove(at).1 == "true");
        let wanted =
            asked.unwrap_or_else(|| shared.config.threads_in(rctx.channel.guild.as_deref()));
        if wanted && i.guild_id.is_some() && !is_thread(i.channel.as_ref()) {
            let replies = new_in_thread(&shared, &http, &i, rctx.clone(), command, lang).await;
            return Prepared::replies(lang, replies);
        }
    }
    let request = Request {
        ctx: rctx,
        command,
        from_button: None,
    };
    let served = run_service(&shared, move |s| s.serve(&request))
        .await
        .unwrap_or_default();
    Prepared::served(lang, served)
}

/// `/new ... thread:true`: the game gets its own public thread, named once here (Discord
/// allows two renames per ten minutes, so it is never renamed). If the service refuses the
/// game, the thread goes away again.
async fn new_in_thread(
    shared: &Shared,
    http: &Http,
    i: &CommandInteraction,
    mut rctx: Context,
    command: Command,
    lang: Lang,
) -> Vec<Reply> {
    let title = match &command {
        Command::New { game, .. } => game.title().to_string(),
        _ => String::new(),
    };
    let name: String = format!("{title} · {}", rctx.user.name)
        .chars()
        .take(100)
        .collect();
    let thread = match create_thread(http, &shared.muted, i.channel_id, &name).await {
        Ok(t) => t,
        Err(refused) => {
            let text = thread_refused_text(lang, refused.failure, i.app_permissions);
            return vec![note(&rctx, &text)];
        }
    };
    rctx.channel = ChannelRef {
        id: thread.id.get().to_string(),
        name: thread.name.clone(),
        guild: rctx.channel.guild.clone(),
    };
    let request = Request {
        ctx: rctx.clone(),
        command,
        from_button: None,
    };
    let replies = run_service(shared, move |s| s.handle(&request))
        .await
        .unwrap_or_default();
    let refused = replies
        .first()
        .is_some_and(|r| r.visibility == Visibility::Ephemeral);
    if refused {
        if let Err(e) = thread.id.delete(http).await {
            tracing::warn!("removing an unused thread failed: {e}");
        }
        return replies;
    }
    let channel_lang = {
        let c = rctx.channel.clone();
        run_service(shared, move |s| s.channel_lang(&c))
            .await
            .unwrap_or(Lang::EN)
    };
    let mut opened = note(
        &rctx,
        &tr!(
            channel_lang,
            "bot-thread-opened",
            who = rctx.user.name.as_str(),
            thread = format!("<#{}>", thread.id)
        ),
    );
    opened.visibility = Visibility::Public;
    opened.channel.id = i.channel_id.get().to_string();
    let mut out = vec![opened];
    out.extend(replies);
    out
}

/// The languages of a request, from the service.
async fn langs(shared: &Shared, ctx: &Context) -> crate::table::Langs {
    let ctx = ctx.clone();
    run_service(shared, move |s| s.langs(&ctx))
        .await
        .unwrap_or_default()
}

fn note(ctx: &Context, text: &str) -> Reply {
    Reply::plain(ctx.channel.clone(), Visibility::Ephemeral, text)
}

/// Answers the interaction with a prepared request's replies (none if it failed).
async fn respond(
    shared: &Data,
    http: &Arc<Http>,
    responder: &mut Responder,
    prepared: Option<Prepared>,
) {
    let Some(prepared) = prepared else {
        responder.finish().await;
        return;
    };
    responder.lang = prepared.lang;
    for r in &prepared.replies {
        responder.send(r).await;
    }
    tell_closed_dms(shared, responder).await;
    responder.finish().await;
    // A challenge accepted, a seek matched or a round paired: their games get threads now.
    if prepared.follow.openings {
        let (shared, http) = (shared.clone(), http.clone());
        tokio::spawn(async move {
            let Ok(_permit) = shared.inflight.clone().try_acquire_owned() else {
                return;
            };
            super::openings::open_decided(&shared, &http).await;
        });
    }
    // A computer player to move: its search runs after the answer, off the interaction's 3 s,
    // and its board is a channel message (which pings the next player).
    if let Some(channel) = prepared.follow.bots_in {
        let (shared, http) = (shared.clone(), http.clone());
        tokio::spawn(async move {
            // Held like a request's, so that a shutdown lets a computer move's board be posted.
            let Ok(_permit) = shared.inflight.clone().try_acquire_owned() else {
                return;
            };
            post_job(&shared, &http, move |s| s.play_bots_in(&channel)).await;
        });
    }
}

/// The users this answer's direct messages could not reach (they accept none) are told to the
/// service, which stops what it sends them so (followed games); the asker reads why at once,
/// privately, and anyone else with their next answer.
async fn tell_closed_dms(shared: &Data, responder: &mut Responder) {
    let mut closed = std::mem::take(&mut responder.closed_dms);
    closed.sort();
    closed.dedup();
    if closed.is_empty() {
        return;
    }
    let asker = responder.asker.clone();
    let told = run_service(shared, move |s| {
        closed
            .iter()
            .filter_map(|u| s.dms_closed(u, asker.as_deref() == Some(u.as_str())))
            .collect::<Vec<String>>()
    })
    .await
    .unwrap_or_default();
    for text in told {
        responder
            .private(Outgoing::private(&text, Vec::new()))
            .await;
    }
}

async fn on_autocomplete<'a>(ctx: AppContext<'a>, typed: &'a str) -> CreateAutocompleteResponse {
    let response = CreateAutocompleteResponse::new();
    // poise sends whatever this returns: the interaction is answered.
    ctx.data().answered.mark(ctx.interaction.id);
    let Some(def) = def_of(&ctx) else {
        return response;
    };
    let shared = ctx.data().clone();
    let i = ctx.interaction;
    let rctx = asked!(i).context();
    let focused = ctx
        .args
        .iter()
        .find(|o| matches!(o.value, ResolvedValue::Autocomplete { .. }))
        .map(|o| o.name.to_string())
        .unwrap_or_default();
    let values: Vec<(String, String)> = raw_values(ctx.args)
        .into_iter()
        .filter(|(n, _)| *n != focused)
        .map(|(n, v)| (n, v.text()))
        .collect();
    let typed = typed.to_string();
    let verb = (def.action == Action::Verb).then(|| def.name.clone());
    // Autocomplete cannot be deferred: choices that are not ready in time (a store stuck
    // loading the game) are none rather than no answer at all.
    let answer_by = super::respond::created(i.id) + AUTOCOMPLETE_BY;
    if verb.is_none() {
        if let Some(found) = shared.service.autocomplete_now(&rctx, &typed) {
            return with_choices(response, found);
        }
    }
    let job = run_service(&shared, move |s| -> Vec<String> {
        match verb {
            None => s.autocomplete(&rctx, &typed),
            Some(verb) => {
                let game = s.channel_game(&rctx.channel);
                let Some(spec) = verb_spec(&verb, game) else {
                    return Vec::new();
                };
                let Some((query, skip)) = verb_query(spec, &values, &focused, &typed) else {
                    return Vec::new();
                };
                words_at(&s.legal_moves(&rctx), &query, skip)
            }
        }
    });
    let choices = match tokio::time::timeout_at(answer_by, job).await {
        Ok(found) => found.unwrap_or_default(),
        Err(_) => {
            tracing::warn!(
                interaction = i.id.get(),
                "autocomplete not ready in time (the store is slow): no choices offered"
            );
            Vec::new()
        }
    };
    with_choices(response, choices)
}

/// `response` offering `choices`, as many as Discord takes, each cut to its length limit.
fn with_choices(
    mut response: CreateAutocompleteResponse,
    choices: Vec<String>,
) -> CreateAutocompleteResponse {
    for c in choices.into_iter().take(commands::MAX_CHOICES) {
        let name: String = c.chars().take(100).collect();
        response = response.add_string_choice(name.clone(), name);
    }
    response
}

/// Buttons, and the last word on every interaction: poise has dispatched commands and
/// autocomplete before this runs (poise's `dispatch_event`), so one still unanswered here (a
/// command the bot no longer has, an option it does not know, a button of an older version,
/// a form) is answered now, rather than leaving "The application did not respond".
async fn on_event(
    fw: poise::FrameworkContext<'_, Data, Error>,
    event: &FullEvent,
) -> Result<(), Error> {
    let FullEvent::InteractionCreate { interaction } = event else {
        return Ok(());
    };
    crate::ops::metrics::interaction(match interaction {
        Interaction::Command(_) => "command",
        Interaction::Autocomplete(_) => "autocomplete",
        Interaction::Component(_) => "button",
        Interaction::Modal(_) => "form",
        _ => "other",
    });
    let shared = fw.user_data.clone();
    let http = fw.serenity_context.http.clone();
    if let Interaction::Component(click) = interaction {
        on_click(shared.clone(), http.clone(), click).await;
    }
    let asked = match interaction {
        Interaction::Command(i) | Interaction::Autocomplete(i) => asked!(i),
        Interaction::Component(i) => asked!(i),
        Interaction::Modal(i) => asked!(i),
        _ => return Ok(()),
    };
    if shared.answered.take(asked.id) {
        return Ok(());
    }
    let lang = asked.lang();
    let response = match interaction {
        Interaction::Autocomplete(_) => {
            CreateInteractionResponse::Autocomplete(CreateAutocompleteResponse::new())
        }
        _ => {
            let text = if shared.inflight.is_closed() {
                tr!(lang, "bot-restarting")
            } else {
                leftover_text(lang, interaction)
            };
            CreateInteractionResponse::Message(Outgoing::private(&text, Vec::new()).response())
        }
    };
    let mut responder = asked.responder(&shared, &http);
    if !dropped_late(&shared, &responder, asked.id) {
        responder.initial(response).await;
    }
    shared.answered.take(asked.id);
    Ok(())
}

/// What an interaction nobody handled is told.
fn leftover_text(lang: Lang, interaction: &Interaction) -> String {
    match interaction {
        Interaction::Command(i) => tr!(lang, "bot-unknown-command", name = i.data.name.clone()),
        Interaction::Component(_) => tr!(lang, "bot-unknown-button"),
        _ => tr!(lang, "bot-no-forms"),
    }
}

/// A button or a choice in a select menu: the command it carries (a choice's value appended),
/// checked by the service against the game and move count it was posted with (a click on an
/// old board gets a polite ephemeral answer).
async fn on_click(shared: Data, http: Arc<Http>, click: &ComponentInteraction) {
    let Ok(_permit) = shared.inflight.clone().try_acquire_owned() else {
        return;
    };
    let asked = asked!(click);
    let Some(mut responder) = asked.answerer(&shared, &http) else {
        return;
    };
    // interactions/receiving-and-responding, message component data: a string select's
    // choices come in `values` (one here: the bot's menus take exactly one).
    let chosen = match &click.data.kind {
        ComponentInteractionDataKind::StringSelect { values } => {
            Some(values.first().cloned().unwrap_or_default())
        }
        _ => None,
    };
    responder.on_component = true;
    // A picker's steps (menus, and buttons on the private message) answer by updating it.
    let private_message = click
        .message
        .flags
        .is_some_and(|f| f.contains(MessageFlags::EPHEMERAL));
    responder.defer_updates = chosen.is_some() || private_message;
    let rctx = asked.context();
    let custom_id = click.data.custom_id.clone();
    let job = tokio::spawn(prepare_click(shared.clone(), rctx, custom_id, chosen));
    let prepared = settle(&mut responder, job).await;
    match prepared {
        Some(Prepared {
            confirm: Some(yes),
            lang,
            ..
        }) => {
            responder.lang = lang;
            let text = tr!(lang, "bot-confirm-resign");
            let rows = button(&yes, &tr!(lang, "bot-confirm-resign-yes"))
                .map(|b| vec![CreateActionRow::Buttons(vec![b])])
                .unwrap_or_default();
            responder.private(Outgoing::private(&text, rows)).await;
        }
        prepared => respond(&shared, &http, &mut responder, prepared).await,
    }
}

/// A click (or a choice, `chosen`) turned into the service's request and run (or the
/// question that confirms it).
async fn prepare_click(
    shared: Data,
    rctx: Context,
    custom_id: String,
    chosen: Option<String>,
) -> Prepared {
    let lang = langs(&shared, &rctx).await.user;
    let stale = |rctx: &Context| {
        let text = tr!(lang, "bot-stale-button");
        Prepared::replies(lang, vec![note(rctx, &text)])
    };
    if let Some(value) = chosen {
        let Some((game, text)) =
            MenuId::decode(&custom_id).and_then(|id| Some((id.game, id.chosen(&value)?)))
        else {
            return stale(&rctx);
        };
        return run_clicked(&shared, rctx, &text, game, lang).await;
    }
    let Some(id) = ButtonId::decode(&custom_id) else {
        return stale(&rctx);
    };
    if id.confirm {
        let yes = ButtonId {
            confirm: false,
            ..id.clone()
        };
        return Prepared {
            confirm: Some(yes),
            ..Prepared::replies(lang, Vec::new())
        };
    }
    run_clicked(&shared, rctx, &id.command, id.game, lang).await
}

/// A component's command as typed, run as the service's request with the game and move count
/// the component was posted with.
async fn run_clicked(
    shared: &Data,
    rctx: Context,
    text: &str,
    posted: Option<(i64, u32)>,
    lang: Lang,
) -> Prepared {
    let channel = rctx.channel.clone();
    let game = run_service(shared, move |s| s.channel_game(&channel))
        .await
        .ok()
        .flatten();
    let Some(command) = parse_command_text(text, game) else {
        let text = tr!(lang, "bot-stale-button");
        return Prepared::replies(lang, vec![note(&rctx, &text)]);
    };
    let request = Request {
        ctx: rctx,
        command,
        from_button: posted,
    };
    let served = run_service(shared, move |s| s.serve(&request))
        .await
        .unwrap_or_default();
    Prepared::served(lang, served)
}

/// Reminders and time-outs: the service says what fell due; it is posted as it comes.
async fn tick_loop(shared: Data, http: Arc<Http>) {
    let period = Duration::from_secs(shared.config.discord.tick_seconds.max(1));
    let mut every = tokio::time::interval(period);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = every.tick() => {}
            // Stopping only between ticks: what fell due is posted, not dropped half-way.
            _ = shared.stop_ticking.notified() => return,
        }
        post_job(&shared, &http, |s| s.tick()).await;
        super::openings::open_decided(&shared, &http).await;
        // Computer players whose turn it is (after a restart, or left by a busy moment)
        // search beside the ticks, never holding them up; the service plays each game's
        // computer player once at a time.
        let (bots_shared, bots_http) = (shared.clone(), http.clone());
        tokio::spawn(async move {
            let Ok(_permit) = bots_shared.inflight.clone().try_acquire_owned() else {
                return;
            };
            post_job(&bots_shared, &bots_http, |s| s.play_bots()).await;
        });
    }
}

/// `plateau serve`: runs the bot until Ctrl-C, then shuts down gracefully.
pub async fn serve_with(
    config: Config,
    token: Token,
    service: Arc<dyn Backend>,
) -> Result<(), BotError> {
    let mut bot = Bot::new(config, token, service).start().await?;
    tokio::select! {
        r = bot.wait() => r,
        _ = tokio::signal::ctrl_c() => {
            tracing::info!("Ctrl-C: finishing the requests under way, then stopping");
            bot.shutdown().await;
            Ok(())
        }
    }
}
