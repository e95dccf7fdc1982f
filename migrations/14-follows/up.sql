-- Followed games (issue 28): a follower gets each turn's board of a game by direct message,
-- and its end. `refused_ms` is set when Discord refused them a direct message (they accept
-- none from the bot): the follow has stopped, and the row waits to tell them so once.
CREATE TABLE follows (
    game       INTEGER NOT NULL REFERENCES games (id),
    user_id    TEXT    NOT NULL,
    since_ms   INTEGER NOT NULL,
    refused_ms INTEGER,
    PRIMARY KEY (game, user_id)
);
CREATE INDEX follows_by_user ON follows (user_id);

-- Where a player's turn notices go (issue 28): `channel` (a ping on the board), `dm` (a
-- direct message with the board; the channel names them without a ping) or `both`.
ALTER TABLE user_settings ADD COLUMN notify TEXT NOT NULL DEFAULT 'channel';
