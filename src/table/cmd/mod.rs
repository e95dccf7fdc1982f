//! The commands: one file per family, each a set of handlers over typed [`Command`]s that
//! `Table::dispatch` calls. A handler reads the game it needs, asks the engine, commits a
//! change through the one write path (`change.rs`) and has its reply built by the presenter
//! (`present/`).
//!
//! Files: `lobby` (`/new`, `/join`, `/leave`, `/start`), `play` (moves, `/resign`, `/board`,
//! `/moves`), `undo`, `offers` (draw, accept, decline, abort), `pause` (`/pause`, `/resume`),
//! `rematch`, `claim` (time-outs),
//! `settings` (`/settings`, `/vacation`), `records` (`/history`, `/export`, `/replay`,
//! `/mygames`), `bots` (`/addbot`, `/hint`, computer players' moves), `ratings` (`/rating`,
//! `/leaderboard`, `/stats`), `competing/` (challenges, seeks, tournaments and the games they
//! open), `follow` (`/follow`, `/unfollow`, and the direct messages a board brings),
//! `conditional` (`/conditional`, and the replies a move triggers). They import the floors
//! below them; a handler calls another family's handler as a method of [`Table`], never
//! through its file. `Table::dispatch` and the scheduler call them; transports never do.
//!
//! [`Command`]: crate::table::Command

pub(crate) mod analyse;
pub(crate) mod bots;
pub(crate) mod claim;
pub(crate) mod competing;
pub(crate) mod conditional;
pub(crate) mod follow;
pub(crate) mod lobby;
pub(crate) mod offers;
pub(crate) mod pause;
pub(crate) mod pick;
pub(crate) mod play;
pub(crate) mod ratings;
pub mod records;
pub(crate) mod rematch;
pub(crate) mod settings;
pub(crate) mod share;
pub(crate) mod undo;

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
