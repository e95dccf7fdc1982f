//! A game's record: `/history` (paged, with every undo and offer), `/export` (the record as
//! text that `plateau replay` loads back), `/replay` (an animated GIF), and `/mygames`.
//!
//! The text record is [`Record`]: a header of `Key: value` lines (game, players, options,
//! seed, result, dates), then `Moves:` and one numbered line per action that makes the final
//! position, a move in canonical notation or a service action in brackets (`[resign 2]`,
//! `[draw]`). Taken-back moves are left out: they are not part of the game. The seed is
//! written only once the game has ended: it decides every roll and deal to come.

use crate::engine::AnyGame;
use crate::i18n::Lang;
use crate::i18n::Msg;
use crate::render;
use crate::store::{OfferKind, OfferRow, PastPause, Status};
use crate::table::answer::{store_failure, Answer, Refusal};
use crate::table::api::{Button, Context, Image};
use crate::table::compete::describe_challenge;
use crate::table::followers;
use crate::table::live::Live;
use crate::table::log::{undo_from, undone, ActionKind};
use crate::table::markup;
use crate::table::markup::channel_link;
use crate::table::parse;
use crate::table::policy::GameSettings;
use crate::table::present::board::outcome_line;
use crate::table::present::{ephemeral, for_asker};
use crate::table::running;
use crate::table::service::{Bare, Handler};
use crate::table::spec;
use crate::table::spec::CommandSpec;
use crate::table::Command;
use crate::table::Request;
use crate::table::Service;

use crate::table::present;
/// Actions per page of `/history`.
use crate::table::record::{animate, attachment_limit, Record, HISTORY_PAGE};

pub(crate) fn history(svc: &Service, ctx: &Context, page: u32) -> Answer {
    let lang = ctx.langs.user;
    let (live, actions, _) = running::recorded(svc, ctx)?;
    let offers = svc.store().offers(live.id).map_err(store_failure)?;
    let pauses = svc.store().pauses_of(live.id).map_err(store_failure)?;
    let game = live.game.as_ref().expect("a started game has a state");
    let gone = undone(&actions);
    // One entry per action, with the offers made after it; offers made before the first
    // action come first.
    let mut entries: Vec<Vec<String>> = Vec::new();
    let offer_lines = |ply: u32| -> Vec<String> {
        let paused = pauses.iter().filter(|p| {
            // A pause comes after the last action before it.
            let after = actions.iter().rfind(|a| a.at_ms <= p.started_ms);
            after.map_or(0, |a| a.ply) == ply
        });
        offers
            .iter()
            .filter(|o| o.ply == ply)
            .map(|o| offer_line(lang, &live, game, o))
            .chain(paused.map(|p| pause_line(lang, &live, game, p)))
            .collect()
    };
    let opening = offer_lines(0);
    if !opening.is_empty() {
        entries.push(opening);
    }
    for a in &actions {
        let who = a
            .seat
            .map(|s| live.who(lang, game, s))
            .unwrap_or_else(|| present::records::the_table(lang));
        let what = match a.kind {
            ActionKind::Move if gone.contains(&a.ply) => {
                present::records::taken_back(lang, a.text.as_str())
            }
            ActionKind::Move => a.text.clone(),
            ActionKind::Undo => match undo_from(&a.text) {
                Some(f) => present::records::undo(lang, f, a.ply - 1, f == a.ply - 1),
                None => "(undo)".into(),
            },
            ActionKind::Draw => present::records::outcome_draw_agreed(lang),
            ActionKind::Resign if a.text == "timeout" => present::records::timeout(lang),
            other => present::records::action(lang, other.as_str()),
        };
        let mut e = vec![present::records::line(lang, a.ply, who, what)];
        e.extend(offer_lines(a.ply));
        entries.push(e);
    }
    let pages = entries.len().div_ceil(HISTORY_PAGE).max(1);
    let page = (page as usize).clamp(1, pages);
    let players: Vec<String> = (1..=game.players())
        .map(|s| live.who(lang, game, s))
        .collect();
    let mut text = present::records::head(
        lang,
        live.kind.title(),
        live.id,
        players.join(", "),
        actions.len(),
        page,
        pages,
    );
    for e in entries
        .iter()
        .skip((page - 1) * HISTORY_PAGE)
        .take(HISTORY_PAGE)
    {
        for l in e {
            text.push('\n');
            text.push_str(l);
        }
    }
    if let Some(o) = game.outcome() {
        text.push('\n');
        text.push_str(&outcome_line(lang, &live, game, o));
    } else if live.status == Status::Aborted {
        text.push('\n');
        text.push_str(&present::records::aborted(lang));
    }
    let mut buttons = Vec::new();
    if page > 1 {
        buttons.push(Button {
            label: present::records::button_earlier(lang),
            command: format!("/history {}", page - 1),
            game: None,
        });
    }
    if page < pages {
        buttons.push(Button {
            label: present::records::button_later(lang),
            command: format!("/history {}", page + 1),
            game: None,
        });
    }
    Ok(vec![for_asker(ctx, text, buttons)])
}

