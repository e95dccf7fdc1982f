//! Answering one interaction with the service's replies, within Discord's rules:
//!
//! - 3 s for the first answer, after which the interaction is dead (10062);
//! - a defer decides whether what fills it in is public;
//! - Discord notifies the mentions of a message only when it *creates* it: the interaction's
//!   own message (type 4), a follow-up after it, a channel message, a DM; never an edit, never
//!   the follow-up that fills in a defer, never an ephemeral message (discord-api-docs#5497,
//!   #4034; interactions.py#175).
//!
//! A component's answer may instead replace the message the component was on (the move
//! picker's steps): UPDATE_MESSAGE (type 7), or when the service is slow DEFERRED_UPDATE_MESSAGE
//! (type 6) and then the edit of `@original`, which after a type 6 is that message
//! (interactions/receiving-and-responding#interaction-response-object-interaction-callback-type:
//! "For components, ACK an interaction and edit the original message later"). An ephemeral
//! message is updated the same way: the interaction carries it as `message`, whose components
//! it came from (the same page, interaction object, `message`; the ephemeral select of
//! quick-start/getting-started is updated so).
//!
//! So a board, with the ping of the player to move, is the interaction's own message with the
//! picture attached; only when the service is slow is the answer deferred, privately, and the
//! board then posted as a channel message. Every future message that pings (challenges,
//! tournament rounds) must go the same way: created, never edited in.
//!
//! Nothing the player did is lost when Discord refuses a message: the service committed the
//! move before anything is sent; if the board cannot be posted the mover is told privately
//! what the bot needs, and `/board` shows the position.

use super::post::{direct_or_channel, missing_in_game_channel, post, Muted, Refused};
use super::reply::Outgoing;
use super::rest::{post_deadline, retrying, retrying_unsent, Failure};
use crate::i18n::Lang;
use crate::table::{ChannelRef, Reply, Visibility};
use crate::tr;
use poise::serenity_prelude as serenity;
use serenity::all::{
    ChannelId, CreateAttachment, CreateInteractionResponse, CreateInteractionResponseMessage,
    EditInteractionResponse, Http, InteractionId, Permissions,
};
use serenity::builder::Builder;
use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::time::Instant;

/// Discord allows 3 s for the first answer, from when the user acted; this leaves room for the
/// request to travel.
const FIRST_ANSWER_BY: Duration = Duration::from_millis(2800);
/// Past this (from when the user acted), a request still being handled is deferred.
const DEFER_AFTER: Duration = Duration::from_millis(2000);
/// reference#snowflakes: the Discord epoch, the first second of 2015, in Unix ms.
const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;

/// When the user acted, as an instant of this process: an interaction's id is a snowflake
/// whose top 42 bits are its creation time (ms since [`DISCORD_EPOCH_MS`]), and Discord's 3 s
/// and the token's 15 minutes run from then, not from when the gateway delivered it (late,
/// after a slow resume). This relies on the host's clock being synchronised (NTP); a clock
/// behind Discord's is taken as no delay at all.
pub fn created(id: InteractionId) -> Instant {
    let made = (id.get() >> 22) + DISCORD_EPOCH_MS;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64);
    let age = Duration::from_millis(now.saturating_sub(made));
    Instant::now().checked_sub(age).unwrap_or_else(Instant::now)
}

/// Interactions that got their first answer (or can get none any more), so that the event
/// handler can answer whatever the framework left unanswered.
#[derive(Default)]
pub struct Answered(Mutex<HashSet<u64>>);

impl Answered {
    pub fn mark(&self, id: InteractionId) {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(id.get());
    }

    /// Whether `id` was answered; forgets it (each interaction is asked about once).
    pub fn take(&self, id: InteractionId) -> bool {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&id.get())
    }
}

