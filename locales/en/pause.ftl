# /pause and /resume: stopping a game's clocks by agreement (a moderator may alone).
# $until and $since are Discord timestamps; $left and $days spans of time.

cmd-pause = Pause the game's clocks (every player agrees; a moderator may pause alone)
cmd-resume = Start the paused game's clocks again
help-pause = /pause: offer to stop the game's clocks (everyone must /accept; 14 days at most, 3 pauses a game); /resume: start them again

pause-untimed = This game has no clock, so there is nothing to pause.
pause-already = This game's clocks are already paused (since { $since }). /resume starts them again.
pause-expired = The time of the player to move has already run out: a pause cannot give it back. /claim, or wait for their move.
pause-too-many = The players of this game have already paused it { $most } times, the most a game allows. Only a moderator can pause it again.
# $opponents: how many must answer.
pause-offered = { $who } offers to pause the clocks. { $pings }: /accept or /decline{ $opponents ->
    [1] {""}
   *[other] {" "}(all of you must accept)
}. Any move by an opponent declines it.
pause-describe = { $own ->
    [yes] the offer to pause the clocks
   *[no] { $who }'s offer to pause the clocks
}
pause-offer-lapses = The offer to pause the clocks lapses.
pause-declined-by-move = That declines the offer to pause the clocks.
pause-race = The game changed at the same moment; check /board and try again.
pause-not-paused = This game's clocks are not paused. /pause offers to stop them.
# $by is agreement or moderator; $timed is yes when a player's clock stopped.
pause-starts = { $by ->
    [moderator] { $who }, a moderator, pauses this game's clocks.
   *[agreement] This game's clocks are paused, by agreement.
}{ $timed ->
    [yes] {" "}{ $mover } keeps { $left } for their move.
   *[no] {""}
} Any player can /resume at any time, and a move resumes too; otherwise the clocks start again by themselves { $until } (a pause lasts { $days } days at most).
# $how is resume or limit; $turn is running, vacation (the player to move is away) or none.
pause-resumes = { $how ->
    [limit] The pause has lasted { $days } days, the longest a pause may: the clocks run again.
   *[resume] { $who } resumes the game: the clocks run again.
}{ $turn ->
    [running] {" "}{ $mover } has { $left } left, until { $until }.
    [vacation] {" "}{ $mover } is on vacation: their clock stays frozen until they come back.
   *[none] {""}
}
pause-ended-by-move = That ends the pause: the clocks run again.
# The clock line of a paused game's board; $moderator is yes when a moderator paused it.
pause-clock-line = Clock: { $clock }; paused since { $since }, { $moderator ->
    [yes] by { $by } (a moderator)
   *[no] by agreement
}: { $label } ({ $name }) keeps { $left } for the move. /resume to go on (the clocks start again by themselves { $until }).
pause-mygames = {" "}· paused since { $since }
pause-digest-line = - { $game } game { $id } in #{ $channel } (paused: you keep { $left }; the clocks start again { $until } at the latest)
history-offer-pause = { $who } offers to pause the clocks
# /history: a pause of the clocks, after the action it followed; $how is resume, move, limit,
# end or lasting.
history-pause = {"   "}· { $by ->
    [moderator] { $who } (a moderator) pauses the clocks
   *[agreement] the clocks are paused by agreement
}: { $how ->
    [resume] resumed by { $ender }
    [move] until a move
    [limit] 14 days, then the clocks start again by themselves
    [end] until the game ended
   *[lasting] still paused
}
history-pause-moderator = a moderator
