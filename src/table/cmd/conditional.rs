//! `/conditional` (issue 28): on their opponent's turn in a two-player game, a player stores
//! lines "if they play X, I play Y (then if they play Z, I play W ...)", checked by playing
//! them out (`policy::conditional`), kept in the store, shown to them alone.
//!
//! When the opponent's move begins a line, the reply is played for its author in the move's
//! own change (`change.rs`: one transaction, the author's clock charged nothing), and one
//! public board tells both moves; every line the move did not follow is dropped, the others
//! keep their tails. A line found illegal then is dropped and its author told by direct
//! message. An undo, a take-back and a game's end clear every line of the game (`change.rs`);
//! the authors of lines a take-back cleared are told the same way.

use super::play::running_check;
use crate::ai::Occupant;
use crate::engine::events::{between, Event};
use crate::engine::{AnyGame, Seat};
use crate::i18n::{Arg, Join, Lang};
use crate::store::ActionRow;
use crate::table::answer::{logged, store_failure, Answer, Refusal};
use crate::table::api::{ConditionalAction, Context, Reply};
use crate::table::change::{self, Change, Written};
use crate::table::live::{Live, Slot};
use crate::table::log::ActionKind;
use crate::table::policy::conditional::{add, after, check, describe, split, unavailable, Added};
use crate::table::present::board::with_note;
use crate::table::present::{direct, ephemeral, happened};
use crate::table::{lock, GameGuard, Table};
use crate::{msg, tr};
use std::sync::Arc;

/// What a move does to the game's conditional moves, worked out before its change commits.
#[derive(Default)]
pub(crate) struct Conditional {
    /// The reply it triggers.
    played: Option<Played>,
    /// Each author's lines after the move.
    lines: Vec<(String, Vec<Vec<String>>)>,
    /// Lines dropped as no longer legal, to be told.
    pub dropped: Vec<Dropped>,
}

/// An author's lines dropped as no longer legal.
pub(crate) struct Dropped {
    user: String,
    /// Their opponent's name, as the lines read.
    them: String,
    lines: Vec<Vec<String>>,
}

struct Played {
    reply: change::Reply,
    /// The position after the move the reply answers, and what that move did.
    after_move: AnyGame,
    events: Vec<Event>,
}

impl Conditional {
    /// The change of the move, with the reply and the lines it leaves.
    pub fn attach(&self, change: Change) -> Change {
        Change {
            reply: self.played.as_ref().map(|p| p.reply.clone()),
            lines: self.lines.clone(),
            ..change
        }
    }

    pub fn played(&self) -> bool {
        self.played.is_some()
    }
}

impl Table {
    pub(crate) fn conditional(&self, ctx: &Context, action: &ConditionalAction) -> Answer {
        let (slot, seat) = self.running(ctx)?;
        let live = lock(&slot.live);
        running_check(&live)?;
        let lang = ctx.langs.user;
        let game = live.game.as_ref().expect("running games have a state");
        let them = opponent_name(&live, game, seat, lang);
        let lines = self
            .store()
            .conditionals_of(live.id, &ctx.user.id)
            .map_err(store_failure)?;
        let text = match action {
            ConditionalAction::List if lines.is_empty() => tr!(lang, "conditional-none"),
            ConditionalAction::List => {
                let mut text = tr!(lang, "conditional-list-head", n = lines.len());
                for (i, line) in lines.iter().enumerate() {
                    text.push_str(&format!(
                        "\n{}. {}",
                        i + 1,
                        crate::i18n::say(lang, &describe(line, &them))
                    ));
                }
                text
            }
            ConditionalAction::Clear => {
                self.store()
                    .set_conditionals(live.id, &ctx.user.id, &[])
                    .map_err(store_failure)?;
                tr!(lang, "conditional-cleared", n = lines.len())
            }
            ConditionalAction::Add(text) => {
                let line = self.line_to_add(&live, seat, text)?;
                match add(&lines, line.clone()).map_err(Refusal)? {
                    Added::Known => tr!(
                        lang,
                        "conditional-known",
                        line = describe(&line, &them)
                    ),
                    Added::Lines(all) => {
                        self.store()
                            .set_conditionals(live.id, &ctx.user.id, &all)
                            .map_err(store_failure)?;
                        tr!(
                            lang,
                            "conditional-added",
                            line = describe(&line, &them),
                            n = all.len()
                        )
                    }
                }
            }
        };
        Ok(vec![ephemeral(ctx, text)])
    }

    /// The line typed by the player at `seat`, checked and in canonical text.
    fn line_to_add(&self, live: &Live, seat: Seat, text: &str) -> Result<Vec<String>, Refusal> {
        let game = live.game.as_ref().expect("running games have a state");
        if let Some(why) = unavailable(live.kind) {
            return Err(why.into());
        }
        if game.players() != 2 {
            return Err(msg!("conditional-two-players").into());
        }
        let opponent = other(seat);
        if live
            .at_seat(opponent)
            .is_some_and(|r| Occupant::of(&r.user_id).is_bot())
        {
            return Err(msg!("conditional-bot").into());
        }
        if game.to_move() != Some(opponent) {
            return Err(msg!("conditional-your-turn").into());
        }
        Ok(check(game, seat, &split(text))?)
    }

