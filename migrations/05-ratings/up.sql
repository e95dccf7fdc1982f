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
    rating          REAL    NOT NULL,
    deviation       REAL    NOT NULL,
    volatility      REAL    NOT NULL,
    games           INTEGER NOT NULL DEFAULT 0,
    wins            INTEGER NOT NULL DEFAULT 0,
    draws           INTEGER NOT NULL DEFAULT 0,
    losses          INTEGER NOT NULL DEFAULT 0,
    -- Wins in a row (> 0) or losses in a row (< 0); a draw resets it.
    streak          INTEGER NOT NULL DEFAULT 0,
    -- The best-rated opponent beaten (their rating before that game).
    best_win        REAL,
    best_win_name   TEXT,
    best_win_game   INTEGER,
    updated_ms      INTEGER NOT NULL,
    PRIMARY KEY (user_id, kind)
) WITHOUT ROWID;

-- Leaderboards and ranks read settled ratings in order through this index, never a scan
-- (queries repeat its condition, with the same constant as src/rating/system.rs).
CREATE INDEX ratings_board ON ratings (kind, rating DESC) WHERE deviation < 110.0;

-- What each rated game did to each player, in the order games ended (`seq`).
CREATE TABLE rating_changes (
    seq         INTEGER NOT NULL,
    game        INTEGER NOT NULL REFERENCES games (id),
    user_id     TEXT    NOT NULL,
    kind        TEXT    NOT NULL,
    -- The server the game was played on ('' for direct messages and the local channel).
    guild       TEXT    NOT NULL,
    seat        INTEGER NOT NULL,
    -- Finishing place, 1 = first; equal places share.
    place       INTEGER NOT NULL,
    -- 1 win, 0.5 draw, 0 loss (multi-player: won outright, shared first, or not first).
    score       REAL    NOT NULL,
    before      REAL    NOT NULL,
    before_dev  REAL    NOT NULL,
    after       REAL    NOT NULL,
    after_dev   REAL    NOT NULL,
    after_vol   REAL    NOT NULL,
    at_ms       INTEGER NOT NULL,
    PRIMARY KEY (game, user_id)
);
CREATE INDEX rating_changes_by_user ON rating_changes (user_id, kind, seq);
CREATE INDEX rating_changes_by_guild ON rating_changes (guild, kind, user_id);

-- The order in which games ended (1, 2, ...): ratings are applied, and rebuilt, in it.
ALTER TABLE games ADD COLUMN ended_seq INTEGER;
UPDATE games SET ended_seq = (
    SELECT count(*) FROM games e
    WHERE e.status = 'finished'
      AND (e.updated_ms < games.updated_ms OR (e.updated_ms = games.updated_ms AND e.id <= games.id))
) WHERE status = 'finished';
CREATE UNIQUE INDEX games_by_end ON games (ended_seq) WHERE ended_seq IS NOT NULL;
