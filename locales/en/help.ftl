# /help and /rules.

help-text =
    Plateau hosts board games in this channel, one game at a time.
    /new GAME [players] [name:value options]: open a table (e.g. /new pikemen 2 target:15)
    /join, /leave: take or give up a seat before the start
    /start [order:random|join]: the host starts the game (random seats by default)
    /play MOVE: play a move as text (e.g. /play turn h3 n); /moves lists the legal ones
    /undo: take back your last move (asks the others once they have moved)
    /draw: offer a draw; /accept, /decline: answer an undo request or draw offer
    /abort: end the game before the first moves; /rematch: play the last game again
    /mygames: your games everywhere; /export: the game record; /replay: an animated replay
    /board: show the position; /history [page]: the moves so far
    /resign: give up; /rules [game]: the rules; /help: this text
    /new ... clock:casual|standard|fast|untimed [timeout:soft|hard]: a correspondence clock (7 days a move; 3 days +1 a move, up to 7; 1 day a move; none)
    /claim: after a soft timeout, claim the win (or vote out a player in 3+ games)
    /vacation [start|end]: freeze your clocks in all your games (30 days a year)
    /addbot [level:easy|medium|hard]: the host seats a computer player; /hint: a suggested move on your turn (games opened with hints:true, never rated)
    /settings [reminders:on|off] [digest:on|off] [quiet:22:00-08:00|off] [timezone:+01:00]: your reminders
help-channel-game = This channel plays { $game }: { $commands }
help-games = Games: { $games }.

rules-no-such-game = There is no game called "{ $game }": the games are { $games }.
rules-games = Games: { $games }. Read one's rules with /rules GAME, e.g. /rules pikemen.
rules-text =
    { $summary }

    Commands: { $commands }
rules-verbs = { $verbs } (or /play MOVE)
rules-play-only = /play MOVE
# A verb's option as a placeholder in a command's form.
option-placeholder = { $name ->
    [square] SQUARE
    [direction] DIRECTION
    [from] FROM
    [to] TO
    [size] SIZE
    [overload] OVERLOAD
    [seat] SEAT
    [colour] COLOUR
    [joker] JOKER
    [die] DIE
   *[other] { $name }
}