/// Answers one interaction: the first reply meant for it becomes the interaction's response,
/// later ones follow-ups; replies for other channels (a game's thread) and direct messages are
/// ordinary messages.
pub struct Responder {
    pub http: Arc<Http>,
    muted: Arc<Muted>,
    answered: Arc<Answered>,
    id: InteractionId,
    token: String,
    channel: ChannelId,
    /// When the user acted ([`created`]).
    created: Instant,
    state: State,
    /// A public reply for this interaction's channel that Discord refused.
    undelivered: Option<Failure>,
    /// The user's language, for what the transport says by itself.
    pub lang: Lang,
    /// The bot's permissions in the interaction's channel, as Discord sent them with it: they
    /// name what is missing when a post is refused.
    pub perms: Option<Permissions>,
    /// The interaction is a component's: an update reply replaces the message it was on.
    pub on_component: bool,
    /// A slow answer is deferred as an update of the component's message (type 6) rather than
    /// a private "thinking" message (type 5): for menus and components on private messages
    /// (the picker), whose answers are updates.
    pub defer_updates: bool,
    /// `@original` is the component's message (after a type 6 or 7): later updates edit it.
    original_is_component: bool,
    /// The user who acted: a notice for them is shown here, privately.
    pub asker: Option<String>,
    /// Users who accept no direct messages, found by the direct messages of this answer
    /// (the bot then tells the service: `Backend::dms_closed`).
    pub closed_dms: Vec<String>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum State {
    Fresh,
    /// Acknowledged privately because the service was slow; the first private reply fills it.
    DeferredPrivate,
    /// A component's interaction acknowledged without a message (type 6) because the service
    /// was slow: an update edits the component's message, anything else is a follow-up.
    DeferredUpdate,
    Answered,
    /// The first answer failed: the token is of no more use; public replies go to the channel.
    Dead,
}

impl Responder {
    pub fn new(
        muted: Arc<Muted>,
        answered: Arc<Answered>,
        http: Arc<Http>,
        id: InteractionId,
        token: &str,
        channel: ChannelId,
    ) -> Responder {
        Responder {
            http,
            muted,
            answered,
            id,
            token: token.to_string(),
            channel,
            created: created(id),
            state: State::Fresh,
            undelivered: None,
            lang: Lang::EN,
            perms: None,
            on_component: false,
            defer_updates: false,
            original_is_component: false,
            asker: None,
            closed_dms: Vec::new(),
        }
    }

    /// How long ago the user acted.
    pub fn age(&self) -> Duration {
        self.created.elapsed()
    }

    /// When a request still being handled must be deferred to keep Discord's 3 s.
    pub fn defer_at(&self) -> Instant {
        self.created + DEFER_AFTER
    }

    /// Whether the first answer can no longer reach Discord in time: the interaction came too
    /// late (a slow gateway, a resume replaying it), and anything done for it would be done
    /// with the user already told "The application did not respond".
    pub fn too_late(&self) -> bool {
        Instant::now() >= self.created + FIRST_ANSWER_BY
    }

    /// The interaction's first answer, retried through short failures while the 3 s last.
    pub async fn initial(&mut self, response: CreateInteractionResponse) -> bool {
        self.first(First::Built(response)).await
    }

    async fn first(&mut self, response: First) -> bool {
        let deadline = self.created + FIRST_ANSWER_BY;
        let (http, id, token) = (&self.http, self.id, self.token.as_str());
        let sent = retrying("answering an interaction", deadline, || {
            response.execute(http, id, token)
        })
        .await;
        self.answered.mark(self.id);
        match sent {
            // 40060: an attempt that Discord answered 5xx had got through.
            Ok(()) => {
                self.state = State::Answered;
                true
            }
            Err(e) if e.failure == Failure::AlreadyAnswered => {
                tracing::info!("an interaction's answer had got through before: {e}");
                self.state = State::Answered;
                true
            }
            Err(e) => {
                tracing::warn!("answering an interaction failed: {e}");
                self.state = State::Dead;
                false
            }
        }
    }

    pub async fn defer_private(&mut self) {
        if self.state == State::Fresh {
            let defer = CreateInteractionResponse::Defer(
                CreateInteractionResponseMessage::new().ephemeral(true),
            );
            if self.initial(defer).await {
                self.state = State::DeferredPrivate;
            }
        }
    }

    /// Acknowledges a component's interaction without a message (type 6): what follows
    /// updates the component's message, or comes as follow-ups.
    pub async fn defer_update(&mut self) {
        if self.state == State::Fresh
            && self.on_component
            && self.initial(CreateInteractionResponse::Acknowledge).await
        {
            self.state = State::DeferredUpdate;
            self.original_is_component = true;
        }
    }

