//! What follows a committed change, for every command that makes one: the game released (and
//! forgotten once it has ended), then the board posted with the direct messages it brings
//! and, when a tournament's game ended, its next round.

use crate::i18n::say;
use crate::store::Status;
use crate::table::answer::Answer;
use crate::table::api::Context;
use crate::table::live::Slot;
use crate::table::present::board::{board, Look, Snap};
use crate::table::present::public;
use crate::table::turns::TurnNews;
use crate::table::{GameGuard, Table};
use std::sync::Arc;

impl Table {
    /// Releases the game after a committed change, forgets it if it ended, and posts the new
    /// board with what the change wrote (`tournament`: the change ended a tournament's game).
    pub(crate) fn after_change(
        &self,
        slot: &Arc<Slot>,
        live: GameGuard<'_>,
        ctx: &Context,
        head: String,
        news: &TurnNews,
        tournament: bool,
    ) -> Answer {
        let mut live = live;
        if let Some(end) = self.end_if_only_bots(slot, &mut live)? {
            let ended = live.clone();
            drop(live);
            self.remove_slot(&ended.channel.id, slot);
            let lang = ctx.langs.channel;
            let text = format!("{head}\n{}", say(lang, &end));
            let mut replies = self.mail_end(&ended, &text);
            replies.insert(0, public(ctx, text));
            return Ok(replies);
        }
        let snap = Snap::of(&live);
        let ended = live.status != Status::Active;
        let channel = live.channel.id.clone();
        let game = live.id;
        drop(live);
        if ended {
            self.remove_slot(&channel, slot);
        }
        let look = Look::public(self.public_theme(&ctx.channel));
        let mut replies = vec![board(ctx, &snap, head, news, look)];
        replies.extend(self.mail(&snap, &replies[0], news));
        if ended && tournament {
            // The game may have been its tournament's last of the round.
            replies.extend(self.advance_tournament_of(game));
        }
        Ok(replies)
    }
}
