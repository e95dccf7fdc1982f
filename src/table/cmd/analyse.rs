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
use crate::i18n::Msg;
use crate::picker as steps;
use crate::store::AnalysisRow;
use crate::table::answer::{store_failure, Answer, Refusal};
use crate::table::api::{AnalyseAction, Context};
use crate::table::live::Live;
use crate::table::parse;
use crate::table::present;
use crate::table::present::analyse::{board, closed, Board};
use crate::table::present::board::Snap;
use crate::table::present::lobby::damaged;
use crate::table::present::pick::{dice_left, picker, Opening, Target};
use crate::table::record::Record;
use crate::table::running;
use crate::table::service::Handler;
use crate::table::spec;
use crate::table::spec::CommandSpec;
use crate::table::themes_of;
use crate::table::Command;
use crate::table::Request;
use crate::table::Service;

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

/// `update`: the board's own component sent it, so the answer replaces its message.
pub(crate) fn analyse(
    svc: &Service,
    ctx: &Context,
    action: &AnalyseAction,
    update: bool,
) -> Answer {
    let now = svc.now_ms();
    let idle = svc.store().drop_idle_analyses(now - IDLE_MS);
    idle.map_err(store_failure)?;
    let mut o = match action {
        AnalyseAction::Open { from } => new_analysis(svc, ctx, *from, now)?,
        _ => open_analysis(svc, ctx)?,
    };
    match action {
        AnalyseAction::Open { .. } | AnalyseAction::Show => {}
        AnalyseAction::Close => {
            let dropped = svc.store().drop_analysis(&ctx.user.id);
            dropped.map_err(store_failure)?;
            return Ok(vec![closed(ctx, update)]);
        }
        AnalyseAction::Back => {
            if o.row.at == 0 {
                return Err(present::analyse::at_start().into());
            }
            o.row.at -= 1;
        }
        AnalyseAction::Forward => {
            if o.row.at as usize >= o.row.line.len() {
                return Err(present::analyse::at_end().into());
            }
            o.row.at += 1;
        }
        AnalyseAction::Reset => {
            o.row.line.clear();
            o.row.at = 0;
            o.row.dice = svc.new_seed(&ctx.user.id);
        }
        AnalyseAction::Try(text) => {
            let mut g = o.position();
            if g.outcome().is_some() || g.to_move().is_none() {
                return Err(present::analyse::over().into());
            }
            let played = g
                .play(text)
                .map_err(|e| Refusal(present::analyse::cannot_play(text.trim(), e.msg())))?;
            o.row.line.truncate(o.row.at as usize);
            o.row.line.push(played);
            o.row.at += 1;
        }
        AnalyseAction::Pick(path) => return analysis_picker(svc, ctx, &mut o, path, update),
    }
    let game = o.position();
    o.row.updated_ms = now;
    svc.store().put_analysis(&o.row).map_err(store_failure)?;
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
            theme: themes_of::private_theme(svc, &ctx.user.id, &ctx.channel),
        },
        update,
    )])
}

/// A new board at the channel's game (running, or the last one here), after `from` of its
/// record's moves (the last position when `None`).
fn new_analysis(
    svc: &Service,
    ctx: &Context,
    from: Option<u32>,
    now: i64,
) -> Result<Opened, Refusal> {
    let (live, actions, _) = running::recorded(svc, ctx)?;
    let positions = Record::positions_of(&live, &actions).map_err(cannot_replay)?;
    let total = (positions.len() - 1) as u32;
    let from = from.unwrap_or(total);
    if from > total {
        return Err(present::analyse::no_such_move(from, total).into());
    }
    Ok(Opened {
        row: AnalysisRow {
            user_id: ctx.user.id.clone(),
            game: live.id,
            from_ply: from,
            line: Vec::new(),
            at: 0,
            updated_ms: now,
            dice: svc.new_seed(&ctx.user.id),
        },
        live,
        positions,
    })
}

/// The asker's board, wherever it is asked for.
fn open_analysis(svc: &Service, ctx: &Context) -> Result<Opened, Refusal> {
    let store = svc.store();
    let row = store
        .analysis(&ctx.user.id)
        .map_err(store_failure)?
        .ok_or_else(present::analyse::no_board)?;
    let game = store
        .game(row.game)
        .map_err(store_failure)?
        .ok_or_else(present::analyse::no_board)?;
    let live = Live::load(&store, &game).map_err(|e| damaged(game.id, &e))?;
    let actions = store.actions(game.id).map_err(store_failure)?;
    drop(store);
    let positions = Record::positions_of(&live, &actions).map_err(cannot_replay)?;
    if row.from_ply as usize >= positions.len() {
        return Err(present::analyse::no_board().into());
    }
    Ok(Opened {
        row,
        live,
        positions,
    })
}

