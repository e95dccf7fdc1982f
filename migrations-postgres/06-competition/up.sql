-- PostgreSQL twin of migrations/06-competition/up.sql, kept in step by the store's schema_parity
-- test: integers are BIGINT (the store's values are 64-bit), REAL is DOUBLE PRECISION, an
-- `INTEGER PRIMARY KEY` id is BIGSERIAL.

-- Finding opponents (issue 14): challenges, the seek queue, tournaments, and the games they
-- open. A game opened by any of them is first an `openings` row: the players and options are
-- fixed, and the transport gives it a channel (a thread on Discord). The opening is consumed
-- in the transaction that creates and starts the game, so a game opens once even when the
-- process dies between deciding it and opening it.

CREATE TABLE openings (
    id          BIGSERIAL PRIMARY KEY,
    guild       TEXT,
    -- Where the game was decided (the challenge's, seek's or tournament's channel).
    parent      TEXT    NOT NULL,
    parent_name TEXT    NOT NULL,
    -- The thread's name on Discord; a channel name (no spaces) in the local channel.
    title       TEXT    NOT NULL,
    slug        TEXT    NOT NULL,
    kind        TEXT    NOT NULL,
    -- JSON [[name, value], ..]: `/new`'s options as given (clock, rated, game options).
    options     TEXT    NOT NULL,
    -- JSON [[user id, name], ..] in seat order.
    seats       TEXT    NOT NULL,
    source      TEXT    NOT NULL CHECK (source IN ('challenge', 'seek', 'tournament')),
    -- The games row once opened.
    game        BIGINT REFERENCES games (id),
    created_ms  BIGINT NOT NULL
);
CREATE INDEX openings_pending ON openings (id) WHERE game IS NULL;
CREATE UNIQUE INDEX openings_by_game ON openings (game) WHERE game IS NOT NULL;

CREATE TABLE challenges (
    id           BIGSERIAL PRIMARY KEY,
    guild        TEXT,
    channel      TEXT    NOT NULL,
    channel_name TEXT    NOT NULL,
    author_id    TEXT    NOT NULL,
    author_name  TEXT    NOT NULL,
    -- NULL: open to anyone on the server.
    opponent_id  TEXT,
    kind         TEXT    NOT NULL,
    players      BIGINT NOT NULL,
    options      TEXT    NOT NULL,
    status       TEXT    NOT NULL DEFAULT 'open'
                 CHECK (status IN ('open', 'accepted', 'declined', 'withdrawn', 'expired')),
    created_ms   BIGINT NOT NULL,
    expires_ms   BIGINT NOT NULL,
    closed_ms    BIGINT,
    opening      BIGINT REFERENCES openings (id)
);
CREATE INDEX challenges_open ON challenges (expires_ms) WHERE status = 'open';

-- Who accepted an open challenge so far (the author is not listed).
CREATE TABLE challenge_accepts (
    challenge BIGINT NOT NULL REFERENCES challenges (id),
    user_id   TEXT    NOT NULL,
    name      TEXT    NOT NULL,
    at_ms     BIGINT NOT NULL,
    -- SQLite's implicit rowid, which orders acceptances made in the same millisecond.
    rowid     BIGSERIAL,
    PRIMARY KEY (challenge, user_id)
);

-- One seek per user and server; it leaves the queue when it is matched or withdrawn.
CREATE TABLE seeks (
    user_id      TEXT    NOT NULL,
    guild        TEXT    NOT NULL,
    name         TEXT    NOT NULL,
    channel      TEXT    NOT NULL,
    channel_name TEXT    NOT NULL,
    kind         TEXT    NOT NULL,
    players      BIGINT NOT NULL,
    clock        TEXT    NOT NULL,
    rated        BIGINT NOT NULL,
    rating       DOUBLE PRECISION    NOT NULL,
    since_ms     BIGINT NOT NULL,
    PRIMARY KEY (user_id, guild)
);

-- A server's channel where seeks are announced (`/settings seeks:#channel`).
CREATE TABLE seek_channels (
    guild        TEXT PRIMARY KEY,
    channel      TEXT NOT NULL,
    channel_name TEXT NOT NULL
);

CREATE TABLE tournaments (
    id           BIGSERIAL PRIMARY KEY,
    guild        TEXT,
    channel      TEXT    NOT NULL,
    channel_name TEXT    NOT NULL,
    creator_id   TEXT    NOT NULL,
    creator_name TEXT    NOT NULL,
    kind         TEXT    NOT NULL,
    format       TEXT    NOT NULL CHECK (format IN ('round-robin', 'swiss', 'knockout')),
    -- Players per game.
    per_game     BIGINT NOT NULL,
    -- Rounds asked (NULL: the format's own count).
    rounds       BIGINT,
    options      TEXT    NOT NULL,
    status       TEXT    NOT NULL DEFAULT 'signup'
                 CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
    -- The round being played (1-based); 0 before the start. A round advances by a
    -- conditional update of this column, so it never advances twice.
    round        BIGINT NOT NULL DEFAULT 0,
    created_ms   BIGINT NOT NULL,
    closed_ms    BIGINT
);
-- One tournament in sign-up or running per channel.
CREATE UNIQUE INDEX tournaments_one_per_channel ON tournaments (channel)
    WHERE status IN ('signup', 'running');

CREATE TABLE entrants (
    tournament BIGINT NOT NULL REFERENCES tournaments (id),
    -- 0-based join order: the index the pairings speak of.
    entry      BIGINT NOT NULL,
    user_id    TEXT    NOT NULL,
    name       TEXT    NOT NULL,
    -- Seed at the start (1 = best): by rating, then join order.
    seed       BIGINT,
    withdrawn  BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (tournament, entry),
    UNIQUE (tournament, user_id)
);

-- The games of a tournament: one row per game (a drawn knockout match adds a row per replay).
CREATE TABLE tournament_games (
    id         BIGSERIAL PRIMARY KEY,
    tournament BIGINT NOT NULL REFERENCES tournaments (id),
    round      BIGINT NOT NULL,
    board      BIGINT NOT NULL,
    leg        BIGINT NOT NULL DEFAULT 1,
    -- JSON [entry, ..] in seat order; one entry is a bye.
    seats      TEXT    NOT NULL,
    -- JSON [place, ..] per seat once ended.
    places     TEXT,
    opening    BIGINT REFERENCES openings (id),
    UNIQUE (tournament, round, board, leg)
);
CREATE INDEX tournament_games_by_opening ON tournament_games (opening);
