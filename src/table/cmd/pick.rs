//! `/pick` and the Move button: the move picker's steps for the player to move. A step is
//! read from the path the picker's own components carry (`/pick > WORDS`), against the
//! legal moves of the position now; its last step's button is the typed `/play MOVE`,
//! tagged with the game and its ply, so that a tapped move takes the typed move's path.

use crate::i18n::Msg;
use crate::picker as steps;
use crate::store::Status;
use crate::table::answer::{Answer, Refusal};
use crate::table::api::{Command, Context, Reply, Request};
use crate::table::lock;
use crate::table::parse;
use crate::table::present;
use crate::table::present::board::Snap;
use crate::table::present::lobby::{not_a_player, running_check};
use crate::table::present::pick::{
    cancelled, dice_left, out_of_date, picker, Opening, Target, BACK, CANCEL, IN_PICKER, PLAY_NOW,
};
use crate::table::running;
use crate::table::service::Handler;
use crate::table::spec;
use crate::table::spec::CommandSpec;
use crate::table::themes_of;
use crate::table::Service;

/// `from`: the game and ply of the component that sent the request, if one did.
pub(crate) fn pick(svc: &Service, ctx: &Context, path: &str, from: Option<(i64, u32)>) -> Answer {
    let mut tokens: Vec<String> = path
        .split_whitespace()
        .map(str::to_ascii_lowercase)
        .collect();
    let inside = tokens.first().is_some_and(|t| t == IN_PICKER);
    if inside {
        tokens.remove(0);
    }
    // Only a component's answer can replace its message: a typed `/pick > ...` (a slash
    // command has no message to update) gets a message of its own.
    let update = inside && from.is_some();
    // A whole move chosen in a menu that plays at once (`c1_green_!`): played as the typed
    // move, from the picker's message.
    let mut at_once = false;
    if let Some(last) = tokens
        .last_mut()
        .filter(|t| inside && t.ends_with(PLAY_NOW))
    {
        last.truncate(last.len() - PLAY_NOW.len());
        at_once = true;
    }
    let back = inside && tokens.last().is_some_and(|t| t == BACK);
    if back {
        tokens.pop();
    }
    if inside && tokens.first().is_some_and(|t| t == CANCEL) {
        return Ok(vec![cancelled(ctx, update)]);
    }
    let slot = running::open_slot(svc, ctx)?;
    let live = lock(&slot.live);
    running_check(&live)?;
    let game = live.running_game();
    let Some(to_move) = game.to_move() else {
        return Err(present::play::game_over_short().into());
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
        return Err(present::pick::not_your_turn(live.who(ctx.langs.user, game, to_move)).into());
    }
    let moves = game.legal_moves();
    let dice = dice_left(game);
    let position = Snap::of(&live);
    let snap = (!update).then(|| Snap::of(&live));
    let kind = live.kind;
    drop(live);
    let step = match steps::step(kind, &moves, &tokens) {
        Ok(s) => s,
        // The picker's own path no longer leads anywhere: the position changed under it.
        Err(_) if update => return Ok(vec![out_of_date(ctx, now, true)]),
        Err(e) => return Err(bad_path(&e)),
    };
    if let (true, Some(mv)) = (at_once, &step.complete) {
        return svc.run(&Request {
            ctx: ctx.clone(),
            command: Command::Play { text: mv.clone() },
            from_button: from,
        });
    }
    Ok(vec![picker(
        ctx,
        &Opening {
            target: Target::Game,
            kind,
            game: now,
            seat,
            snap,
            theme: themes_of::private_theme(svc, &ctx.user.id, &ctx.channel),
            dice,
            position: Some(position),
            back,
        },
        &tokens,
        &step,
    )])
}

