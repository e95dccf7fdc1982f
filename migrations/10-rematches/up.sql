-- Rematch offers (issue 27): `/rematch` after a game ended offers the same game again, and
-- it begins only when every other person who played it accepts, so that nobody is put into
-- a clocked or rated game they did not agree to.
CREATE TABLE rematches (
    id          INTEGER PRIMARY KEY,
    -- The game that ended.
    game        INTEGER NOT NULL REFERENCES games (id),
    -- Who offered it.
    user_id     TEXT    NOT NULL,
    status      TEXT    NOT NULL DEFAULT 'pending'
                CHECK (status IN ('pending', 'accepted', 'declined', 'lapsed')),
    created_ms  INTEGER NOT NULL,
    resolved_ms INTEGER,
    -- Who accepted last, declined, or whose command found it lapsed.
    resolved_by TEXT,
    -- The game it opened, once accepted.
    opened      INTEGER REFERENCES games (id)
);

-- At most one rematch waits for answers after a game, enforced across processes.
CREATE UNIQUE INDEX rematches_one_pending ON rematches (game) WHERE status = 'pending';

-- Who has said yes so far (the one who offered, first).
CREATE TABLE rematch_answers (
    rematch  INTEGER NOT NULL REFERENCES rematches (id),
    user_id  TEXT    NOT NULL,
    at_ms    INTEGER NOT NULL,
    PRIMARY KEY (rematch, user_id)
);
