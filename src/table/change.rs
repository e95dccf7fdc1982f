//! One change of a running game and everything that belongs to it, committed together.
//!
//! A move (with the conditional reply it triggers, if any), a resignation, an undo, an agreed
//! draw, a removal on time or an abort is one [`Change`]: the action appended to the log (with
//! the game's version check), the game row, the clock turn with its timers and banks
//! (`turns::advance`), the pending offer it settles, the conditional moves it prunes or
//! clears, the pause it ends (`pauses::settle`), and the timer that caused it. [`crate::table::change::commit`] writes all of it in one
//! [`Store::atomically`](crate::store::Store::atomically) transaction while the game's lock is
//! held, so a crash (even SIGKILL) leaves the game either before or after the change, never in
//! between. What must land with a game's end (its rating changes, its place in a tournament)
//! is written in that same transaction, by the rating room and the store.
//!
//! The commit returns what it wrote ([`Written`]): the sentences about the offer it settled and
//! what the board says about the new turn (whom to ping, the clock, the rating changes), read in
//! the same transaction, so that the reply is built once without reading the store again.

use super::answer::{store_failure, Refusal};
use super::live::{Live, Slot};
use super::log::ActionKind;
use super::policy::conditional::{respond, unavailable, Authored};
use super::turns::{advance_knowing, turn_news_knowing, TurnInput, TurnNews};
use crate::engine::{AnyGame, Seat};
use crate::i18n::Msg;
use crate::msg;
use crate::rating::{settle_finished, Finished, Player};
use crate::store::clocks::TurnRow;
use crate::store::db::Later;
use crate::store::Store;
use crate::store::{ActionRow, GameUpdate, MoveReads, OfferKind, OfferRow, OfferStatus, Status};
use crate::store::{Result as StoreResult, StoreError};
use crate::table::Service;

/// What a change does to the game's pending offer (undo request or draw offer).
#[derive(Clone, Debug)]
pub(crate) enum OfferEffect {
    /// Nothing.
    Keep,
    /// `seat` moved or resigned: a draw offered by someone else is declined by it, one's own
    /// stays, an undo request lapses; everything lapses when the game ends.
    Settle { seat: Seat, user: String },
    /// Whatever waits lapses: the position it was made in is gone.
    Lapse { by: String },
    /// The offer this change carries out is accepted.
    Accepted { offer: i64, by: String },
}

pub(crate) struct Change {
    pub action: ActionRow,
    pub next: AnyGame,
    /// `/abort`: the game ends without a result.
    pub aborted: bool,
    pub offers: OfferEffect,
    /// The timer that made this change (a deadline), consumed with it.
    pub timer: Option<i64>,
    /// A conditional reply played in the same change, after the action (`respond_in`).
    pub(super) reply: Option<Reply>,
    /// A move: the game's conditional moves are read in its transaction, and the reply it
    /// triggers is played in it (`respond_in`).
    pub respond: bool,
    /// The lines of conditional moves the move leaves to their authors (the others are left
    /// alone). An undo and a game's end clear every line of the game, whatever this says.
    pub(super) lines: Vec<(String, Vec<Vec<String>>)>,
    /// Lines the move found no longer legal, by author: dropped, to be told.
    pub(super) dropped: Vec<(String, Vec<Vec<String>>)>,
}

/// A move played for its author in the change of their opponent's move: its action and the
/// position after it.
#[derive(Clone, Debug)]
pub(super) struct Reply {
    pub action: ActionRow,
    pub next: AnyGame,
}

impl Change {
    pub fn new(action: ActionRow, next: AnyGame) -> Change {
        Change {
            action,
            next,
            aborted: false,
            offers: OfferEffect::Keep,
            timer: None,
            reply: None,
            respond: false,
            lines: Vec::new(),
            dropped: Vec::new(),
        }
    }

