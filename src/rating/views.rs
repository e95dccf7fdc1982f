//! The answers of `/rating`, `/leaderboard` and `/stats`: text in the reader's language and,
//! for `/stats`, a chart. Every refusal is a [`Msg`] that says what was wrong and how to ask.

use super::chart::{self, Series};
use super::system::shown;
use crate::engine::GameKind;
use crate::i18n::{span, Lang, Msg};
use crate::msg;
use crate::store::{RatingRow, Store, StoreError};
use crate::tr;

/// Rows of a leaderboard page.
pub const PAGE: u32 = 10;
/// A leaderboard's trend is the change over this span.
const TREND_MS: i64 = 30 * 86_400_000;

/// What a command shows.
pub struct View {
    pub text: String,
    pub chart: Option<Vec<u8>>,
}

/// A player, as named by a command's `user` option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Who {
    pub id: String,
    pub name: String,
}

/// Where a ranking is taken: one server's players, or everyone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    Server,
    Global,
}

impl Scope {
    pub fn parse(word: Option<&str>) -> Result<Scope, Msg> {
        match word.map(|w| w.trim().to_ascii_lowercase()).as_deref() {
            None | Some("server") | Some("serveur") => Ok(Scope::Server),
            Some("global") => Ok(Scope::Global),
            Some(w) => Err(msg!("leaderboard-bad-scope", scope = w)),
        }
    }
}

type Answer = Result<View, Msg>;

fn failed(e: StoreError) -> Msg {
    tracing::error!("reading ratings: {e}");
    msg!("rating-store-failed")
}

/// The game a command names, or a message listing the games.
pub fn game_of(word: &str) -> Result<GameKind, Msg> {
    GameKind::parse(word).ok_or_else(|| {
        let games: Vec<&str> = GameKind::ALL.iter().map(|k| k.id()).collect();
        msg!("rating-no-such-game", game = word, games = games.join(", "))
    })
}

/// The player a `user` option names: a Discord mention (`<@123>`), or a name someone played
/// under (`@bob`, `bob`); `me` when none is given.
pub fn who(store: &Store, asked: Option<&str>, me: &Who) -> Result<Who, Msg> {
    let Some(asked) = asked.map(str::trim).filter(|a| !a.is_empty()) else {
        return Ok(me.clone());
    };
    let id = asked
        .strip_prefix("<@")
        .and_then(|r| r.strip_suffix('>'))
        .map(|r| r.trim_start_matches('!'));
    if let Some(id) = id {
        let name = store.player_name(id).map_err(failed)?;
        // Someone who never sat at a table here has no name the service knows (empty).
        return Ok(Who {
            id: id.to_string(),
            name: name.unwrap_or_default(),
        });
    }
    let name = asked.trim_start_matches('@');
    match store.player_named(name).map_err(failed)? {
        Some((id, name)) => Ok(Who { id, name }),
        None => Err(msg!("rating-unknown-player", who = name)),
    }
}

/// `/rating [user] [game]`.
pub fn rating(store: &Store, lang: Lang, who: &Who, game: Option<GameKind>, guild: &str) -> Answer {
    let rows: Vec<RatingRow> = match game {
        Some(k) => store
            .rating(&who.id, k.id())
            .map_err(failed)?
            .into_iter()
            .collect(),
        None => store.ratings_of(&who.id).map_err(failed)?,
    };
    if rows.is_empty() {
        return Err(match game {
            Some(k) => msg!(
                "rating-none-in-game",
                who = who.name.as_str(),
                game = k.title(),
                id = k.id()
            ),
            None if who.name.is_empty() => msg!("rating-none-stranger"),
            None => msg!("rating-none", who = who.name.as_str()),
        });
    }
    let mut text = tr!(lang, "rating-head", who = who.name.as_str());
    for row in &rows {
        text.push('\n');
        text.push_str(&rating_line(store, lang, row, guild)?);
    }
    Ok(View { text, chart: None })
}