/// A step of the move picker over the board's position; its last button tries the move.
fn analysis_picker(
    svc: &Service,
    ctx: &Context,
    o: &mut Opened,
    path: &str,
    update: bool,
) -> Answer {
    let game = o.position();
    let Some(to_move) = game.to_move().filter(|_| game.outcome().is_none()) else {
        return Err(present::analyse::over().into());
    };
    let tokens: Vec<String> = path
        .split_whitespace()
        .map(str::to_ascii_lowercase)
        .collect();
    let step = steps::step(o.live.kind, &game.legal_moves(), &tokens)
        .map_err(|_| Refusal(present::analyse::bad_pick()))?;
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
            theme: themes_of::private_theme(svc, &ctx.user.id, &ctx.channel),
            dice: dice_left(&game),
            position: None,
            back: false,
        },
        &tokens,
        &step,
    )])
}

fn cannot_replay(e: String) -> Refusal {
    Refusal(present::records::cannot_replay(e))
}

/// `/analyse [move:N] [try:MOVE] [step:back|forward|reset|close]`, or the board's own
/// components: `/analyse > back`, `/analyse > pick WORDS`, `/analyse > try MOVE`. Bare words
/// are a move to try (`/analyse turn d1 e`), or a number the move to start from.
fn read(args: &[parse::Arg], declared: &[&str]) -> Result<Command, Msg> {
    let mut action = None;
    let mut words: Vec<String> = Vec::new();
    for a in args {
        let v = a.value.trim();
        match a.name.as_deref().map(str::to_ascii_lowercase).as_deref() {
            Some("move") => {
                let n = v
                    .parse::<u32>()
                    .map_err(|_| present::analyse::bad_move(v))?;
                action = Some(AnalyseAction::Open { from: Some(n) });
            }
            Some("try") if !v.is_empty() => action = Some(AnalyseAction::Try(v.to_string())),
            Some("step") => {
                action = Some(match v.to_ascii_lowercase().as_str() {
                    "back" => AnalyseAction::Back,
                    "forward" => AnalyseAction::Forward,
                    "reset" => AnalyseAction::Reset,
                    "close" => AnalyseAction::Close,
                    _ => return Err(present::analyse::bad_step(v)),
                })
            }
            Some("try") => {}
            Some(n) => return Err(parse::unknown_option("analyse", n, declared)),
            None => words.extend(v.split_whitespace().map(str::to_string)),
        }
    }
    let inside = words.first().is_some_and(|w| w == ">");
    if inside {
        words.remove(0);
    }
    // `try:turn a4 s` typed without quotes: the words after the option are the rest of its
    // move, as after /play.
    if let (Some(AnalyseAction::Try(start)), false) = (&mut action, words.is_empty()) {
        start.push(' ');
        start.push_str(&words.join(" "));
    }
    if action.is_none() {
        let first = words.first().map(|w| w.to_ascii_lowercase());
        let rest = || words[1..].join(" ");
        action = Some(match first.as_deref() {
            None => AnalyseAction::Open { from: None },
            Some("back") => AnalyseAction::Back,
            Some("forward") => AnalyseAction::Forward,
            Some("reset") => AnalyseAction::Reset,
            Some("close") => AnalyseAction::Close,
            Some("show") => AnalyseAction::Show,
            Some("pick") => AnalyseAction::Pick(rest()),
            Some("try") => AnalyseAction::Try(rest()),
            Some(w) if words.len() == 1 && w.parse::<u32>().is_ok() => AnalyseAction::Open {
                from: w.parse().ok(),
            },
            Some(_) => AnalyseAction::Try(words.join(" ")),
        });
    }
    Ok(Command::Analyse {
        action: action.expect("set above"),
        inside,
    })
}

// The commands of this file, as the registry (`cmd/mod.rs`) lists them.

/// `/analyse`: the asker's private analysis board.
pub(crate) struct Analyse;

const ANALYSE: CommandSpec = spec::cmd(
    "analyse",
    &[
        spec::opt(
            "move",
            spec::OptionType::Integer {
                min: 0,
                max: 100_000,
            },
        ),
        spec::opt("try", spec::OptionType::Text),
        spec::opt("step", spec::OptionType::Choice(spec::ANALYSE_STEPS)),
    ],
    &[spec::play(16, "help-analyse")],
);

impl Handler for Analyse {
    fn spec(&self) -> &'static CommandSpec {
        &ANALYSE
    }

    fn parse(&self, args: &[parse::Arg]) -> Result<Command, Msg> {
        read(args, &self.spec().option_names())
    }

    fn owns(&self, command: &Command) -> bool {
        matches!(command, Command::Analyse { .. })
    }

    fn run(&self, svc: &Service, req: &Request) -> Option<Answer> {
        let Command::Analyse { action, inside } = &req.command else {
            return None;
        };
        Some(analyse(
            svc,
            &req.ctx,
            action,
            *inside && req.from_button.is_some(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use crate::table::tests::tavern;
    use crate::table::{Arg, ManualClock, Request, Table};
    use std::sync::Arc;

    /// A move after `try:` typed without quotes is read whole, as after /play.
    #[test]
    fn an_unquoted_try_takes_the_words_after_it() {
        let args = [
            Arg::named("try", "turn"),
            Arg::positional("a4"),
            Arg::positional("s"),
        ];
        match super::read(&args, &[]).unwrap() {
            crate::table::Command::Analyse { action, inside } => {
                assert_eq!(action, crate::table::AnalyseAction::Try("turn a4 s".into()));
                assert!(!inside);
            }
            other => panic!("{other:?}"),
        }
    }

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
