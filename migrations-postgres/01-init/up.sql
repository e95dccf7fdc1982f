-- PostgreSQL twin of migrations/01-init/up.sql, kept in step by the store's schema_parity
-- test: integers are BIGINT (the store's values are 64-bit), REAL is DOUBLE PRECISION, an
-- `INTEGER PRIMARY KEY` id is BIGSERIAL.

-- Plateau's first schema. Times are milliseconds since the Unix epoch, read from the
-- service's clock (never from SQLite's own clock), so transcripts and tests are deterministic.
--
-- Room left for correspondence play (issue 7), to be added by later migrations without a
-- rewrite: per-game clock settings live in `games.settings` (JSON: clock, timeout, thread);
-- the deadline of the player to move in `games.turn_started_ms` / `games.deadline_ms`;
-- reminders, user settings and vacations get their own tables keyed by game and user id;
-- undo and offers are further kinds of `actions` rows.

CREATE TABLE games (
    id              BIGSERIAL PRIMARY KEY,
    channel         TEXT    NOT NULL,
    channel_name    TEXT    NOT NULL,
    guild           TEXT,
    kind            TEXT    NOT NULL,
    -- The player count asked for at /new; NULL lets /start take any count the game allows.
    players         BIGINT,
    options         TEXT    NOT NULL DEFAULT '{}',
    settings        TEXT    NOT NULL DEFAULT '{}',
    seed            BIGINT NOT NULL,
    status          TEXT    NOT NULL
                    CHECK (status IN ('lobby', 'active', 'finished', 'aborted')),
    host            TEXT    NOT NULL,
    created_ms      BIGINT NOT NULL,
    started_ms      BIGINT,
    updated_ms      BIGINT NOT NULL,
    -- Number of rows in `actions` for this game: the version two racing writers compare.
    ply             BIGINT NOT NULL DEFAULT 0,
    -- JSON {"winners": [seats], "reason": "..."} once finished.
    outcome         TEXT,
    -- The engine state after `ply` actions (AnyGame as JSON): a cache, the log is the truth.
    snapshot        TEXT,
    turn_started_ms BIGINT,
    deadline_ms     BIGINT
);

-- One open game (lobby or running) per channel, enforced even across processes.
CREATE UNIQUE INDEX games_one_open_per_channel
    ON games (channel) WHERE status IN ('lobby', 'active');
CREATE INDEX games_by_channel ON games (channel, id);

CREATE TABLE seats (
    game        BIGINT NOT NULL REFERENCES games (id),
    user_id     TEXT    NOT NULL,
    name        TEXT    NOT NULL,
    join_order  BIGINT NOT NULL,
    -- Turn-order seat (1-based), set at /start.
    seat        BIGINT,
    joined_ms   BIGINT NOT NULL,
    PRIMARY KEY (game, user_id),
    UNIQUE (game, join_order),
    UNIQUE (game, seat)
);
CREATE INDEX seats_by_user ON seats (user_id);

-- Append-only: everything that changed a running game, in order. Replaying it from the
-- game's set-up rebuilds the state. `kind` is 'move' (canonical text, replayed by the engine)
-- or a service action ('resign', 'draw'; later 'undo', 'timeout', ...).
CREATE TABLE actions (
    game     BIGINT NOT NULL REFERENCES games (id),
    ply      BIGINT NOT NULL,
    kind     TEXT    NOT NULL,
    text     TEXT    NOT NULL,
    user_id  TEXT,
    seat     BIGINT,
    at_ms    BIGINT NOT NULL,
    PRIMARY KEY (game, ply)
);
