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
use std::sync::{Arc, Condvar, Mutex, PoisonError};

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

/// A picture kept, or still being drawn on another thread ([`prepare`]).
#[derive(Clone)]
enum Kept {
    Ready(Arc<Vec<u8>>),
    Drawing(Arc<Drawing>),
}

/// A picture being drawn: `None` until its drawer is done, then the picture, or `None` inside
/// when the drawing failed (the one who waits then draws it).
#[derive(Default)]
struct Drawing {
    png: Mutex<Option<Option<Arc<Vec<u8>>>>>,
    done: Condvar,
}

impl Drawing {
    fn finish(&self, png: Option<Arc<Vec<u8>>>) {
        *self.png.lock().unwrap_or_else(PoisonError::into_inner) = Some(png);
        self.done.notify_all();
    }

    fn wait(&self) -> Option<Arc<Vec<u8>>> {
        let guard = self.png.lock().unwrap_or_else(PoisonError::into_inner);
        let done = self
            .done
            .wait_while(guard, |png| png.is_none())
            .unwrap_or_else(PoisonError::into_inner);
        done.clone().flatten()
    }
}

/// Resolves its drawing as failed unless it was finished: a drawer that panics leaves no one
/// waiting for ever.
struct Finisher(Arc<Drawing>);

impl Drop for Finisher {
    fn drop(&mut self) {
        let mut png = self.0.png.lock().unwrap_or_else(PoisonError::into_inner);
        if png.is_none() {
            *png = Some(None);
            self.0.done.notify_all();
        }
    }
}

static KEPT_PICTURES: Mutex<Vec<(Key, Kept)>> = Mutex::new(Vec::new());

fn kept() -> std::sync::MutexGuard<'static, Vec<(Key, Kept)>> {
    KEPT_PICTURES.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The key of `game` in `view` (its side made plain), or `None` when the state does not
/// serialise (never, for the engine's games).
fn key_of(game: &AnyGame, view: &View) -> Option<(Key, View)> {
    let view = View {
        side: plain_side(game, view.side),
        ..view.clone()
    };
    let state = serde_json::to_vec(game).ok()?;
    let key = Key {
        state,
        names: view.names.clone(),
        lang: view.lang,
        theme: view.theme,
        side: view.side,
    };
    Some((key, view))
}

/// Keeps `entry` under `key` as the most recent, replacing what was kept under it.
fn keep(key: Key, entry: Kept) {
    let mut kept = kept();
    kept.retain(|(k, _)| *k != key);
    if kept.len() >= KEPT {
        kept.remove(0);
    }
    kept.push((key, entry));
}

/// `game` drawn in `view` by `draw`, or the same picture kept from before, or being drawn
/// ([`prepare`]: then waited for). `draw` is given the view with its side made plain where
/// the game draws it so (see [`plain_side`]).
pub fn png(game: &AnyGame, view: &View, draw: impl FnOnce(&View) -> Vec<u8>) -> Vec<u8> {
    let Some((key, view)) = key_of(game, view) else {
        return draw(view);
    };
    let found = {
        let mut kept = kept();
        kept.iter().position(|(k, _)| *k == key).map(|i| {
            let entry = kept.remove(i);
            let found = entry.1.clone();
            kept.push(entry);
            found
        })
    };
    match found {
        Some(Kept::Ready(png)) => return png.as_ref().clone(),
        Some(Kept::Drawing(d)) => {
            if let Some(png) = d.wait() {
                return png.as_ref().clone();
            }
        }
        None => {}
    }
    let png = draw(&view);
    keep(key, Kept::Ready(Arc::new(png.clone())));
    png
}

/// Starts drawing `game` in `view` with `draw` on a thread of its own, unless that picture is
/// kept or being drawn already: [`png`] asked for it then waits for it rather than drawing it
/// again. A move's board is prepared so while the move is written to the database (a round
/// trip to PostgreSQL, the commit of SQLite), which its picture does not depend on. Should no
/// thread be had, nothing is prepared: the picture is drawn when asked for.
pub fn prepare(game: AnyGame, view: View, draw: fn(&AnyGame, &View) -> Vec<u8>) {
    let Some((key, view)) = key_of(&game, &view) else {
        return;
    };
    let drawing = Arc::new(Drawing::default());
    {
        let mut kept = kept();
        if kept.iter().any(|(k, _)| *k == key) {
            return;
        }
        if kept.len() >= KEPT {
            kept.remove(0);
        }
        kept.push((key.clone(), Kept::Drawing(drawing.clone())));
    }
    let finisher = Finisher(drawing.clone());
    let key_kept = key.clone();
    let started = std::thread::Builder::new()
        .name("picture".into())
        .spawn(move || {
            let finisher = finisher;
            let png = Arc::new(draw(&game, &view));
            finisher.0.finish(Some(png.clone()));
            let mut kept = kept();
            if let Some(at) = kept.iter().position(|(k, _)| *k == key_kept) {
                kept[at].1 = Kept::Ready(png);
            }
        });
    if started.is_err() {
        // The finisher went with the closure: whoever waits draws the picture.
        kept().retain(|(k, _)| *k != key);
    }
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

    /// A picture prepared on another thread is the one drawn afresh, and asking for it waits
    /// for it rather than drawing it again.
    #[test]
    fn a_prepared_picture_is_the_picture_drawn_afresh() {
        let mut g = pikemen(3);
        let first_move = g.legal_moves()[0].clone();
        g.play(&first_move).expect("a listed move is legal");
        super::super::prepare(&g, &view(Some(2)));
        let asked = png(&g, &view(Some(2)), |_| panic!("drawn again"));
        assert_eq!(
            asked,
            super::super::canvas::encode_png(&super::super::image(&g, &view(Some(2))))
        );
    }

    /// A preparation whose drawing fails leaves the picture to whoever asks for it.
    #[test]
    fn a_failed_preparation_leaves_the_picture_to_be_drawn() {
        let mut g = pikemen(4);
        let first_move = g.legal_moves()[0].clone();
        g.play(&first_move).expect("a listed move is legal");
        prepare(g.clone(), view(None), |_, _| panic!("a drawing that fails"));
        assert_eq!(png(&g, &view(None), |_| vec![1, 2, 3]), vec![1, 2, 3]);
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