    /// What the move `action` (`next`: the position after it) does to the game's conditional
    /// moves: the reply it triggers, the lines it leaves. Read under the game's lock, before
    /// the move's change commits.
    pub(crate) fn conditional_after(
        &self,
        live: &Live,
        action: &ActionRow,
        next: &AnyGame,
    ) -> Conditional {
        let mut out = Conditional::default();
        if unavailable(live.kind).is_some() || next.players() != 2 {
            return out;
        }
        let stored = logged(
            "reading conditional moves",
            self.store().conditionals(live.id),
        )
        .unwrap_or_default();
        let mut by_author: Vec<(String, Vec<Vec<String>>)> = Vec::new();
        for (user, line) in stored {
            match by_author.last_mut() {
                Some((u, lines)) if *u == user => lines.push(line),
                _ => by_author.push((user, vec![line])),
            }
        }
        for (user, lines) in by_author {
            let author = live.seat_of(&user).filter(|s| Some(*s) != action.seat);
            // Lines of the mover themselves were for a turn that is over.
            let Some(seat) = author else {
                out.lines.push((user, Vec::new()));
                continue;
            };
            let triggered = after(&lines, &action.text);
            let mut position = next.clone();
            let them = opponent_name(live, next, seat, Lang::EN);
            let reply = triggered.reply.and_then(|r| {
                // Checked when entered, a line stays legal; should it not be (it is their
                // turn no more, or the reply is refused), it is dropped and its author told.
                let theirs = next.to_move() == Some(seat) && !next.is_over();
                let played = theirs.then(|| position.play(&r).ok()).flatten();
                if played.is_none() {
                    out.dropped.push(Dropped {
                        user: user.clone(),
                        them: them.clone(),
                        lines: lines
                            .iter()
                            .filter(|l| l.first() == Some(&action.text))
                            .cloned()
                            .collect(),
                    });
                }
                played
            });
            let Some(reply) = reply else {
                out.lines.push((user, Vec::new()));
                continue;
            };
            // The tails must still play out from the position after the reply.
            let (kept, gone): (Vec<_>, Vec<_>) = triggered
                .rest
                .into_iter()
                .partition(|tail| check(&position, seat, tail).is_ok());
            if !gone.is_empty() {
                out.dropped.push(Dropped {
                    user: user.clone(),
                    them,
                    lines: gone,
                });
            }
            out.lines.push((user.clone(), kept));
            out.played = Some(Played {
                reply: change::Reply {
                    action: ActionRow {
                        ply: action.ply + 1,
                        kind: ActionKind::Move,
                        text: reply,
                        user_id: Some(user),
                        seat: Some(seat),
                        // A move by its author at that moment: their clock is charged nothing.
                        at_ms: action.at_ms,
                    },
                    next: position,
                },
                after_move: next.clone(),
                events: live.game.as_ref().map_or_else(Vec::new, |g| between(g, next)),
            });
        }
        out
    }

    /// The one public post of a move and the conditional reply it triggered: both moves, the
    /// board after the reply, the opponent pinged again.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn conditional_board(
        &self,
        slot: &Arc<Slot>,
        live: GameGuard<'_>,
        ctx: &Context,
        mover: Seat,
        played: &str,
        c: &Conditional,
        written: Written,
    ) -> Answer {
        let p = c.played.as_ref().expect("a reply was played");
        let lang = ctx.langs.channel;
        let game = live.game.as_ref().expect("state");
        let mut first = tr!(
            lang,
            "play-played",
            who = live.who(lang, game, mover),
            mv = Arg::list(vec![played.to_string()], Join::And)
        );
        for sentence in happened::sentences(lang, &live, &p.after_move, &p.events) {
            first.push(' ');
            first.push_str(&sentence);
        }
        let author = p.reply.action.seat.expect("a reply has its seat");
        let second = tr!(
            lang,
            "conditional-played",
            who = live.who(lang, game, author),
            mv = p.reply.action.text.as_str()
        );
        let head = with_note(lang, format!("{first}\n{second}"), written.notes);
        self.after_change(slot, live, ctx, head, &written.news, written.tournament)
    }

    /// Direct messages to the authors of lines dropped as no longer legal.
    pub(crate) fn conditional_dropped(&self, game: i64, dropped: &[Dropped]) -> Vec<Reply> {
        dropped
            .iter()
            .filter(|d| !d.lines.is_empty())
            .map(|d| {
                let lang = self.user_lang_for(&d.user, Some(game));
                let lines: Vec<crate::i18n::Msg> =
                    d.lines.iter().map(|l| describe(l, &d.them)).collect();
                direct(
                    &d.user,
                    tr!(
                        lang,
                        "conditional-dropped",
                        id = game,
                        n = d.lines.len(),
                        lines = Arg::list(lines, Join::Semicolon)
                    ),
                )
            })
            .collect()
    }

    /// Direct messages to the players whose lines a take-back cleared.
    pub(crate) fn conditional_cleared(&self, game: i64, users: &[String]) -> Vec<Reply> {
        users
            .iter()
            .map(|user| {
                let lang = self.user_lang_for(user, Some(game));
                direct(user, tr!(lang, "conditional-undone", id = game))
            })
            .collect()
    }
}

/// The other seat of a two-player game.
fn other(seat: Seat) -> Seat {
    if seat == 1 {
        2
    } else {
        1
    }
}

/// The name of the opponent of `seat`, as a line names them.
fn opponent_name(live: &Live, game: &AnyGame, seat: Seat, lang: Lang) -> String {
    match live.at_seat(other(seat)) {
        Some(r) => r.name.clone(),
        None => crate::i18n::say(lang, &game.seat_label(other(seat))),
    }
}
