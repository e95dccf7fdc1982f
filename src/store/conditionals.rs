//! Conditional moves (schema in `migrations/15-conditionals`): each player's lines in a game,
//! "if they play X, I play Y (then ...)", as canonical move texts in turn. What the lines
//! mean and how a move prunes them is `table::policy::conditional`; this file only keeps them.

use super::db::params;
use super::{Result, Store};

impl Store {
    /// Every line stored in the game, as `(author, moves)`, each author's in the order they
    /// were entered.
    pub fn conditionals(&self, game: i64) -> Result<Vec<(String, Vec<String>)>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT user_id, moves FROM conditionals WHERE game = ?1 ORDER BY user_id, position",
        )?;
        let rows = stmt.query_map(params![game], |r| {
            let moves: String = r.get(1)?;
            // A line this version cannot read is an empty one, dropped by its next use.
            Ok((r.get(0)?, serde_json::from_str(&moves).unwrap_or_default()))
        })?;
        Ok(rows.collect::<super::db::Result<_>>()?)
    }

    /// The author's lines in the game, in the order they were entered.
    pub fn conditionals_of(&self, game: i64, user: &str) -> Result<Vec<Vec<String>>> {
        Ok(self
            .conditionals(game)?
            .into_iter()
            .filter(|(u, _)| u == user)
            .map(|(_, m)| m)
            .collect())
    }

    /// Replaces the author's lines in the game (none: forgets them).
    pub fn set_conditionals(&self, game: i64, user: &str, lines: &[Vec<String>]) -> Result<()> {
        self.conn.execute(
            "DELETE FROM conditionals WHERE game = ?1 AND user_id = ?2",
            params![game, user],
        )?;
        for (i, moves) in lines.iter().enumerate() {
            self.conn.execute(
                "INSERT INTO conditionals (game, user_id, position, moves) \
                 VALUES (?1, ?2, ?3, ?4)",
                params![
                    game,
                    user,
                    i as i64 + 1,
                    serde_json::to_string(moves).expect("strings serialise")
                ],
            )?;
        }
        Ok(())
    }

    /// Forgets every line of the game; the authors who had some, each once.
    pub fn clear_conditionals(&self, game: i64) -> Result<Vec<String>> {
        let mut authors: Vec<String> = self.conditionals(game)?.into_iter().map(|l| l.0).collect();
        authors.dedup();
        if !authors.is_empty() {
            self.conn
                .execute("DELETE FROM conditionals WHERE game = ?1", params![game])?;
        }
        Ok(authors)
    }
}

#[cfg(test)]
mod tests {
    use crate::store::testing::each_store;

    #[test]
    fn lines_are_kept_in_order_replaced_and_cleared() {
        each_store(|mut s| {
            let g = s
                .create_game(&crate::store::NewGame {
                    seed: 1,
                    host_id: "a".into(),
                    ..crate::store::testing::pikemen_table("c1")
                })
                .unwrap();
            let line = |m: &[&str]| m.iter().map(|x| x.to_string()).collect::<Vec<_>>();
            s.set_conditionals(g, "b", &[line(&["x", "y"]), line(&["z", "w", "u", "v"])])
                .unwrap();
            s.set_conditionals(g, "a", &[line(&["p", "q"])]).unwrap();
            assert_eq!(
                s.conditionals_of(g, "b").unwrap(),
                [line(&["x", "y"]), line(&["z", "w", "u", "v"])]
            );
            s.set_conditionals(g, "b", &[line(&["u", "v"])]).unwrap();
            assert_eq!(s.conditionals_of(g, "b").unwrap(), [line(&["u", "v"])]);
            assert_eq!(s.conditionals(g).unwrap().len(), 2);
            assert_eq!(s.clear_conditionals(g).unwrap(), ["a", "b"]);
            assert!(s.conditionals(g).unwrap().is_empty());
            assert!(s.clear_conditionals(g).unwrap().is_empty());
        });
    }
}