/// The picker's last button (`/play MOVE`, the only `/play` a component sends) pressed
/// after the position changed: the picker says it is out of date, in place, and offers a
/// fresh one, as its other components do. `None` for anything else.
pub(crate) fn stale_confirm(svc: &Service, req: &Request) -> Option<Vec<Reply>> {
    let (Command::Play { .. }, Some((game, ply))) = (&req.command, req.from_button) else {
        return None;
    };
    let slot = svc.slot(&req.ctx.channel.id)?;
    let now = {
        let live = lock(&slot.live);
        (live.status == Status::Active).then_some((live.id, live.ply))?
    };
    (now.0 == game && now.1 != ply).then(|| vec![out_of_date(&req.ctx, now, true)])
}

fn bad_path(e: &steps::PathError) -> Refusal {
    use steps::PathError::*;
    let word = match e {
        NoSuchWord(w) | BadView(w) => w.clone(),
        NoStop => steps::STOP.to_string(),
        NoMoves => String::new(),
    };
    Refusal(present::pick::bad_path(word))
}

// The commands of this file, as the registry (`cmd/mod.rs`) lists them.

/// `/pick [words]` and the Move button: the move picker.
pub(crate) struct Pick;

const PICK: CommandSpec = spec::cmd(
    "pick",
    &[spec::opt("move", spec::OptionType::Move)],
    &[spec::play(4, "help-play")],
);

