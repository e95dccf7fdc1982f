//! `/pick` and the Move button: the move picker's steps for the player to move. A step is
//! read from the path the picker's own components carry (`/pick > WORDS`), against the
//! legal moves of the position now; its last step's button is the typed `/play MOVE`,
//! tagged with the game and its ply, so that a tapped move takes the typed move's path.

use crate::table::answer::{Answer, Refusal};
use crate::table::api::Context;
use crate::table::cmd::play::{not_a_player, running_check};
use crate::table::present::board::Snap;
use crate::table::present::pick::{cancelled, out_of_date, picker, Opening, CANCEL, IN_PICKER};
use crate::table::{lock, Table};
use crate::{msg, picker as steps};

impl Table {
    /// `from`: the game and ply of the component that sent the request, if one did.
    pub(crate) fn pick(&self, ctx: &Context, path: &str, from: Option<(i64, u32)>) -> Answer {
        let mut tokens: Vec<String> = path
            .split_whitespace()
            .map(str::to_ascii_lowercase)
            .collect();
        let update = tokens.first().is_some_and(|t| t == IN_PICKER);
        if update {
            tokens.remove(0);
        }
        if update && tokens.first().is_some_and(|t| t == CANCEL) {
            return Ok(vec![cancelled(ctx)]);
        }
        let slot = self.open_slot(ctx)?;
        let live = lock(&slot.live);
        running_check(&live)?;
        let game = live.game.as_ref().expect("running games have a state");
        let Some(to_move) = game.to_move() else {
            return Err(msg!("play-game-over-short").into());
        };
        let now = (live.id, live.ply);
        // The Move button of an older board of this game opens the picker on the position
        // now; a step of a picker opened before the last move (or undo) does not go on.
        let stale = match from {
            Some((id, ply)) => id != now.0 || (update && ply != now.1),
            None => false,
        };
        if stale {
            return Ok(vec![out_of_date(ctx, now, update)]);
        }
        let seat = live
            .seat_of(&ctx.user.id)
            .ok_or_else(|| not_a_player(&live))?;
        if seat != to_move {
            return Err(msg!(
                "pick-not-your-turn",
                who = live.who(ctx.langs.user, game, to_move)
            )
            .into());
        }
        let moves = game.legal_moves();
        let snap = (!update).then(|| Snap::of(&live));
        let kind = live.kind;
        drop(live);
        let step = match steps::step(kind, &moves, &tokens) {
            Ok(s) => s,
            // The picker's own path no longer leads anywhere: the position changed under it.
            Err(_) if update => return Ok(vec![out_of_date(ctx, now, true)]),
            Err(e) => return Err(bad_path(&e)),
        };
        Ok(vec![picker(
            ctx,
            &Opening {
                game: now,
                seat,
                snap,
            },
            &tokens,
            &step,
        )])
    }
}

fn bad_path(e: &steps::PathError) -> Refusal {
    use steps::PathError::*;
    let word = match e {
        NoSuchWord(w) | BadView(w) => w.clone(),
        NoStop => steps::STOP.to_string(),
        NoMoves => String::new(),
    };
    Refusal(msg!("pick-bad-path", word = word))
}
