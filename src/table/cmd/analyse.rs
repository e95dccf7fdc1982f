//! `/analyse`: a private analysis board at a position of the channel's game (its current one,
//! or after any move of its record, `move:12`, finished games included). The asker tries
//! moves for whichever side is to move there (typed, or with the picker), steps back and
//! forward, resets and closes; nothing touches the game, and nobody else sees it. It offers
//! no computer help at all (no hint, no evaluation), so a rated game's players get none.
//! Dice and cards are the board's own, drawn afresh when it opens and at each reset: playing
//! forward from a running game must not show its rolls or deals to come. Counting coup cards
//! are hidden from everyone until the game ends, their holder included (Sprawl R17), so every
//! hand is dealt again too: a line played to the end would otherwise score the real cards.
//! The board is kept in the store (one per player, across restarts) and ends by itself after
//! [`IDLE_MS`] untouched.

use crate::engine::rng::SplitMix64;
use crate::engine::{AnyGame, Seat};
use crate::store::AnalysisRow;
use crate::table::answer::{store_failure, Answer, Refusal};
use crate::table::api::{AnalyseAction, Context};
use crate::table::live::Live;
use crate::table::present::analyse::{board, closed, Board};
use crate::table::present::board::Snap;
use crate::table::present::lobby::damaged;
use crate::table::present::pick::{picker, Opening, Target};
use crate::table::Table;
use crate::{msg, picker as steps};

/// A board left alone for a day ends by itself.
pub const IDLE_MS: i64 = 24 * 3_600_000;

/// An open board with what it needs: its game and record, and the starting position.
struct Opened {
    row: AnalysisRow,
    live: Live,
    positions: Vec<AnyGame>,
}

/// Whose knowledge the board's chance keeps: nobody's, as no seat sees a hidden card.
const NOBODY: Seat = 0;

impl Opened {
    /// The position on the board: the start with the board's own chance, then the moves
    /// tried up to `at`. A tried move that no longer applies (a version's rules changed under
    /// a stored board, a board from before its dice were its own) ends the line.
    fn position(&mut self) -> AnyGame {
        let mut g = self.positions[self.row.from_ply as usize].clone();
        g.determinise(NOBODY, &mut SplitMix64::new(self.row.dice));
        for (i, mv) in self.row.line.iter().enumerate().take(self.row.at as usize) {
            if g.play(mv).is_err() {
                self.row.line.truncate(i);
                self.row.at = i as u32;
                break;
            }
        }
        g
    }
}

impl Table {
    /// `update`: the board's own component sent it, so the answer replaces its message.
    pub(crate) fn analyse(&self, ctx: &Context, action: &AnalyseAction, update: bool) -> Answer {
        let now = self.now_ms();
        let idle = self.store().drop_idle_analyses(now - IDLE_MS);
        idle.map_err(store_failure)?;
        let mut o = match action {
            AnalyseAction::Open { from } => self.new_analysis(ctx, *from, now)?,
            _ => self.open_analysis(ctx)?,
        };
        match action {
            AnalyseAction::Open { .. } | AnalyseAction::Show => {}
            AnalyseAction::Close => {
                let dropped = self.store().drop_analysis(&ctx.user.id);
                dropped.map_err(store_failure)?;
                return Ok(vec![closed(ctx, update)]);
            }
            AnalyseAction::Back => {
                if o.row.at == 0 {
                    return Err(msg!("analyse-at-start").into());
                }
                o.row.at -= 1;
            }
            AnalyseAction::Forward => {
                if o.row.at as usize >= o.row.line.len() {
                    return Err(msg!("analyse-at-end").into());
                }
                o.row.at += 1;
            }
            AnalyseAction::Reset => {
                o.row.line.clear();
                o.row.at = 0;
                o.row.dice = self.new_seed(&ctx.user.id);
            }
            AnalyseAction::Try(text) => {
                let mut g = o.position();
                if g.outcome().is_some() || g.to_move().is_none() {
                    return Err(msg!("analyse-over").into());
                }
                let played = g.play(text).map_err(|e| {
                    Refusal(msg!(
                        "analyse-cannot-play",
                        text = text.trim(),
                        error = e.msg()
                    ))
                })?;
                o.row.line.truncate(o.row.at as usize);
                o.row.line.push(played);
                o.row.at += 1;
            }
            AnalyseAction::Pick(path) => return self.analysis_picker(ctx, &mut o, path, update),
        }
        let game = o.position();
        o.row.updated_ms = now;
        self.store().put_analysis(&o.row).map_err(store_failure)?;
        Ok(vec![board(
            ctx,
            &Board {
                live: &o.live,
                from: o.row.from_ply,
                total: (o.positions.len() - 1) as u32,
                line: &o.row.line,
                at: o.row.at,
                game: &game,
                own_chance: game.has_chance(),
                side: o.live.seat_of(&ctx.user.id),
                theme: self.private_theme(&ctx.user.id, &ctx.channel),
            },
            update,
        )])
    }

