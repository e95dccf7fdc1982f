//! `/conditional` (issue 28): on their opponent's turn in a two-player game, a player stores
//! lines "if they play X, I play Y (then if they play Z, I play W ...)", checked by playing
//! them out (`policy::conditional`), kept in the store, shown to them alone.
//!
//! When the opponent's move begins a line, the reply is played for its author in the move's
//! own change (`change.rs`: one transaction, the author's clock charged nothing), and one
//! public board tells both moves; every line the move did not follow is dropped, the others
//! keep their tails. A line found illegal then is dropped and its author told by direct
//! message. An undo, a take-back and a game's end clear every line of the game (`change.rs`);
//! the authors of lines a take-back cleared are told the same way. What a move brings to the
//! authors is `table/conditional_replies.rs`, since `/play` and `/undo` send it.

use crate::engine::Seat;
use crate::i18n::Msg;
use crate::table::answer::{store_failure, Answer, Refusal};
use crate::table::api::{ConditionalAction, Context};
use crate::table::conditional_replies::{opponent_name, other};
use crate::table::live::Live;
use crate::table::parse;
use crate::table::policy::conditional::{add, check, describe, split, unavailable, Added};
use crate::table::present;
use crate::table::present::ephemeral;
use crate::table::running::Running;
use crate::table::service::Handler;
use crate::table::spec;
use crate::table::spec::CommandSpec;
use crate::table::Command;
use crate::table::Request;
use crate::table::Service;

pub(crate) fn conditional(svc: &Service, ctx: &Context, action: &ConditionalAction) -> Answer {
    let running = Running::of(svc, ctx)?;
    let held = running.lock()?;
    let (live, seat) = (&held.live, held.seat);
    let lang = ctx.langs.user;
    let game = held.game();
    if let Some(why) = unavailable(live.kind) {
        return Err(why.into());
    }
    if game.players() != 2 {
        return Err(present::conditional::two_players().into());
    }
    let them = opponent_name(live, game, seat, lang);
    let lines = svc
        .store()
        .conditionals_of(live.id, &ctx.user.id)
        .map_err(store_failure)?;
    let text = match action {
        ConditionalAction::List if lines.is_empty() => present::conditional::no_lines(lang),
        ConditionalAction::List => {
            let described: Vec<Msg> = lines.iter().map(|l| describe(l, &them)).collect();
            present::conditional::list(lang, &described)
        }
        ConditionalAction::Clear => {
            svc.store()
                .set_conditionals(live.id, &ctx.user.id, &[])
                .map_err(store_failure)?;
            present::conditional::cleared(lang, lines.len())
        }
        ConditionalAction::Add(text) => {
            let line = line_to_add(svc, live, seat, text)?;
            match add(&lines, line.clone()).map_err(Refusal)? {
                Added::Known => present::conditional::known(lang, describe(&line, &them)),
                Added::Lines(all) => {
                    svc.store()
                        .set_conditionals(live.id, &ctx.user.id, &all)
                        .map_err(store_failure)?;
                    present::conditional::added(lang, describe(&line, &them), all.len())
                }
            }
        }
    };
    Ok(vec![ephemeral(ctx, text)])
}

/// The line typed by the player at `seat` in a two-player game that has conditional
/// moves, checked and in canonical text.
fn line_to_add(
    _svc: &Service,
    live: &Live,
    seat: Seat,
    text: &str,
) -> Result<Vec<String>, Refusal> {
    let game = live.running_game();
    let opponent = other(seat);
    if live.at_seat(opponent).is_some_and(|r| r.is_bot()) {
        return Err(present::conditional::opponent_bot().into());
    }
    if game.to_move() != Some(opponent) {
        return Err(present::conditional::your_turn().into());
    }
    Ok(check(game, seat, &split(text))?)
}

