-- Private analysis boards (issue 28): one per player, at a position of a game's record,
-- with the moves they tried from it. Nothing here touches the game; a board left alone for
-- a day ends by itself.
CREATE TABLE analyses (
    user_id    TEXT    PRIMARY KEY,
    game       INTEGER NOT NULL REFERENCES games (id),
    -- How many of the game's recorded actions lead to the starting position.
    from_ply   INTEGER NOT NULL,
    -- The moves tried from there (a JSON array of move texts), and how many of them are on
    -- the board (the rest are there to step forward to).
    line       TEXT    NOT NULL,
    at         INTEGER NOT NULL,
    updated_ms INTEGER NOT NULL
);
