//! `/challenge`: to one user (who answers with `/accept challenge:N` or `/decline
//! challenge:N`, or the buttons that type them) or open to the server (anyone accepts until
//! the seats are full). The author withdraws with `/decline challenge:N`. A challenge left
//! unanswered expires after [`EXPIRES_MS`].

use crate::engine::rng::SplitMix64;
use crate::engine::GameKind;
use crate::store::{ChallengeRow, ChallengeStatus, OpeningRow, OpeningSource, StoreError};
use crate::table::api::{Button, Context, Reply, Visibility};
use crate::table::compete::{not_in_dm, user_option};
use crate::table::openings::title;
use crate::table::policy::prepare::{prepare, Prepared};
use crate::table::present::public;
use crate::table::{store_failure, Answer, Refusal, Table};
use crate::{msg, tr};

/// A week, as Abstract Play's challenges wait.
pub const EXPIRES_MS: i64 = 7 * 86_400_000;
const SEAT_SALT: u64 = 0x6368_616c_6c65_6e67; // "challeng"

impl Table {
    pub(crate) fn challenge(
        &self,
        ctx: &Context,
        game: GameKind,
        opponent: Option<&str>,
        players: Option<u8>,
        options: &[(String, String)],
    ) -> Answer {
        not_in_dm(ctx, "/challenge")?;
        let now = self.now_ms();
        let Prepared { kind, .. } =
            prepare(self.new_seed(&ctx.channel.id), game.id(), players, options)?;
        let (min, _) = kind.players();
        let opponent = match opponent {
            None => None,
            Some(o) => {
                let found = user_option(&self.store(), o)?;
                if found.0 == ctx.user.id {
                    return Err(msg!("challenge-self").into());
                }
                if crate::ai::Occupant::of(&found.0).is_bot() {
                    return Err(msg!("challenge-bot").into());
                }
                Some(found)
            }
        };
        let players = players.unwrap_or(min.max(2));
        if opponent.is_some() && players != 2 {
            return Err(msg!("challenge-direct-two", game = kind.title(), id = kind.id()).into());
        }
        let row = ChallengeRow {
            id: 0,
            guild: ctx.channel.guild.clone(),
            channel: ctx.channel.id.clone(),
            channel_name: ctx.channel.name.clone(),
            author_id: ctx.user.id.clone(),
            author_name: ctx.user.name.clone(),
            opponent_id: opponent.as_ref().map(|o| o.0.clone()),
            kind,
            players,
            options: options.to_vec(),
            status: ChallengeStatus::Open,
            created_ms: now,
            expires_ms: now + EXPIRES_MS,
        };
        let id = self.store().add_challenge(&row).map_err(store_failure)?;
        let lang = ctx.langs.channel;
        let what = describe(lang, kind.title(), players, options);
        let expires = crate::table::markup::stamp(row.expires_ms);
        let buttons = vec![
            button(
                lang,
                "challenge-button-accept",
                &format!("/accept challenge:{id}"),
            ),
            button(
                lang,
                "challenge-button-decline",
                &format!("/decline challenge:{id}"),
            ),
        ];
        let mut out = Vec::new();
        match &opponent {
            Some((who, _)) => {
                let mut r = public(
                    ctx,
                    tr!(
                        lang,
                        "challenge-direct",
                        who = ctx.user.name.as_str(),
                        opponent = crate::table::markup::mention(who),
                        what = what.as_str(),
                        id = id,
                        expires = expires.as_str()
                    ),
                );
                r.mentions = vec![who.clone()];
                r.buttons = buttons;
                out.push(r);
                // The direct message speaks the challenged player's language; someone whose
                // language is unknown reads the server's.
                let dm = self.user_lang_or(who, ctx.langs.channel);
                let dm_what = describe(dm, kind.title(), players, options);
                out.push(Reply {
                    visibility: Visibility::Direct(who.clone()),
                    ..public(
                        ctx,
                        tr!(
                            dm,
                            "challenge-direct-dm",
                            who = ctx.user.name.as_str(),
                            what = dm_what.as_str(),
                            channel = crate::table::markup::channel(&ctx.channel.id),
                            id = id
                        ),
                    )
                });
            }
            None => {
                let mut r = public(
                    ctx,
                    tr!(
                        lang,
                        "challenge-open",
                        who = ctx.user.name.as_str(),
                        what = what.as_str(),
                        id = id,
                        seats = players - 1,
                        expires = expires.as_str()
                    ),
                );
                r.buttons = buttons;
                out.push(r);
            }
        }
        Ok(out)
    }

