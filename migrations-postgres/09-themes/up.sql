-- Board themes (issue 26). One row per choice:
--   scope 'user'    key = user id:   /settings theme (the user's private pictures)
--   scope 'server'  key = server id (the channel id where there is no server):
--                                     /settings server-theme (the server's public boards)
-- A choice of `auto` is the row's absence; with no row the theme is dark, as most Discord
-- clients are.
CREATE TABLE themes (
    scope TEXT NOT NULL CHECK (scope IN ('user', 'server')),
    key   TEXT NOT NULL,
    value TEXT NOT NULL CHECK (value IN ('light', 'dark')),
    PRIMARY KEY (scope, key)
);
