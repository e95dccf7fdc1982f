//! A running game: moves, `/resign`, `/board`, `/moves`.

use crate::engine::{AnyGame, Leave, MoveError, Seat};
use crate::i18n::Lang;
use crate::i18n::Msg;
use crate::store::{ActionRow, Status};
use crate::table::aftermath;
use crate::table::answer::{store_failure, Answer, Refusal};
use crate::table::api::Context;
use crate::table::api::{Reply, Visibility};
use crate::table::change;
use crate::table::change::{Change, OfferEffect};
use crate::table::conditional_replies;
use crate::table::live::{moves_on_board, Live};
use crate::table::lock;
use crate::table::log::{effective, ActionKind};
use crate::table::parse;
use crate::table::policy::clock::ClockKind;
use crate::table::policy::conditional::Dropped;
use crate::table::present;
use crate::table::present::board::{board, with_note, Look, Snap};
use crate::table::present::lobby::running_check;
use crate::table::present::{ephemeral, happened};
use crate::table::record::Record;
use crate::table::running;
use crate::table::service::{Bare, Handler};
use crate::table::spec;
use crate::table::spec::CommandSpec;
use crate::table::themes_of;
use crate::table::turns::turn_news;
use crate::table::Command;
use crate::table::Request;
use crate::table::Service;

/// A move. Another process sharing the database may have moved the game on since this
/// one read it (issue 29): a move refused for a lost race, or as out of turn by a copy the
/// store has moved past, is judged once more on the store's version (reloaded) and played
/// if it is legal there.
pub(crate) fn play(svc: &Service, ctx: &Context, text: &str) -> Answer {
    match play_once(svc, ctx, text) {
        Err(Refusal(m)) if m.id == "play-race" => play_once(svc, ctx, text),
        Err(Refusal(m)) if m.id == "play-not-your-turn" && reload_if_stale(svc, ctx) => {
            play_once(svc, ctx, text)
        }
        answer => answer,
    }
}

/// Whether the channel's game in memory was behind the store's, reloaded if so.
fn reload_if_stale(svc: &Service, ctx: &Context) -> bool {
    let Some(slot) = svc.slot(&ctx.channel.id) else {
        return false;
    };
    let mut live = lock(&slot.live);
    let stored = svc.store().game(live.id).ok().flatten().map(|g| g.ply);
    if stored.is_none_or(|ply| ply == live.ply) {
        return false;
    }
    svc.reload(&slot, &mut live);
    true
}

fn play_once(svc: &Service, ctx: &Context, text: &str) -> Answer {
    // Conditional lines the move finds no longer legal: their authors are told once the
    // game is released.
    let mut dropped = (0, Vec::new());
    let mut answer = play_told(svc, ctx, text, &mut dropped)?;
    answer.extend(conditional_replies::conditional_dropped(
        svc, dropped.0, &dropped.1,
    ));
    Ok(answer)
}