    /// A bare `/accept` or `/decline`: the offer of this channel's game if there is one to
    /// answer, else the rematch waiting here, else the one challenge addressed to the asker
    /// on this server; with several,
    /// the list of them, since guessing would answer the wrong one.
    pub(crate) fn answer_anything(&self, ctx: &Context, accept: bool) -> Answer {
        let offer = if accept {
            self.accept(ctx)
        } else {
            self.decline(ctx)
        };
        if offer.is_ok() {
            return offer;
        }
        if let Some(answer) = self.answer_rematch(ctx, accept) {
            return answer;
        }
        let mine: Vec<ChallengeRow> = self
            .store()
            .challenges_to(&ctx.user.id, self.now_ms())
            .map_err(store_failure)?
            .into_iter()
            .filter(|c| c.guild == ctx.channel.guild || c.channel == ctx.channel.id)
            .collect();
        match mine.as_slice() {
            [] => offer,
            [one] => self.answer_challenge(ctx, one.id, accept),
            several => {
                let lang = ctx.langs.user;
                let list: Vec<String> = several
                    .iter()
                    .map(|c| {
                        tr!(
                            lang,
                            "challenge-list-item",
                            id = c.id,
                            author = c.author_name.as_str(),
                            what = describe(lang, c.kind.title(), c.players, &c.options)
                        )
                    })
                    .collect();
                Err(msg!(
                    "challenge-which",
                    list = list.join("; "),
                    id = several[0].id,
                    command = if accept { "accept" } else { "decline" }
                )
                .into())
            }
        }
    }

    /// `/accept challenge:N` and `/decline challenge:N`.
    pub(crate) fn answer_challenge(&self, ctx: &Context, id: i64, accept: bool) -> Answer {
        let found = self.store().challenge(id).map_err(store_failure)?;
        let c = found
            .filter(|c| c.guild == ctx.channel.guild || c.channel == ctx.channel.id)
            .ok_or_else(|| msg!("challenge-none", id = id))?;
        if c.status != ChallengeStatus::Open {
            return Err(msg!("challenge-closed", id = id, status = c.status.as_str()).into());
        }
        // Past its week, though the tick has not closed it yet.
        if c.expires_ms <= self.now_ms() {
            return Err(msg!(
                "challenge-closed",
                id = id,
                status = ChallengeStatus::Expired.as_str()
            )
            .into());
        }
        let lang = ctx.langs.channel;
        let here = Context {
            channel: crate::table::ChannelRef {
                id: c.channel.clone(),
                name: c.channel_name.clone(),
                guild: c.guild.clone(),
            },
            ..ctx.clone()
        };
        let game = c.kind.title();
        if !accept {
            let status = if ctx.user.id == c.author_id {
                ChallengeStatus::Withdrawn
            } else if c.opponent_id.as_deref() == Some(ctx.user.id.as_str()) {
                ChallengeStatus::Declined
            } else {
                return Err(msg!("challenge-not-yours", id = id).into());
            };
            self.close(id, status, None)?;
            let text = tr!(
                lang,
                "challenge-ended",
                status = status.as_str(),
                who = ctx.user.name.as_str(),
                author = c.author_name.as_str(),
                game = game,
                id = id
            );
            return Ok(vec![public(&here, text)]);
        }
        if ctx.user.id == c.author_id {
            return Err(msg!("challenge-own", id = id).into());
        }
        if c.opponent_id.as_ref().is_some_and(|o| *o != ctx.user.id) {
            return Err(msg!("challenge-not-for-you", id = id).into());
        }
        let now = self.now_ms();
        let added = self
            .store()
            .add_accept(id, &ctx.user.id, &ctx.user.name, now);
        match added {
            Ok(()) => {}
            Err(StoreError::Conflict) => {
                return Err(msg!("challenge-accepted-already", id = id).into())
            }
            Err(e) => return Err(store_failure(e)),
        }
        let accepted = self.store().accepts(id).map_err(store_failure)?;
        let need = c.players as usize - 1;
        if accepted.len() < need {
            return Ok(vec![public(
                &here,
                tr!(
                    lang,
                    "challenge-seat-taken",
                    who = ctx.user.name.as_str(),
                    id = id,
                    left = need - accepted.len()
                ),
            )]);
        }
        let mut seats = vec![(c.author_id.clone(), c.author_name.clone())];
        seats.extend(accepted.into_iter().take(need));
        SplitMix64::new(id as u64 ^ SEAT_SALT ^ now as u64).shuffle(&mut seats);
        let names: Vec<String> = seats.iter().map(|s| s.1.clone()).collect();
        let opening = OpeningRow {
            id: 0,
            guild: c.guild.clone(),
            parent: c.channel.clone(),
            parent_name: c.channel_name.clone(),
            title: title(c.kind, None, &names),
            slug: c.kind.id().into(),
            kind: c.kind,
            options: c.options.clone(),
            seats: seats.clone(),
            source: OpeningSource::Challenge,
            game: None,
            created_ms: now,
        };
        let closed = self.store().atomically(|s| {
            let o = s.add_opening(&opening)?;
            s.close_challenge(id, ChallengeStatus::Accepted, now, Some(o))
        });
        match closed {
            Ok(()) => {}
            Err(StoreError::Conflict) => {
                return Err(msg!(
                    "challenge-closed",
                    id = id,
                    status = ChallengeStatus::Accepted.as_str()
                )
                .into())
            }
            Err(e) => return Err(store_failure(e)),
        }
        self.retry_openings();
        let mut r = public(
            &here,
            tr!(
                lang,
                "challenge-full",
                who = ctx.user.name.as_str(),
                id = id,
                game = game,
                players = names.join(", ")
            ),
        );
        r.mentions.clear();
        Ok(vec![r])
    }