impl Handler for Pick {
    fn spec(&self) -> &'static CommandSpec {
        &PICK
    }

    fn parse(&self, args: &[parse::Arg]) -> Result<Command, Msg> {
        // Free text like /play's move; none opens the picker at its first step.
        let path = parse::free_words(self.spec(), args)?;
        Ok(Command::Pick {
            path: path.join(" ").trim().to_string(),
        })
    }

    fn owns(&self, command: &Command) -> bool {
        matches!(command, Command::Pick { .. })
    }

    fn run(&self, svc: &Service, req: &Request) -> Option<Answer> {
        let Command::Pick { path } = &req.command else {
            return None;
        };
        Some(pick(svc, &req.ctx, path, req.from_button))
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::rng::SplitMix64;
    use crate::engine::GameKind;
    use crate::table::{Arg, Context, ManualClock, Reply, Request, Table, Visibility};
    use std::sync::Arc;

    const START: i64 = 1_767_225_600_000;

    fn ctx(who: &str) -> Context {
        crate::table::tests::tavern(who, None)
    }

    /// Runs `/name args` as typed, or as a component's command with its game tag.
    fn run(table: &Table, who: &str, line: &str, tag: Option<(i64, u32)>) -> Vec<Reply> {
        let mut words = line.trim_start_matches('/').split_whitespace();
        let name = words.next().expect("a command");
        let args: Vec<Arg> = words
            .map(|w| match w.split_once(':') {
                Some((n, v)) => Arg::named(n, v),
                None => Arg::positional(w),
            })
            .collect();
        let c = ctx(who);
        let command = table.command(&c, name, &args).expect("a command");
        table.handle(&Request {
            ctx: c,
            command,
            from_button: tag,
        })
    }

    /// Discord's limits on a message's components, as the Discord transport encodes them
    /// (`s|GAME|PLY|COMMAND` for a menu, `b|GAME|PLY|COMMAND` for a button): at most 5 action
    /// rows (a select takes one, buttons 5 a row), 25 options a select, 100 characters a
    /// custom_id, option label, value and description, 80 a button label, 150 a placeholder.
    /// https://discord.com/developers/docs/interactions/message-components
    fn within_limits(r: &Reply) {
        let rows = r.menus.len() + r.buttons.len().div_ceil(5);
        assert!(rows <= 5, "{r:?}");
        let id = |c: &str, g: Option<(i64, u32)>| {
            let (game, ply) = g.unwrap_or_default();
            format!("s|{game}|{ply}|{c}").chars().count()
        };
        for m in &r.menus {
            assert!((1..=25).contains(&m.options.len()), "{m:?}");
            assert!(m.placeholder.chars().count() <= 150, "{m:?}");
            assert!(id(&m.command, m.game) + 1 + 20 <= 100, "{m:?}");
            for o in &m.options {
                assert!(o.label.chars().count() <= 100 && o.value.chars().count() <= 100);
                assert!(o
                    .description
                    .as_ref()
                    .is_none_or(|d| d.chars().count() <= 100));
                assert!(!o.value.contains(' '));
            }
        }
        for b in &r.buttons {
            assert!(b.label.chars().count() <= 80, "{b:?}");
            assert!(id(&b.command, b.game) <= 100, "{b:?}");
        }
    }

    /// A move chosen with the picker is stored as the same move typed at the same moment,
    /// in every game; every step answers the mover privately, within Discord's limits, and
    /// only the first one draws a picture.
    #[test]
    fn a_tapped_move_is_stored_as_the_typed_move() {
        let names = ["ann", "bob", "cat"];
        for (kind, players) in [
            (GameKind::Pikemen, 3),
            (GameKind::Sprawl, 3),
            (GameKind::Skyscrapers, 2),
            (GameKind::Battlezone, 2),
        ] {
            let tapped = Table::open(":memory:", Arc::new(ManualClock::new(START))).unwrap();
            let typed = Table::open(":memory:", Arc::new(ManualClock::new(START))).unwrap();
            for t in [&tapped, &typed] {
                run(t, "ann", &format!("/new {} {players}", kind.id()), None);
                for n in &names[1..players as usize] {
                    run(t, n, "/join", None);
                }
                run(t, "ann", "/start order:join", None);
            }
            let mut rng = SplitMix64::new(players as u64);
            let id = tapped.game_info("local:#tavern").expect("a game").id;
            for _ in 0..25 {
                // A game that ended has left memory.
                let Some(info) = tapped.game_info("local:#tavern") else {
                    break;
                };
                let game = info.game.expect("started");
                let Some(seat) = game.to_move() else { break };
                let mover = info
                    .players
                    .iter()
                    .find(|p| p.2 == Some(seat))
                    .map(|p| p.1.clone())
                    .expect("a mover");
                let tag = Some((info.id, info.ply));
                let mut replies = run(&tapped, &mover, "/pick", tag);
                let first = &replies[0];
                assert_eq!(first.visibility, Visibility::Ephemeral);
                assert!(!first.update && first.image.is_some(), "{first:?}");
                // A Battle Zone action is played by its menu choice, without a confirmation.
                let (mv, board) = loop {
                    let r = &replies[0];
                    within_limits(r);
                    if let Some(b) = r.buttons.iter().find(|b| b.command.starts_with("/play ")) {
                        let mv = b.command["/play ".len()..].to_string();
                        let board = run(&tapped, &mover, &format!("/play {mv}"), tag);
                        break (mv, board);
                    }
                    let m = r.menus[0].clone();
                    let o = m.options[rng.below(m.options.len() as u64) as usize].clone();
                    replies = run(
                        &tapped,
                        &mover,
                        &format!("{} {}", m.command, o.value),
                        m.game,
                    );
                    if o.value.ends_with(super::PLAY_NOW) {
                        assert_eq!(kind, GameKind::Battlezone);
                        break (o.label.clone(), replies);
                    }
                    // A step updates the picker (redrawing it where a piece is chosen).
                    assert!(replies[0].update);
                };
                assert!(game.legal_moves().contains(&mv), "{mv}");
                // Public once the turn passes; an action within a turn (Battle Zone's dice)
                // is told to the mover alone.
                let goes_on = tapped
                    .game_info("local:#tavern")
                    .and_then(|i| i.game)
                    .is_some_and(|g| g.outcome().is_none() && g.to_move() == Some(seat));
                let shown = if goes_on {
                    Visibility::Ephemeral
                } else {
                    Visibility::Public
                };
                assert_eq!(board[0].visibility, shown, "{board:?}");
                run(&typed, &mover, &format!("/play {mv}"), None);
            }
            let actions = |t: &Table| t.service().store().actions(id).expect("actions");
            let a = actions(&tapped);
            assert!(a.len() > 3, "{kind:?}");
            assert_eq!(
                format!("{a:?}"),
                format!("{:?}", actions(&typed)),
                "{kind:?}"
            );
        }
    }

    /// The picker's picture marks a chosen piece in every game: choosing one redraws it, and
    /// Back to the step that chooses it sends the first step's picture again (issue 43).
    /// Each path chooses a piece (Sprawl: a tower's square; Battle Zone: a placement's, typed:
    /// its menus offer whole actions); each Back is the button's path.
    #[test]
    fn choosing_a_piece_changes_the_picture() {
        for (game, players, back, chosen) in [
            ("pikemen", 2usize, "/pick > <", "/pick > h3"),
            ("sprawl", 3, "/pick > <", "/pick > d6"),
            ("skyscrapers", 2, "/pick > move <", "/pick > move a5"),
            ("battlezone", 2, "/pick > place <", "/pick > place a1"),
        ] {
            let t = Table::open(":memory:", Arc::new(ManualClock::new(START))).unwrap();
            run(&t, "ann", &format!("/new {game} {players}"), None);
            for who in ["bob", "cat"].iter().take(players - 1) {
                run(&t, who, "/join", None);
            }
            run(&t, "ann", "/start order:join", None);
            let info = t.game_info("local:#tavern").expect("a game");
            let tag = Some((info.id, info.ply));
            let first = run(&t, "ann", "/pick", tag);
            let plain = first[0].image.clone().expect("a picture");
            let marked = run(&t, "ann", chosen, tag);
            assert!(marked[0].update, "{game}: {:?}", marked[0].text);
            let marked = marked[0].image.clone().unwrap_or_else(|| {
                panic!("{game}: no picture after {chosen}: {:?}", marked[0].text)
            });
            assert_ne!(plain.name, marked.name, "{game}");
            let a = image::load_from_memory(&plain.png).unwrap().to_rgba8();
            let b = image::load_from_memory(&marked.png).unwrap().to_rgba8();
            assert_eq!(a.dimensions(), b.dimensions(), "{game}");
            let changed = a.pixels().zip(b.pixels()).filter(|(p, q)| p != q).count();
            assert!(changed > 500, "{game}: {changed} pixels changed");
            let back = run(&t, "ann", back, tag);
            let again = back[0].image.as_ref().expect("the first picture again");
            assert!(back[0].update && again.png == plain.png, "{game}");
        }
    }

    /// What a chosen move takes is found by playing it, in the games without Pikemen's own
    /// words: a Sky Scrapers stack landed on, a Battle Zone pyramid an activation hits. The
    /// chosen piece's marks cross it, and the picker's words name its owner and place.
    #[test]
    fn a_move_that_takes_is_crossed_and_said() {
        use crate::engine::AnyGame;
        use crate::picker::preview::{hits, preview};
        for kind in [GameKind::Skyscrapers, GameKind::Battlezone] {
            let mut g = AnyGame::create(kind, 2, 3, &[]).unwrap();
            let mut rng = SplitMix64::new(5);
            let found = (0..400).find_map(|_| {
                let moves = g.legal_moves();
                let hit = moves.iter().find(|m| !hits(&g, m).is_empty()).cloned();
                if hit.is_none() && !moves.is_empty() {
                    let m = &moves[rng.below(moves.len() as u64) as usize];
                    g.play(m).unwrap();
                }
                hit
            });
            let mv = found.unwrap_or_else(|| panic!("{kind:?}: nothing taken"));
            let words: Vec<String> = mv.split(' ').take(2).map(String::from).collect();
            let p = preview(&g, &words).expect("a chosen piece");
            let (sq, seat) = hits(&g, &mv)[0];
            assert!(
                p.takes.contains(&sq) && p.reach.contains(&sq),
                "{mv}: {p:?}"
            );
            assert_ne!(Some(seat), g.to_move(), "{mv}");
            let said = crate::table::present::pick::hit(
                crate::i18n::Lang::EN,
                kind.id(),
                "ben",
                sq.to_string(),
            );
            assert!(said.starts_with("ben's ") && said.ends_with(&sq.to_string()));
        }
    }
}
