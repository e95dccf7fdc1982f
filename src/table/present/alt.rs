//! A board picture's description for screen readers (Discord's attachment `description`):
//! where every piece stands, seat by seat, in the reader's language around the notation's
//! words (squares, sizes and facings read as a move is typed).
//!
//! Read from what stands on the board and nothing else, so what a player may not know (a roll
//! to come) is not in it. The words are those of the position's JSON state (`conventions.md`
//! §5), which a test reads as the reference; the JSON state itself is not built here, because
//! building it whole (Sprawl's spore targets, Battle Zone's turn so far) for every board
//! posted cost 5-6% of a move.

use crate::engine::board::Square;
use crate::engine::skyscrapers::Vertex;
use crate::engine::sprawl::Cell;
use crate::engine::{AnyGame, Seat};
use crate::i18n::{say, Lang};
use crate::tr;

/// Discord's limit on an attachment's description.
pub(crate) const DESCRIPTION_MAX: usize = 1024;

/// `Pikemen board. Orange: small d1 up, …. Blue: …`, at most [`DESCRIPTION_MAX`] bytes.
pub(crate) fn describe(lang: Lang, game: &AnyGame) -> String {
    let mut by_seat: Vec<Vec<String>> = vec![Vec::new(); game.players() as usize + 1];
    let mut put = |seat: Option<Seat>, words: String| {
        let seat = seat.map_or(0, usize::from).min(by_seat.len() - 1);
        by_seat[seat].push(words);
    };
    match game {
        AnyGame::Pikemen(g) => {
            for sq in Square::all(8, 8) {
                if let Some(p) = g.piece(sq) {
                    put(
                        Some(p.seat),
                        format!("{} {sq} {}", p.size.name(), p.orient.name()),
                    );
                }
            }
        }
        // Pyramids by colour; nobody's until a player controls them.
        AnyGame::Battlezone(g) => {
            for sq in Square::all(8, 8) {
                if let Some(p) = g.piece(sq) {
                    put(
                        p.ctrl,
                        format!("{} {} {sq}", p.colour.name(), p.size.name()),
                    );
                }
            }
        }
        // Each seat's towers, then its branches.
        AnyGame::Sprawl(g) => {
            let r = g.rules();
            let mut branches = Vec::new();
            for sq in Square::all(r.files, r.ranks) {
                match g.pos().cell(sq) {
                    Cell::Tower(t) => {
                        let sizes: Vec<&str> = t.stack().iter().map(|p| p.size.name()).collect();
                        let words = tr!(
                            lang,
                            "alt-tower",
                            square = sq.to_string(),
                            sizes = sizes.join(" ")
                        );
                        put(Some(t.controller()), words);
                    }
                    Cell::Branch(b) => {
                        branches.push((b.seat, format!("{} {sq} {}", b.size.name(), b.dir.name())))
                    }
                    Cell::Empty => {}
                }
            }
            for (seat, words) in branches {
                put(Some(seat), words);
            }
        }
        AnyGame::Skyscrapers(g) => {
            for v in Vertex::all().filter(|&v| g.height(v) > 0) {
                let s = g.stack(v);
                put(s.owner(), format!("{v} {}", s.letters()));
            }
        }
    }
    said(lang, game, &by_seat)
}

/// The description of `by_seat`'s words (index 0: nobody's), seat by seat.
fn said(lang: Lang, game: &AnyGame, by_seat: &[Vec<String>]) -> String {
    let mut text = tr!(lang, "alt-board", game = game.kind().title());
    for (seat, pieces) in by_seat.iter().enumerate().filter(|(_, p)| !p.is_empty()) {
        let who = match seat {
            0 => tr!(lang, "alt-nobody"),
            s => say(lang, &game.seat_label(s as Seat)),
        };
        text.push(' ');
        text.push_str(&tr!(lang, "alt-seat", who, pieces = pieces.join(", ")));
    }
    cut(text)
}