fn title(kind: &str) -> &'static str {
    GameKind::parse(kind).map_or("?", |k| k.title())
}

fn rating_line(store: &Store, lang: Lang, row: &RatingRow, guild: &str) -> Result<String, Msg> {
    let settled = row.deviation < super::PROVISIONAL;
    let ranks = if settled {
        let here = store
            .rank_of(&row.kind, Some(guild), row.rating)
            .map_err(failed)?;
        let all = store.rank_of(&row.kind, None, row.rating).map_err(failed)?;
        tr!(lang, "rating-ranks", server = here, global = all)
    } else {
        tr!(lang, "rating-provisional")
    };
    let best = match &row.best_win {
        Some((r, name, game)) => tr!(
            lang,
            "rating-best-win",
            rating = format!("{r:.0}"),
            who = name.as_str(),
            id = *game
        ),
        None => String::new(),
    };
    Ok(tr!(
        lang,
        "rating-line",
        game = title(&row.kind),
        rating = shown(row.rating, row.deviation),
        deviation = format!("{:.0}", row.deviation),
        ranks,
        games = row.games,
        wins = row.wins,
        draws = row.draws,
        losses = row.losses,
        best,
        streak = streak(lang, row.streak)
    ))
}

fn streak(lang: Lang, n: i64) -> String {
    match n {
        0 => String::new(),
        n if n > 0 => tr!(lang, "rating-streak-wins", n),
        n => tr!(lang, "rating-streak-losses", n = -n),
    }
}

/// `/leaderboard GAME [scope] [page]`.
pub fn leaderboard(
    store: &Store,
    lang: Lang,
    kind: GameKind,
    scope: Scope,
    guild: &str,
    page: u32,
    now_ms: i64,
) -> Answer {
    let on = match scope {
        Scope::Server => Some(guild),
        Scope::Global => None,
    };
    let size = store.leaderboard_size(kind.id(), on).map_err(failed)?;
    let scope_word = match scope {
        Scope::Server => "server",
        Scope::Global => "global",
    };
    // Provisional players come after the settled ones: on the last page, or alone.
    let provisional = |text: &mut String| -> Result<(), Msg> {
        let rows = store
            .provisional_board(kind.id(), on, PAGE)
            .map_err(failed)?;
        if rows.is_empty() {
            return Ok(());
        }
        let list: Vec<String> = rows
            .iter()
            .map(|r| {
                tr!(
                    lang,
                    "leaderboard-provisional-row",
                    who = r.name.as_str(),
                    rating = shown(r.rating, r.deviation),
                    games = r.games
                )
            })
            .collect();
        text.push('\n');
        text.push_str(&tr!(
            lang,
            "leaderboard-provisional",
            n = super::system::games_to_settle(),
            list = list.join(", ")
        ));
        Ok(())
    };
    if size == 0 {
        let mut text = tr!(
            lang,
            "leaderboard-empty",
            game = kind.title(),
            scope = scope_word
        );
        provisional(&mut text)?;
        return Ok(View { text, chart: None });
    }
    let pages = size.div_ceil(PAGE);
    if page == 0 || page > pages {
        return Err(msg!("leaderboard-no-page", page, pages, id = kind.id()));
    }
    let offset = (page - 1) * PAGE;
    let rows = store
        .leaderboard(kind.id(), on, offset, PAGE)
        .map_err(failed)?;
    let mut text = tr!(
        lang,
        "leaderboard-head",
        game = kind.title(),
        scope = scope_word,
        page,
        pages,
        players = size
    );
    for (i, row) in rows.iter().enumerate() {
        let since = store
            .rating_since(&row.user_id, &row.kind, now_ms - TREND_MS)
            .map_err(failed)?;
        let trend = since.map_or(0, |b| (row.rating - b).round() as i64);
        text.push('\n');
        text.push_str(&tr!(
            lang,
            "leaderboard-row",
            rank = offset as usize + i + 1,
            who = row.name.as_str(),
            rating = format!("{:.0}", row.rating),
            games = row.games,
            trend = signed(trend)
        ));
    }
    if page < pages {
        text.push('\n');
        text.push_str(&tr!(
            lang,
            "leaderboard-more",
            next = page + 1,
            id = kind.id()
        ));
    } else {
        provisional(&mut text)?;
    }
    Ok(View { text, chart: None })
}

