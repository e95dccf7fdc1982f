# The move picker (/pick and the Move button of a board): a move chosen step by step.
pick-head = Your move: choose it step by step.
pick-so-far = So far: { $words }
pick-left = { $n ->
    [one] 1 move left
   *[other] { $n } moves left
}
pick-confirm-line = Press the button to play { $mv }.
# The confirm button: the move in the game's notation.
pick-confirm = Play { $mv }
pick-back = Back
pick-cancel = Cancel
pick-more = More…
pick-option-moves = { $n ->
    [one] 1 move
   *[other] { $n } moves
}
# The placeholder of the picker's menu; $parts is a list of pick-part.
pick-choose = Choose { $parts }
pick-part = { $part ->
    [action] an action
    [piece] a piece
    [target] a target square
    [facing] a facing
    [square] a square
    [tower] a tower
    [size] a size
    [direction] a direction
    [source] the branch it grows from
    [overload] an overload
    [seat] who challenges
    [stack] a stack
    [destination] a destination
    [vertex] a vertex
    [pyramid] a pyramid
    [colour] a colour
    [joker] whether to pay with the joker
    [die] a die
    [move] a move
    [group] what to play
   *[next] what comes next
}
# The option that ends the move where it is, named after what the longer moves add.
pick-stop = { $part ->
    [facing] keep facing
    [joker] no joker
    [overload] no overload
    [source] the usual source
   *[other] end the move here
}
pick-cancelled = Move picker closed.
pick-stale = This picker is out of date: the position has changed since it opened. Press Move for a fresh one.
pick-not-your-turn = It is not your turn: { $who } is to move. The picker opens for the player to move.
pick-bad-path = No legal move goes on with "{ $word }" here. Open the picker with /pick alone, or see the legal moves with /moves.
# Battle Zone's unused dice in the picker: $dice lists pick-die.
pick-dice = Dice to use: { $dice }.
# $colour is red, blue, green, yellow, black or joker.
pick-die = { $die } { $colour ->
    [red] red
    [blue] blue
    [green] green
    [yellow] yellow
    [black] black
   *[joker] joker (any colour)
}
# What a Pikemen move does when it captures: $size is small, medium or large.
# What a chosen move takes or neutralises, said in the picker: $list is pick-hit items.
pick-hits = { $kind ->
    [neutralise] neutralises
    [hit] hits
   *[capture] takes
} { $list }
# $game: sprawl, skyscrapers or battlezone.
pick-hit = { $who }'s { $game ->
    [sprawl] piece
    [skyscrapers] stack
   *[other] pyramid
} on { $square }
pick-captures = { $from } → { $to }, captures { $who }'s { $size ->
    [small] small
    [medium] medium
   *[large] large
}
