//! Moves as players read them: `/moves`' legal moves in compact lines within a message's
//! room, and the moves an undo would take back, with whose they were.

use crate::engine::{AnyGame, Seat};
use crate::i18n::{say, Lang};
use crate::store::ActionRow;
use crate::table::live::Live;
use crate::table::log::effective;
use crate::tr;

/// The legal moves in compact lines, grouped by their first two words
/// (`turn h1: n, ne, e`), cut to `room` characters with a count of what is left out.
pub(crate) fn group_moves(lang: Lang, moves: &[String], room: usize) -> String {
    let mut lines: Vec<String> = Vec::new();
    let mut key = String::new();
    for m in moves {
        let mut w = m.splitn(3, ' ');
        let head = match (w.next(), w.next()) {
            (Some(a), Some(b)) => format!("{a} {b}"),
            _ => m.clone(),
        };
        let rest = w.next().unwrap_or("");
        if head == key && !lines.is_empty() {
            let last = lines.last_mut().expect("non-empty");
            last.push_str(", ");
            if rest.is_empty() {
                last.push_str(&tr!(lang, "play-as-is"));
            } else {
                last.push_str(rest);
            }
        } else {
            key = head.clone();
            lines.push(if rest.is_empty() {
                head
            } else {
                format!("{head}: {rest}")
            });
        }
    }
    let mut out = String::new();
    for (i, l) in lines.iter().enumerate() {
        if out.len() + l.len() + 1 > room {
            out.push_str(&tr!(lang, "play-more-lines", n = lines.len() - i));
            break;
        }
        out.push_str(l);
        out.push('\n');
    }
    out.trim_end().to_string()
}

/// The moves from ply `from` on, those of other seats than `seat` with their player.
pub(crate) fn taken_texts(
    lang: Lang,
    live: &Live,
    game: &AnyGame,
    actions: &[ActionRow],
    from: u32,
    seat: Seat,
) -> Vec<String> {
    effective(actions)
        .iter()
        .filter(|a| a.ply >= from)
        .map(|a| match a.seat {
            Some(s) if s != seat => {
                let who = match live.at_seat(s) {
                    Some(r) => r.name.clone(),
                    None => say(lang, &game.seat_label(s)),
                };
                tr!(lang, "undo-whose-move", who, mv = a.text.as_str())
            }
            _ => a.text.clone(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_grouped_by_their_first_two_words() {
        let moves: Vec<String> = [
            "move a7 a8",
            "move a7 a8 e",
            "pass",
            "turn a7 e",
            "turn a7 up",
            "turn b1 n",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        assert_eq!(
            group_moves(Lang::EN, &moves, 1000),
            "move a7: a8, a8 e\npass\nturn a7: e, up\nturn b1: n"
        );
        assert_eq!(
            group_moves(Lang::EN, &moves, 30),
            "move a7: a8, a8 e\npass\n… and 2 more lines: type /play and let autocomplete suggest."
        );
    }
}
