//! Followed games and where turn notices go (schema in `migrations/14-follows`).
//!
//! A follow lasts while its game is open; a follow that stopped because Discord refused the
//! follower a direct message keeps its row (`refused_ms`) until they have been told so, once.

use super::db::{params, OptionalExtension};
use super::{Result, Store};

/// Where a player's turn notices go (`/settings notify:`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Notify {
    /// A ping on the channel's board (the default).
    #[default]
    Channel,
    /// A direct message with the board; the channel's board names them without a ping.
    Dm,
    Both,
}

impl Notify {
    pub const ALL: [Notify; 3] = [Notify::Channel, Notify::Dm, Notify::Both];

    pub fn id(self) -> &'static str {
        match self {
            Notify::Channel => "channel",
            Notify::Dm => "dm",
            Notify::Both => "both",
        }
    }

    pub fn parse(word: &str) -> Option<Notify> {
        let w = word.trim().to_ascii_lowercase();
        Notify::ALL.into_iter().find(|n| n.id() == w)
    }

    /// The turn notice comes by direct message.
    pub fn by_dm(self) -> bool {
        self != Notify::Channel
    }

    /// The channel's board pings the player.
    pub fn in_channel(self) -> bool {
        self != Notify::Dm
    }
}

impl Store {
    /// Starts following `game`; false when `user` already followed it. A follow stopped by
    /// refused direct messages starts again.
    pub fn follow(&mut self, game: i64, user: &str, now_ms: i64) -> Result<bool> {
        let active = self
            .conn
            .query_row(
                "SELECT refused_ms FROM follows WHERE game = ?1 AND user_id = ?2",
                params![game, user],
                |r| r.get::<_, Option<i64>>(0),
            )
            .optional()?;
        if matches!(active, Some(None)) {
            return Ok(false);
        }
        self.conn.execute(
            "INSERT INTO follows (game, user_id, since_ms, refused_ms) VALUES (?1, ?2, ?3, NULL) \
             ON CONFLICT (game, user_id) DO UPDATE SET since_ms = excluded.since_ms, \
             refused_ms = NULL",
            params![game, user, now_ms],
        )?;
        Ok(true)
    }

    /// Stops following `game`; whether `user` followed it.
    pub fn unfollow(&mut self, game: i64, user: &str) -> Result<bool> {
        Ok(self.conn.execute(
            "DELETE FROM follows WHERE game = ?1 AND user_id = ?2 AND refused_ms IS NULL",
            params![game, user],
        )? > 0)
    }

    /// Who follows `game` now, in the order they started.
    pub fn followers(&self, game: i64) -> Result<Vec<String>> {
        Ok(self.conn.query_all(
            "SELECT user_id FROM follows WHERE game = ?1 AND refused_ms IS NULL \
             ORDER BY since_ms, user_id",
            [game],
            |r| r.get(0),
        )?)
    }

    /// The games `user` follows now, oldest follow first.
    pub fn followed_by(&self, user: &str) -> Result<Vec<i64>> {
        Ok(self.conn.query_all(
            "SELECT game FROM follows WHERE user_id = ?1 AND refused_ms IS NULL \
             ORDER BY since_ms, game",
            [user],
            |r| r.get(0),
        )?)
    }

    /// Every follow of a game that ended.
    pub fn drop_follows(&mut self, game: i64) -> Result<()> {
        self.conn
            .execute("DELETE FROM follows WHERE game = ?1", [game])?;
        Ok(())
    }

    /// `user` accepts no direct messages: their follows stop, kept to tell them; the games.
    pub fn refuse_follows(&mut self, user: &str, now_ms: i64) -> Result<Vec<i64>> {
        let games = self.followed_by(user)?;
        self.conn.execute(
            "UPDATE follows SET refused_ms = ?2 WHERE user_id = ?1 AND refused_ms IS NULL",
            params![user, now_ms],
        )?;
        Ok(games)
    }