/// The author's rating in `kind`, as `/mygames` shows it next to a game.
fn rating_shown(svc: &Service, user: &str, kind: &str) -> Option<String> {
    let found = svc.store().rating(user, kind);
    match found {
        Ok(r) => r.map(|r| crate::rating::system::shown(r.rating, r.deviation)),
        Err(e) => {
            tracing::error!("reading a rating: {e}");
            None
        }
    }
}

pub(crate) fn export(svc: &Service, ctx: &Context) -> Answer {
    let (live, actions, row) = running::recorded(svc, ctx)?;
    let mut record = Record::of(&live, &actions, &row);
    let name = format!("{}-game-{}.txt", live.kind.id(), live.id);
    let moves = record
        .actions
        .iter()
        .filter(|a| !a.starts_with('['))
        .count();
    // A finished game was rated if it changed ratings; a running one will be if it counts.
    let rated = if live.status == Status::Active {
        let players: Vec<crate::rating::Player> = live
            .seats
            .iter()
            .filter_map(|r| {
                r.seat.map(|seat| crate::rating::Player {
                    user_id: r.user_id.clone(),
                    name: r.name.clone(),
                    seat,
                    bot: r.is_bot(),
                })
            })
            .collect();
        crate::rating::counts(live.settings.rated, &players)
    } else {
        let store = svc.store();
        !store
            .rating_changes_of_game(live.id)
            .map_err(store_failure)?
            .is_empty()
    };
    // The stored setting is what /new asked for; a game with a computer player (or one
    // player in two seats) never counts, and its record says what is true.
    if record.settings != "{}" {
        let mut settings = GameSettings::parse(&record.settings);
        settings.rated = rated;
        record.settings = settings.to_json();
    }
    let running = live.status == Status::Active;
    let mut r = ephemeral(
        ctx,
        present::records::export(
            ctx.langs.user,
            live.kind.title(),
            live.id,
            moves,
            name.as_str(),
            rated,
            running,
        ),
    );
    r.image = Some(Image {
        name,
        png: record.to_text().into_bytes(),
        description: String::new(),
    });
    Ok(vec![r])
}

pub(crate) fn replay_gif(svc: &Service, ctx: &Context) -> Answer {
    let (live, actions, row) = running::recorded(svc, ctx)?;
    let record = Record::of(&live, &actions, &row);
    let positions = record
        .positions()
        .map_err(present::records::cannot_replay)?;
    let lang = ctx.langs.user;
    let view = render::View {
        lang,
        ..record.view()
    };
    let gif =
        animate(&positions, &view, attachment_limit()).map_err(present::records::cannot_draw)?;
    // Only the asker sees it unless they share it (issue 27).
    let mut r = ephemeral(
        ctx,
        present::records::replay(
            lang,
            live.kind.title(),
            live.id,
            gif.frames,
            positions.len(),
            gif.frames == positions.len(),
        ),
    );
    r.image = Some(Image {
        name: format!("{}-game-{}.gif", live.kind.id(), live.id),
        png: gif.bytes,
        description: present::records::alt_replay(ctx.langs.user, live.kind.title(), live.id),
    });
    Ok(vec![r])
}

