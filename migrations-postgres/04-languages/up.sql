-- PostgreSQL twin of migrations/04-languages/up.sql, kept in step by the store's schema_parity
-- test: integers are BIGINT (the store's values are 64-bit), REAL is DOUBLE PRECISION, an
-- `INTEGER PRIMARY KEY` id is BIGSERIAL.

-- Languages (issue 15). One row per choice or remembered locale:
--   scope 'user'           key = user id:    the user's /settings language
--   scope 'server'         key = server id (the channel id where there is no server):
--                                            /settings server-language
--   scope 'channel'        key = channel id: /settings channel-language
--   scope 'user-locale'    key = user id:    the last Discord locale the user's client sent
--   scope 'server-locale'  key = server id:  the last Discord guild_locale seen
-- `value` is a language code of locales/ (`fr`) for the first three, a Discord locale
-- (`fr`, `en-US`) for the last two; a choice of `auto` is the row's absence.
CREATE TABLE languages (
    scope TEXT NOT NULL CHECK (scope IN ('user', 'server', 'channel', 'user-locale', 'server-locale')),
    key   TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (scope, key)
);