fn play_told(
    svc: &Service,
    ctx: &Context,
    text: &str,
    dropped: &mut (i64, Vec<Dropped>),
) -> Answer {
    let (slot, seat) = running::running(svc, ctx)?;
    let mut live = lock(&slot.live);
    // Checked again under the lock: the game may have ended while we waited for it.
    running_check(&live)?;
    let game = live.running_game();
    // Whose move the text is. Text that does not read as a move for the player to move is
    // that player's business: someone else is told first that it is not their turn;
    // unless it is a reaction they may make out of turn, only missing their seat number
    // (Sprawl's `challenge`), whose own explanation is the useful one.
    let actor = match game.actor(text) {
        Ok(a) => a,
        Err(e) if game.to_move().is_some_and(|m| m != seat) => {
            let theirs = game.actor(&format!("{} {seat}", text.trim()));
            if theirs == Ok(Some(seat)) {
                return Err(move_refusal(text, &e));
            }
            game.to_move()
        }
        Err(e) => return Err(move_refusal(text, &e)),
    };
    match actor {
        Some(a) if a == seat => {}
        // A reaction out of turn (a Sprawl challenge) names its own actor.
        Some(a) if game.to_move() != Some(a) => {
            return Err(present::play::only_seat(
                live.who(ctx.langs.user, game, a),
                text.trim(),
                game.seat_label(seat),
            )
            .into())
        }
        Some(a) => {
            return Err(present::play::not_your_turn(
                live.who(ctx.langs.user, game, a),
                game.seat_label(seat),
            )
            .into())
        }
        None => return Err(present::play::game_over_short().into()),
    }
    let mut next = game.clone();
    let canonical = next.play(text).map_err(|e| move_refusal(text, &e))?;
    let action = ActionRow {
        ply: live.ply + 1,
        kind: ActionKind::Move,
        text: canonical.clone(),
        user_id: Some(ctx.user.id.clone()),
        seat: Some(seat),
        at_ms: svc.now_ms(),
    };
    // A move declines the opponents' draw offer and makes an undo request moot.
    let offers = OfferEffect::Settle {
        seat,
        user: ctx.user.id.clone(),
    };
    // The conditional reply the move triggers is played in its change.
    let change = Change::new(action, next).offers(offers).respond();
    let mut written = change::commit(svc, &slot, &mut live, change)?;
    *dropped = (live.id, conditional_replies::dropped_lines(&live, &written));
    if let Some(a) = written.answered.take() {
        return conditional_replies::conditional_board(
            svc, &slot, live, ctx, seat, &canonical, &a, written,
        );
    }
    let game = live.game.as_ref().expect("state");
    let next = game.to_move().filter(|_| game.outcome().is_none());
    let bot_at = |s: Seat| live.at_seat(s).is_some_and(|r| r.is_bot());
    let user = ctx.langs.user;
    match next {
        // The same player acts again (the rest of a Battle Zone turn): told to them alone,
        // with the position so far from their side; the channel hears of the whole turn
        // when it passes.
        Some(s) if s == seat => {
            let head = with_note(
                user,
                present::play::you_played(user, canonical.as_str()),
                &written.notes,
            );
            if bot_at(seat) {
                return Ok(vec![ephemeral(ctx, head)]);
            }
            let snap = Snap::of(&live);
            drop(live);
            let look = Look {
                theme: themes_of::private_theme(svc, &ctx.user.id, &ctx.channel),
                side: Some(seat),
                private: true,
            };
            Ok(vec![board(ctx, &snap, head, &written.news, look)])
        }
        // A computer player moves next: its post carries the board and tells this move
        // too, so the channel gets one post and one picture for the round.
        Some(s) if bot_at(s) => {
            let text = with_note(
                user,
                present::play::you_played_bot_next(
                    user,
                    canonical.as_str(),
                    live.who(user, game, s),
                ),
                &written.notes,
            );
            Ok(vec![ephemeral(ctx, text)])
        }
        _ => {
            let lang = ctx.langs.channel;
            let mut told = told_turn(&live, &written.log);
            if told.is_empty() {
                told.push((seat, vec![canonical]));
            }
            // What each of the turn's earlier actions did, said after its player's line
            // (the last action's board says its own).
            let count: usize = told.iter().map(|(_, m)| m.len()).sum();
            let mut said = if count > 1 {
                let positions = Record::positions_of(&live, &written.log);
                earlier_happenings(lang, &live, positions, count - 1).into_iter()
            } else {
                Vec::new().into_iter()
            };
            let lines: Vec<String> = told
                .into_iter()
                .map(|(s, moves)| {
                    let mut line = present::play::played(lang, live.who(lang, game, s), &moves);
                    for sentence in said.by_ref().take(moves.len()).flatten() {
                        line.push(' ');
                        line.push_str(&sentence);
                    }
                    line
                })
                .collect();
            let head = with_note(lang, lines.join("\n"), &written.notes);
            aftermath::after_change(svc, &slot, live, ctx, head, &written)
        }
    }
}

pub(crate) fn resign(svc: &Service, ctx: &Context) -> Answer {
    let (slot, seat) = running::running(svc, ctx)?;
    let mut live = lock(&slot.live);
    running_check(&live)?;
    let game = live.running_game();
    let mut next = game.clone();
    next.resign(seat, Leave::Resigned)
        .map_err(|e| present::play::cannot_resign(e.msg()))?;
    let action = ActionRow {
        ply: live.ply + 1,
        kind: ActionKind::Resign,
        text: "resign".into(),
        user_id: Some(ctx.user.id.clone()),
        seat: Some(seat),
        at_ms: svc.now_ms(),
    };
    let lang = ctx.langs.channel;
    let who = live.who(lang, game, seat);
    let offers = OfferEffect::Settle {
        seat,
        user: ctx.user.id.clone(),
    };
    let written = change::commit(
        svc,
        &slot,
        &mut live,
        Change::new(action, next).offers(offers),
    )?;
    let head = with_note(lang, present::play::resigns(lang, who), &written.notes);
    aftermath::after_change(svc, &slot, live, ctx, head, &written)
}

