-- A game's web page (issue 44) is reached by an unguessable token of that game, drawn from
-- the operating system when the page is first linked: games of private channels are neither
-- listed nor findable by counting ids.
CREATE TABLE pages (
    game INTEGER PRIMARY KEY,
    token TEXT NOT NULL UNIQUE
);
