# /conditional (issue 28): conditional moves, "if they play X, I play Y".

cmd-conditional = On your opponent's turn: answer their next move in advance
    .action = add a line (the default with a line), list yours, or clear them
    .line = their move, your reply, and so on, separated by ; (e.g. move h3 h5 n; turn c4 e)
help-conditional = /conditional add MOVES|list|clear: on your opponent's turn (two players), answer their move in advance, e.g. /conditional add move h3 h5 n; turn c4 e

conditional-pair = { $first ->
    [yes] if { $them } plays { $theirs }, you play { $mine }
   *[no] then if { $them } plays { $theirs }, you play { $mine }
}
conditional-line = { $pairs }
conditional-none = You have no conditional moves in this game. Add one on your opponent's turn: /conditional add THEIR-MOVE; YOUR-REPLY
conditional-list-head = { $n ->
    [one] Your conditional move in this game (only you see it):
   *[other] Your conditional moves in this game (only you see them):
}
conditional-cleared = { $n ->
    [0] You had no conditional moves in this game.
    [one] Your conditional move in this game is cleared.
   *[other] Your { $n } conditional moves in this game are cleared.
}
conditional-added = Saved: { $line }. You have { $n ->
    [one] this line
   *[other] { $n } lines
} in this game; /conditional list shows them, /conditional clear forgets them. Nobody else sees them.
conditional-known = You already have that: { $line }.
conditional-played = { $who } played { $mv } (conditional move).
conditional-dropped = Game #{ $id }: { $n ->
    [one] a conditional move of yours is no longer possible and was dropped
   *[other] { $n } conditional moves of yours are no longer possible and were dropped
}: { $lines }.
conditional-undone = Game #{ $id }: moves were taken back, so your conditional moves there were cleared. Enter them again on your opponent's turn if you still want them.

conditional-no-dice = Battle Zone has no conditional moves: your next roll decides which moves you will have.
conditional-two-players = Conditional moves are for two-player games: here, more than one player moves before you again.
conditional-bot = Your opponent is a computer player: it answers at once, so there is nothing to prepare.
conditional-your-turn = It is your turn: play your move now. Conditional moves are entered while your opponent thinks.
conditional-empty = Write the line: their move, then your reply, separated by ; (e.g. /conditional add move h3 h5 n; turn c4 e).
conditional-too-long = A line holds at most { $max } moves (theirs and yours).
conditional-too-many = You can keep at most { $max } lines in a game: /conditional clear, then add the ones you want most.
conditional-no-reply = The line ends with their move "{ $mv }": add your reply after a ;.
conditional-ends = The game would be over before move { $n } of the line (after { $after }): end the line there.
conditional-out-of-turn = Move { $n } of the line should be { $theirs ->
    [yes] theirs
   *[no] yours
}, but { $start ->
    [yes] now
   *[no] after { $after }
} it is { $theirs ->
    [yes] yours
   *[no] theirs
} to play.
conditional-illegal = Move { $n } of the line, "{ $mv }" ({ $theirs ->
    [yes] theirs
   *[no] yours
}), cannot be played there: { $error }.
conditional-contradicts = You already answer { $theirs } with { $mine }, not { $other }: one move has one reply. /conditional clear to start again.
conditional-add-what = Write the line to add: /conditional add THEIR-MOVE; YOUR-REPLY (e.g. /conditional add move h3 h5 n; turn c4 e).
conditional-no-line-wanted = /conditional { $action } takes no line: /conditional add LINE adds one.
conditional-bad-action = "{ $value }" is not something /conditional does: add, list or clear.