pub(crate) fn board_cmd(svc: &Service, ctx: &Context) -> Answer {
    let live = running::viewable(svc, ctx)?;
    let snap = Snap::of(&live);
    let moves = match live.moves {
        Some(n) => n,
        None => moves_read(svc, &live)?,
    };
    let head = present::play::board_head(
        ctx.langs.channel,
        live.kind.title(),
        live.id,
        moves as usize,
    );
    // A board shown again pings nobody and sends no mail: of a turn's news it shows only a
    // running timed game's clock line, so an untimed game's news is not read.
    let timed = live.settings.clock != ClockKind::Untimed;
    let news = if live.status == Status::Active && timed {
        turn_news(&svc.store(), &live).map_err(store_failure)?
    } else {
        Default::default()
    };
    // Shown to the asker alone, from their own side when they play in it.
    let look = Look {
        theme: themes_of::private_theme(svc, &ctx.user.id, &ctx.channel),
        side: live.seat_of(&ctx.user.id),
        private: true,
    };
    Ok(vec![board(ctx, &snap, head, &news.quiet(), look)])
}

/// The moves on `live`'s board counted from its log, and kept in its slot while the game
/// has not moved since.
fn moves_read(svc: &Service, live: &Live) -> Result<u32, Refusal> {
    let actions = svc.store().actions(live.id).map_err(store_failure)?;
    let moves = moves_on_board(&actions);
    if let Some(slot) = svc.cached(&live.channel.id) {
        let mut held = lock(&slot.live);
        if held.id == live.id && held.ply == actions.len() as u32 {
            held.moves = Some(moves);
        }
    }
    Ok(moves)
}

pub(crate) fn moves(svc: &Service, ctx: &Context) -> Answer {
    let slot = running::open_slot(svc, ctx)?;
    let live = lock(&slot.live);
    running_check(&live)?;
    let game = live.running_game();
    let Some(to_move) = game.to_move() else {
        return Err(present::play::game_over_short().into());
    };
    let lang = ctx.langs.user;
    let moves = game.legal_moves();
    let mine = live.seat_of(&ctx.user.id) == Some(to_move);
    let text = present::play::moves(lang, mine, live.who(lang, game, to_move), &moves);
    Ok(vec![ephemeral(ctx, text)])
}

/// What the public board of a turn tells, by seat, in order: going back from the newest
/// action, the computer players' moves, then the moves of the person who played before them
/// (a Battle Zone turn is several actions of one seat). Whatever came earlier, or before an
/// undo, a resignation or a draw, was on an earlier board.
fn told_turn(live: &Live, actions: &[ActionRow]) -> Vec<(Seat, Vec<String>)> {
    let mut person: Option<Seat> = None;
    let mut told: Vec<(Seat, Vec<String>)> = Vec::new();
    for a in effective(actions).into_iter().rev() {
        let Some(seat) = a.seat.filter(|_| a.kind == ActionKind::Move) else {
            break;
        };
        let bot = live.at_seat(seat).is_some_and(|r| r.is_bot());
        match person {
            Some(p) if p != seat => break,
            None if !bot => person = Some(seat),
            _ => {}
        }
        match told.last_mut() {
            Some((s, moves)) if *s == seat => moves.push(a.text.clone()),
            _ => told.push((seat, vec![a.text.clone()])),
        }
    }
    told.reverse();
    for (_, moves) in told.iter_mut() {
        moves.reverse();
    }
    told
}

/// What each of the `k` actions before the last one did (a Battle Zone turn, a round of
/// computer moves), in sentences, replayed from the log: the position before each is not kept.
fn earlier_happenings(
    lang: Lang,
    live: &Live,
    positions: Result<Vec<AnyGame>, String>,
    k: usize,
) -> Vec<Vec<String>> {
    let positions = match positions {
        Ok(p) => p,
        Err(e) => {
            tracing::error!("game {}: replaying its log for a turn's post: {e}", live.id);
            return Vec::new();
        }
    };
    let n = positions.len();
    if n < k + 2 {
        return Vec::new();
    }
    (n - 2 - k..n - 2)
        .map(|i| {
            let events = crate::engine::events::between(&positions[i], &positions[i + 1]);
            happened::sentences(lang, live, &positions[i + 1], &events)
        })
        .collect()
}