/// `/mygames`: the author's open games everywhere, those waiting for them first.
pub(crate) fn my_games(svc: &Service, ctx: &Context) -> Answer {
    let rows = svc
        .store()
        .user_games(&ctx.user.id)
        .map_err(store_failure)?;
    let lang = ctx.langs.user;
    // The games the author follows, in a section of their own (`follow.rs`).
    let followed = followers::followed_lines(svc, ctx)?;
    let followed = (!followed.is_empty()).then(|| present::records::followed(lang, &followed));
    let challenges = challenge_lines(svc, ctx)?;
    let after: String = [challenges, followed]
        .into_iter()
        .flatten()
        .map(|section| format!("\n{section}"))
        .collect();
    if rows.is_empty() {
        let none = present::records::mygames_none(lang);
        return Ok(vec![ephemeral(ctx, format!("{none}{after}"))]);
    }
    // (0 your turn, 1 others' turn, 2 lobby), deadline, line.
    let mut lines: Vec<(u8, i64, String)> = Vec::new();
    for ug in rows {
        let row = &ug.game;
        let title = row.kind.title();
        // The author's rating in that game, next to its name.
        let kind = match rating_shown(svc, &ctx.user.id, row.kind.id()) {
            Some(r) => format!("{title} ({r})"),
            None => title.to_string(),
        };
        let kind = kind.as_str();
        let place = channel_link(&row.channel, row.guild.as_deref(), &row.channel_name);
        let due = ug.deadline_ms.map(markup::stamp);
        if row.status == Status::Lobby {
            lines.push((
                2,
                i64::MAX,
                present::records::lobby(lang, kind, row.id, place.as_str()),
            ));
            continue;
        }
        let live = match svc.slot(&row.channel) {
            Some(s) if crate::table::lock(&s.live).id == row.id => {
                crate::table::lock(&s.live).clone()
            }
            _ => {
                let store = svc.store();
                match Live::load(&store, row) {
                    Ok(l) => l,
                    Err(e) => {
                        tracing::error!("{e}");
                        continue;
                    }
                }
            }
        };
        let Some(game) = live.game.as_ref() else {
            continue;
        };
        // A paused game says so after its line.
        let paused = crate::table::logged("reading a pause", svc.store().pause(row.id))
            .flatten()
            .map(|p| present::records::pause_mygames(lang, markup::stamp(p.started_ms)))
            .unwrap_or_default();
        let before = lines.len();
        if let Some(s) = game.to_move() {
            let mine = Some(s) == ug.seat;
            let line = present::records::mygames_move(
                lang,
                mine,
                kind,
                row.id,
                place.as_str(),
                live.who(lang, game, s),
                due.as_deref(),
            );
            let order = if mine { 0 } else { 1 };
            lines.push((order, ug.deadline_ms.unwrap_or(i64::MAX), line));
        }
        if lines.len() > before {
            if let Some(line) = lines.last_mut() {
                line.2.push_str(&paused);
            }
        }
    }
    lines.sort_by_key(|(k, d, _)| (*k, *d));
    let mine = lines.iter().filter(|l| l.0 == 0).count();
    let mut text = present::records::mygames_head(lang, lines.len(), mine);
    for (_, _, l) in &lines {
        text.push('\n');
        text.push_str(l);
    }
    text.push_str(&after);
    Ok(vec![ephemeral(ctx, text)])
}

/// `/mygames`' section of the open challenges the author made or must answer.
fn challenge_lines(svc: &Service, ctx: &Context) -> Result<Option<String>, Refusal> {
    let lang = ctx.langs.user;
    let me = &ctx.user.id;
    let open = svc
        .store()
        .challenges_of(me, svc.now_ms())
        .map_err(store_failure)?;
    if open.is_empty() {
        return Ok(None);
    }
    let mut text = present::records::challenges_head(lang, open.len());
    for c in &open {
        let what = describe_challenge(lang, c.kind.title(), c.players, &c.options);
        let place = channel_link(&c.channel, c.guild.as_deref(), &c.channel_name);
        let expires = markup::stamp(c.expires_ms);
        text.push('\n');
        text.push_str(&if &c.author_id == me {
            present::records::challenge_from(
                lang,
                c.id,
                what.as_str(),
                place.as_str(),
                c.opponent_id.is_none(),
                expires.as_str(),
            )
        } else {
            present::records::challenge_to(
                lang,
                c.id,
                c.author_name.as_str(),
                what.as_str(),
                place.as_str(),
                expires.as_str(),
            )
        });
    }
    Ok(Some(text))
}

