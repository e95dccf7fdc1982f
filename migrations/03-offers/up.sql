-- Undo requests and draw offers (issue 7, items 4 and 5). An offer changes nothing by itself:
-- when it is accepted, the change it asked for is logged as an action (`undo`, `draw`), so the
-- actions log stays the one truth of a game's state. Offers are kept, answered or not, so that
-- the history shows every one of them.

CREATE TABLE offers (
    id          INTEGER PRIMARY KEY,
    game        INTEGER NOT NULL REFERENCES games (id),
    -- 'undo' (take back the actions from `target` on) or 'draw'.
    kind        TEXT    NOT NULL CHECK (kind IN ('undo', 'draw')),
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

-- At most one offer waits for answers in a game, enforced across processes.
CREATE UNIQUE INDEX offers_one_pending ON offers (game) WHERE status = 'pending';
CREATE INDEX offers_by_game ON offers (game, id);

-- Acceptances of a pending offer; it is accepted once every opponent has answered yes.
CREATE TABLE offer_answers (
    offer    INTEGER NOT NULL REFERENCES offers (id),
    user_id  TEXT    NOT NULL,
    at_ms    INTEGER NOT NULL,
    PRIMARY KEY (offer, user_id)
) WITHOUT ROWID;