fn move_refusal(text: &str, e: &MoveError) -> Refusal {
    let illegal = matches!(e, MoveError::Illegal { .. });
    Refusal(present::play::cannot_play(text.trim(), e.msg(), illegal))
}

// The commands of this file, as the registry (`cmd/mod.rs`) lists them.

/// `/play MOVE` and every game verb: a move.
pub(crate) struct Play;

const PLAY: CommandSpec = spec::cmd(
    "play",
    &[spec::opt("move", spec::OptionType::Move).required()],
    &[spec::play(4, "help-play")],
);

impl Handler for Play {
    fn spec(&self) -> &'static CommandSpec {
        &PLAY
    }

    fn parse(&self, args: &[parse::Arg]) -> Result<Command, Msg> {
        // Free text: unquoted words after /play are all the move.
        let text = parse::free_words(self.spec(), args)?;
        if text.iter().all(|t| t.is_empty()) {
            return Err(present::play::play_needs_move());
        }
        Ok(Command::Play {
            text: text.join(" "),
        })
    }

    fn owns(&self, command: &Command) -> bool {
        matches!(command, Command::Play { .. })
    }

    fn run(&self, svc: &Service, req: &Request) -> Option<Answer> {
        let Command::Play { text } = &req.command else {
            return None;
        };
        let answer = play(svc, &req.ctx, text);
        // The picker's (the only `/play` a component sends): an action after which the same
        // player acts again updates the picker's message in place with the next action's
        // picker, so that a whole turn is one private message.
        Some(match (answer, req.from_button) {
            (Ok(replies), Some(_)) => Ok(picker_again(svc, req, replies)),
            (answer, _) => answer,
        })
    }

    fn label(&self, _command: &Command) -> &'static str {
        "move"
    }
}

/// `replies` to a move from the picker: when they are the mover's own board of a turn that
/// goes on, the next picker instead, in place of the picker's message, headed by what was
/// played.
fn picker_again(svc: &Service, req: &Request, replies: Vec<Reply>) -> Vec<Reply> {
    let mut replies = replies;
    let mine = replies.len() == 1 && replies[0].visibility == Visibility::Ephemeral;
    // The turn passed to a computer player, whose post shows the board: the picker says
    // what was played, in place.
    if mine && replies[0].image.is_none() {
        replies[0].update = true;
        return replies;
    }
    if !mine {
        return replies;
    }
    let fresh = Request {
        ctx: req.ctx.clone(),
        command: Command::Pick {
            path: String::new(),
        },
        from_button: None,
    };
    let Ok(mut next) = svc.run(&fresh) else {
        return replies;
    };
    // The picker, with its menu or, for the only move left, its confirmation.
    if next.len() != 1 || next[0].image.is_none() {
        return replies;
    }
    let mut r = next.remove(0);
    let played = replies[0].text.lines().next().unwrap_or_default();
    let rest: Vec<&str> = r.text.lines().skip(1).collect();
    r.text = std::iter::once(played)
        .chain(rest)
        .collect::<Vec<_>>()
        .join("\n");
    r.update = true;
    vec![r]
}

const BOARD: CommandSpec = spec::cmd("board", &[spec::SHARE], &[spec::play(9, "help-board")]);

/// `/board`: the channel's board, for the asker.
pub(crate) static BOARD_CMD: Bare = Bare::new(&BOARD, Command::Board, board_cmd);

const MOVES: CommandSpec = spec::cmd("moves", &[], &[spec::play(4, "help-play")]);

/// `/moves`: the asker's legal moves.
pub(crate) static MOVES_CMD: Bare = Bare::new(&MOVES, Command::Moves, moves);

const RESIGN: CommandSpec = spec::cmd("resign", &[], &[spec::play(10, "help-resign")]);

/// `/resign`.
pub(crate) static RESIGN_CMD: Bare = Bare::new(&RESIGN, Command::Resign, resign);
