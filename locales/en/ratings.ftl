# Ratings, leaderboards and statistics (src/rating/views.rs).

rating-store-failed = I could not read the ratings just now. Please try again in a moment.
rating-no-such-game = There is no game called "{ $game }". Games: { $games }; e.g. /leaderboard pikemen.
rating-unknown-player = Nobody called { $who } has played here. Name a player who has finished a game, e.g. /rating @name, or leave the user out for your own.
rating-none = { $who } has no rating yet: ratings come from finished rated games (every /new game is rated unless it says rated:false).
rating-none-in-game = { $who } has no { $game } rating yet. Play a rated game (/new { $id }) or ask /rating without a game to see every rating.
rating-head = **Ratings of { $who }**
rating-line = { $game }: **{ $rating }** (±{ $deviation }), { $ranks }; { $games ->
    [one] 1 game
   *[other] { $games } games
}: { $wins } won, { $draws } drawn, { $losses } lost{ $best }{ $streak }
rating-ranks = #{ $server } on this server, #{ $global } worldwide
rating-provisional = provisional (not ranked until it settles)
rating-best-win = ; best win { $rating } against { $who } (game { $id })
rating-streak-wins = ; { $n ->
    [one] 1 win
   *[other] { $n } wins
} in a row
rating-streak-losses = ; { $n ->
    [one] 1 loss
   *[other] { $n } losses
} in a row
# End of a rated game: one line per player.
rating-changes = Ratings: { $list }.
rating-change = { $who } { $before } -> { $after } ({ $delta })
rating-bad-option = rated is true or false, not "{ $value }"; e.g. /new pikemen 2 rated:false for a friendly game.

leaderboard-bad-scope = scope is server or global, not "{ $scope }"; e.g. /leaderboard pikemen global.
leaderboard-empty = No settled { $game } ratings { $scope ->
    [server] on this server
   *[global] anywhere
} yet: a rating settles after a few rated games (until then it shows with a "?").
leaderboard-no-page = There is no page { $page }: the leaderboard has { $pages ->
    [one] 1 page
   *[other] { $pages } pages
}. Try /leaderboard { $id } page:1.
leaderboard-head = **{ $game } leaderboard, { $scope ->
    [server] this server
   *[global] worldwide
}** ({ $players ->
    [one] 1 player
   *[other] { $players } players
}, page { $page } of { $pages })
leaderboard-row = { $rank }. { $who }: { $rating }, { $games ->
    [one] 1 game
   *[other] { $games } games
}, { $trend } in 30 days
leaderboard-more = Next: /leaderboard { $id } page:{ $next }
# After the settled ratings: $list holds leaderboard-provisional-row items; $n is how many rated
# games usually settle a rating.
leaderboard-provisional = Provisional (a rating settles after about { $n } rated games): { $list }.
leaderboard-provisional-row = { $who } { $rating } ({ $games ->
    [one] 1 game
   *[other] { $games } games
})

stats-none = { $who } has not finished a game yet.
stats-head = **Statistics of { $who }**
stats-line = { $game }: { $games ->
    [one] 1 game
   *[other] { $games } games
} ({ $wins } won, { $draws } drawn, { $losses } lost){ $pace ->
    [none] {""}
   *[other] , { $pace } a move on average
}{ $timeouts ->
    [0] {""}
    [one] , 1 lost on time
   *[other] , { $timeouts } lost on time
}
stats-opponents = Played most with: { $list }
stats-opponent = { $who } ({ $games })
stats-chart-title = Ratings of { $who }
stats-no-chart = No rated game yet, so no rating chart.
leaderboard-which-game = Which game? Name one: /leaderboard GAME, with GAME one of { $games }.
rating-none-stranger = That player has not finished a rated game here yet: ratings come from finished rated games.
stats-none-stranger = That player has not finished a game here yet.
