//! A tournament's rounds: the first drawn when it starts, the next when a round's last game
//! ends (a floor below the commands: a game's end reaches it through `aftermath.rs`, the
//! clock through the scheduler), and its standings.

use crate::competition::{
    groups, knockout, round_robin, standings, swiss, Entry, Format, Pairing, Played,
};
use crate::i18n::Lang;
use crate::store::{
    EntrantRow, OpeningRow, OpeningSource, Store, StoreError, TournamentGameRow, TournamentRow,
    TournamentStatus,
};
use crate::table::api::{ChannelRef, Context, Image, Reply};
use crate::table::languages_of;
use crate::table::markup;
use crate::table::openings;
use crate::table::openings::title;
use crate::table::present::public;
use crate::table::Service;
use crate::tr;

/// Rounds of a multi-player tournament when not told.
pub(crate) const TABLE_ROUNDS: u32 = 3;

/// Moves on every running tournament whose round has ended: the next round, a knockout
/// replay, or the final standings. Runs after a game ends and on every tick (so a round
/// that ended before a crash still moves on).
pub(crate) fn advance_tournaments(svc: &Service) -> Vec<Reply> {
    let running = crate::table::logged(
        "running tournaments",
        svc.store().running_tournaments(svc.shards),
    );
    let mut out = Vec::new();
    for t in running.unwrap_or_default() {
        match advance_one(svc, &t) {
            Ok(r) => out.extend(r),
            Err(e) => tracing::error!(tournament = t.id, "advancing a tournament: {e}"),
        }
    }
    if !out.is_empty() {
        openings::retry_openings(svc);
    }
    out
}

/// After `game` ended: moves on its tournament, if it belongs to a running one.
pub(crate) fn advance_tournament_of(svc: &Service, game: i64) -> Vec<Reply> {
    let found = {
        let s = svc.store();
        s.tournament_of_game(game)
    };
    let Some(t) = crate::table::logged("a game's tournament", found).flatten() else {
        return Vec::new();
    };
    if t.status != TournamentStatus::Running {
        return Vec::new();
    }
    let out = advance_one(svc, &t).unwrap_or_else(|e| {
        tracing::error!(tournament = t.id, "advancing a tournament: {e}");
        Vec::new()
    });
    if !out.is_empty() {
        openings::retry_openings(svc);
    }
    out
}