    /// The position the change leaves: after the conditional reply, if there is one.
    pub fn last(&self) -> &AnyGame {
        self.reply.as_ref().map_or(&self.next, |r| &r.next)
    }

    pub fn offers(self, offers: OfferEffect) -> Change {
        Change { offers, ..self }
    }

    /// A move that may trigger a conditional reply.
    pub fn respond(self) -> Change {
        Change {
            respond: true,
            ..self
        }
    }
}

/// How a settled offer ends and the sentence that says so, or `None` if it stays.
fn settle(
    offer: &OfferRow,
    effect: &OfferEffect,
    over: bool,
) -> Option<(OfferStatus, Option<Msg>)> {
    let lapses = |o: &OfferRow| {
        Some(match o.kind {
            OfferKind::Draw => msg!("offer-draw-lapses"),
            OfferKind::Undo => msg!("offer-undo-lapses"),
            OfferKind::Pause => msg!("pause-offer-lapses"),
        })
    };
    match effect {
        OfferEffect::Keep => None,
        OfferEffect::Accepted { offer: id, .. } if *id == offer.id => {
            Some((OfferStatus::Accepted, None))
        }
        OfferEffect::Accepted { .. } | OfferEffect::Lapse { .. } => {
            Some((OfferStatus::Lapsed, lapses(offer)))
        }
        OfferEffect::Settle { seat, .. } => match offer.kind {
            _ if over => Some((OfferStatus::Lapsed, lapses(offer))),
            OfferKind::Draw if offer.seat != *seat => Some((
                OfferStatus::Declined,
                Some(msg!("offer-draw-declined-by-move")),
            )),
            // An opponent who plays on instead of answering declines a pause, as a draw.
            OfferKind::Pause if offer.seat != *seat => {
                Some((OfferStatus::Declined, Some(msg!("pause-declined-by-move"))))
            }
            OfferKind::Draw | OfferKind::Pause => None,
            OfferKind::Undo => Some((OfferStatus::Lapsed, lapses(offer))),
        },
    }
}

fn effect_user(effect: &OfferEffect) -> &str {
    match effect {
        OfferEffect::Keep => "",
        OfferEffect::Settle { user, .. } => user,
        OfferEffect::Lapse { by } | OfferEffect::Accepted { by, .. } => by,
    }
}

/// What a committed change wrote, for its reply.
pub(crate) struct Written {
    /// Sentences about the offer the change settled.
    pub notes: Vec<Msg>,
    /// What the board of the change says beyond the position.
    pub news: TurnNews,
    /// The change ended a tournament's game: its round may be complete.
    pub tournament: bool,
    /// After a move, the game's log: the board that passes the turn tells every action of it
    /// (`play.rs`). Empty after other changes, and after a move whose seat acts again.
    pub log: Vec<ActionRow>,
    /// The log read with the change, whose rows come once it is committed (`commit`), and
    /// the conditional reply written after that read.
    later_log: Option<(Later, Option<ActionRow>)>,
    /// The players whose conditional moves an undo cleared, to be told.
    pub cleared: Vec<String>,
    /// The conditional reply the move triggered, played in the change.
    pub answered: Option<Answered>,
    /// Conditional lines the move found no longer legal, by author: dropped, to be told.
    pub dropped: Vec<(String, Vec<Vec<String>>)>,
}

/// A conditional reply played in a move's change, for its board.
pub(crate) struct Answered {
    pub reply: ActionRow,
    /// The position after the move it answered, and what that move did.
    pub after_move: AnyGame,
    pub events: Vec<crate::engine::events::Event>,
}

