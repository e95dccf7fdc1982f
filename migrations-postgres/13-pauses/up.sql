-- PostgreSQL twin of migrations/13-pauses/up.sql, kept in step by the store's schema_parity
-- test: integers are BIGINT, an `INTEGER PRIMARY KEY` id is BIGSERIAL.

-- Pauses by agreement (issue 28 item 4): the players of a timed game agree to stop its clocks
-- (`/pause`, an offer of kind 'pause'), or a moderator stops them alone; `/resume`, a move,
-- or the pause's time limit starts them again. While a pause lasts, the turn in
-- `clock_turns` is frozen (no deadline, its time left kept in `left_ms`), as a vacation
-- freezes it, and a 'pause_end' timer (per game) waits for the limit.
CREATE TABLE pauses (
    id          BIGSERIAL PRIMARY KEY,
    game        BIGINT NOT NULL REFERENCES games (id),
    started_ms  BIGINT NOT NULL,
    -- When the clocks start again by themselves (the 'pause_end' timer's time).
    until_ms    BIGINT NOT NULL,
    -- The moderator who paused alone; NULL for a pause the players agreed to.
    by_user     TEXT,
    by_name     TEXT,
    -- NULL while the pause lasts.
    ended_ms    BIGINT,
    -- 'resume' (/resume), 'move' (a move or a take-back), 'limit' (the time limit ran out),
    -- 'end' (the game ended).
    ended_how   TEXT CHECK (ended_how IN ('resume', 'move', 'limit', 'end')),
    -- Who resumed (a user id), when someone did.
    ended_by    TEXT
);

-- At most one pause lasts in a game, enforced across processes.
CREATE UNIQUE INDEX pauses_one_running ON pauses (game) WHERE ended_ms IS NULL;
CREATE INDEX pauses_by_game ON pauses (game, id);

-- Offers gain the kind 'pause' (SQLite rebuilds the table; PostgreSQL swaps the check).
ALTER TABLE offers DROP CONSTRAINT offers_kind_check;
ALTER TABLE offers ADD CONSTRAINT offers_kind_check CHECK (kind IN ('undo', 'draw', 'pause'));
