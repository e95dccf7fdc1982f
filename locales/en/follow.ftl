# /follow, /unfollow and turn notices by direct message (issue 28).

cmd-follow = Get a game's board by direct message after each turn, without pings
    .game = the game's number (default: this channel's game)
cmd-unfollow = Stop getting a game's boards by direct message
help-follow = /follow [game:N]: get this channel's game (or game N) by direct message after each turn and at its end; /unfollow [game:N]: stop. /settings notify:dm|both: your own turn notices by direct message

follow-bad-id = "{ $value }" is not a game number: give the game's number, e.g. game:12.
follow-no-game = There is no open game { $id } on this server.
follow-player = You play in { $game } game { $id }: its boards reach you in its channel already. To get your turn notices by direct message, use /settings notify:dm.
follow-already = You already follow { $game } game { $id } in { $place }.
follow-done = You follow { $game } game { $id } in { $place }: after each turn, and at its end, its board comes to you by direct message. /unfollow stops it.
follow-welcome = You follow { $game } game { $id } in { $place }. Its board will come here after each turn, and at its end. /unfollow game:{ $id } stops it.
follow-not-following = You do not follow game { $id }.
follow-stopped = You no longer follow game { $id }.
follow-board = { $ended ->
    [yes] { $game } game { $id } in { $place } is over (you followed it; your follow ends with it):
   *[no] { $game } game { $id } in { $place }, which you follow:
}
follow-your-turn = Your move in { $game } game { $id }, in { $place }.
follow-opened = A game opened for you: { $title } (game { $id }), in { $place }. { $who } to move.
follow-where = The game is in { $place }.
follow-dms-closed = I could not send you a direct message, so you no longer follow { $n ->
    [one] game
   *[other] games
} { $games }. To follow again, allow direct messages from this server's members (its Privacy settings), then use /follow.
follow-mygames-head = Games you follow ({ $n }):
follow-mygames-line = { $game } game { $id } in { $place }: { $started ->
    [yes] { $who } to move
   *[no] waiting to start
}
follow-notify-line = Turn notices: { $notify ->
    [dm] by direct message (boards name you without a ping)
    [both] a ping in the channel and a direct message
   *[other] a ping in the game's channel
}.
follow-bad-notify = "{ $value }" is not a choice for notify: write channel, dm or both.
