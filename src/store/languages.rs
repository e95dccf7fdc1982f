//! Language choices and remembered locales (schema in `migrations/04-languages`).

use super::db::params;
use super::{Result, Store};

impl Store {
    /// Every row, as `(scope, key, value)`: few enough to keep in memory.
    pub fn languages(&self) -> Result<Vec<(String, String, String)>> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT scope, key, value FROM languages ORDER BY scope, key")?;
        let rows = stmt.query_map((), |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
        Ok(rows.collect::<super::db::Result<_>>()?)
    }

    /// Sets one choice, or forgets it (`None`, the `auto` choice).
    pub fn set_language(&self, scope: &str, key: &str, value: Option<&str>) -> Result<()> {
        match value {
            Some(v) => self.conn.execute(
                "INSERT INTO languages (scope, key, value) VALUES (?1, ?2, ?3) \
                 ON CONFLICT (scope, key) DO UPDATE SET value = excluded.value",
                params![scope, key, v],
            )?,
            None => self.conn.execute(
                "DELETE FROM languages WHERE scope = ?1 AND key = ?2",
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
            s.set_language("user", "u1", Some("fr")).unwrap();
            s.set_language("user", "u1", Some("en")).unwrap();
            s.set_language("server-locale", "g1", Some("fr")).unwrap();
            assert_eq!(
                s.languages().unwrap(),
                [
                    ("server-locale".into(), "g1".into(), "fr".into()),
                    ("user".into(), "u1".into(), "en".into())
                ]
            );
            s.set_language("user", "u1", None).unwrap();
            assert_eq!(s.languages().unwrap().len(), 1);
            assert!(s.set_language("nonsense", "x", Some("fr")).is_err());
        });
    }
}
