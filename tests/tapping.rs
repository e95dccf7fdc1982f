//! Whole games played by tapping only, through the service, as a player on a phone would:
//! the board's Move button, the picker's menus, its confirmation (issue 43). Counts the taps
//! and the private messages: a Battle Zone action is at most 2 taps from the picker and a
//! turn one private message (the picker, updated in place); elsewhere a move is at most 4
//! taps on average, Move and the confirmation included. `cargo test --test tapping --
//! --nocapture` prints the counts.

use plateau::engine::rng::SplitMix64;
use plateau::engine::GameKind;
use plateau::table::{Reply, Request, Table, Visibility};
use std::path::Path;

mod common;
use common::*;

/// What one whole game cost.
#[derive(Debug, Default)]
struct Counts {
    /// Moves (actions) played.
    moves: usize,
    /// Turns: a seat's actions until another seat moves.
    turns: usize,
    /// Every tap: Move buttons, menu choices, confirmations.
    taps: usize,
    /// Taps from an open picker to the action played, the most for one action.
    most_from_picker: usize,
    /// New private messages (an update of one in place is not one).
    private_messages: usize,
    /// The most new private messages in one turn.
    most_private_in_a_turn: usize,
    /// Whether the game reached its end.
    ended: bool,
}

/// A component's command run as Discord would: the command and the game tag it was posted
/// with.
fn tap(t: &Table, who: &str, command: &str, tag: Option<(i64, u32)>) -> Vec<Reply> {
    let mut words = command.trim_start_matches('/').split_whitespace();
    let name = words.next().expect("a command");
    let args: Vec<plateau::table::Arg> = words.map(plateau::table::Arg::positional).collect();
    let c = ctx(who, "tap");
    let command = t.command(&c, name, &args).expect("a command");
    t.handle(&Request {
        ctx: c,
        command,
        from_button: tag,
    })
}

fn new_private(replies: &[Reply]) -> usize {
    replies
        .iter()
        .filter(|r| r.visibility == Visibility::Ephemeral && !r.update)
        .count()
}

/// Plays one game of `kind` to its end by tapping, choosing at random among the options.
fn play(kind: GameKind, players: u8, options: &str, seed: u64, most: usize) -> Counts {
    let t = open(Path::new(":memory:"));
    let names = ["ann", "bob", "cat", "dan", "eve", "fay"];
    typed(
        &t,
        "ann",
        "tap",
        &format!("new {} {players} {options}", kind.id()),
    );
    for n in &names[1..players as usize] {
        typed(&t, n, "tap", "join");
    }
    typed(&t, "ann", "tap", "start order:join");
    let mut rng = SplitMix64::new(seed);
    let mut c = Counts::default();
    // The picker the mover has open, updated in place, if any.
    let mut open_picker: Option<(String, Reply)> = None;
    let mut turn_seat = None;
    let mut in_turn = 0;
    while c.moves < most {
        let Some(info) = t.game_info("c-tap") else {
            c.ended = true;
            break;
        };
        let game = info.game.expect("started");
        let Some(seat) = game.to_move() else {
            c.ended = true;
            break;
        };
        let mover = info
            .players
            .iter()
            .find(|p| p.2 == Some(seat))
            .map(|p| p.1.clone())
            .expect("a mover");
        if turn_seat != Some(seat) {
            turn_seat = Some(seat);
            c.turns += 1;
            in_turn = 0;
        }
        let mut picker = match open_picker.take() {
            Some((who, r)) if who == mover => r,
            _ => {
                // The board's Move button.
                c.taps += 1;
                let r = tap(&t, &mover, "/pick", Some((info.id, info.ply)));
                c.private_messages += new_private(&r);
                in_turn += new_private(&r);
                r.into_iter().next().expect("the picker")
            }
        };
        let mut from_picker = 0;
        let played = loop {
            if let Some(b) = picker
                .buttons
                .iter()
                .find(|b| b.command.starts_with("/play "))
            {
                from_picker += 1;
                break tap(&t, &mover, &b.command.clone(), b.game);
            }
            let m = picker.menus.first().expect("a menu or a move").clone();
            let o = &m.options[rng.below(m.options.len() as u64) as usize];
            from_picker += 1;
            let r = tap(&t, &mover, &format!("{} {}", m.command, o.value), m.game);
            // A whole Battle Zone action plays at once; anything else is a step.
            if o.value.ends_with('!') {
                break r;
            }
            assert!(
                r.len() == 1 && r[0].update,
                "a step updates the picker: {r:?}"
            );
            picker = r.into_iter().next().expect("a step");
        };
        c.taps += from_picker;
        c.moves += 1;
        c.most_from_picker = c.most_from_picker.max(from_picker);
        if new_private(&played) > 0 && std::env::var("TAP_DEBUG").is_ok() {
            eprintln!("{played:#?}");
        }
        c.private_messages += new_private(&played);
        in_turn += new_private(&played);
        c.most_private_in_a_turn = c.most_private_in_a_turn.max(in_turn);
        // A turn that goes on: the next picker, in place of the last one.
        if let [r] = &played[..] {
            if r.update && r.image.is_some() {
                open_picker = Some((mover.clone(), r.clone()));
            }
        }
    }
    c
}

#[test]
fn whole_games_by_tapping() {
    let mut report = Vec::new();
    // Battle Zone: at most 2 taps an action from the picker, one private message a turn.
    for seed in [1, 2] {
        let c = play(GameKind::Battlezone, 2, "turn_limit:24", seed, 3000);
        report.push(format!(
            "Battle Zone (seed {seed}): {} actions in {} turns, {} taps ({:.2} an action, {:.2} a turn), at most {} from the picker; {} private messages ({:.2} a turn, at most {} in one)",
            c.moves,
            c.turns,
            c.taps,
            c.taps as f64 / c.moves as f64,
            c.taps as f64 / c.turns as f64,
            c.most_from_picker,
            c.private_messages,
            c.private_messages as f64 / c.turns as f64,
            c.most_private_in_a_turn
        ));
        assert!(c.ended, "{c:?}");
        assert!(c.most_from_picker <= 2, "{c:?}");
        assert_eq!(c.most_private_in_a_turn, 1, "{c:?}");
    }
    for (kind, players, options, seed) in [
        (GameKind::Pikemen, 2, "", 3),
        (GameKind::Pikemen, 3, "", 4),
        (GameKind::Sprawl, 3, "", 5),
        (GameKind::Sprawl, 4, "", 6),
        (GameKind::Skyscrapers, 2, "", 7),
    ] {
        let c = play(kind, players, options, seed, 3000);
        let average = c.taps as f64 / c.moves as f64;
        report.push(format!(
            "{kind:?} ({players} players): {} moves, {} taps ({average:.2} a move), at most {} from the picker; {} private messages",
            c.moves, c.taps, c.most_from_picker, c.private_messages
        ));
        assert!(c.ended, "{kind:?} {c:?}");
        assert!(average <= 4.0, "{kind:?} {c:?}");
    }
    for line in &report {
        println!("{line}");
    }
}
