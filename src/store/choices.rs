//! Choices kept by scope and key (a user's, a channel's, a server's): languages (schema in
//! `migrations/04-languages`) and board themes (`migrations/09-themes`), two tables of one
//! shape whose checks on scopes and values live in their schemas.

use super::db::params;
use super::{Result, Store};

/// Which table of choices.
#[derive(Clone, Copy, Debug)]
enum Choices {
    Languages,
    Themes,
}

impl Choices {
    /// The statements, spelled out whole so that each is prepared and cached once.
    const fn sql(self) -> [&'static str; 3] {
        match self {
            Choices::Languages => [
                "SELECT scope, key, value FROM languages ORDER BY scope, key",
                "INSERT INTO languages (scope, key, value) VALUES (?1, ?2, ?3) \
                 ON CONFLICT (scope, key) DO UPDATE SET value = excluded.value",
                "DELETE FROM languages WHERE scope = ?1 AND key = ?2",
            ],
            Choices::Themes => [
                "SELECT scope, key, value FROM themes ORDER BY scope, key",
                "INSERT INTO themes (scope, key, value) VALUES (?1, ?2, ?3) \
                 ON CONFLICT (scope, key) DO UPDATE SET value = excluded.value",
                "DELETE FROM themes WHERE scope = ?1 AND key = ?2",
            ],
        }
    }
}

impl Store {
    /// Every language choice, as `(scope, key, value)`: few enough to keep in memory.
    pub fn languages(&self) -> Result<Vec<(String, String, String)>> {
        self.choices(Choices::Languages)
    }

    /// Sets one language choice, or forgets it (`None`, the `auto` choice).
    pub fn set_language(&self, scope: &str, key: &str, value: Option<&str>) -> Result<()> {
        self.set_choice(Choices::Languages, scope, key, value)
    }

    /// Every theme choice, as `(scope, key, value)`.
    pub fn themes(&self) -> Result<Vec<(String, String, String)>> {
        self.choices(Choices::Themes)
    }

    /// Sets one theme choice, or forgets it (`None`, the `auto` choice).
    pub fn set_theme(&self, scope: &str, key: &str, value: Option<&str>) -> Result<()> {
        self.set_choice(Choices::Themes, scope, key, value)
    }

    fn choices(&self, of: Choices) -> Result<Vec<(String, String, String)>> {
        let mut stmt = self.conn.prepare_cached(of.sql()[0])?;
        let rows = stmt.query_map((), |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
        Ok(rows.collect::<super::db::Result<_>>()?)
    }

    fn set_choice(&self, of: Choices, scope: &str, key: &str, value: Option<&str>) -> Result<()> {
        let [_, set, forget] = of.sql();
        match value {
            Some(v) => self.conn.execute(set, params![scope, key, v])?,
            None => self.conn.execute(forget, params![scope, key])?,
        };
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn languages_are_set_replaced_and_forgotten() {
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

    #[test]
    fn themes_are_set_replaced_and_forgotten_and_checked() {
        crate::store::testing::each_store(|s| {
            s.set_theme("user", "u1", Some("light")).unwrap();
            s.set_theme("user", "u1", Some("dark")).unwrap();
            s.set_theme("server", "g1", Some("light")).unwrap();
            assert_eq!(s.themes().unwrap().len(), 2);
            s.set_theme("user", "u1", None).unwrap();
            assert_eq!(
                s.themes().unwrap(),
                [("server".into(), "g1".into(), "light".into())]
            );
            assert!(s.set_theme("nonsense", "x", Some("dark")).is_err());
            assert!(s.set_theme("user", "x", Some("blue")).is_err());
        });
    }
}
