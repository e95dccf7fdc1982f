# Words shared by every area.

list-separator = {", "}
list-and = {" and "}
list-semicolon = {"; "}
list-space = {" "}
list-slash = /
list-or = {" or "}
# A text given whole (a list, a name).
common-text = { $text }
common-players = { $n ->
    [one] { $n } player
   *[other] { $n } players
}

# Seat names, as the pictures show them ($name is the engine's key).
seat-label = { $name ->
    [orange] Orange
    [blue] Blue
    [green] Green
    [pink] Pink
    [yellow] Yellow
    [sky] Sky
    [vermilion] Vermilion
    [grey] Grey
    [white] White
    [south] South
    [north] North
   *[other] { $name }
}
seat-number = Seat { $seat }
seat-not-playing = seat { $seat } is not playing

# How a game ended. $how is resigned or timeout.
outcome-left = { $who } { $how ->
    [timeout] ran out of time
   *[resigned] resigned
}
outcome-draw-agreed = draw by agreement
draw-two-players-only = a draw by agreement exists only in 2-player games

# Piece sizes as words ($size is small, medium or large).
size-word = { $size ->
    [small] small
    [medium] medium
   *[large] large
}