pub(crate) fn advance_one(svc: &Service, t: &TournamentRow) -> Result<Vec<Reply>, StoreError> {
    let (entrants, games) = {
        let s = svc.store();
        (s.entrants(t.id)?, s.tournament_games(t.id)?)
    };
    let this: Vec<&TournamentGameRow> = games.iter().filter(|g| g.round == t.round).collect();
    let round_over = this.iter().all(|g| g.places.is_some());
    let ctx = Context {
        channel: ChannelRef {
            id: t.channel.clone(),
            name: t.channel_name.clone(),
            guild: t.guild.clone(),
        },
        ..Default::default()
    };
    let lang = languages_of::langs_of(svc, &ctx).channel;
    // The posts below (the standings too) speak the tournament channel's language.
    let mut ctx = ctx;
    ctx.langs.channel = lang;
    let theme = crate::table::themes_of::public_theme(svc, &ctx.channel);
    let now = svc.now_ms();
    let format = t.format;
    if format == Format::Knockout {
        // A drawn match plays again at once, seats swapped; the round waits for it.
        let seed_of = seed_fn(&entrants);
        let replays: Vec<(u32, u32, Pairing)> = matches(&this)
            .into_iter()
            .filter(|(_, legs)| legs.last().is_some_and(|g| g.places.is_some()))
            .filter_map(|(board, legs)| {
                let p = Pairing {
                    seats: legs[0].seats.clone(),
                };
                let results = leg_winners(&legs);
                knockout::through(&p, &results, &seed_of)
                    .is_none()
                    .then(|| {
                        (
                            board,
                            legs.len() as u32 + 1,
                            knockout::replay(&Pairing {
                                seats: legs.last().expect("a leg").seats.clone(),
                            }),
                        )
                    })
            })
            .collect();
        if !replays.is_empty() {
            let added = svc.store().atomically(|s| {
                for (board, leg, p) in &replays {
                    add_game(s, lang, t, &entrants, t.round, *board, *leg, p, now)?;
                }
                Ok(())
            });
            match added {
                // Another request added the replay first (one row per leg).
                Err(StoreError::Conflict) => return Ok(Vec::new()),
                r => r?,
            }
            let names: Vec<String> = replays
                .iter()
                .map(|(_, _, p)| names_of(&entrants, &p.seats).join(" vs "))
                .collect();
            return Ok(vec![public(
                &ctx,
                tr!(lang, "tournament-replay", games = names.join(", ")),
            )]);
        }
    }
    if !round_over {
        return Ok(Vec::new());
    }
    let next = next_round(t, &entrants, &games);
    let played = as_played(&games);
    match next {
        None => {
            let moved = svc.store().move_tournament(
                t.id,
                (TournamentStatus::Running, t.round),
                (TournamentStatus::Finished, t.round),
                now,
            );
            match moved {
                Err(StoreError::Conflict) => return Ok(Vec::new()),
                r => r?,
            }
            let rows = standings::table(entrants.len(), &played, &seed_fn(&entrants), &|e| {
                entrants[e].withdrawn
            });
            let winner = if format == Format::Knockout {
                knockout_champion(&this, &entrants)
            } else {
                rows.first().map(|r| r.entry)
            };
            let winner = winner
                .map(|e| markup::mention(&entrants[e].user_id))
                .unwrap_or_default();
            let over = TournamentRow {
                status: TournamentStatus::Finished,
                ..t.clone()
            };
            let won = tr!(lang, "tournament-won", id = t.id, winner = winner.as_str());
            let mut r = standings_reply(&ctx, &over, &entrants, &games, (Some(won), None), theme);
            r.mentions = entrants.iter().map(|e| e.user_id.clone()).collect();
            Ok(vec![r])
        }
        Some(pairings) => {
            let round = t.round + 1;
            let written = svc.store().atomically(|s| {
                s.move_tournament(
                    t.id,
                    (TournamentStatus::Running, t.round),
                    (TournamentStatus::Running, round),
                    now,
                )?;
                write_round(s, lang, t, &entrants, round, &pairings, now)
            });
            match written {
                Err(StoreError::Conflict) => return Ok(Vec::new()),
                r => r?,
            }
            let total = total_rounds(t, entrants.len());
            let next = format!(
                "{}\n{}",
                tr!(
                    lang,
                    "tournament-round",
                    id = t.id,
                    round,
                    rounds = total.map(|r| r as i64).unwrap_or(-1)
                ),
                round_lines(lang, &entrants, &pairings)
            );
            let mut r = standings_reply(&ctx, t, &entrants, &games, (None, Some(next)), theme);
            r.mentions = pinged(&entrants, &pairings);
            Ok(vec![r])
        }
    }
}

pub(crate) fn seed_fn(entrants: &[EntrantRow]) -> impl Fn(Entry) -> usize + '_ {
    move |e| entrants.get(e).and_then(|r| r.seed).unwrap_or(e + 1)
}

pub(crate) fn by_seed(entrants: &[EntrantRow]) -> Vec<Entry> {
    let mut v: Vec<Entry> = entrants
        .iter()
        .filter(|e| !e.withdrawn)
        .map(|e| e.entry)
        .collect();
    v.sort_by_key(|&e| entrants[e].seed.unwrap_or(e + 1));
    v
}

pub(crate) fn multi(t: &TournamentRow) -> bool {
    t.per_game > 2
}

