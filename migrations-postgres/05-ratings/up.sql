-- PostgreSQL twin of migrations/05-ratings/up.sql, kept in step by the store's schema_parity
-- test: integers are BIGINT (the store's values are 64-bit), REAL is DOUBLE PRECISION, an
-- `INTEGER PRIMARY KEY` id is BIGSERIAL.

-- Ratings (issue 12). Derived data: `plateau ratings rebuild` recomputes both tables from the
-- finished games, in the order they ended, and must find the stored values again.

-- One rating per user and game, global across servers. Glicko-2's scale for every game
-- (rating, deviation, volatility); multi-player tables are rated with Weng-Lin on the same
-- numbers (src/rating/system.rs).
CREATE TABLE ratings (
    user_id         TEXT    NOT NULL,
    kind            TEXT    NOT NULL,
    -- The name the user last played under, for leaderboards.
    name            TEXT    NOT NULL,
    rating          DOUBLE PRECISION    NOT NULL,
    deviation       DOUBLE PRECISION    NOT NULL,
    volatility      DOUBLE PRECISION    NOT NULL,
    games           BIGINT NOT NULL DEFAULT 0,
    wins            BIGINT NOT NULL DEFAULT 0,
    draws           BIGINT NOT NULL DEFAULT 0,
    losses          BIGINT NOT NULL DEFAULT 0,
    -- Wins in a row (> 0) or losses in a row (< 0); a draw resets it.
    streak          BIGINT NOT NULL DEFAULT 0,
    -- The best-rated opponent beaten (their rating before that game).
    best_win        DOUBLE PRECISION,
    best_win_name   TEXT,
    best_win_game   BIGINT,
    updated_ms      BIGINT NOT NULL,
    PRIMARY KEY (user_id, kind)
);

-- Leaderboards and ranks read settled ratings in order through this index, never a scan
-- (queries repeat its condition, with the same constant as src/rating/system.rs).
CREATE INDEX ratings_board ON ratings (kind, rating DESC) WHERE deviation < 110.0;

-- What each rated game did to each player, in the order games ended (`seq`).
CREATE TABLE rating_changes (
    seq         BIGINT NOT NULL,
    game        BIGINT NOT NULL REFERENCES games (id),
    user_id     TEXT    NOT NULL,
    kind        TEXT    NOT NULL,
    -- The server the game was played on ('' for direct messages and the local channel).
    guild       TEXT    NOT NULL,
    seat        BIGINT NOT NULL,
    -- Finishing place, 1 = first; equal places share.
    place       BIGINT NOT NULL,
    -- 1 win, 0.5 draw, 0 loss (multi-player: won outright, shared first, or not first).
    score       DOUBLE PRECISION    NOT NULL,
    before      DOUBLE PRECISION    NOT NULL,
    before_dev  DOUBLE PRECISION    NOT NULL,
    after       DOUBLE PRECISION    NOT NULL,
    after_dev   DOUBLE PRECISION    NOT NULL,
    after_vol   DOUBLE PRECISION    NOT NULL,
    at_ms       BIGINT NOT NULL,
    PRIMARY KEY (game, user_id)
);
CREATE INDEX rating_changes_by_user ON rating_changes (user_id, kind, seq);
CREATE INDEX rating_changes_by_guild ON rating_changes (guild, kind, user_id);

-- The order in which games ended (1, 2, ...): ratings are applied, and rebuilt, in it.
ALTER TABLE games ADD COLUMN ended_seq BIGINT;
UPDATE games SET ended_seq = (
    SELECT count(*) FROM games e
    WHERE e.status = 'finished'
      AND (e.updated_ms < games.updated_ms OR (e.updated_ms = games.updated_ms AND e.id <= games.id))
) WHERE status = 'finished';
CREATE UNIQUE INDEX games_by_end ON games (ended_seq) WHERE ended_seq IS NOT NULL;
