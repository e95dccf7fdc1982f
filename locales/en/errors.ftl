# Refused moves and set-ups, shared by every game.

move-unparsable = { $problem }. Write `{ $form }`, e.g. `{ $example }`
move-illegal = { $reason }
move-game-over = the game is over
move-empty = the move is empty
square-bad = "{ $text }" is not a square: write a file a-{ $last } then a rank 1-{ $ranks }, e.g. c4
square-off-board = { $square } is not on the board (files a-{ $last }, ranks 1-{ $ranks })

setup-players = { $game } is played by { $min } to { $max } players, not { $got }
option-unknown = unknown option "{ $key }" for { $game }: the options are { $count ->
    [0] none
   *[other] { $known }
}
option-bad-value = option { $key } must be { $expected }, not "{ $value }"
option-malformed = option "{ $word }" is written key=value, e.g. target=15
option-expect-bool = true or false
option-expect-int = a whole number from { $min } to { $max }
option-expect-choice = one of { $choices }