/// `/conditional [add|list|clear] [line:MOVES]`: bare words after the action are the line
/// (`/conditional add move h3 h5 n; turn c4 e`); a line alone is added, nothing lists.
fn read(args: &[parse::Arg], declared: &[&str]) -> Result<Command, Msg> {
    let mut action: Option<String> = None;
    let mut words: Vec<String> = Vec::new();
    for a in args {
        let v = a.value.trim();
        match a.name.as_deref().map(str::to_ascii_lowercase).as_deref() {
            Some("action") => action = Some(v.to_ascii_lowercase()),
            Some("line") => words.push(v.to_string()),
            Some(n) => return Err(parse::unknown_option("conditional", n, declared)),
            None if action.is_none()
                && words.is_empty()
                && spec::CONDITIONAL_ACTIONS.contains(&v.to_ascii_lowercase().as_str()) =>
            {
                action = Some(v.to_ascii_lowercase())
            }
            None => words.push(v.to_string()),
        }
    }
    let line = words.join(" ").trim().to_string();
    let action = match (action.as_deref(), line.is_empty()) {
        (None | Some("list"), true) => ConditionalAction::List,
        (Some("clear"), true) => ConditionalAction::Clear,
        (None | Some("add"), false) => ConditionalAction::Add(line),
        (Some("add"), true) => return Err(present::conditional::add_what()),
        (Some(a @ ("list" | "clear")), false) => {
            return Err(present::conditional::no_line_wanted(a))
        }
        (Some(other), _) => return Err(present::conditional::bad_action(other)),
    };
    Ok(Command::Conditional { action })
}

// The commands of this file, as the registry (`cmd/mod.rs`) lists them.

/// `/conditional [add|list|clear] [line]`.
pub(crate) struct Conditional;

const CONDITIONAL: CommandSpec = spec::cmd(
    "conditional",
    &[
        spec::opt(
            "action",
            spec::OptionType::Choice(spec::CONDITIONAL_ACTIONS),
        ),
        spec::opt("line", spec::OptionType::Text),
    ],
    &[spec::HelpLine(
        spec::Section::Correspondence,
        18,
        "help-conditional",
    )],
);

impl Handler for Conditional {
    fn spec(&self) -> &'static CommandSpec {
        &CONDITIONAL
    }

    fn parse(&self, args: &[parse::Arg]) -> Result<Command, Msg> {
        read(args, &self.spec().option_names())
    }

    fn owns(&self, command: &Command) -> bool {
        matches!(command, Command::Conditional { .. })
    }

    fn run(&self, svc: &Service, req: &Request) -> Option<Answer> {
        let Command::Conditional { action } = &req.command else {
            return None;
        };
        Some(conditional(svc, &req.ctx, action))
    }
}

#[cfg(test)]
mod tests {
    use crate::table::tests::tavern;
    use crate::table::{Arg, ManualClock, Reply, Request, Table, Visibility};
    use std::sync::Arc;

    fn run(table: &Table, who: &str, name: &str, args: &[Arg]) -> Vec<Reply> {
        let ctx = tavern(who, None);
        let command = table.command(&ctx, name, args).expect("a command");
        table.handle(&Request {
            ctx,
            command,
            from_button: None,
        })
    }

    /// `who` plays `/turn SQUARE FACING`.
    fn turn(table: &Table, who: &str, square: &str, facing: &str) -> Vec<Reply> {
        let args = [Arg::positional(square), Arg::positional(facing)];
        run(table, who, "turn", &args)
    }

    /// `who` keeps the conditional `line`.
    fn keep(table: &Table, who: &str, line: &str) -> Vec<Reply> {
        run(table, who, "conditional", &[Arg::positional(line)])
    }

    /// How many conditional lines `game` keeps.
    fn kept(table: &Table, game: i64) -> usize {
        table.service().store().conditionals(game).unwrap().len()
    }

    /// ann (to move) and bob, in a Pikemen game with a clock.
    fn started() -> Table {
        let table = Table::open(":memory:", Arc::new(ManualClock::new(1_767_225_600_000))).unwrap();
        let p = Arg::positional;
        run(
            &table,
            "ann",
            "new",
            &[p("pikemen"), p("2"), Arg::named("clock", "fast")],
        );
        run(&table, "bob", "join", &[]);
        run(&table, "ann", "start", &[Arg::named("order", "join")]);
        table
    }