    /// The follows of `user` stopped by refused direct messages, forgotten now that they are
    /// told; the games.
    pub fn take_refused(&mut self, user: &str) -> Result<Vec<i64>> {
        let games: Vec<i64> = self.conn.query_all(
            "SELECT game FROM follows WHERE user_id = ?1 AND refused_ms IS NOT NULL ORDER BY game",
            [user],
            |r| r.get(0),
        )?;
        if !games.is_empty() {
            self.conn.execute(
                "DELETE FROM follows WHERE user_id = ?1 AND refused_ms IS NOT NULL",
                [user],
            )?;
        }
        Ok(games)
    }

    /// Whether anyone waits to be told that their follows stopped.
    pub fn any_refused(&self) -> Result<bool> {
        Ok(!self
            .conn
            .query_all(
                "SELECT user_id FROM follows WHERE refused_ms IS NOT NULL LIMIT 1",
                (),
                |r| r.get::<_, String>(0),
            )?
            .is_empty())
    }

    /// Where `user`'s turn notices go.
    pub fn notify(&self, user: &str) -> Result<Notify> {
        let word: Option<String> = self
            .conn
            .query_row(
                "SELECT notify FROM user_settings WHERE user_id = ?1",
                [user],
                |r| r.get(0),
            )
            .optional()?;
        Ok(word.as_deref().and_then(Notify::parse).unwrap_or_default())
    }

    pub fn set_notify(&mut self, user: &str, notify: Notify) -> Result<()> {
        if let Some(f) = &mut self.foresight {
            f.forget_user(user);
        }
        self.conn.execute(
            "INSERT INTO user_settings (user_id, notify) VALUES (?1, ?2) \
             ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify",
            params![user, notify.id()],
        )?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::testing::each_store;
    use crate::store::NewGame;

    fn game() -> NewGame {
        NewGame {
            seed: 1,
            ..crate::store::testing::pikemen_table("c1")
        }
    }

    #[test]
    fn follows_start_stop_and_wait_to_be_told_when_refused() {
        each_store(|mut s| {
            let g = s.create_game(&game()).unwrap();
            assert!(s.follow(g, "carol", 10).unwrap());
            assert!(!s.follow(g, "carol", 11).unwrap());
            assert!(s.follow(g, "dave", 12).unwrap());
            assert_eq!(s.followers(g).unwrap(), ["carol", "dave"]);
            assert_eq!(s.followed_by("carol").unwrap(), [g]);
            assert!(!s.any_refused().unwrap());
            assert_eq!(s.refuse_follows("carol", 20).unwrap(), [g]);
            assert!(s.any_refused().unwrap());
            assert_eq!(s.followers(g).unwrap(), ["dave"]);
            assert!(!s.unfollow(g, "carol").unwrap());
            assert_eq!(s.take_refused("carol").unwrap(), [g]);
            assert!(s.take_refused("carol").unwrap().is_empty());
            assert!(!s.any_refused().unwrap());
            assert!(s.unfollow(g, "dave").unwrap());
            assert!(s.followers(g).unwrap().is_empty());
            s.follow(g, "dave", 30).unwrap();
            s.drop_follows(g).unwrap();
            assert!(s.followed_by("dave").unwrap().is_empty());
        });
    }

    #[test]
    fn notify_defaults_to_the_channel_and_keeps_other_settings() {
        each_store(|mut s| {
            assert_eq!(s.notify("u").unwrap(), Notify::Channel);
            let quiet = crate::store::clocks::UserSettings {
                quiet: Some((60, 120)),
                ..Default::default()
            };
            s.put_settings("u", &quiet).unwrap();
            s.set_notify("u", Notify::Dm).unwrap();
            assert_eq!(s.notify("u").unwrap(), Notify::Dm);
            assert_eq!(s.settings("u").unwrap(), quiet);
            s.put_settings("u", &quiet).unwrap();
            assert_eq!(s.notify("u").unwrap(), Notify::Dm);
            s.set_notify("v", Notify::Both).unwrap();
            assert_eq!(s.settings("v").unwrap(), Default::default());
            assert_eq!(Notify::parse(" DM"), Some(Notify::Dm));
            assert_eq!(Notify::parse("pigeon"), None);
        });
    }
}
