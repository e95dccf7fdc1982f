# Correspondence clocks: /new clock:..., the clock line of boards, time-outs, /claim.

clock-describe = { $clock ->
    [casual] casual, 7 days per move
    [standard] standard, 3 days plus 1 day per move, at most 7 days banked
    [fast] fast, 1 day per move
   *[untimed] untimed
}
clock-bad-clock = clock is casual (7 days per move), standard (3 days, +1 day per move, at most 7 banked), fast (1 day per move) or untimed, not "{ $value }"; e.g. /new pikemen 2 clock:standard.
clock-bad-timeout = timeout is soft (the others may claim the win) or hard (the game ends on time), not "{ $value }"; e.g. /new pikemen 2 clock:fast timeout:hard.
clock-timeout-needs-clock = timeout needs a clock: choose one with clock:casual, clock:standard or clock:fast, e.g. /new pikemen 2 clock:fast timeout:hard.
time-days = { $n ->
    [one] { $n } day
   *[other] { $n } days
}
time-hours = { $n ->
    [one] { $n } hour
   *[other] { $n } hours
}
time-minutes = { $n ->
    [one] { $n } minute
   *[other] { $n } minutes
}
time-under-minute = under a minute
time-none = none
# $state is running, expired or frozen (a vacation); $until a Discord timestamp.
clock-line = Clock: { $clock }; { $state ->
    [expired] { $name }'s time ran out: the others may /claim (or wait for { $name } to move).
    [frozen] { $label }'s clock is frozen while { $name } is on vacation ({ $left } left).
   *[running] { $label } ({ $name }) has until { $until } to move.
}
clock-others-away = On vacation: { $names } (clock frozen on their turns).
# $two is yes in a 2-player game; $pings the players who may claim.
clock-ran-out = { $who } has run out of time on the { $clock } clock. { $two ->
    [yes] { $pings } may claim the win with /claim, or wait for them to move.
   *[no] { $pings } may vote to remove them with /claim; the game goes on without them. Or wait for them to move.
}
button-claim = Claim
clock-moved-on = The game has moved on since; see /board.
clock-no-state = The game has no state.
clock-cannot-leave = The rules do not let this player leave now: { $error }.
clock-hard-timeout = { $who } ran out of time ({ $clock } clock, hard timeout).
clock-claimed = { $claimer } claims the win: { $who } ran out of time.
clock-voted-out = { $who } ran out of time and is removed from the game by vote.
clock-claim-no-game = There is no running game here to claim.
clock-claim-not-player = Only the players of this game can claim a timeout.
clock-claim-untimed = This game is untimed: there is no time to run out, so nothing to claim.
clock-claim-out = You are no longer in this game, so there is nothing for you to claim.
clock-claim-nobody = Nobody is to move, so there is nothing to claim.
clock-claim-own-turn = It is your own turn: play a move instead of claiming.
clock-claim-still-time = The player to move still has time: it runs out { $until }. You can /claim after that.
clock-claim-vacation = The player to move is on vacation: their clock is frozen, so there is nothing to claim.
# $fresh is no when the voter had already voted.
clock-vote = { $voter } { $fresh ->
    [yes] votes
   *[no] has already voted
} to remove { $name }, who ran out of time: { $votes } of the { $need } votes needed. The others vote with /claim.
clock-chosen = Clock: { $clock }; { $timeout } timeout.

# Reminders (in the game's channel) and the daily digest (a direct message).
# $timed is yes when the turn has a deadline ($until, a Discord timestamp).
reminder-ping = { $who }, it is your move in { $game } (game { $id }).{ $timed ->
    [yes] {" "}Your time runs out { $until }.
   *[no] {""}
}
# $left is half, quarter or 12h.
reminder = Reminder: { $who }, it is your move in { $game } (game { $id }). { $left ->
    [half] Half of your time is left
    [quarter] A quarter of your time is left
   *[other] 12 hours are left
}: it runs out { $until }.
digest-head = Your move in { $n } { $n ->
    [one] game
   *[other] games
}:
# $state is running, expired, frozen (on vacation) or untimed.
digest-line = - { $game } game { $id } in #{ $channel }{ $state ->
    [expired] {" "}(your time has run out)
    [frozen] {" "}(clock frozen: you are on vacation)
    [running] : your time runs out { $until }
   *[untimed] {""}
}
