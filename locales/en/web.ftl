# A game's web page (issue 44): its own words around the board and the move list.
web-title = { $game } game { $id }
web-setup = 0. Set-up
web-first = First
web-back = Back
web-forward = Forward
web-last = Last
web-moves = Moves
web-record = Download the record
web-live = Live: new moves appear here as they are played.
web-position = Position
# $until is a UTC date and time.
web-clock-until = { $who } has until { $until } (UTC) to move.
web-clock-frozen = The clock of { $who } is stopped with { $left } left.
button-page = Game page
web-mygames = Game pages:
