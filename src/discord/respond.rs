//! Answering one interaction with the service's replies, within Discord's rules: 3 s for the
//! first answer, and a defer deciding whether what follows is public.

use super::post::{direct, post, Muted};
use super::reply::Outgoing;
use crate::table::{Reply, Visibility};
use poise::serenity_prelude as serenity;
use serenity::all::{
    ChannelId, CreateInteractionResponse, CreateInteractionResponseMessage,
    EditInteractionResponse, Http, InteractionId,
};
use serenity::builder::Builder;
use std::sync::Arc;

/// Answers one interaction: the first reply meant for it becomes the interaction's response,
/// later ones follow-ups; replies for other channels (a game's thread) and direct messages are
/// ordinary messages.
pub struct Responder {
    pub http: Arc<Http>,
    muted: Arc<Muted>,
    id: InteractionId,
    token: String,
    channel: ChannelId,
    state: State,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum State {
    Fresh,
    /// Acknowledged privately because the service was slow; the first private reply edits it.
    DeferredPrivate,
    Answered,
}

impl Responder {
    pub fn new(
        muted: Arc<Muted>,
        http: Arc<Http>,
        id: InteractionId,
        token: &str,
        channel: ChannelId,
    ) -> Responder {
        Responder {
            http,
            muted,
            id,
            token: token.to_string(),
            channel,
            state: State::Fresh,
        }
    }

    pub async fn initial(&mut self, response: CreateInteractionResponse) -> bool {
        match response
            .execute(&self.http, (self.id, self.token.as_str()))
            .await
        {
            Ok(()) => {
                self.state = State::Answered;
                true
            }
            Err(e) => {
                tracing::warn!("answering an interaction failed: {e}");
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

    /// Nothing answered the interaction: Discord would show "the application did not
    /// respond", so say that all is done.
    pub async fn finish(&mut self) {
        match self.state {
            State::Fresh => {
                let done = CreateInteractionResponseMessage::new()
                    .ephemeral(true)
                    .content("Done.");
                self.initial(CreateInteractionResponse::Message(done)).await;
            }
            State::DeferredPrivate => {
                let done = EditInteractionResponse::new().content("Done: see the channel.");
                if let Err(e) = done.execute(&self.http, &self.token).await {
                    tracing::warn!("editing a deferred answer failed: {e}");
                }
            }
            State::Answered => {}
        }
    }

    pub async fn send(&mut self, reply: &Reply) {
        let out = Outgoing::from_reply(reply);
        if let Visibility::Direct(user) = &reply.visibility {
            direct(&self.http, &self.muted, user, &out).await;
            return;
        }
        let here = reply.channel.id == self.channel.get().to_string();
        let private = reply.visibility == Visibility::Ephemeral;
        match self.state {
            State::Fresh if here || private => {
                if out.file.is_some() && !private {
                    // A board: acknowledge at once, then upload it at leisure (the upload is
                    // what could outlast the 3 s window).
                    let defer =
                        CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new());
                    if self.initial(defer).await {
                        if let Err(e) = out.edit().execute(&self.http, &self.token).await {
                            tracing::warn!("sending a board failed: {e}");
                        }
                    }
                } else {
                    self.initial(CreateInteractionResponse::Message(out.response()))
                        .await;
                }
            }
            State::DeferredPrivate if private => {
                if let Err(e) = out.edit().execute(&self.http, &self.token).await {
                    tracing::warn!("editing a deferred answer failed: {e}");
                }
                self.state = State::Answered;
            }
            State::Answered if here || private => {
                if let Err(e) = out
                    .followup()
                    .execute(&self.http, (None, self.token.as_str()))
                    .await
                {
                    tracing::warn!("a follow-up failed: {e}");
                }
            }
            _ => post(&self.http, &self.muted, &reply.channel, &out).await,
        }
    }
}
