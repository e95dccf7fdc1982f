//! The latest pictures encoded, kept whole: a position shown again in the same view (a
//! player's `/board` or My view after the move's post, a follower's copy) is not drawn and
//! encoded again. Drawing and encoding are most of a move's time, and under load a board
//! viewed after each move was a quarter of a bot's CPU.
//!
//! A picture is found by the position's whole JSON state and the view it is drawn in, with
//! the side that draws as the plain board counted as none: a key equal byte for byte, so a
//! picture is never served for another position. Small and bounded as the layers are
//! (`layers.rs`): [`KEPT`] pictures, least recently used dropped first, behind a mutex held
//! only to look up or store.

use super::view::{Theme, View};
use crate::engine::AnyGame;
use crate::i18n::Lang;
use std::sync::{Arc, Mutex};

/// How many pictures are kept (a board is 50-190 KB).
pub const KEPT: usize = 16;

#[derive(Clone, PartialEq, Eq)]
struct Key {
    state: Vec<u8>,
    names: Vec<String>,
    lang: Lang,
    theme: Theme,
    side: Option<u8>,
}

static KEPT_PICTURES: Mutex<Vec<(Key, Arc<Vec<u8>>)>> = Mutex::new(Vec::new());

/// `game` drawn in `view` by `draw`, or the same picture kept from before. `draw` is given
/// the view with its side made plain where the game draws it so (see [`plain_side`]).
pub fn png(game: &AnyGame, view: &View, draw: impl FnOnce(&View) -> Vec<u8>) -> Vec<u8> {
    let view = View {
        side: plain_side(game, view.side),
        ..view.clone()
    };
    let Ok(state) = serde_json::to_vec(game) else {
        return draw(&view);
    };
    let key = Key {
        state,
        names: view.names.clone(),
        lang: view.lang,
        theme: view.theme,
        side: view.side,
    };
    let found = {
        let mut kept = KEPT_PICTURES.lock().unwrap_or_else(|e| e.into_inner());
        kept.iter().position(|(k, _)| *k == key).map(|i| {
            let entry = kept.remove(i);
            let png = entry.1.clone();
            kept.push(entry);
            png
        })
    };
    if let Some(png) = found {
        return png.as_ref().clone();
    }
    let png = draw(&view);
    let mut kept = KEPT_PICTURES.lock().unwrap_or_else(|e| e.into_inner());
    if !kept.iter().any(|(k, _)| *k == key) {
        if kept.len() >= KEPT {
            kept.remove(0);
        }
        kept.push((key, Arc::new(png.clone())));
    }
    png
}

/// `side`, or `None` where the game draws that side's picture as the plain board (rank 1 at
/// the bottom): seat 1 of a two-player game, and any seat of Sprawl, which never turns.
pub fn plain_side(game: &AnyGame, side: Option<u8>) -> Option<u8> {
    let turned = match game {
        AnyGame::Pikemen(g) => {
            use crate::engine::Game;
            super::pikemen::turn(g.players(), side) != super::board::Turn::NONE
        }
        AnyGame::Skyscrapers(_) | AnyGame::Battlezone(_) => side == Some(2),
        AnyGame::Sprawl(_) => false,
    };
    side.filter(|_| turned)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{GameKind, Options, Setup};

    fn pikemen(players: u8) -> AnyGame {
        let setup = Setup {
            players,
            seed: 1,
            options: Options::default(),
        };
        AnyGame::new(GameKind::Pikemen, &setup).expect("a Pikemen game")
    }

    fn view(side: Option<u8>) -> View {
        View {
            names: vec!["ana".into(), "bo".into()],
            lang: Lang::EN,
            theme: Theme::Dark,
            side,
        }
    }

    #[test]
    fn a_picture_kept_is_the_picture_drawn_afresh() {
        let mut g = pikemen(2);
        let first = super::super::png(&g, &view(None));
        let again = super::super::png(&g, &view(Some(1)));
        assert_eq!(first, again, "seat 1's side is the plain board");
        assert_eq!(
            first,
            super::super::canvas::encode_png(&super::super::image(&g, &view(None)))
        );
        let north = super::super::png(&g, &view(Some(2)));
        assert_ne!(first, north, "seat 2 sees the board turned");
        let first_move = g.legal_moves()[0].clone();
        g.play(&first_move).expect("a listed move is legal");
        let moved = super::super::png(&g, &view(None));
        assert_ne!(first, moved, "another position, another picture");
        assert_eq!(
            moved,
            super::super::canvas::encode_png(&super::super::image(&g, &view(None)))
        );
    }

    #[test]
    fn only_sides_drawn_turned_stay() {
        assert_eq!(plain_side(&pikemen(2), Some(1)), None);
        assert_eq!(plain_side(&pikemen(2), Some(2)), Some(2));
        // With three, seat 1's corner is turned to the bottom.
        assert_eq!(plain_side(&pikemen(3), Some(1)), Some(1));
        assert_eq!(plain_side(&pikemen(3), Some(3)), None);
    }
}