/// Everything `change` writes, inside one transaction, and what the reply needs to know of it.
/// A move's conditional reply is found once the move is written (its first write takes the
/// database's write lock, waiting for it as any change does) and written after it.
fn write(s: &mut Store, live: &Live, change: &mut Change) -> StoreResult<Written> {
    if let Some(timer) = change.timer {
        if !s.take_timer(timer)? {
            // Someone else fired it: nothing to do twice.
            return Err(StoreError::Conflict);
        }
    }
    let mut notes = Vec::new();
    let mut update = update_of(&change.next, change.aborted);
    let step = Step {
        action: &change.action,
        next: &change.next,
        update: &update,
        offers: &change.offers,
    };
    // A move that passes the turn brings the log with the change's first read (below).
    let log = change.action.kind == ActionKind::Move && !continues(&change.next, &change.action);
    let (reads, mut turn) = step.write(s, live, Some(log), &mut notes)?;
    // What the first read found absent at the change's start is absent throughout: the change
    // itself makes no offer, pause, conditional move nor follow.
    let mut reads = reads.expect("the first step reads");
    if change.respond && reads.conditionals {
        respond_in(s, live, change)?;
    }
    if let Some(r) = &change.reply {
        update = update_of(&r.next, false);
        // The reply is its author's move: it settles the offers as any move of theirs would.
        let offers = OfferEffect::Settle {
            seat: r.action.seat.unwrap_or_default(),
            user: r.action.user_id.clone().unwrap_or_default(),
        };
        let step = Step {
            action: &r.action,
            next: &r.next,
            update: &update,
            offers: &offers,
        };
        turn = step.write(s, live, None, &mut notes)?.1;
    }
    let action = change.reply.as_ref().map_or(&change.action, |r| &r.action);
    let mut cleared = Vec::new();
    if update.status != Status::Active || change.action.kind == ActionKind::Undo {
        // The positions the lines were made for are gone.
        let authors = if reads.conditionals {
            s.clear_conditionals(live.id)?
        } else {
            Vec::new()
        };
        if update.status == Status::Active {
            cleared = authors;
        }
    } else {
        for (user, lines) in &change.lines {
            s.set_conditionals(live.id, user, lines)?;
        }
    }
    let mut news = turn_news_knowing(s, live, Some((&reads, turn)))?;
    news.ping = true;
    let mut tournament = false;
    if update.status == Status::Finished {
        let places = change.last().places();
        // Held back to go with the ending's round trip (`settle_finished`'s).
        let opening = match places {
            Some(_) => Some(s.opening_of_game_later(live.id)?),
            None => None,
        };
        let settled = settle_finished(
            s,
            Finished {
                game: live.id,
                rated: live.settings.rated,
                kind: live.kind.id(),
                guild: live.channel.guild.as_deref().unwrap_or(""),
                players: players(live),
                places: places.clone(),
                at_ms: action.at_ms,
            },
        )?;
        // Said on the board: a rated game that ended before everyone moved is not rated.
        news.unrated_early = settled.ended_early;
        news.ratings = settled.applied;
        if let (Some(places), Some(opening)) = (places, opening) {
            let opening = s.opening_taken(opening)?;
            tournament = s.settle_tournament_of(opening.as_ref(), &places)?;
        }
    }
    // The same seat acting again (the rest of a Battle Zone turn) gets a board of its own that
    // tells no earlier action: the log, read whole for the undo arithmetic and longer with
    // every move, is read only when a turn passes.
    let (mut log, mut later_log) = (Vec::new(), None);
    if action.kind == ActionKind::Move && !continues(change.last(), action) {
        match reads.log.take() {
            // Read after the move was written, before its reply.
            Some(read) => {
                later_log = Some((read, change.reply.as_ref().map(|r| r.action.clone())));
            }
            None => log = s.actions(live.id)?,
        }
    }
    Ok(Written {
        notes,
        news,
        tournament,
        log,
        later_log,
        cleared,
        answered: None,
        dropped: change.dropped.clone(),
    })
}

/// The seat that made `action` acts again in `after` (the rest of a Battle Zone turn).
fn continues(after: &AnyGame, action: &ActionRow) -> bool {
    after.outcome().is_none() && after.to_move().is_some() && after.to_move() == action.seat
}

