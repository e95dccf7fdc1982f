//! Board theme choices (schema in `migrations/09-themes`).

use super::db::params;
use super::{Result, Store};

impl Store {
    /// Every row, as `(scope, key, value)`: few enough to keep in memory.
    pub fn themes(&self) -> Result<Vec<(String, String, String)>> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT scope, key, value FROM themes ORDER BY scope, key")?;
        let rows = stmt.query_map((), |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
        Ok(rows.collect::<super::db::Result<_>>()?)
    }

    /// Sets one choice, or forgets it (`None`, the `auto` choice).
    pub fn set_theme(&self, scope: &str, key: &str, value: Option<&str>) -> Result<()> {
        match value {
            Some(v) => self.conn.execute(
                "INSERT INTO themes (scope, key, value) VALUES (?1, ?2, ?3) \
                 ON CONFLICT (scope, key) DO UPDATE SET value = excluded.value",
                params![scope, key, v],
            )?,
            None => self.conn.execute(
                "DELETE FROM themes WHERE scope = ?1 AND key = ?2",
                params![scope, key],
            )?,
        };
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn choices_are_set_replaced_and_forgotten() {
        crate::store::testing::each_store(|s| {
            s.set_theme("user", "u1", Some("light")).unwrap();
            s.set_theme("user", "u1", Some("dark")).unwrap();
            s.set_theme("server", "g1", Some("light")).unwrap();
            assert_eq!(
                s.themes().unwrap(),
                [
                    ("server".into(), "g1".into(), "light".into()),
                    ("user".into(), "u1".into(), "dark".into())
                ]
            );
            s.set_theme("user", "u1", None).unwrap();
            assert_eq!(s.themes().unwrap().len(), 1);
            assert!(s.set_theme("nonsense", "x", Some("dark")).is_err());
            assert!(s.set_theme("user", "x", Some("blue")).is_err());
        });
    }
}