pub(crate) fn min_max(t: &TournamentRow) -> (usize, usize) {
    let (min, max) = t.kind.players();
    (min as usize, max as usize)
}

pub(crate) fn total_rounds(t: &TournamentRow, n: usize) -> Option<u32> {
    match t.format {
        _ if multi(t) => Some(t.rounds.unwrap_or(TABLE_ROUNDS)),
        Format::RoundRobin => Some(round_robin::rounds_per_cycle(n) * t.rounds.unwrap_or(1)),
        Format::Swiss => Some(t.rounds.unwrap_or_else(|| swiss::default_rounds(n))),
        Format::Knockout => Some(knockout::rounds(n)),
    }
}

pub(crate) fn first_round(t: &TournamentRow, entrants: &[EntrantRow]) -> Vec<Pairing> {
    let seeded = by_seed(entrants);
    if multi(t) {
        return groups::round(&seeded, t.per_game as usize, min_max(t), 0);
    }
    match t.format {
        Format::RoundRobin => round_robin::round(entrants.len(), 0),
        Format::Swiss => swiss::pair(&seeded, &[]),
        Format::Knockout => knockout::first_round(&seeded),
    }
}

pub(crate) fn as_played(games: &[TournamentGameRow]) -> Vec<Played> {
    games
        .iter()
        .map(|g| Played {
            round: g.round,
            seats: g.seats.clone(),
            places: g.places.clone(),
        })
        .collect()
}

/// The pairings of the round after `t.round`, or `None` when the tournament is over.
pub(crate) fn next_round(
    t: &TournamentRow,
    entrants: &[EntrantRow],
    games: &[TournamentGameRow],
) -> Option<Vec<Pairing>> {
    let n = entrants.len();
    let played = as_played(games);
    let total = total_rounds(t, n)?;
    let rows = standings::table(n, &played, &seed_fn(entrants), &|e| entrants[e].withdrawn);
    let ranked: Vec<Entry> = rows
        .iter()
        .filter(|r| !r.withdrawn)
        .map(|r| r.entry)
        .collect();
    let format = t.format;
    if format != Format::Knockout && t.round >= total {
        return None;
    }
    if ranked.len() < 2 {
        return None;
    }
    let next = if multi(t) {
        groups::round(&ranked, t.per_game as usize, min_max(t), t.round)
    } else {
        match format {
            Format::RoundRobin => round_robin::round(n, t.round)
                .into_iter()
                .map(|p| {
                    // A withdrawn player's opponent has a walkover.
                    let live: Vec<Entry> = p
                        .seats
                        .iter()
                        .copied()
                        .filter(|&e| !entrants[e].withdrawn)
                        .collect();
                    Pairing { seats: live }
                })
                .filter(|p| !p.seats.is_empty())
                .collect(),
            Format::Swiss => swiss::pair(&ranked, &played),
            Format::Knockout => {
                let this: Vec<&TournamentGameRow> =
                    games.iter().filter(|g| g.round == t.round).collect();
                let seed_of = seed_fn(entrants);
                let winners: Vec<Entry> = matches(&this)
                    .into_iter()
                    .filter_map(|(_, legs)| {
                        let results = leg_winners(&legs);
                        knockout::through(
                            &Pairing {
                                seats: legs[0].seats.clone(),
                            },
                            &results,
                            &seed_of,
                        )
                    })
                    .filter(|&e| !entrants[e].withdrawn)
                    .collect();
                if winners.len() < 2 {
                    return None;
                }
                knockout::next_round(&winners, &seed_of)
            }
        }
    };
    Some(next)
}

/// The games of a round by board, legs in order.
pub(crate) fn matches<'a>(
    round: &[&'a TournamentGameRow],
) -> Vec<(u32, Vec<&'a TournamentGameRow>)> {
    let mut boards: Vec<u32> = round.iter().map(|g| g.board).collect();
    boards.sort_unstable();
    boards.dedup();
    boards
        .into_iter()
        .map(|b| {
            let mut legs: Vec<&TournamentGameRow> =
                round.iter().copied().filter(|g| g.board == b).collect();
            legs.sort_by_key(|g| g.leg);
            (b, legs)
        })
        .collect()
}

