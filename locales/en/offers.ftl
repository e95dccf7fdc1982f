# Between players: /undo, /draw, /accept, /decline, /abort, /rematch.
# $kind is draw or undo; $moves the moves an undo takes back.

offer-describe = { $own ->
    [yes] the { $kind ->
        [draw] draw offer
       *[undo] request to take back { $moves }
    }
   *[no] { $who }'s { $kind ->
        [draw] draw offer
       *[undo] request to take back { $moves }
    }
}
offer-still-pending = { $offer } is still waiting for answers: it must be accepted or declined (/accept, /decline) before another offer.
offer-race = The game changed at the same moment; check /board and try again.
# $opponents: how many must answer.
offer-made = { $kind ->
    [draw] { $who } offers a draw.
   *[undo] { $who } asks to take back { $moves }.
} { $pings }: /accept or /decline{ $opponents ->
    [1] {""}
   *[other] {" "}(all of you must accept)
}. Any move { $kind ->
    [draw] by an opponent declines it
   *[undo] cancels the request
}.
offer-no-draw = A draw cannot be offered in this game: { $error }.
offer-moot = The game has changed since that offer was made, so it lapses. Make it again if it still stands (/undo, /draw).
offer-yours = You made { $offer }: the other players answer it. To withdraw it, /decline.
offer-not-playing = You are no longer playing in this game, so you cannot answer.
offer-already-accepted = You have already accepted { $offer }; the others have yet to answer.
offer-answer-race = That offer was answered at the same moment; see /history.
offer-accepts-waiting = { $who } accepts { $offer }. Waiting for { $waiting }: /accept or /decline.
# $everyone is yes when several opponents accepted.
offer-accepted = { $everyone ->
    [yes] Everyone accepts
   *[no] { $who } accepts
} { $offer }.
offer-draw-failed = The draw cannot be agreed: { $error }.
offer-withdraws = { $who } withdraws { $offer }.
offer-declines = { $who } declines { $offer }.
offer-none = There is no offer waiting for an answer in this game. Offer a draw with /draw, or ask to take back a move with /undo.
offer-draw-lapses = The draw offer lapses.
offer-draw-declined-by-move = That declines the draw offer.
offer-undo-lapses = The request to take back lapses.
offer-abort-host-only = Only the host, { $host }, or a moderator can abort this table; you can /leave it.
offer-abort-race-table = The table changed at the same moment; try again.
offer-aborts-table = { $who } aborts the { $game } table. Start another with /new.
offer-abort-not-yours = This is not your game (the players are { $names }): only its players, before everyone has moved, or a moderator can abort it.
offer-abort-too-late = Every player has moved, so the game can no longer be aborted: play on, offer a draw with /draw, or /resign.
offer-abort-race-game = The game changed at the same moment; try again.
offer-aborts-game = { $who } aborts the { $game } game { $id }: it ends without a result. /rematch plays it again with the same players, /new starts another.
offer-aborts-damaged = { $who } aborts game { $id }, whose record could not be loaded. /new starts another here.
offer-rematch-open = A { $game } game is already open in this channel (see /board): a rematch comes after it ends.
offer-rematch-none = There is no finished game in this channel to rematch. Start one with /new.
offer-rematch-not-yours = Only the players of the last game (game { $id }) can ask for its rematch; start your own with /new.
offer-rematch-unknown = That game is unknown.
offer-rematch-race = A game was opened in this channel at the same moment; see /board.
offer-rematch-vanished = The new game vanished.
offer-rematch = { $agreed ->
    [yes] Everyone agreed to a rematch of game { $old }: { $game } game { $id } begins, seats rotated: { $seats }.
   *[no] { $who } starts a rematch of game { $old }: { $game } game { $id } begins, seats rotated: { $seats }.
}
rematch-offered = { $who } offers a rematch of game { $old }: { $game } again, with the same players and settings and the seats rotated. { $others }: accept with /rematch or the button; /decline says no.
rematch-accepts = { $who } accepts the rematch. Waiting for { $waiting }.
rematch-said-yes = You have already said yes to this rematch: waiting for { $waiting }.
rematch-declined = { $own ->
    [yes] { $who } withdraws the offer of a rematch of game { $old }.
   *[no] { $who } declines the rematch of game { $old }.
}
rematch-race = Someone answered the rematch at the same moment: try /rematch again.
button-accept = Accept
button-decline = Decline

undo-nothing = You have no move to take back.
undo-dice-rolled = Your turn is over and { $who } has rolled: in Battle Zone a finished turn cannot be taken back, since it would be played again knowing the dice to come. Within your turn, /undo takes back your actions.
undo-blocked = Your last move cannot be taken back: the game has changed since in a way undo cannot reverse (action { $ply }: { $kind }).
undo-cannot = That cannot be taken back: { $error }.
undo-takes-back = { $who } takes back { $moves }.
undo-whose-move = { $who }'s { $mv }
