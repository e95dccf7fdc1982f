-- Shard claims (issue 29). Several processes share one PostgreSQL database by splitting
-- Discord's shards between them; two serving the same shard would each keep their own copy of
-- its games and refuse each other's moves. A process claims its range here at start and is
-- refused when a live claim overlaps it. A claim lives while both hold: its lease
-- (`until_ms`, renewed by its process every few seconds) has not run out, and its process
-- still holds the session advisory lock `lock_key` on its own connection (which PostgreSQL
-- releases the moment that process dies, so a crashed process's range can be taken at
-- once). Unlike the store's other times these are the database server's clock: the one
-- clock every process sharing it reads alike, whatever their service clocks say.
--
-- SQLite keeps the table for the two engines' parity only: its file lock already keeps a
-- database to one process.
CREATE TABLE shard_claims (
    owner        TEXT    PRIMARY KEY,
    first_shard  INTEGER NOT NULL,
    last_shard   INTEGER NOT NULL,
    total_shards INTEGER NOT NULL,
    pid          INTEGER NOT NULL,
    host         TEXT    NOT NULL,
    lock_key     INTEGER NOT NULL,
    claimed_ms   INTEGER NOT NULL,
    until_ms     INTEGER NOT NULL
);
