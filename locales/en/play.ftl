# A running game: moves, /resign, /board, /moves, and the board message.

play-scores = Scores: { $scores }.
play-to-move = { $who } to move.
# $kind is one (a winner), shared, draw or nobody; $names the winners.
play-game-over = Game over, { $kind ->
    [one] { $names } wins
    [shared] { $names } share the win
    [draw] draw between { $names }
   *[nobody] nobody wins
}: { $reason }.
play-only-seat = Only { $who } can play "{ $text }". You play { $me }.
play-not-your-turn = It is not your turn: { $who } is to move. You play { $me }; wait for your turn.
play-game-over-short = The game is over.
play-stopped = The game was stopped here, without a result.
play-played = { $who } played { $mv }.
play-you-played = You played { $mv }.
play-you-played-bot-next = You played { $mv }. { $bot } moves next: its post shows the board with your move.
play-cannot-resign = You cannot resign now: { $error }.
play-resigns = { $who } resigns.
play-race = Another action on this game landed at the same moment, so yours was not played. Check /board and try again.
play-not-started = The { $game } game here has not started yet: { $host } starts it with /start.
play-not-started-join = The { $game } game here has not started yet: { $host } starts it with /start once everyone has joined.
play-board-head = { $game } game { $id }, after { $n } { $n ->
    [one] move
   *[other] moves
}.
# $mine is yes when the reader is to move.
play-moves-head = { $mine ->
    [yes] Your turn
   *[no] { $who } to move
}: { $n } legal moves. Play one with the game's commands or /play MOVE.
play-not-a-player = You are not playing in this game (the players are { $names }). You can watch, or start your own game in another channel with /new.
# $illegal is yes for a move the rules forbid (not a typo).
play-cannot-play = Cannot play "{ $text }": { $error }.{ $illegal ->
    [yes] {" "}See the legal moves with /moves.
   *[no] {""}
}
play-status-cut = … (the full list: /moves)
play-as-is = (as is)
play-more-lines = … and { $n } more lines: type /play and let autocomplete suggest.
button-moves = Legal moves
button-my-view = My view
button-move = Move
button-rematch = Rematch
play-unrated-early = Not rated: a rated game counts once every player has made a move.
