//! Every board size draws, and the worst cases read at phone width.

use super::*;
use crate::engine::GameKind;
use crate::i18n::Lang;
use crate::render::checks::problems;
use crate::render::tests::sample;
use crate::render::Theme;

#[test]
fn draws_every_board_size() {
    for p in [3u8, 5, 8] {
        let g = sample(GameKind::Sprawl, p, 0, &[], "");
        let img = crate::render::image(&g, &View::default());
        assert_eq!(img.width(), WIDTH);
    }
}

const LATE_8P: &str = "tower f2 medium; tower h5 medium; tower h4 medium; tower f8 medium; \
    tower b1 large; tower c1 small; tower d6 small; tower d2 large; build f2 small; \
    branch g5 w large; branch g4 w large; branch g8 e large; branch b2 n medium; \
    branch c2 n small; branch c6 w small; branch d3 n medium; branch g2 e large; \
    branch h6 n large; branch h3 s small; branch e8 w large; spore b4 medium; \
    spore c3 large; branch d7 n small; spore d5 medium; branch f3 n small; build h5 small; \
    spore d4 medium; spore b8 medium; branch b5 n small; branch d1 e small; \
    branch e6 e medium; branch e5 e large; branch e2 w medium; branch g6 n medium; \
    branch e4 e large; branch c8 e medium; branch c4 e large; branch b3 w large; \
    spore b6 small; branch c5 w large; spore f4 large; branch h7 n medium; spore h2 large; \
    branch b7 s small; build b1 medium";

const CHALLENGE_4P: &str = "tower b4 medium; tower a4 large; tower d1 small; tower e5 small; \
    branch b3 s small; branch a3 s large; branch c1 w large; branch e4 s medium; \
    branch b5 n small; branch a5 n small; branch d2 n small; spore e2 large; spore b6 large; \
    spore a6 large; branch e1 e large; branch e3 n small; branch c6 e large; \
    build a6 medium; spore d3 large; branch d5 w small; spore f6 small; build a6 small; \
    branch c3 w small; spore c5 small; branch f5 s small; build a4 medium; \
    branch d4 n medium; branch c4 s medium; spore b2 large; branch a2 s medium; \
    spore d6 large; challenge 1";

const ENDED_3P: &str = "tower a2 large; tower c4 large; tower c2 medium; branch a3 n large; \
    branch d4 e small; build c2 small; branch b2 e small; branch b4 w small; \
    branch c3 n medium; spore a6 small; spore c5 large; build a2 medium";

/// The late 8-player game, a challenge with cards and a finished game, in both themes and
/// languages, with long computer players' names: every word readable at phone width, no
/// label over another, every piece in its square, and small files.
#[test]
fn worst_cases_read_at_phone_width() {
    let cases = [
        sample(GameKind::Sprawl, 8, 0, &[], LATE_8P),
        sample(
            GameKind::Sprawl,
            4,
            0,
            &[("counting_coup", "true")],
            CHALLENGE_4P,
        ),
        sample(GameKind::Sprawl, 3, 0, &[], ENDED_3P),
    ];
    for g in &cases {
        let names: Vec<String> = (1..=g.players())
            .map(|s| format!("Plateau (hard) the {s}th of the long names"))
            .collect();
        for theme in Theme::ALL {
            for lang in Lang::all() {
                let view = View {
                    names: names.clone(),
                    lang,
                    theme,
                    side: Some(2),
                };
                let c = crate::render::drawn(g, &view);
                let found = problems(&c);
                assert!(found.is_empty(), "{lang:?} {theme:?}: {found:#?}");
                let png = c.into_png();
                assert!(
                    png.len() < crate::render::tests::LIMIT,
                    "{} bytes",
                    png.len()
                );
            }
        }
    }
}

/// The move that neutralizes a tower is found, and a move that neutralizes nothing finds none.
#[test]
fn the_towers_a_move_neutralized_are_found() {
    let before = ENDED_3P.rsplit_once(';').unwrap().0;
    let early = "tower a2 large; tower c4 large; tower c2 medium; branch a3 n large; \
        branch d4 e small; build c2 small; branch b2 e small; branch b4 w small; \
        branch c3 n medium";
    let g = sample(GameKind::Sprawl, 3, 0, &[], early);
    let crate::engine::AnyGame::Sprawl(s) = &g else {
        unreachable!()
    };
    let c4 = Square::parse("c4", 5, 6).unwrap();
    assert!(s.neutralized(c4), "c3 n medium neutralizes c4");
    assert_eq!(neutralized_by_last(s), 1u64 << c4.index());
    let g = sample(GameKind::Sprawl, 3, 0, &[], before);
    let crate::engine::AnyGame::Sprawl(s) = &g else {
        unreachable!()
    };
    assert_eq!(neutralized_by_last(s), 0);
}