/// The seated players, as the rating room takes them.
fn players(live: &Live) -> Vec<Player> {
    live.seats
        .iter()
        .filter_map(|r| {
            r.seat.map(|seat| Player {
                user_id: r.user_id.clone(),
                name: r.name.clone(),
                seat,
                bot: r.is_bot(),
            })
        })
        .collect()
}

/// The status a committed change leaves the game in.
fn status_of(change: &Change) -> Status {
    update_of(change.last(), change.aborted).status
}

/// The game row after an action that left the game at `next`.
fn update_of(next: &AnyGame, aborted: bool) -> GameUpdate {
    let status = if aborted {
        Status::Aborted
    } else if next.outcome().is_some() {
        Status::Finished
    } else {
        Status::Active
    };
    GameUpdate {
        status,
        outcome: next.outcome().map(|o| {
            // An archive column for people reading the database: English words.
            serde_json::json!({"winners": o.winners, "reason": o.reason.english()}).to_string()
        }),
        snapshot: Some(serde_json::to_string(next).expect("game states serialise")),
    }
}

/// One action of a change (the move, or the conditional reply after it) and what it writes:
/// the log, the offer it settles, the clock's turn.
struct Step<'a> {
    action: &'a ActionRow,
    next: &'a AnyGame,
    update: &'a GameUpdate,
    offers: &'a OfferEffect,
}

impl Step<'_> {
    /// Writes the step; the first step of a change (`first`: with the log or not) reads, once
    /// its action is written, what the change needs to know (`Store::move_reads`) and returns
    /// it. Returns the turn row the step leaves.
    fn write(
        &self,
        s: &mut Store,
        live: &Live,
        first: Option<bool>,
        notes: &mut Vec<Msg>,
    ) -> StoreResult<(Option<MoveReads>, Option<TurnRow>)> {
        let (action, update) = (self.action, self.update);
        s.append(live.id, action, update)?;
        let mover = self
            .next
            .to_move()
            .and_then(|seat| live.at_seat(seat).map(|r| (seat, r)));
        let reads = match first {
            Some(log) => {
                let (seat, user) = mover.map_or((0, ""), |(seat, r)| (seat, r.user_id.as_str()));
                Some(s.move_reads(live.id, seat, user, action.ply, log)?)
            }
            None => None,
        };
        if reads.as_ref().is_none_or(|r| r.offer) {
            if let Some(offer) = s.pending_offer(live.id)? {
                let over = update.status != Status::Active;
                if let Some((status, sentence)) = settle(&offer, self.offers, over) {
                    let by = effect_user(self.offers);
                    s.resolve_offer(offer.id, status, by, action.at_ms)?;
                    notes.extend(sentence);
                }
            }
        }
        // A pause ends with a person's move and with the game: before the turn is computed.
        if reads.as_ref().is_none_or(|r| r.pause) {
            // A computer player acts from its own seat, whose row says what it is.
            let by_person = action
                .user_id
                .as_deref()
                .is_some_and(|u| !live.seats.iter().any(|r| r.is_bot() && r.user_id == u));
            notes.extend(super::pauses::settle(
                s,
                live.id,
                action,
                by_person,
                update.status,
            )?);
        }
        // The turn read first is still the game's unless a pause ended (and restarted it).
        let turn = advance_knowing(
            s,
            &TurnInput {
                game: live.id,
                ply: action.ply,
                status: update.status,
                clock: live.settings.clock,
                mover,
                at_ms: action.at_ms,
                last: Some((action.kind, action.seat)),
            },
            reads.as_ref().filter(|r| !r.pause),
        )?;
        Ok((reads, turn))
    }
}

