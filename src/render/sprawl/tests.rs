//! Board sizes render.

use super::*;
use crate::engine::GameKind;
use crate::render::tests::sample;

#[test]
fn draws_every_board_size() {
    for p in [3u8, 5, 8] {
        let g = sample(GameKind::Sprawl, p, 0, &[], "");
        let img = crate::render::image(&g, &View::default());
        assert_eq!(img.width(), WIDTH);
    }
}
