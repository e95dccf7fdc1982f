//! What a move did, in words: the captures, the towers neutralized or taken, the players who can
//! no longer act (from [`crate::engine::events`]). One sentence each, after the head of the
//! move's board.

use crate::engine::events::{Event, OutWhy, Power};
use crate::engine::{AnyGame, Seat};
use crate::i18n::{Arg, Join, Lang, Msg};
use crate::table::live::Live;
use crate::{msg, tr};

/// The sentences for `events`, in `lang`; `game` is the position after the move.
pub(crate) fn sentences(lang: Lang, live: &Live, game: &AnyGame, events: &[Event]) -> Vec<String> {
    let who = |seat: Seat| live.who(lang, game, seat);
    // A player is named without their colour where the sentence already has a colour in it.
    let name = |seat: Seat| match live.at_seat(seat) {
        Some(s) => s.name.clone(),
        None => crate::i18n::say(lang, &game.seat_label(seat)),
    };
    events
        .iter()
        .map(|e| match e.clone() {
            Event::Captured {
                by,
                owner,
                size,
                square,
            } => tr!(
                lang,
                "happened-captured",
                by = who(by),
                owner = name(owner),
                size = size.name(),
                square = square.to_string()
            ),
            Event::Neutralized {
                by,
                owner,
                square,
                branch: Some((from, size)),
            } => tr!(
                lang,
                "happened-neutralized-by",
                by = who(by),
                owner = name(owner),
                square = square.to_string(),
                size = size.name(),
                from = from.to_string()
            ),
            Event::Neutralized {
                by, owner, square, ..
            } => tr!(
                lang,
                "happened-neutralized",
                by = who(by),
                owner = name(owner),
                square = square.to_string()
            ),
            Event::Taken { by, owner, square } => tr!(
                lang,
                "happened-taken",
                by = who(by),
                owner = name(owner),
                square = square.to_string()
            ),
            Event::Out { seat, why } => tr!(
                lang,
                "happened-out",
                who = who(seat),
                why = match why {
                    OutWhy::NoPieces => "pieces",
                    OutWhy::NoLiveTower => "tower",
                    OutWhy::EmptyStash => "stash",
                    OutWhy::NoAction => "action",
                }
            ),
            Event::Passed { seat } => tr!(lang, "happened-passed", who = who(seat)),
            Event::Activated {
                by,
                power,
                pyramids,
            } => {
                let each: Vec<Msg> = pyramids
                    .iter()
                    .map(|p| {
                        msg!(
                            "happened-pyramid",
                            owner = p.owner.map_or_else(|| "none".to_string(), name),
                            size = p.size.name(),
                            colour = p.colour.name(),
                            square = p.square.to_string()
                        )
                    })
                    .collect();
                tr!(
                    lang,
                    "happened-activated",
                    by = who(by),
                    power = match power {
                        Power::Destroyed => "destroyed",
                        Power::Controlled => "controlled",
                        Power::Frozen => "frozen",
                    },
                    pyramids = Arg::list(each, Join::And)
                )
            }
        })
        .collect()
}
