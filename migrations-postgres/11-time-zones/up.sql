-- PostgreSQL twin of migrations/11-time-zones/up.sql, kept in step by the store's
-- schema_parity test.

-- Time zones by name (issue 27): `/settings timezone:Europe/Paris` follows daylight-saving
-- changes, which a fixed offset (`tz_min`) cannot. NULL: the fixed offset applies.
ALTER TABLE user_settings ADD COLUMN tz_name TEXT;
