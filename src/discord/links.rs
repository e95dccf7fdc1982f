//! Every public board posted on Discord carries a link button to its game's page (issue 44):
//! the service is wrapped, once, so that whatever path a board takes out (an answer, the
//! tick, a computer player's move, a game opened in a thread) it has its address; and
//! `/mygames` lists the pages of the asker's running games.

use super::Backend;
use crate::engine::GameKind;
use crate::i18n::Lang;
use crate::table::{ChannelRef, Command, Context, FollowUps, Langs, Opening, Reply, Request};
use std::sync::Arc;

/// `service`, its boards linked under `base` when one is set.
pub(super) fn linked(service: Arc<dyn Backend>, base: Option<&str>) -> Arc<dyn Backend> {
    match base {
        Some(base) => Arc::new(Linked {
            inner: service,
            base: base.trim_end_matches('/').to_string(),
        }),
        None => service,
    }
}

struct Linked {
    inner: Arc<dyn Backend>,
    base: String,
}

impl Linked {
    fn link(&self, mut replies: Vec<Reply>) -> Vec<Reply> {
        self.inner.link_pages(&mut replies, &self.base);
        replies
    }

    /// A request's replies linked, and `/mygames` followed by the pages of the asker's games.
    fn answer(&self, request: &Request, replies: Vec<Reply>) -> Vec<Reply> {
        let mut replies = self.link(replies);
        if request.command == Command::MyGames {
            let pages = self.inner.my_pages(&request.ctx, &self.base);
            if let (Some(pages), Some(first)) = (pages, replies.first_mut()) {
                first.text.push('\n');
                first.text.push_str(&pages);
            }
        }
        replies
    }
}

impl Backend for Linked {
    fn handle(&self, request: &Request) -> Vec<Reply> {
        self.answer(request, self.inner.handle(request))
    }
    fn serve(&self, request: &Request) -> (Vec<Reply>, FollowUps) {
        let (replies, follow) = self.inner.serve(request);
        (self.answer(request, replies), follow)
    }
    fn autocomplete(&self, ctx: &Context, typed: &str) -> Vec<String> {
        self.inner.autocomplete(ctx, typed)
    }
    fn autocomplete_now(&self, ctx: &Context, typed: &str) -> Option<Vec<String>> {
        self.inner.autocomplete_now(ctx, typed)
    }
    fn legal_moves(&self, ctx: &Context) -> Vec<String> {
        self.inner.legal_moves(ctx)
    }
    fn tick(&self) -> Vec<Reply> {
        self.link(self.inner.tick())
    }
    fn play_bots(&self) -> Vec<Reply> {
        self.link(self.inner.play_bots())
    }
    fn play_bots_in(&self, channel: &str) -> Vec<Reply> {
        self.link(self.inner.play_bots_in(channel))
    }
    fn pending_openings(&self) -> Vec<Opening> {
        self.inner.pending_openings()
    }
    fn open_at(&self, opening: i64, channel: ChannelRef) -> Vec<Reply> {
        self.link(self.inner.open_at(opening, channel))
    }
    fn retry_openings(&self) {
        self.inner.retry_openings()
    }
    fn channel_game(&self, channel: &ChannelRef) -> Option<GameKind> {
        self.inner.channel_game(channel)
    }
    fn langs(&self, ctx: &Context) -> Langs {
        self.inner.langs(ctx)
    }
    fn channel_lang(&self, channel: &ChannelRef) -> Lang {
        self.inner.channel_lang(channel)
    }
    fn user_lang(&self, user: &str) -> Lang {
        self.inner.user_lang(user)
    }
    fn user_lang_in(&self, user: &str, channel: &ChannelRef) -> Lang {
        self.inner.user_lang_in(user, channel)
    }
    fn dms_closed(&self, user: &str, now: bool) -> Option<String> {
        self.inner.dms_closed(user, now)
    }
    fn link_pages(&self, replies: &mut [Reply], base: &str) {
        self.inner.link_pages(replies, base)
    }
    fn my_pages(&self, ctx: &Context, base: &str) -> Option<String> {
        self.inner.my_pages(ctx, base)
    }
}