    /// The move and its reply: one transaction (the store locked once), one public board, both
    /// actions at the same instant (the author's clock charged nothing), the lines pruned.
    #[test]
    fn a_reply_is_played_in_the_move_s_change() {
        let table = started();
        let line = Arg::named("line", "turn d1 e; turn a4 e; turn d1 nw; turn a4 n");
        let saved = run(
            &table,
            "bob",
            "conditional",
            &[Arg::positional("add"), line],
        );
        assert_eq!(
            saved[0].visibility,
            Visibility::Ephemeral,
            "{}",
            saved[0].text
        );
        #[cfg(debug_assertions)]
        let before = crate::table::locks::taken(crate::table::locks::Level::Store);
        let replies = turn(&table, "ann", "d1", "e");
        #[cfg(debug_assertions)]
        assert_eq!(
            crate::table::locks::taken(crate::table::locks::Level::Store) - before,
            1,
            "{replies:?}"
        );
        assert_eq!(replies.len(), 1, "{replies:?}");
        let board = &replies[0];
        assert_eq!(board.visibility, Visibility::Public);
        assert!(
            board.text.contains("ann (Orange) played turn d1 e."),
            "{}",
            board.text
        );
        assert!(
            board
                .text
                .contains("bob (Blue) played turn a4 e (conditional move)."),
            "{}",
            board.text
        );
        assert_eq!(
            board.mentions,
            ["local:ann"],
            "the opponent is pinged again"
        );
        assert!(board.image.is_some());
        let info = table.game_info("local:#tavern").unwrap();
        let actions = table.service().store().actions(info.id).unwrap();
        assert_eq!(actions.len(), 2);
        assert_eq!(actions[0].at_ms, actions[1].at_ms);
        assert_eq!(actions[1].user_id.as_deref(), Some("local:bob"));
        let turn = table.service().store().turn(info.id).unwrap().unwrap();
        assert_eq!((turn.seat, turn.ply), (1, 2), "ann's turn, after both");
        assert_eq!(
            table
                .service()
                .store()
                .conditionals_of(info.id, "local:bob")
                .unwrap(),
            [vec!["turn d1 nw".to_string(), "turn a4 n".to_string()]]
        );
    }

    /// A line that no longer plays out (planted in the store, as an older version might have
    /// left it) is dropped, no reply is played, and its author is told by direct message.
    #[test]
    fn a_line_become_illegal_is_dropped_and_told() {
        let table = started();
        let game = table.game_info("local:#tavern").unwrap().id;
        let planted = vec!["turn d1 e".to_string(), "turn z9 n".to_string()];
        table
            .service()
            .store()
            .set_conditionals(game, "local:bob", &[planted])
            .unwrap();
        let replies = turn(&table, "ann", "d1", "e");
        assert_eq!(replies.len(), 2, "{replies:?}");
        assert!(
            !replies[0].text.contains("conditional move"),
            "{}",
            replies[0].text
        );
        assert_eq!(
            replies[1].visibility,
            Visibility::Direct("local:bob".into())
        );
        assert!(
            replies[1].text.contains("no longer possible")
                && replies[1]
                    .text
                    .contains("if ann plays turn d1 e, you play turn z9 n"),
            "{}",
            replies[1].text
        );
        assert_eq!(kept(&table, game), 0);
        assert_eq!(table.game_info("local:#tavern").unwrap().ply, 1);
    }

    /// Lines live in the store: a restarted service plays them; the game's end clears them.
    #[test]
    fn lines_survive_a_restart_and_end_with_the_game() {
        let table = started();
        let game = table.game_info("local:#tavern").unwrap().id;
        let line = Arg::positional("turn d1 e; turn a4 e");
        run(&table, "bob", "conditional", &[line]);
        let table = table.restart().unwrap();
        let replies = turn(&table, "ann", "d1", "e");
        assert!(
            replies[0].text.contains("(conditional move)"),
            "{}",
            replies[0].text
        );
        turn(&table, "ann", "d1", "nw");
        keep(&table, "bob", "turn d1 n; turn a4 n");
        assert_eq!(kept(&table, game), 0, "bob's turn");
        turn(&table, "bob", "a4", "n");
        keep(&table, "bob", "turn d1 n; turn a4 e");
        assert_eq!(kept(&table, game), 1);
        run(&table, "bob", "resign", &[]);
        assert_eq!(kept(&table, game), 0);
    }
}
