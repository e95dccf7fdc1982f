# /history, /export, /replay, /mygames.

history-line = { $ply }. { $who }: { $what }
# An offer under the action it followed.
history-offer-line = {"   "}· { $what }: { $end }
history-the-table = the table
history-taken-back = { $mv } (taken back)
# $one is yes when only action $from is taken back, else actions $from to $to.
history-undo = takes back { $one ->
    [yes] action { $from }
   *[no] actions { $from } to { $to }
}
history-timeout = (ran out of time)
history-action = ({ $kind })
history-head = { $game } game { $id }: { $players }. { $n } { $n ->
    [one] action
   *[other] actions
}{ $pages ->
    [1] {""}
   *[other] , page { $page } of { $pages } (see /history PAGE)
}.
history-aborted = Aborted, without a result.
history-someone = someone
history-offer-draw = { $who } offers a draw
history-offer-undo = { $who } asks to take back { $one ->
    [yes] action { $from }
   *[no] actions { $from } to { $to }
}
history-offer-undo-any = { $who } asks to take back
# $status is pending, accepted, declined, withdrawn or lapsed; $by who declined.
history-offer-end = { $status ->
    [pending] waiting for answers
    [accepted] accepted
    [declined] declined by { $by }
    [withdrawn] withdrawn
   *[lapsed] lapsed
}
button-earlier = Earlier
button-later = Later

# $rated is rated, unrated (a finished game) or unrated-running.
record-export = The record of { $game } game { $id } ({ $n } { $n ->
    [one] move
   *[other] moves
}): load it back with `plateau replay { $file }`.{ $rated ->
    [unrated] {" "}This game was not rated.
    [unrated-running] {" "}This game is not rated.
   *[rated] {""}
}
record-cannot-replay = The game cannot be replayed: { $error }.
record-cannot-draw = The replay cannot be drawn: { $error }.
# $all is yes when every position is a frame, else $frames of the $positions fit.
record-replay = Replay of { $game } game { $id } ({ $all ->
    [yes] { $frames ->
        [one] 1 frame
       *[other] { $frames } frames
    }
   *[no] { $frames } of its { $positions } positions, to fit the attachment limit
}).


mygames-none = You have no open games. Open one with /new GAME in a channel, e.g. /new pikemen 2, or /join one.
mygames-challenges-head = Challenges ({ $n }):
mygames-challenge-to = #{ $id }: { $author } challenges you to { $what } in { $place } (expires { $expires }). Answer with /accept challenge:{ $id } or /decline challenge:{ $id }.
mygames-challenge-from = #{ $id }: your { $open ->
    [yes] open challenge
   *[no] challenge
} ({ $what }, in { $place }) waits for { $open ->
    [yes] takers
   *[no] an answer
} (expires { $expires }).
mygames-lobby = { $game } game { $id } in { $place }: waiting to start
# $timed is yes when the turn has a deadline ($due, a Discord timestamp).
# A game of /mygames: $mine is yes when the reader is to move.
mygames-move = { $mine ->
    [yes] **Your move**: { $game } game { $id } in { $place }
   *[no] { $game } game { $id } in { $place }: { $who } to move
}{ $timed ->
    [yes] , due { $due }
   *[no] {""}
}
mygames-head = Your games ({ $n }): your move in { $mine }.

# Sharing an answer that only its asker saw (issue 27).
button-share = Share
share-by = Shared by { $who }:
share-again = The same answer was posted in this channel { $when }, so here it is for you only.
