# Before the first move: /new, /join, /leave, /start.

lobby-no-game = There is no game in this channel. Start one with /new GAME [players] (games: { $games }), e.g. /new pikemen 2.
lobby-game-ended = Game { $id } ({ $game }): { $outcome } Start another with /rematch or /new.
lobby-game-stopped = Game { $id } ({ $game }) was stopped without a result. Start another with /rematch or /new.
lobby-cannot-load = This channel's game cannot be loaded: { $error }
lobby-damaged = The game in this channel (game { $game }) cannot be loaded: its record is damaged ({ $why }). Other games are not affected. A moderator can end it with /abort, so that /new can start another here.
lobby-no-such-game = There is no game called "{ $game }": the games are { $games }. E.g. { $command ->
    [challenge] /challenge pikemen @bob
    [seek] /seek pikemen
    [tournament] /tournament create pikemen
   *[other] /new pikemen 2
}.
lobby-bad-player-count = { $game } is played by { $range }, not { $got }. E.g. /new { $id } { $min }.
lobby-players-range = { $min } to { $max } players
lobby-bad-option = { $error }. Options are written name:value, e.g. /new { $id } { $min } { $example }.
lobby-cannot-set-up = { $game } cannot be set up: { $error }.
lobby-race-new = A game was opened in this channel at the same moment; see /board or /join it.
lobby-race = The table changed at the same moment; please try { $command } again.
lobby-size = for { $n } players
lobby-size-range = for { $range }
# $options: the game options given (`target=15`), $count of them.
lobby-opens = { $who } opens a { $game } table { $size }{ $count ->
    [0] {""}
   *[other] {" "}({ $options })
}.
lobby-already-joined = You have already joined this table. { $status }
lobby-full = This table is full ({ $n } players). Open your own in another channel with /new.
lobby-joins = { $who } joins the { $game } table.
lobby-leave-started = The game has started: you can no longer leave it, but you can /resign.
lobby-leave-not-joined = You have not joined this table, so there is nothing to leave.
lobby-leaves-closed = { $who } leaves; the table is empty and closed. Start another with /new.
lobby-leaves = { $who } leaves the table.
lobby-new-host = { $host } is the host now.
lobby-start-host-only = Only the host, { $host }, can start this game.
lobby-not-ready = { $game } needs { $need } to start; { $n } joined so far. Others join with /join.
# $order is random or join.
lobby-begins = { $game } begins ({ $order ->
    [join] join-order
   *[random] random
} seating). Seats: { $seats }.
lobby-already-open = A { $game } table is already open in this channel (host { $host }): /join it, or wait for it to finish. One game per channel.
lobby-already-running = A game of { $game } is already running in this channel: see it with /board. One game per channel; start yours in another channel or when this one ends.
# $command is join, leave, addbot or start.
lobby-started = { $command ->
    [addbot] The { $game } game here has already started: computer players take their seats before /start. To play against the computer, open a table with /new, then /addbot, then /start.
   *[other] The { $game } game here has already started, so you cannot { $command ->
        [join] join
        [leave] leave
       *[start] start
    } now. See it with /board.
}
lobby-count-range = { $n } of { $min }-{ $max }
lobby-ready = { $host } can /start the game now.
lobby-join-hint = Join with /join.
lobby-status = Players ({ $count }): { $names }. { $next }
button-join = Join
button-start = Start
