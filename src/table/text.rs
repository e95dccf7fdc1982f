//! `/rules` and `/help`.

use super::{ephemeral, Answer, Context, Table};
use crate::engine::{GameKind, VerbSpec};

impl Table {
    pub(crate) fn rules(&self, ctx: &Context, game: Option<&str>) -> Answer {
        let kind = match game {
            Some(g) => Some(GameKind::parse(g).ok_or_else(|| {
                format!(
                    "There is no game called \"{g}\": the games are {}.",
                    game_list()
                )
            })?),
            None => self.channel_game(ctx),
        };
        let text = match kind {
            Some(k) => format!(
                "{}\n\nCommands: {}",
                k.rules_summary().english(),
                verbs_line(k)
            ),
            None => format!(
                "Games: {}. Read one's rules with /rules GAME, e.g. /rules pikemen.",
                game_list()
            ),
        };
        Ok(vec![ephemeral(ctx, text)])
    }

    pub(crate) fn help_text(&self, ctx: &Context) -> String {
        let mut t = String::from(
            "Plateau hosts board games in this channel, one game at a time.\n\
             /new GAME [players] [name:value options]: open a table (e.g. /new pikemen 2 target:15)\n\
             /join, /leave: take or give up a seat before the start\n\
             /start [order:random|join]: the host starts the game (random seats by default)\n\
             /play MOVE: play a move as text (e.g. /play turn h3 n); /moves lists the legal ones\n\
             /undo: take back your last move (asks the others once they have moved)\n\
             /draw: offer a draw; /accept, /decline: answer an undo request or draw offer\n\
             /abort: end the game before the first moves; /rematch: play the last game again\n\
             /mygames: your games everywhere; /export: the game record; /replay: an animated replay\n\
             /board: show the position; /history [page]: the moves so far\n\
             /resign: give up; /rules [game]: the rules; /help: this text\n\
             /new ... clock:casual|standard|fast|untimed [timeout:soft|hard]: a correspondence clock \
             (7 days a move; 3 days +1 a move, up to 7; 1 day a move; none)\n\
             /claim: after a soft timeout, claim the win (or vote out a player in 3+ games)\n\
             /vacation [start|end]: freeze your clocks in all your games (30 days a year)\n\
             /settings [reminders:on|off] [digest:on|off] [quiet:22:00-08:00|off] \
             [timezone:+01:00]: your reminders",
        );
        if let Some(k) = self.channel_game(ctx) {
            t.push_str(&format!(
                "\nThis channel plays {}: {}",
                k.title(),
                verbs_line(k)
            ));
        } else {
            t.push_str(&format!("\nGames: {}.", game_list()));
        }
        t
    }
}

fn game_list() -> String {
    GameKind::ALL
        .iter()
        .map(|k| k.id())
        .collect::<Vec<_>>()
        .join(", ")
}

/// `/turn SQUARE DIRECTION, /move FROM [TO] [DIRECTION]`.
fn verbs_line(kind: GameKind) -> String {
    let verbs: Vec<String> = kind.verbs().iter().map(verb_usage).collect();
    if verbs.is_empty() {
        "/play MOVE".into()
    } else {
        format!("{} (or /play MOVE)", verbs.join(", "))
    }
}

fn verb_usage(v: &VerbSpec) -> String {
    let mut s = format!("/{}", v.name);
    for p in v.params {
        let word = p.name.to_ascii_uppercase();
        if p.required {
            s.push_str(&format!(" {word}"));
        } else {
            s.push_str(&format!(" [{word}]"));
        }
    }
    s
}