/// `   · the clocks are paused by agreement: resumed by bob (Blue)`.
fn pause_line(lang: Lang, live: &Live, game: &AnyGame, p: &PastPause) -> String {
    let name_of = |id: &str| match (live.seat_of(id), &p.by) {
        (Some(seat), _) => live.who(lang, game, seat),
        (None, Some((moderator, name))) if moderator == id => name.clone(),
        (None, _) => present::records::pause_moderator(lang),
    };
    let (how, ender) = match &p.ended {
        Some((how, by)) => (how.as_str(), by.as_deref().map(name_of)),
        None => ("lasting", None),
    };
    let by = p.by.as_ref().map(|b| b.1.as_str());
    present::records::pause(
        lang,
        by.is_some(),
        by.unwrap_or_default(),
        how,
        ender.unwrap_or_default(),
    )
}

/// `   · alice (Orange) offers a draw: declined by bob (Blue)'s move`.
fn offer_line(lang: Lang, live: &Live, game: &AnyGame, o: &OfferRow) -> String {
    let who = live.who(lang, game, o.seat);
    let name_of = |id: &str| {
        live.seats
            .iter()
            .find(|s| s.user_id == id)
            .map(|s| match s.seat {
                Some(seat) => live.who(lang, game, seat),
                None => s.name.clone(),
            })
            .unwrap_or_else(|| present::records::someone(lang))
    };
    let what = match o.kind {
        OfferKind::Draw => present::records::offer_draw(lang, who),
        OfferKind::Pause => present::records::offer_pause(lang, who),
        OfferKind::Undo => match o.target {
            // One action (`from` = `to`), a range, or nothing known.
            Some(t) => present::records::offer_undo(lang, who, t, o.ply, t >= o.ply),
            None => present::records::offer_undo_any(lang, who),
        },
    };
    let by = o.resolved_by.as_deref().map(name_of).unwrap_or_default();
    let end = present::records::offer_end(lang, o.status.as_str(), by);
    present::records::offer_line(lang, what, end)
}

// The commands of this file, as the registry (`cmd/mod.rs`) lists them.

/// `/history [page]`: the game's moves, a page at a time.
pub(crate) struct History;

const HISTORY: CommandSpec = spec::cmd(
    "history",
    &[spec::PAGE, spec::SHARE],
    &[spec::play(9, "help-board")],
);

impl Handler for History {
    fn spec(&self) -> &'static CommandSpec {
        &HISTORY
    }

    fn parse(&self, args: &[parse::Arg]) -> Result<Command, Msg> {
        let v = parse::Values::of(self.spec(), args)?;
        Ok(Command::History { page: v.page()? })
    }

    fn owns(&self, command: &Command) -> bool {
        matches!(command, Command::History { .. })
    }

    fn run(&self, svc: &Service, req: &Request) -> Option<Answer> {
        let Command::History { page } = &req.command else {
            return None;
        };
        Some(history(svc, &req.ctx, page.unwrap_or(1)))
    }
}

const MYGAMES: CommandSpec = spec::cmd("mygames", &[], &[spec::play(8, "help-mygames")]);

/// `/mygames`: the asker's open games.
pub(crate) static MYGAMES_CMD: Bare = Bare::new(&MYGAMES, Command::MyGames, my_games);

const EXPORT: CommandSpec = spec::cmd("export", &[spec::SHARE], &[spec::play(8, "help-mygames")]);

/// `/export`: the game's record as a file.
pub(crate) static EXPORT_CMD: Bare = Bare::new(&EXPORT, Command::Export, export);

const REPLAY: CommandSpec = spec::cmd("replay", &[spec::SHARE], &[spec::play(8, "help-mygames")]);

/// `/replay`: the game as an animated picture.
pub(crate) static REPLAY_CMD: Bare = Bare::new(&REPLAY, Command::Replay, replay_gif);