/// Reads the game's conditional moves in the move's transaction (its one lock of the store)
/// and adds to the change the reply the move triggers and the lines it leaves.
fn respond_in(s: &Store, live: &Live, change: &mut Change) -> StoreResult<()> {
    // Battle Zone's many actions a turn need not ask: it has none.
    if unavailable(live.kind).is_some() {
        return Ok(());
    }
    let stored = s.conditionals(live.id)?;
    if stored.is_empty() {
        return Ok(());
    }
    let mut authors: Vec<Authored> = Vec::new();
    for (user, line) in stored {
        match authors.last_mut() {
            Some(a) if a.user == user => a.lines.push(line),
            _ => authors.push(Authored {
                seat: live.seat_of(&user),
                user,
                lines: vec![line],
            }),
        }
    }
    let response = respond(
        authors,
        change.action.seat,
        &change.action.text,
        &change.next,
    );
    change.reply = response.reply.map(|(user, seat, text, next)| Reply {
        action: ActionRow {
            ply: change.action.ply + 1,
            kind: ActionKind::Move,
            text,
            user_id: Some(user),
            seat: Some(seat),
            // A move by its author at that moment: their clock is charged nothing.
            at_ms: change.action.at_ms,
        },
        next,
    });
    change.lines = response.lines;
    change.dropped = response.dropped;
    Ok(())
}

/// Logs the change and installs its state, or leaves everything as it was: one transaction,
/// the store's lock taken once. Returns what it wrote, for the reply.
pub(crate) fn commit(
    svc: &Service,
    slot: &Slot,
    live: &mut Live,
    change: Change,
) -> Result<Written, Refusal> {
    let mut change = change;
    let mut store = svc.store_of(live.id);
    let mut r = store.atomically(|s| write(s, live, &mut change));
    if matches!(r, Err(StoreError::Stale)) {
        // What the store foresaw of the game had changed (another command or process wrote
        // since): the change is made again from what is there. The failed attempt changed
        // nothing of `change`: its guard is judged at its first round trip, before anything
        // read then (the conditional moves) is used.
        store.forget_foreseen(live.id);
        r = store.atomically(|s| write(s, live, &mut change));
    }
    let r = r.and_then(|mut w| {
        if let Some((read, reply)) = w.later_log.take() {
            w.log = store.later_actions(read)?;
            w.log.extend(reply);
        }
        Ok(w)
    });
    drop(store);
    let mut written = match r {
        Ok(w) => w,
        Err(StoreError::Conflict) => {
            svc.reload(slot, live);
            return Err(msg!("play-race").into());
        }
        Err(e) => return Err(store_failure(e)),
    };
    // What the move did, told on its board: compared with the position it was played on
    // (a conditional reply's board tells the reply's; `cmd/conditional.rs` tells the move
    // it answered).
    if let Some(r) = &change.reply {
        written.answered = Some(Answered {
            reply: r.action.clone(),
            after_move: change.next.clone(),
            events: live.game.as_ref().map_or_else(Vec::new, |g| {
                crate::engine::events::between(g, &change.next)
            }),
        });
    }
    if change.action.kind == ActionKind::Move {
        let before = match &change.reply {
            Some(_) => Some(&change.next),
            None => live.game.as_ref(),
        };
        if let Some(before) = before {
            written.news.happened = crate::engine::events::between(before, change.last());
        }
    }
    live.ply = change
        .reply
        .as_ref()
        .map_or(&change.action, |r| &r.action)
        .ply;
    if change.action.kind == ActionKind::Resign {
        live.left_seats.extend(change.action.seat);
    }
    live.moves = match change.action.kind {
        // Which moves went is in the log: `/board` reads it again.
        ActionKind::Undo => None,
        _ => live.moves.map(|n| {
            let reply = change.reply.as_ref().map(|r| &r.action);
            let moved = [Some(&change.action), reply]
                .into_iter()
                .flatten()
                .filter(|a| a.kind == ActionKind::Move)
                .count();
            n + moved as u32
        }),
    };
    live.status = status_of(&change);
    live.game = Some(match change.reply {
        Some(r) => r.next,
        None => change.next,
    });
    Service::refresh_auto(slot, live);
    Ok(written)
}
