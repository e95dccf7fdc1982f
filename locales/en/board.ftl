# Words drawn in the board pictures (and the replay GIF).

board-name-label = { $name } ({ $label })
board-resigned = { $name } (resigned)
board-last-move = Last move: { $mv }
board-wins = { $who } wins
board-draw = Draw
# 1st, 2nd, ... (up to 8th).
board-ordinal = { $n ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] { $n }th
}

board-pikemen-won = { $count ->
    [one] { $names } wins: { $reason }
   *[other] { $names } share the win: { $reason }
}
board-pikemen-title = Pikemen · first to { $target } · { $name } to move
board-pikemen-no-move = No move yet: every pikeman stands upright
# The last move and the piece it captured ($size small, medium or large; $who its colour).
board-pikemen-took = { $mv } · captured { $who }'s { $size }, worth { $points ->
    [one] 1 point
   *[other] { $points } points
}

# $placing is yes during a free set-up.
board-skyscrapers-title = Sky Scrapers · { $who } { $placing ->
    [yes] to place
   *[no] to move
}
# The letter on each player's disc.
board-skyscrapers-initial = { $seat ->
    [1] G
   *[2] W
}
board-skyscrapers-placed = placed { $placed } of { $pawns }
board-skyscrapers-tally = { $n } { $n ->
    [one] skyscraper
   *[other] skyscrapers
} · tallest { $tallest }
board-skyscrapers-legend-stacks = Number = stack height; strip = its pawns, bottom to top (dark Green, light White).
board-skyscrapers-legend-owner = Hexagon = skyscraper (4 or more). Owner = colour of the top pawn.

# The letter on each pyramid of a colour.
board-battlezone-letter = { $colour ->
    [red] R
    [blue] B
    [green] G
    [yellow] Y
   *[black] K
}
board-battlezone-won = Battle Zone · { $who } wins
board-battlezone-drawn = Battle Zone · drawn
board-battlezone-title = Battle Zone · turn { $turn } · { $who } to play
board-battlezone-from-rank = from rank { $rank }
# A seat under its player's name: $label is South or North.
board-battlezone-side = { $label }, from rank { $rank }
board-battlezone-exited = exited
board-battlezone-last-roll = Last roll
board-battlezone-dice-of = { $who }'s dice
board-battlezone-die-colour = { $colour ->
    [red] red
    [blue] blue
    [green] green
    [yellow] yellow
    [black] black
   *[joker] joker
}
board-battlezone-die-used = { $name } · used
board-battlezone-game-over = game over
board-battlezone-transport = transport from { $square }: { $left } left
board-battlezone-to-use = { $n } to use
board-battlezone-supply = Supply
board-battlezone-supply-note = pyramids left by colour and size (small, medium, large)
board-battlezone-supply-colour = { $letter } { $colour }
board-battlezone-destroyed = { $n } destroyed
board-battlezone-controlled = { $n } taken over
board-battlezone-frozen = { $n } stood upright
board-battlezone-exits = { $mv } (exits)
# $now is yes while the turn is still being played.
board-battlezone-actions = { $who } { $now ->
    [yes] this turn
   *[no] last turn
}: { $actions }
board-battlezone-no-action = No action yet: the board starts empty
board-battlezone-legend-south = South's
board-battlezone-legend-north = North's
board-battlezone-legend-upright = upright: nobody's
board-battlezone-legend-range = last activation's range

# The letter on every piece of a seat (colour initials; Grey is K as in blacK).
board-sprawl-letter = { $seat ->
    [1] O
    [2] B
    [3] G
    [4] P
    [5] Y
    [6] S
    [7] V
   *[8] K
}
board-sprawl-won = { $count ->
    [one] { $names } wins
   *[other] { $names } share the win
}
# $answer is yes when a challenge awaits the player's answer.
board-sprawl-to-move = { $who } { $answer ->
    [yes] must answer a challenge
   *[no] to move
}
board-sprawl-last = Last: { $mv }
board-sprawl-neutralized = { $owner }'s tower on { $square } neutralized
board-sprawl-new-game = New game: each player places a starting tower
board-sprawl-legend-towers = Towers: their sizes top first in the corner ({ $large } large, { $medium } medium, { $small } small).
board-sprawl-legend-branches = Triangles: branches.  ✕: neutralized (its branches faded).
board-sprawl-legend-rings = Rings: where { $who } can spore.  Framed: the last move (thin: what it neutralized).
board-sprawl-panel-title = { $over ->
    [yes] Final scores (lowest wins)
   *[no] Stash pips (lowest wins)
}
# A piece's size as one letter (tower corners, stashes).
board-sprawl-size = { $size ->
    [large] L
    [medium] M
   *[small] S
}
board-sprawl-cards = { $n } { $n ->
    [one] card
   *[other] cards
}
board-sprawl-resigned = resigned
board-sprawl-stuck = stuck
board-sprawl-credits = neutralized { $towers } { $towers ->
    [one] tower
   *[other] towers
} ({ $pips } pips)

# A board picture's description for screen readers: $pieces lists pieces in the notation's words.
alt-board = { $game } board.
alt-seat = { $who }: { $pieces }.
alt-nobody = Nobody's
alt-tower = tower { $square } ({ $sizes })
alt-chart = { $who }'s ratings over time, game by game.
alt-replay = The moves of { $game } game { $id } one after another, as an animation.
