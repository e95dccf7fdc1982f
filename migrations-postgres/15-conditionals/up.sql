-- PostgreSQL twin of migrations/13-conditionals/up.sql, kept in step by the store's
-- schema_parity test: integers are BIGINT.

-- Conditional moves (issue 28): lines a player stored on their opponent's turn, "if they
-- play X, I play Y (then if they play Z, I play W ...)". Each row is one line, in the order
-- it was entered; a move that matches the first move of a line plays its reply in the same
-- transaction and rewrites (or deletes) these rows there too.
CREATE TABLE conditionals (
    game       BIGINT  NOT NULL REFERENCES games (id),
    user_id    TEXT    NOT NULL,
    -- The line's place among its author's lines in the game (1, 2, ...).
    position   BIGINT  NOT NULL,
    -- The moves, theirs and the author's in turn (a JSON array of canonical move texts).
    moves      TEXT    NOT NULL,
    PRIMARY KEY (game, user_id, position)
);
