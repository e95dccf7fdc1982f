-- PostgreSQL twin of migrations/02-clocks/up.sql, kept in step by the store's schema_parity
-- test: integers are BIGINT (the store's values are 64-bit), REAL is DOUBLE PRECISION, an
-- `INTEGER PRIMARY KEY` id is BIGSERIAL.

-- Correspondence clocks (issue 7 items 1, 2, 3, 8): every deadline and reminder lives here,
-- so a restarted service finds them all. Times are the service clock's milliseconds.

-- The clock chosen at /new is in `games.settings` (JSON: clock, timeout), written with the
-- game itself.

-- Whose turn it is in each running game and until when. `ply` is the game's version the row
-- was computed for: a row behind `games.ply` is brought up to date by the next sync, which
-- also covers moves made by another process or just before a crash.
CREATE TABLE clock_turns (
    game        BIGINT PRIMARY KEY REFERENCES games (id),
    ply         BIGINT NOT NULL,
    seat        BIGINT NOT NULL,
    user_id     TEXT    NOT NULL,
    started_ms  BIGINT NOT NULL,
    -- NULL while frozen (vacation) or untimed.
    deadline_ms BIGINT,
    -- Time left on the turn when frozen (and the whole turn at its start).
    left_ms     BIGINT NOT NULL,
    -- The turn's full time: reminders come at half and a quarter of it.
    total_ms    BIGINT NOT NULL,
    -- Reminders already sent this turn (bits: 1 half, 2 quarter, 4 twelve hours).
    sent        BIGINT NOT NULL DEFAULT 0,
    -- 1 once the deadline passed (a soft timeout waiting for a claim).
    expired     BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX clock_turns_by_user ON clock_turns (user_id);

-- Per seat: the standard clock's bank (the time the seat starts its next turn with), and the
-- time the seat had left when it last moved, which a taken-back move gives back instead of a
-- fresh turn (an undo must not reset a clock).
CREATE TABLE clock_banks (
    game    BIGINT NOT NULL REFERENCES games (id),
    seat    BIGINT NOT NULL,
    bank_ms BIGINT,
    left_ms BIGINT,
    PRIMARY KEY (game, seat)
);

-- Votes to remove a player who ran out of time (games of 3+), for the turn at `ply`.
CREATE TABLE clock_votes (
    game    BIGINT NOT NULL REFERENCES games (id),
    ply     BIGINT NOT NULL,
    voter   TEXT    NOT NULL,
    PRIMARY KEY (game, ply, voter)
);

-- Everything that falls due: 'half', 'quarter', '12h', 'ping' (a turn-start ping held back
-- by quiet hours), 'deadline' (per game, for the turn at `ply`), 'digest', 'vacation_end'
-- (per user). A row is deleted when it fires, so it fires once even with two processes.
CREATE TABLE timers (
    id      BIGSERIAL PRIMARY KEY,
    due_ms  BIGINT NOT NULL,
    kind    TEXT    NOT NULL,
    game    BIGINT REFERENCES games (id),
    ply     BIGINT,
    user_id TEXT
);
CREATE INDEX timers_due ON timers (due_ms);
CREATE INDEX timers_by_game ON timers (game);

-- /settings, per user. Quiet hours are minutes after local midnight; the time zone is a fixed
-- offset from UTC in minutes.
CREATE TABLE user_settings (
    user_id     TEXT    PRIMARY KEY,
    reminders   BIGINT NOT NULL DEFAULT 1,
    digest      BIGINT NOT NULL DEFAULT 0,
    tz_min      BIGINT NOT NULL DEFAULT 0,
    quiet_from  BIGINT,
    quiet_to    BIGINT
);

-- /vacation: one row per vacation; `ended_ms` NULL while it lasts. Each is charged to the
-- UTC calendar year it started in.
CREATE TABLE vacations (
    user_id    TEXT    NOT NULL,
    started_ms BIGINT NOT NULL,
    ended_ms   BIGINT,
    name       TEXT    NOT NULL,
    PRIMARY KEY (user_id, started_ms)
);

-- The last time the scheduler ran, so a manual clock resumes after it on restart.
CREATE TABLE clock_meta (
    key   TEXT PRIMARY KEY,
    value BIGINT NOT NULL
);
