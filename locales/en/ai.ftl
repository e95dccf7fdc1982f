# Computer players (/addbot) and hints (/hint).
ai-bad-level = There is no level "{ $level }": the levels are easy, medium and hard, e.g. /addbot hard.
ai-host-only = Only the host, { $host }, can seat a computer player.
hint-off = Hints are off in this game. Players agree to them when the game is opened, with /new GAME hints:true (such a game is not rated).
hint-not-your-turn = A hint is for your own turn: ask again when it is your move.
hint-move = Hint: { $mv } (the medium level's move). { $players ->
        [2] Its estimate of your chance to win: { $value }%.
       *[other] Its estimate of your standing: { $value } out of 100 (100 is first place, 0 last).
    }
hint-lobby-on = Hints are on: any player may ask /hint on their turn. This game is not rated.
hint-rated-conflict = A game with hints cannot be rated: leave out rated:true, or hints:true.
hint-bad-option = hints is true or false, not "{ $value }": e.g. /new pikemen hints:true.
ai-only-bots-left = Only computer players are left, so the game ends here, without a result and unrated.
# A computer player's name: $level is easy, medium or hard; $n counts the players of that level.
ai-name = Plateau { $level }{ $n ->
    [1] {""}
   *[other] {" "}#{ $n }
}