/// Each leg's winner (`None` for a draw).
pub(crate) fn leg_winners(legs: &[&TournamentGameRow]) -> Vec<Option<Entry>> {
    legs.iter()
        .map(|g| {
            let places = g.places.as_ref()?;
            if g.seats.len() == 1 {
                return Some(g.seats[0]);
            }
            let firsts: Vec<usize> = (0..places.len()).filter(|&i| places[i] == 1).collect();
            (firsts.len() == 1).then(|| g.seats[firsts[0]])
        })
        .collect()
}

pub(crate) fn knockout_champion(
    final_round: &[&TournamentGameRow],
    entrants: &[EntrantRow],
) -> Option<Entry> {
    let seed_of = seed_fn(entrants);
    matches(final_round).into_iter().find_map(|(_, legs)| {
        knockout::through(
            &Pairing {
                seats: legs[0].seats.clone(),
            },
            &leg_winners(&legs),
            &seed_of,
        )
    })
}

/// Everyone with a game in the round: told once, in the round's announcement.
pub(crate) fn pinged(entrants: &[EntrantRow], pairings: &[Pairing]) -> Vec<String> {
    pairings
        .iter()
        .filter(|p| !p.is_bye())
        .flat_map(|p| p.seats.iter().map(|&e| entrants[e].user_id.clone()))
        .collect()
}

pub(crate) fn names_of(entrants: &[EntrantRow], seats: &[Entry]) -> Vec<String> {
    seats.iter().map(|&e| entrants[e].name.clone()).collect()
}

