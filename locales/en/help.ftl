# /help and /rules.

# /help, one Fluent message per line: spec::COMMANDS says which lines present which commands,
# in which section (one chat message each) and order.
help-intro = Plateau hosts board games in this channel, one game at a time.
help-heading-correspondence = Playing over days and weeks:
help-heading-compete = Ratings and competition:
help-new = /new GAME [players] [name:value options]: open a table (e.g. /new pikemen 2 target:15)
help-join = /join, /leave: take or give up a seat before the start
help-start = /start [order:random|join]: the host starts the game (random seats by default)
help-play = /play MOVE: play a move as text (e.g. /play turn h3 n); /moves lists the legal ones; /pick (or a board's Move button) chooses one by tapping
help-undo = /undo: take back your last move (asks the others once they have moved)
help-draw = /draw: offer a draw; /accept, /decline: answer an undo request or draw offer
help-abort = /abort: end the game before the first moves; /rematch: play the last game again
help-mygames = /mygames: your games everywhere; /export: the game record; /replay: an animated replay
help-board = /board: show the position; /history [page]: the moves so far
help-analyse = /analyse [move:N]: your private analysis board, from now or after move N (finished games too); try moves, step back and forward, nothing changes the game
help-resign = /resign: give up; /rules [game]: the rules; /help: this text
help-clock = /new ... clock:casual|standard|fast|untimed [timeout:soft|hard]: a correspondence clock (7 days a move; 3 days +1 a move, up to 7; 1 day a move; none)
help-claim = /claim: after a soft timeout, claim the win (or vote out a player in 3+ games)
help-vacation = /vacation [start|end]: freeze your clocks in all your games (30 days a year)
help-addbot = /addbot [level:easy|medium|hard]: the host seats a computer player; /hint: a suggested move on your turn (games opened with hints:true, never rated)
help-settings = /settings [reminders:on|off] [digest:on|off] [quiet:22:00-08:00|off] [timezone:Europe/Paris|+01:00] [notify:channel|dm|both] [theme:dark|light] [language:fr|en|auto] [seeks:here|off]: your reminders, where your turn notices go, your pictures' colours, your language, and the channel where this server's seeks are announced (seeks needs Manage Channels)
help-rating = /rating [user] [game]: a player's ratings; /leaderboard GAME [scope:server|global] [page]: the best-rated players; /stats [user]: results, pace and a rating chart
help-challenge = /challenge GAME [opponent] [players] [name:value options]: challenge a player, or anyone on this server; /accept challenge:N, /decline challenge:N: answer a challenge (or withdraw yours)
help-seek = /seek [GAME] [players] [clock] [rated]: wait in this server's queue for opponents (no game: show the queue); /unseek: leave the queue
help-tournament = /tournament create|join|leave|start|standings|withdraw|cancel [game] [format:round-robin|swiss|knockout] [rounds] [players]: tournaments run by the bot (creating one needs Manage Channels)
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
