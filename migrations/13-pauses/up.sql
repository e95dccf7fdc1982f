-- Pauses by agreement (issue 28 item 4): the players of a timed game agree to stop its clocks
-- (`/pause`, an offer of kind 'pause'), or a moderator stops them alone; `/resume`, a move,
-- or the pause's time limit starts them again. While a pause lasts, the turn in
-- `clock_turns` is frozen (no deadline, its time left kept in `left_ms`), as a vacation
-- freezes it, and a 'pause_end' timer (per game) waits for the limit.
CREATE TABLE pauses (
    id          INTEGER PRIMARY KEY,
    game        INTEGER NOT NULL REFERENCES games (id),
    started_ms  INTEGER NOT NULL,
    -- When the clocks start again by themselves (the 'pause_end' timer's time).
    until_ms    INTEGER NOT NULL,
    -- The moderator who paused alone; NULL for a pause the players agreed to.
    by_user     TEXT,
    by_name     TEXT,
    -- NULL while the pause lasts.
    ended_ms    INTEGER,
    -- 'resume' (/resume), 'move' (a move or a take-back), 'limit' (the time limit ran out),
    -- 'end' (the game ended).
    ended_how   TEXT CHECK (ended_how IN ('resume', 'move', 'limit', 'end')),
    -- Who resumed (a user id), when someone did.
    ended_by    TEXT
);

-- At most one pause lasts in a game, enforced across processes.
CREATE UNIQUE INDEX pauses_one_running ON pauses (game) WHERE ended_ms IS NULL;
CREATE INDEX pauses_by_game ON pauses (game, id);

-- Offers gain the kind 'pause'. SQLite cannot change a CHECK in place: both offer tables are
-- rebuilt, the answers first pointing at the new offers table, so that no foreign key is
-- broken at any moment (the migration runs with foreign keys on, in one transaction).
CREATE TABLE offers_new (
    id          INTEGER PRIMARY KEY,
    game        INTEGER NOT NULL REFERENCES games (id),
    -- 'undo' (take back the actions from `target` on), 'draw' or 'pause' (stop the clocks).
    kind        TEXT    NOT NULL CHECK (kind IN ('undo', 'draw', 'pause')),
    user_id     TEXT    NOT NULL,
    seat        INTEGER NOT NULL,
    -- The game's ply (action count) when the offer was made.
    ply         INTEGER NOT NULL,
    -- For an undo: the ply of the first action it takes back.
    target      INTEGER,
    status      TEXT    NOT NULL DEFAULT 'pending'
                CHECK (status IN ('pending', 'accepted', 'declined', 'withdrawn', 'lapsed')),
    created_ms  INTEGER NOT NULL,
    resolved_ms INTEGER,
    -- Who accepted last, declined, withdrew, or whose move declined or lapsed the offer.
    resolved_by TEXT
);
INSERT INTO offers_new (id, game, kind, user_id, seat, ply, target, status, created_ms,
                        resolved_ms, resolved_by)
    SELECT id, game, kind, user_id, seat, ply, target, status, created_ms, resolved_ms,
           resolved_by FROM offers;

CREATE TABLE offer_answers_new (
    offer    INTEGER NOT NULL REFERENCES offers_new (id),
    user_id  TEXT    NOT NULL,
    at_ms    INTEGER NOT NULL,
    PRIMARY KEY (offer, user_id)
) WITHOUT ROWID;
INSERT INTO offer_answers_new (offer, user_id, at_ms)
    SELECT offer, user_id, at_ms FROM offer_answers;

DROP TABLE offer_answers;
DROP TABLE offers;
-- Renaming rewrites the reference in offer_answers_new to the new name.
ALTER TABLE offers_new RENAME TO offers;
ALTER TABLE offer_answers_new RENAME TO offer_answers;
CREATE UNIQUE INDEX offers_one_pending ON offers (game) WHERE status = 'pending';
CREATE INDEX offers_by_game ON offers (game, id);