/// `text` cut at a word to fit Discord's limit, ending with an ellipsis when cut.
fn cut(mut text: String) -> String {
    if text.len() <= DESCRIPTION_MAX {
        return text;
    }
    let mut at = DESCRIPTION_MAX - '…'.len_utf8();
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at = text[..at].rfind(' ').unwrap_or(at);
    text.truncate(at);
    text.push('…');
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{GameKind, Setup};
    use serde_json::Value;

    /// The description as it was read from the JSON state: the words the typed reading must
    /// give.
    fn from_json(lang: Lang, game: &AnyGame) -> String {
        let state = game.state_json();
        let board = &state["board"];
        let mut by_seat: Vec<Vec<String>> = vec![Vec::new(); game.players() as usize + 1];
        let mut put = |seat: Option<u64>, words: String| {
            let seat = seat.map_or(0, |s| s as usize).min(by_seat.len() - 1);
            by_seat[seat].push(words);
        };
        for p in list(board, "pieces") {
            // Pikemen: seat and facing; Battle Zone: colour and controller (none: nobody's).
            let seat = p["seat"].as_u64().or_else(|| p["controller"].as_u64());
            let words = [&p["colour"], &p["size"], &p["square"], &p["orient"]];
            put(seat, join(&words));
        }
        for t in list(board, "towers") {
            let sizes: Vec<String> = list(t, "pieces").map(|p| word(&p["size"])).collect();
            let words = tr!(
                lang,
                "alt-tower",
                square = word(&t["square"]),
                sizes = sizes.join(" ")
            );
            put(t["controller"].as_u64(), words);
        }
        for b in list(board, "branches") {
            put(
                b["seat"].as_u64(),
                join(&[&b["size"], &b["square"], &b["dir"]]),
            );
        }
        for s in list(board, "stacks") {
            let words = format!("{} {}", word(&s["vertex"]), word(&s["layers"]));
            put(s["owner"].as_u64(), words);
        }
        said(lang, game, &by_seat)
    }

    fn list<'a>(v: &'a Value, key: &str) -> impl Iterator<Item = &'a Value> {
        v[key].as_array().into_iter().flatten()
    }

    fn word(v: &Value) -> String {
        match v {
            Value::String(s) => s.clone(),
            Value::Null => String::new(),
            other => other.to_string(),
        }
    }

    fn join(values: &[&Value]) -> String {
        let words: Vec<String> = values
            .iter()
            .map(|v| word(v))
            .filter(|w| !w.is_empty())
            .collect();
        words.join(" ")
    }

    /// Random games of every game and player count, in both languages: the description read
    /// from the board is, word for word, the one read from the JSON state.
    #[test]
    fn the_board_is_said_as_its_json_state_says_it() {
        use crate::engine::rng::SplitMix64;
        for kind in GameKind::ALL {
            let (least, most) = kind.players();
            for players in least..=most {
                let mut rng = SplitMix64::new(u64::from(players));
                let setup = Setup {
                    players,
                    seed: 11,
                    options: Default::default(),
                };
                let mut g = AnyGame::new(kind, &setup).unwrap();
                for ply in 0..400 {
                    for lang in Lang::all() {
                        assert_eq!(
                            describe(lang, &g),
                            from_json(lang, &g),
                            "{kind:?} {players} players, ply {ply}"
                        );
                    }
                    let moves = g.legal_moves();
                    if moves.is_empty() || g.is_over() {
                        break;
                    }
                    g.play(&moves[rng.below(moves.len() as u64) as usize])
                        .unwrap();
                }
            }
        }
    }

    fn game(kind: GameKind, players: u8, history: &[&str]) -> AnyGame {
        let setup = Setup {
            players,
            seed: 7,
            options: Default::default(),
        };
        let mut g = AnyGame::new(kind, &setup).unwrap();
        for m in history {
            g.play(m).unwrap();
        }
        g
    }

    /// Every game's description names its pieces where they stand, seat by seat.
    #[test]
    fn a_board_is_said_in_words() {
        let p = describe(Lang::EN, &game(GameKind::Pikemen, 2, &["turn d1 e"]));
        assert!(p.starts_with("Pikemen board."), "{p}");
        assert!(p.contains("Orange: small d1 e,"), "{p}");
        let s = describe(Lang::EN, &game(GameKind::Sprawl, 3, &["tower a4 large"]));
        assert!(s.contains("Orange: tower a4 (large)."), "{s}");
        let k = describe(Lang::EN, &game(GameKind::Skyscrapers, 2, &[]));
        assert!(k.contains("b1 G"), "{k}");
        let f = describe(Lang::parse("fr").unwrap(), &game(GameKind::Pikemen, 2, &[]));
        assert!(f.starts_with("Plateau de Pikemen."), "{f}");
    }

    /// The longest description fits Discord's limit.
    #[test]
    fn a_crowded_board_is_cut_to_discord_s_limit() {
        let g = game(GameKind::Pikemen, 4, &[]);
        let text = describe(Lang::EN, &g);
        assert!(text.len() <= DESCRIPTION_MAX, "{}", text.len());
    }
}