    /// Acknowledges a request too slow for Discord's 3 s, the way its answer will need.
    pub async fn defer(&mut self) {
        if self.defer_updates && self.on_component {
            self.defer_update().await;
        } else {
            self.defer_private().await;
        }
    }

    /// The request is still waiting for the database, long after the defer: the user learns
    /// that it is not applied yet, and will read here whether it goes through.
    pub async fn busy(&mut self) {
        let text = tr!(self.lang, "bot-busy");
        self.private(Outgoing::private(&text, Vec::new())).await;
    }

    /// A private message of the transport's own (with its buttons): the interaction's answer,
    /// or what fills in its private defer, or a private follow-up.
    pub async fn private(&mut self, out: Outgoing) {
        match self.state {
            State::Fresh => {
                self.initial(CreateInteractionResponse::Message(out.response()))
                    .await;
            }
            State::DeferredPrivate => {
                self.edit(out.edit()).await;
            }
            State::Answered | State::DeferredUpdate => {
                let _ = self.followup(&out).await;
            }
            State::Dead => tracing::warn!("a private answer was lost: the interaction is dead"),
        }
    }

    /// Nothing answered the interaction: Discord would show "the application did not
    /// respond", so say that all is done (or what could not be posted).
    pub async fn finish(&mut self) {
        let text = match self.undelivered {
            Some(f) => undelivered_text(self.lang, f, self.perms),
            None => tr!(self.lang, "bot-done-see-channel"),
        };
        match self.state {
            State::Fresh => {
                let done = if self.undelivered.is_some() {
                    text
                } else {
                    tr!(self.lang, "bot-done")
                };
                let done = Outgoing::private(&done, Vec::new()).response();
                self.initial(CreateInteractionResponse::Message(done)).await;
            }
            State::DeferredPrivate => {
                self.edit(Outgoing::private(&text, Vec::new()).edit()).await;
            }
            State::Answered | State::DeferredUpdate if self.undelivered.is_some() => {
                let channel = ChannelRef {
                    id: self.channel.get().to_string(),
                    name: String::new(),
                    guild: None,
                };
                let note =
                    Outgoing::from_reply(&Reply::plain(channel, Visibility::Ephemeral, text));
                let _ = self.followup(&note).await;
            }
            State::Answered | State::DeferredUpdate | State::Dead => {}
        }
    }

    async fn edit(&mut self, edit: EditInteractionResponse) -> bool {
        let (http, token) = (&self.http, self.token.as_str());
        let r = retrying("filling in a deferred answer", post_deadline(), || {
            edit.clone().execute(http, token)
        })
        .await;
        if let Err(e) = &r {
            tracing::warn!("{e}");
        }
        self.state = State::Answered;
        r.is_ok()
    }

    /// A follow-up: it takes no nonce, so it is retried only when it certainly was not sent;
    /// `Err(true)` when it may have been posted all the same (a 5xx, no answer in time), and
    /// must not be posted again another way.
    async fn followup(&mut self, out: &Outgoing) -> Result<(), bool> {
        let (http, token) = (&self.http, self.token.as_str());
        let r = retrying_unsent("a follow-up", post_deadline(), || {
            out.followup().execute(http, (None, token))
        })
        .await;
        match r {
            Ok(_) => Ok(()),
            Err(e) => {
                let maybe = e.failure == Failure::Unavailable;
                if maybe {
                    tracing::warn!("a follow-up may or may not have been posted: {e}");
                } else {
                    tracing::warn!("{e}");
                }
                Err(maybe)
            }
        }
    }

    /// A public reply as a channel message; a refusal is remembered to tell the mover.
    async fn post_here(&mut self, channel: &ChannelRef, out: &Outgoing) {
        if let Err(Refused { failure, .. }) = post(&self.http, &self.muted, channel, out).await {
            if matches!(failure, Failure::Forbidden | Failure::UnknownChannel) || self.here(channel)
            {
                self.undelivered = Some(failure);
            }
        }
    }

    fn here(&self, channel: &ChannelRef) -> bool {
        channel.id == self.channel.get().to_string()
    }

