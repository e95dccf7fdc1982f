//! A random playout: uniformly random legal moves until the game ends or `cap` moves are
//! played, the loop the computer players' search runs thousands of times a move and the
//! playout bench times (`benches/playouts.rs`), written once so that both run the same code.

use super::rng::SplitMix64;
use super::Game;

/// Plays random moves on `g` until it ends or `cap` moves are played; returns how many were.
/// `scratch` is the listing buffer of games that sample by listing.
#[inline(always)]
pub fn playout<G: Game>(
    g: &mut G,
    rng: &mut SplitMix64,
    scratch: &mut Vec<G::Move>,
    cap: u32,
) -> u32 {
    let mut steps = 0;
    while steps < cap {
        let Some(mv) = g.random_move(rng, scratch) else {
            break;
        };
        g.apply(&mv);
        steps += 1;
    }
    steps
}