    fn close(&self, id: i64, status: ChallengeStatus, opening: Option<i64>) -> Result<(), Refusal> {
        let now = self.now_ms();
        let r = self.store().close_challenge(id, status, now, opening);
        match r {
            Ok(()) => Ok(()),
            Err(StoreError::Conflict) => {
                Err(msg!("challenge-closed", id = id, status = status.as_str()).into())
            }
            Err(e) => Err(store_failure(e)),
        }
    }

    /// Challenges past their week: closed, and said in their channel.
    pub(crate) fn expire_challenges(&self) -> Vec<Reply> {
        let now = self.now_ms();
        let due = crate::table::logged(
            "expired challenges",
            self.store().expired_challenges(now, self.shards),
        );
        let mut out = Vec::new();
        for c in due.unwrap_or_default() {
            let closed = self
                .store()
                .close_challenge(c.id, ChallengeStatus::Expired, now, None);
            match closed {
                Ok(()) => {}
                // Accepted or withdrawn in the meantime.
                Err(StoreError::Conflict) => continue,
                Err(e) => {
                    tracing::error!(challenge = c.id, "store: expiring a challenge: {e}");
                    continue;
                }
            }
            let ctx = Context {
                channel: crate::table::ChannelRef {
                    id: c.channel.clone(),
                    name: c.channel_name.clone(),
                    guild: c.guild.clone(),
                },
                ..Default::default()
            };
            let lang = self.langs_of(&ctx).channel;
            let game = c.kind.title();
            out.push(public(
                &ctx,
                tr!(
                    lang,
                    "challenge-expired",
                    id = c.id,
                    author = c.author_name.as_str(),
                    game = game
                ),
            ));
        }
        out
    }
}

/// `Pikemen for 2 players, standard clock, not rated`, in the words of a lobby's opening line.
fn describe(
    lang: crate::i18n::Lang,
    game: &str,
    players: u8,
    options: &[(String, String)],
) -> String {
    let opts: Vec<String> = options
        .iter()
        .map(|(k, v)| {
            tr!(
                lang,
                "challenge-option",
                name = k.as_str(),
                value = v.as_str()
            )
        })
        .collect();
    tr!(
        lang,
        "challenge-what",
        game = game,
        size = msg!("lobby-size", n = players),
        options = opts.join(", "),
        count = opts.len()
    )
}

fn button(lang: crate::i18n::Lang, label: &'static str, command: &str) -> Button {
    Button {
        label: crate::i18n::say(lang, &crate::i18n::Msg::new(label)),
        command: command.to_string(),
        game: None,
    }
}
