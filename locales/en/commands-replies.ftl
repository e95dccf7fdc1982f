# Reading a typed slash command (names and options): what was wrong and how to write it.
# $options are the command's option names, $count of them.

command-unknown = /{ $name } is not a command here. The commands are { $commands } (see /help).
command-too-many = /{ $command } takes { $count ->
    [0] no options
   *[other] the options { $options }
}; "{ $value }" is one value too many.
command-no-option = /{ $command } has no option "{ $name }": it takes { $count ->
    [0] no options
   *[other] the options { $options }
}.
command-new-unnamed = /{ $command } takes the game and the player count in order; give other options as name:value, e.g. { $command ->
    [challenge] /challenge pikemen @bob clock:standard
    [seek] /seek pikemen 2 clock:standard
   *[other] /new pikemen 2 target:15
} ("{ $value }" has no name).
command-new-no-game = /new needs a game: /new GAME [players], e.g. /new pikemen 2.
command-bad-players = players must be a number, e.g. /{ $command } { $game } 2 (not "{ $value }").
command-new-mention = /new opens a table anyone here can join: to play someone in particular, challenge them with /challenge pikemen @name.
command-verb-here = In this { $game } game's channel, /{ $name } is a move of the game (see /moves). To challenge someone to a new game, use /challenge in another channel.
command-play-empty = /play needs a move, e.g. /play turn h3 n (see /moves).
command-bad-order = order is random or join, not "{ $value }", e.g. /start order:join.
command-bad-page = page is a number from 1, e.g. /history 2 (not "{ $value }").
error-store = Something went wrong saving that ({ $error }); nothing was changed. Please try again.
error-stale-button = This board is out of date: the game has moved on since. Use /board to see the current position.
error-unknown-command = That command is not known here. /help lists the commands.