/// The round's games and openings (a bye is settled at once).
pub(crate) fn write_round(
    s: &mut Store,
    lang: Lang,
    t: &TournamentRow,
    entrants: &[EntrantRow],
    round: u32,
    pairings: &[Pairing],
    now: i64,
) -> Result<(), StoreError> {
    for (board, p) in pairings.iter().enumerate() {
        add_game(s, lang, t, entrants, round, board as u32 + 1, 1, p, now)?;
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
pub(crate) fn add_game(
    s: &mut Store,
    lang: Lang,
    t: &TournamentRow,
    entrants: &[EntrantRow],
    round: u32,
    board: u32,
    leg: u32,
    p: &Pairing,
    now: i64,
) -> Result<(), StoreError> {
    let opening = if p.is_bye() {
        None
    } else {
        let names = names_of(entrants, &p.seats);
        Some(
            s.add_opening(&OpeningRow {
                id: 0,
                guild: t.guild.clone(),
                parent: t.channel.clone(),
                parent_name: t.channel_name.clone(),
                title: title(
                    t.kind,
                    Some(&tr!(lang, "tournament-game-title", id = t.id, round)),
                    &names,
                ),
                slug: format!("t{}-r{round}", t.id),
                kind: t.kind,
                options: t.options.clone(),
                seats: p
                    .seats
                    .iter()
                    .map(|&e| (entrants[e].user_id.clone(), entrants[e].name.clone()))
                    .collect(),
                source: OpeningSource::Tournament,
                game: None,
                created_ms: now,
            })?,
        )
    };
    s.add_tournament_game(
        t.id,
        &TournamentGameRow {
            id: 0,
            round,
            board,
            leg,
            seats: p.seats.clone(),
            places: p.is_bye().then(|| vec![1]),
            opening,
        },
    )?;
    Ok(())
}

pub(crate) fn round_lines(
    lang: crate::i18n::Lang,
    entrants: &[EntrantRow],
    pairings: &[Pairing],
) -> String {
    pairings
        .iter()
        .map(|p| {
            if p.is_bye() {
                tr!(
                    lang,
                    "tournament-bye",
                    who = entrants[p.seats[0]].name.as_str()
                )
            } else {
                let pings: Vec<String> = p
                    .seats
                    .iter()
                    .map(|&e| markup::mention(&entrants[e].user_id))
                    .collect();
                format!("- {}", pings.join(" vs "))
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The picture's rows: the byes' column only where the header has it.
fn pictured(table: Vec<Vec<String>>, byes: bool) -> Vec<Vec<String>> {
    table
        .into_iter()
        .map(|mut row| {
            if !byes {
                row.remove(4);
            }
            row
        })
        .collect()
}

/// The standings post: `before` and `after` frame the table (the winner's line, the next
/// round's pairings), so that the post is built once.
pub(crate) fn standings_reply(
    ctx: &Context,
    t: &TournamentRow,
    entrants: &[EntrantRow],
    games: &[TournamentGameRow],
    (before, after_table): (Option<String>, Option<String>),
    theme: crate::render::Theme,
) -> Reply {
    let lang = ctx.langs.channel;
    let done = games
        .iter()
        .filter(|g| g.places.is_some() && g.round == t.round)
        .count()
        == games.iter().filter(|g| g.round == t.round).count();
    let after = if done {
        t.round
    } else {
        t.round.saturating_sub(1)
    };
    // "After round N" counts rounds 1 to N only: a running round's bye is settled at once,
    // but belongs to that round, so the post at a round's end and /tournament standings
    // during the next one read the same.
    let finished: Vec<TournamentGameRow> =
        games.iter().filter(|g| g.round <= after).cloned().collect();
    let played = as_played(&finished);
    let rows = standings::table(entrants.len(), &played, &seed_fn(entrants), &|e| {
        entrants[e].withdrawn
    });
    let head = tr!(
        lang,
        "tournament-standings",
        id = t.id,
        round = after,
        format = t.format.id(),
        status = t.status.as_str()
    );
    // A bye is a win without a game (docs/playing.md, `tournament-bye`): it is in the points,
    // and the picture counts it in a column of its own, as the text does, where anyone had one.
    let byes = rows.iter().any(|r| r.byes > 0);
    let mut header: Vec<String> = vec![
        "#".into(),
        tr!(lang, "tournament-col-player"),
        tr!(lang, "tournament-col-points"),
        tr!(lang, "tournament-col-games"),
    ];
    if byes {
        header.push(tr!(lang, "tournament-col-byes"));
    }
    header.extend(["Buchholz".into(), "SB".into()]);
    let table: Vec<Vec<String>> = rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let name = if r.withdrawn {
                tr!(
                    lang,
                    "tournament-withdrawn-mark",
                    who = entrants[r.entry].name.as_str()
                )
            } else {
                entrants[r.entry].name.clone()
            };
            vec![
                (i + 1).to_string(),
                name,
                standings::shown(r.points),
                (r.games - r.byes).to_string(),
                r.byes.to_string(),
                standings::shown(r.buchholz),
                standings::shown(r.sonneborn),
            ]
        })
        .collect();
    let lines: Vec<String> = table
        .iter()
        .enumerate()
        .map(|(i, c)| {
            tr!(
                lang,
                "tournament-standing-line",
                place = c[0].as_str(),
                who = c[1].as_str(),
                points = c[2].as_str(),
                games = c[3].as_str(),
                byes = rows[i].byes,
                buchholz = c[5].as_str(),
                sb = c[6].as_str()
            )
        })
        .collect();
    let mut text: Vec<String> = before.into_iter().collect();
    text.push(head.clone());
    text.extend(lines);
    text.extend(after_table);
    let mut r = public(ctx, text.join("\n"));
    r.image = Some(Image {
        name: format!("tournament-{}-round-{after}.png", t.id),
        png: crate::render::table::png(&head, &header, &pictured(table, byes), theme),
        // The reply's text holds the same table, line by line.
        description: head.clone(),
    });
    r
}
