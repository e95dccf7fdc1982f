# The rules summaries of /rules GAME and `plateau rules GAME`.

rules-pikemen =
    Pikemen (Jacob Davenport), 2-4 players.
    Every pyramid is a pikeman: upright (defence) or lying toward one of 8 directions (attack).
    On your turn do exactly one thing:
    - turn SQUARE FACING: reorient one of your pieces (8 directions or up); it must change.
    - move FROM TO [FACING]: a lying piece charges along its facing over empty squares to TO,
      capturing the enemy there if it may; then it keeps its facing or takes a new one.
    Captures: a lying enemy falls to any piece; an upright one only to a strictly larger piece
    (an upright large never). Option rps: a large never takes a small, a small takes an upright large.
    Each capture scores its pips (small 1, medium 2, large 3). First to the target (12) wins.
    With 3-4 players: a player without pieces is skipped; the game ends when one army is left or
    after quiet_limit actions without a capture (default 60); the highest score wins.
    Abstract Play notation works too: e2(N), e2-e5, e2xe5(NW).

rules-sprawl =
    Sprawl (J. A. Leistiko and friends), 3-8 players; 5x6 board (3), 6x6 (4-6), 8x8 (7-8).
    Each player has 15 pieces: 5 small (1 pip), 5 medium (2), 5 large (3). Lowest stash at the end wins.
    Towers stand upright (1-3 pieces, controlled by the owner of the top piece); branches lie and point n/e/s/w.
    - First turn: tower SQUARE SIZE, any vacant square (e.g. tower c3 large). Never again.
    - Then exactly one action a turn:
      build SQUARE [SIZE]: cap a live tower you control with a piece one size smaller (e.g. build c3 medium).
      branch SQUARE DIR SIZE: a piece lying next to your live tower, pointing directly away from it (any size),
        or next to your active branch, pointing away from it, one size smaller (large > medium > small);
        a tower of height h supports branches h deep. Must point at a square (e.g. branch c4 n medium).
      spore SQUARE SIZE: a new tower on a vacant square targeted by your active branch (e.g. spore c5 large).
    - A branch attacks the square it points at and targets the square as many squares away as its pips
      (pieces in between do not matter). A tower attacked by another player's branch of a size it does not
      contain is neutralized for ever: no building or branching from it or its branches, no sporing from them.
      You may not spore a size that would be neutralized at once. A branch is active while the tower it
      grows from (through other branches) is live and yours; only active branches grow and spore.
    - A player who cannot act ends the game: everyone else gets one more turn. Neutralized towers and their
      branches return to the stashes; lowest stash pips wins. Ties: pips of towers you neutralized, their
      number, squares you hold, pips of your towers, their number.
    Options: sprawlgami (build on a tower your active branch targets), overload (spore SQUARE SIZE overload N
      builds N more with N+1 targeting branches, e.g. spore c5 large overload 1), superior_forces (a tower falls
      when attackers' pips exceed its own), loose_branching (branch sideways off the square a branch points at;
      add `from SQUARE` when two sources fit), own_attacks (your branches attack your towers too),
      counting_coup (after a spore, a player who could neutralize it may `challenge SEAT`; the sporer answers
      `retract` (take another action; the challenger draws a card worth -1 or -2) or `stand`).
      E.g. challenge 2, then retract or stand. A challenge is answered before anything else.
    Resign at any time: your pieces stay and keep attacking; you rank last. No draws.
    Sizes: small/medium/large or 1/2/3 (petit/moyen/grand); directions n/e/s/w (nord/est/sud/ouest).

rules-skyscrapers =
    Sky Scrapers (Mitsuo Yamamoto), 2 players: Green (seat 1, moves first) and White.
    Pawns sit on the 30 vertices of a hexagon of triangles: rows 1 (bottom) to 7 (top) hold
    a1-c1, a2-d2, a3-e3, a4-f4, a5-e5, a6-d6, a7-c7 (the letter counts from the left of its row).
    Lines run in 6 directions: e, w, ne, nw, se, sw (no n or s).
    Set-up standard: every vertex holds one pawn, 15 each. Set-up free: players alternate
    `place VERTEX` (Green first) until each has placed `pawns` (11-15), e.g. `place c4`.
    A stack belongs to the colour of its top pawn. On your turn you must move one of your stacks:
    - move FROM TO: the whole stack goes exactly as many steps as it is tall, in a straight line,
      jumping over anything, and lands on top of an occupied vertex, e.g. `move d2 d3`.
    - move FROM DIRECTION: the same, naming the line instead, e.g. `move c4 ne`.
    A stack of 6 or more can never move. A player with no move is skipped; when neither can
    move the game ends. A skyscraper is a stack of 4 or more: the player owning more wins; on
    equal numbers the owner of the tallest stack wins; equal tallest is a draw.

rules-battlezone =
    Battle Zone (Jason Troutman), 2 players: South (seat 1) starts from rank 1, North (seat 2) from rank 8.
    One shared supply of 45 pyramids: 5 colours x small/medium/large x 3. Nobody owns them: a pyramid lying toward the opponent is yours, an upright one is nobody's.
    Each turn you roll 3 dice: 1 red, 2 blue, 3 green, 4 yellow, 5 black, 6 joker (any colour). Use each die once, in any order, for one action of its colour, or skip it. Add `joker` to pay with the 6 when a die of the colour is free too.
    - place SQUARE COLOUR: a small from the supply on an empty square of your starting line, yours. e.g. `place c1 red`
    - control SQUARE: an upright pyramid becomes yours. e.g. `control d4`
    - upgrade SQUARE: your or an upright pyramid, not large, becomes the next size from the supply. e.g. `upgrade d4 joker`
    - activate SQUARE: your pyramid stands up, or an upright one is downgraded one size; then its colour's power hits every pyramid within its size (after any downgrade) in king steps. e.g. `activate d4`
      red destroys (back to the supply); blue gives you control; black stands them upright; green upgrades each in order a1..h8 (a large, or one whose next size is not in the supply, is removed); yellow lets you carry up to SIZE of them, one at a time, to empty squares of the same range: `transport FROM TO`, and `done` to stop early.
    - move SQUARE DIRECTION: your pyramid moves exactly its size (1-3) in one of 8 directions, jumping over pyramids, to an empty square. Past the opponent's starting line it exits for good; never off a side or back over your own line. e.g. `move e7 n`
    - skip DIE: give up an unused die. e.g. `skip 6`
    Win: exit one pyramid of each of the five colours. Option turn_limit=N: after N turns, most colours exited wins, then most pyramids; else a draw.
