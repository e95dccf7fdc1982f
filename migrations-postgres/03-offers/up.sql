-- PostgreSQL twin of migrations/03-offers/up.sql, kept in step by the store's schema_parity
-- test: integers are BIGINT (the store's values are 64-bit), REAL is DOUBLE PRECISION, an
-- `INTEGER PRIMARY KEY` id is BIGSERIAL.

-- Undo requests and draw offers (issue 7, items 4 and 5). An offer changes nothing by itself:
-- when it is accepted, the change it asked for is logged as an action (`undo`, `draw`), so the
-- actions log stays the one truth of a game's state. Offers are kept, answered or not, so that
-- the history shows every one of them.

CREATE TABLE offers (
    id          BIGSERIAL PRIMARY KEY,
    game        BIGINT NOT NULL REFERENCES games (id),
    -- 'undo' (take back the actions from `target` on) or 'draw'.
    kind        TEXT    NOT NULL CHECK (kind IN ('undo', 'draw')),
    user_id     TEXT    NOT NULL,
    seat        BIGINT NOT NULL,
    -- The game's ply (action count) when the offer was made.
    ply         BIGINT NOT NULL,
    -- For an undo: the ply of the first action it takes back.
    target      BIGINT,
    status      TEXT    NOT NULL DEFAULT 'pending'
                CHECK (status IN ('pending', 'accepted', 'declined', 'withdrawn', 'lapsed')),
    created_ms  BIGINT NOT NULL,
    resolved_ms BIGINT,
    -- Who accepted last, declined, withdrew, or whose move declined or lapsed the offer.
    resolved_by TEXT
);

-- At most one offer waits for answers in a game, enforced across processes.
CREATE UNIQUE INDEX offers_one_pending ON offers (game) WHERE status = 'pending';
CREATE INDEX offers_by_game ON offers (game, id);

-- Acceptances of a pending offer; it is accepted once every opponent has answered yes.
CREATE TABLE offer_answers (
    offer    BIGINT NOT NULL REFERENCES offers (id),
    user_id  TEXT    NOT NULL,
    at_ms    BIGINT NOT NULL,
    PRIMARY KEY (offer, user_id)
);