    /// An update of the component's message: the interaction's answer (type 7), the edit
    /// after a deferred update, or a later edit of that message. Where the component's message
    /// can no longer be reached so (the interaction was answered with a new message), the
    /// update comes as a new private message rather than not at all.
    async fn update(&mut self, out: &Outgoing) {
        match self.state {
            State::Fresh => {
                let (body, files) = out.update();
                if self.first(First::Raw { body, files }).await {
                    self.original_is_component = true;
                }
            }
            State::DeferredUpdate => {
                self.edit(out.update_edit()).await;
            }
            State::Answered if self.original_is_component => {
                self.edit(out.update_edit()).await;
            }
            State::DeferredPrivate => {
                self.edit(out.edit()).await;
            }
            State::Answered => {
                let _ = self.followup(out).await;
            }
            State::Dead => tracing::warn!("an update was lost: the interaction is dead"),
        }
    }

    pub async fn send(&mut self, reply: &Reply) {
        let out = Outgoing::from_reply_in(reply, self.lang);
        if let Visibility::Direct(user) = &reply.visibility {
            if direct_or_channel(&self.http, &self.muted, reply, user, self.lang).await {
                self.closed_dms.push(user.clone());
            }
            return;
        }
        if reply.update && self.on_component && self.here(&reply.channel) {
            self.update(&out).await;
            return;
        }
        let here = self.here(&reply.channel);
        let private = reply.visibility == Visibility::Ephemeral;
        match self.state {
            // The first answer, board and ping included, is the interaction's own message
            // (type 4, the picture as a multipart file), which notifies whom it pings.
            State::Fresh if here || private => {
                let sent = self
                    .initial(CreateInteractionResponse::Message(out.response()))
                    .await;
                if !sent && !private {
                    // The interaction died on the way: the board still reaches the channel.
                    self.post_here(&reply.channel, &out).await;
                }
            }
            State::DeferredPrivate if private => {
                self.edit(out.edit()).await;
            }
            State::Answered | State::DeferredUpdate if here || private => {
                if self.followup(&out).await == Err(false) && !private {
                    self.post_here(&reply.channel, &out).await;
                }
            }
            _ if private => {
                tracing::warn!(
                    "a private answer was lost: the interaction can no longer be answered"
                );
            }
            _ => self.post_here(&reply.channel, &out).await,
        }
    }
}

/// An interaction's first answer: one of serenity's builders, or a body made here (an update
/// that must not send `attachments`, see [`Outgoing::update`]).
enum First {
    Built(CreateInteractionResponse),
    Raw {
        body: serde_json::Value,
        files: Vec<CreateAttachment>,
    },
}

impl First {
    async fn execute(
        &self,
        http: &Http,
        id: InteractionId,
        token: &str,
    ) -> Result<(), serenity::Error> {
        match self {
            First::Built(r) => r.clone().execute(http, (id, token)).await,
            First::Raw { body, files } => {
                http.create_interaction_response(id, token, body, files.clone())
                    .await
            }
        }
    }
}

/// What the mover reads when the bot could not post the result.
fn undelivered_text(lang: Lang, failure: Failure, have: Option<Permissions>) -> String {
    match failure {
        Failure::UnknownChannel => tr!(lang, "bot-undelivered-gone"),
        Failure::Forbidden => {
            let (perms, count) = missing_in_game_channel(lang, have);
            tr!(lang, "bot-undelivered-forbidden", perms, count)
        }
        _ => tr!(lang, "bot-undelivered-other"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn minted(ago: Duration) -> InteractionId {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_millis() as u64;
        let ms = now - ago.as_millis() as u64 - DISCORD_EPOCH_MS;
        InteractionId::new((ms << 22) | 7)
    }

    #[test]
    fn the_window_runs_from_when_the_user_acted() {
        let age = created(minted(Duration::from_millis(2500))).elapsed();
        assert!(
            age >= Duration::from_millis(2490) && age < Duration::from_millis(2700),
            "{age:?}"
        );
        // A clock behind Discord's sees an id from the future: no delay assumed.
        let ahead = created(minted(Duration::ZERO)).elapsed();
        assert!(ahead < Duration::from_millis(100), "{ahead:?}");
    }
}
