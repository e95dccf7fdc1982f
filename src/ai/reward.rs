//! What a finished (or cut-off) playout is worth to each seat, in `0..=1`.

use crate::engine::{Game, GameKind, Seat};

/// Most seats of any game (Sprawl's 8).
pub const SEATS: usize = 8;

/// Per seat: 1 for a clear first place, 0 for a clear last, equal places sharing the positions
/// they span (a two-player draw is worth 0.5 to both); the mean over the seats is always 0.5,
/// so 3-8 player games give each seat its own share to maximise.
pub fn by_places(places: &[u8]) -> [f32; SEATS] {
    let n = places.len();
    let mut out = [0.0; SEATS];
    if n < 2 {
        out[0] = 1.0;
        return out;
    }
    for (i, &p) in places.iter().enumerate() {
        let better = places.iter().filter(|&&q| q < p).count() as f32;
        let equal = places.iter().filter(|&&q| q == p).count() as f32;
        let position = better + (equal - 1.0) / 2.0;
        out[i] = 1.0 - position / (n as f32 - 1.0);
    }
    out
}

/// Whether a higher score is better in the game's `scores()` (conventions §3): captured
/// points, skyscrapers, colours exited; Sprawl counts stash pips, fewer being better.
fn higher_is_better(kind: GameKind) -> bool {
    !matches!(kind, GameKind::Sprawl)
}

/// A playout stopped before the end: the standing by score, worth half a result, so that a
/// lead counts for something without weighing as much as a finished game.
pub fn cut_off<G: Game>(g: &G) -> [f32; SEATS] {
    let scores = g.scores();
    let sign = if higher_is_better(G::KIND) { -1 } else { 1 };
    let places = crate::engine::places_by(g.players(), |s: Seat| {
        sign * scores.get(s as usize - 1).copied().unwrap_or(0)
    });
    let mut out = by_places(&places);
    for r in out.iter_mut().take(places.len()) {
        *r = 0.5 + (*r - 0.5) / 2.0;
    }
    out
}

/// A finished game, a result reached sooner weighing more (so a bot takes a win at once and
/// puts off a loss): the distance from 0.5 shrinks with the plies played past the root.
pub fn finished<G: Game>(g: &G, plies: u32) -> [f32; SEATS] {
    let places = g.places().unwrap_or_else(|| vec![1; g.players() as usize]);
    let mut out = by_places(&places);
    let haste = 1.0 - plies.min(1000) as f32 / 2000.0;
    for r in out.iter_mut().take(places.len()) {
        *r = 0.5 + (*r - 0.5) * haste;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_share_their_positions() {
        assert_eq!(&by_places(&[1, 2])[..2], &[1.0, 0.0]);
        assert_eq!(&by_places(&[1, 1])[..2], &[0.5, 0.5]);
        let r = by_places(&[2, 1, 3, 3, 5]);
        assert_eq!(&r[..5], &[0.75, 1.0, 0.375, 0.375, 0.0]);
        let mean: f32 = r[..5].iter().sum::<f32>() / 5.0;
        assert!((mean - 0.5).abs() < 1e-6);
    }
}