    /// A new board at the channel's game (running, or the last one here), after `from` of its
    /// record's moves (the last position when `None`).
    fn new_analysis(&self, ctx: &Context, from: Option<u32>, now: i64) -> Result<Opened, Refusal> {
        let (live, actions, _) = self.recorded(ctx)?;
        let positions = self.positions_of(&live, &actions).map_err(cannot_replay)?;
        let total = (positions.len() - 1) as u32;
        let from = from.unwrap_or(total);
        if from > total {
            return Err(msg!("analyse-no-such-move", move = from, total = total).into());
        }
        Ok(Opened {
            row: AnalysisRow {
                user_id: ctx.user.id.clone(),
                game: live.id,
                from_ply: from,
                line: Vec::new(),
                at: 0,
                updated_ms: now,
                dice: self.new_seed(&ctx.user.id),
            },
            live,
            positions,
        })
    }

    /// The asker's board, wherever it is asked for.
    fn open_analysis(&self, ctx: &Context) -> Result<Opened, Refusal> {
        let store = self.store();
        let row = store
            .analysis(&ctx.user.id)
            .map_err(store_failure)?
            .ok_or_else(|| msg!("analyse-none"))?;
        let game = store
            .game(row.game)
            .map_err(store_failure)?
            .ok_or_else(|| msg!("analyse-none"))?;
        let live = Live::load(&store, &game).map_err(|e| damaged(game.id, &e))?;
        let actions = store.actions(game.id).map_err(store_failure)?;
        drop(store);
        let positions = self.positions_of(&live, &actions).map_err(cannot_replay)?;
        if row.from_ply as usize >= positions.len() {
            return Err(msg!("analyse-none").into());
        }
        Ok(Opened {
            row,
            live,
            positions,
        })
    }

    /// A step of the move picker over the board's position; its last button tries the move.
    fn analysis_picker(&self, ctx: &Context, o: &mut Opened, path: &str, update: bool) -> Answer {
        let game = o.position();
        let Some(to_move) = game.to_move().filter(|_| game.outcome().is_none()) else {
            return Err(msg!("analyse-over").into());
        };
        let tokens: Vec<String> = path
            .split_whitespace()
            .map(str::to_ascii_lowercase)
            .collect();
        let step = steps::step(o.live.kind, &game.legal_moves(), &tokens)
            .map_err(|_| Refusal(msg!("analyse-bad-pick")))?;
        let snap = (!update).then(|| Snap {
            live: o.live.clone(),
            game: game.clone(),
        });
        Ok(vec![picker(
            ctx,
            &Opening {
                target: Target::Analysis,
                kind: o.live.kind,
                game: (o.live.id, 0),
                seat: o.live.seat_of(&ctx.user.id).unwrap_or(to_move),
                snap,
                theme: self.private_theme(&ctx.user.id, &ctx.channel),
            },
            &tokens,
            &step,
        )])
    }
}

fn cannot_replay(e: String) -> Refusal {
    Refusal(msg!("record-cannot-replay", error = e))
}

#[cfg(test)]
mod tests {
    use crate::table::tests::tavern;
    use crate::table::{Arg, ManualClock, Request, Table};
    use std::sync::Arc;

    fn typed(t: &Table, who: &str, name: &str, args: &[&str]) -> Vec<crate::table::Reply> {
        let ctx = tavern(who, None);
        let args: Vec<Arg> = args.iter().map(|a| Arg::positional(*a)).collect();
        let command = t.command(&ctx, name, &args).expect("a command");
        t.handle(&Request {
            ctx,
            command,
            from_button: None,
        })
    }

    /// Issue 28: a board survives a restart with its moves tried, never touches the game, and
    /// ends by itself after a day untouched.
    #[test]
    fn an_analysis_board_outlives_a_restart_and_ends_when_left() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("a.db");
        let clock = Arc::new(ManualClock::new(1_767_225_600_000));
        let t = Table::open(&db, clock.clone()).unwrap();
        typed(&t, "alice", "new", &["pikemen", "2"]);
        typed(&t, "bob", "join", &[]);
        typed(&t, "alice", "start", &["join"]);
        typed(&t, "alice", "play", &["turn d1 e"]);
        let r = typed(&t, "carol", "analyse", &["0"]);
        assert!(r[0].text.contains("from move 0 of 1"), "{r:?}");
        let r = typed(&t, "carol", "analyse", &["turn d1 n"]);
        assert!(r[0].text.contains("Tried: turn d1 n."), "{r:?}");
        drop(t);

        let t = Table::open(&db, clock.clone()).unwrap();
        let r = typed(&t, "carol", "analyse", &["show"]);
        assert!(r[0].text.contains("Tried: turn d1 n."), "{r:?}");
        let r = typed(&t, "alice", "history", &[]);
        assert!(
            r[0].text.contains("turn d1 e") && !r[0].text.contains("turn d1 n"),
            "{r:?}"
        );
        clock.advance(super::IDLE_MS + 1);
        let r = typed(&t, "carol", "analyse", &["back"]);
        assert!(r[0].text.contains("no analysis board open"), "{r:?}");
    }
}
