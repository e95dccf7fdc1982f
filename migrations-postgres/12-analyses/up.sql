-- PostgreSQL twin of migrations/12-analyses/up.sql, kept in step by the store's
-- schema_parity test: integers are BIGINT.

-- Private analysis boards (issue 28): one per player, at a position of a game's record,
-- with the moves they tried from it. Nothing here touches the game; a board left alone for
-- a day ends by itself.
CREATE TABLE analyses (
    user_id    TEXT    PRIMARY KEY,
    game       BIGINT NOT NULL REFERENCES games (id),
    -- How many of the game's recorded actions lead to the starting position.
    from_ply   BIGINT NOT NULL,
    -- The moves tried from there (a JSON array of move texts), and how many of them are on
    -- the board (the rest are there to step forward to).
    line       TEXT    NOT NULL,
    at         BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL
);