/// `+16`, `-8`, `±0`.
pub fn signed(n: i64) -> String {
    match n {
        0 => "±0".into(),
        n if n > 0 => format!("+{n}"),
        n => n.to_string(),
    }
}

/// `/stats [user]`.
pub fn stats(store: &Store, lang: Lang, who: &Who, theme: crate::render::Theme) -> Answer {
    let played = store.played_games(&who.id).map_err(failed)?;
    if played.is_empty() && who.name.is_empty() {
        return Err(msg!("stats-none-stranger"));
    }
    if played.is_empty() {
        return Err(msg!("stats-none", who = who.name.as_str()));
    }
    let times = store.move_times(&who.id).map_err(failed)?;
    let timeouts = store.time_losses(&who.id).map_err(failed)?;
    let mut text = tr!(lang, "stats-head", who = who.name.as_str());
    for kind in GameKind::ALL {
        let mine: Vec<_> = played.iter().filter(|p| p.kind == kind.id()).collect();
        if mine.is_empty() {
            continue;
        }
        let (mut wins, mut draws, mut losses) = (0, 0, 0);
        for p in &mine {
            let outcome: serde_json::Value = serde_json::from_str(&p.outcome).unwrap_or_default();
            let winners: Vec<u64> = outcome["winners"]
                .as_array()
                .map(|w| w.iter().filter_map(|s| s.as_u64()).collect())
                .unwrap_or_default();
            match (winners.contains(&(p.seat as u64)), winners.len()) {
                (true, 1) => wins += 1,
                (true, _) => draws += 1,
                _ => losses += 1,
            }
        }
        let pace = times.iter().find(|(k, _, _)| k == kind.id()).map_or_else(
            || "none".to_string(),
            |(_, _, avg)| {
                // Moves made within the same second still took some time.
                span(lang, (*avg as i64).max(1))
            },
        );
        let on_time = timeouts
            .iter()
            .find(|(k, _)| k == kind.id())
            .map_or(0, |(_, n)| *n);
        text.push('\n');
        text.push_str(&tr!(
            lang,
            "stats-line",
            game = kind.title(),
            games = mine.len(),
            wins,
            draws,
            losses,
            pace,
            timeouts = on_time
        ));
    }
    let foes = store.opponents(&who.id, 3).map_err(failed)?;
    if !foes.is_empty() {
        let list: Vec<String> = foes
            .iter()
            .map(|(name, n)| tr!(lang, "stats-opponent", who = name.as_str(), games = *n))
            .collect();
        text.push('\n');
        text.push_str(&tr!(lang, "stats-opponents", list = list.join(", ")));
    }
    let history = store.rating_history(&who.id).map_err(failed)?;
    let series: Vec<Series> = GameKind::ALL
        .iter()
        .enumerate()
        .filter_map(|(i, k)| {
            let from = history.iter().position(|p| p.kind == k.id())?;
            let to = history[from..]
                .iter()
                .position(|p| p.kind != k.id())
                .map_or(history.len(), |n| from + n);
            Some(Series {
                label: k.title().to_string(),
                colour: i,
                points: &history[from..to],
            })
        })
        .collect();
    let chart = chart::png(
        &tr!(lang, "stats-chart-title", who = who.name.as_str()),
        &series,
        theme,
    );
    if chart.is_none() {
        text.push('\n');
        text.push_str(&tr!(lang, "stats-no-chart"));
    }
    Ok(View { text, chart })
}
