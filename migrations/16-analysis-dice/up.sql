-- An analysis board rolls dice of its own (issue 40): the seed of its generator, drawn when
-- the board opens and again at each reset, never the game's. Boards opened before this
-- step get 0 and a new seed at their next reset.
ALTER TABLE analyses ADD COLUMN dice INTEGER NOT NULL DEFAULT 0;
