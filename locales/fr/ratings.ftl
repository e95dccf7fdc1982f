# Classements Elo, tableaux des meilleurs et statistiques (src/rating/views.rs).

rating-store-failed = Je n’ai pas pu lire les classements pour l’instant. Réessayez dans un moment.
rating-no-such-game = Il n’y a pas de jeu nommé « { $game } ». Jeux : { $games } ; par exemple /leaderboard pikemen.
rating-unknown-player = Personne du nom de { $who } n’a joué ici. Nommez un joueur qui a terminé une partie, par exemple /rating @nom, ou ne donnez pas d’utilisateur pour votre propre classement.
rating-none = { $who } n’a pas encore de classement : il vient des parties classées terminées (toute partie /new est classée, sauf avec rated:false).
rating-none-in-game = { $who } n’a pas encore de classement à { $game }. Jouez une partie classée (/new { $id }) ou demandez /rating sans jeu pour voir tous les classements.
rating-head = **Classement de { $who }**
rating-line = { $game } : **{ $rating }** (±{ $deviation }), { $ranks } ; { $games ->
    [one] 1 partie
   *[other] { $games } parties
} : { $wins ->
    [one] { $wins } victoire
   *[other] { $wins } victoires
}, { $draws ->
    [one] { $draws } nulle
   *[other] { $draws } nulles
}, { $losses ->
    [one] { $losses } défaite
   *[other] { $losses } défaites
}{ $best }{ $streak }
rating-ranks = { $server }e sur ce serveur, { $global }e au monde
rating-provisional = provisoire (pas de rang tant qu’il n’est pas stabilisé)
rating-best-win = ; meilleure victoire { $rating } contre { $who } (partie { $id })
rating-streak-wins = ; { $n ->
    [one] 1 victoire
   *[other] { $n } victoires
} d’affilée
rating-streak-losses = ; { $n ->
    [one] 1 défaite
   *[other] { $n } défaites
} d’affilée
# Fin d’une partie classée : une ligne par joueur.
rating-changes = Classements : { $list }.
rating-change = { $who } { $before } -> { $after } ({ $delta })
rating-bad-option = rated vaut true ou false, pas « { $value } » ; par exemple /new pikemen 2 rated:false pour une partie amicale.

leaderboard-bad-scope = scope vaut server ou global, pas « { $scope } » ; par exemple /leaderboard pikemen global.
leaderboard-empty = Pas encore de classement stabilisé à { $game } { $scope ->
    [server] sur ce serveur
   *[global] nulle part
} : un classement se stabilise après quelques parties classées (d’ici là, il s’affiche avec un « ? »).
leaderboard-no-page = Il n’y a pas de page { $page } : le tableau compte { $pages ->
    [one] 1 page
   *[other] { $pages } pages
}. Essayez /leaderboard { $id } page:1.
leaderboard-head = **Meilleurs joueurs de { $game }, { $scope ->
    [server] sur ce serveur
   *[global] au monde
}** ({ $players ->
    [one] 1 joueur
   *[other] { $players } joueurs
}, page { $page } sur { $pages })
leaderboard-row = { $rank }. { $who } : { $rating }, { $games ->
    [one] 1 partie
   *[other] { $games } parties
}, { $trend } en 30 jours
leaderboard-more = Suite : /leaderboard { $id } page:{ $next }
# Après les cotes stabilisées : $list contient des leaderboard-provisional-row ; $n est le nombre
# de parties classées qui stabilisent d’ordinaire une cote.
leaderboard-provisional = Cotes provisoires (une cote se stabilise après environ { $n } parties classées) : { $list }.
leaderboard-provisional-row = { $who } { $rating } ({ $games ->
    [one] 1 partie
   *[other] { $games } parties
})

stats-none = { $who } n’a pas encore terminé de partie.
stats-head = **Statistiques de { $who }**
stats-line = { $game } : { $games ->
    [one] 1 partie
   *[other] { $games } parties
} ({ $wins ->
    [one] { $wins } victoire
   *[other] { $wins } victoires
}, { $draws ->
    [one] { $draws } nulle
   *[other] { $draws } nulles
}, { $losses ->
    [one] { $losses } défaite
   *[other] { $losses } défaites
}){ $pace ->
    [none] {""}
   *[other] , { $pace } par coup en moyenne
}{ $timeouts ->
    [0] {""}
    [one] , 1 perdue au temps
   *[other] , { $timeouts } perdues au temps
}
stats-opponents = Adversaires les plus fréquents : { $list }
stats-opponent = { $who } ({ $games })
stats-chart-title = Classement de { $who }
stats-no-chart = Pas encore de partie classée, donc pas de courbe.
leaderboard-which-game = Quel jeu ? Nommez-en un : /leaderboard JEU, où JEU est l’un de { $games }.
rating-none-stranger = Ce joueur n’a pas encore terminé de partie classée ici : le classement vient des parties classées terminées.
stats-none-stranger = Ce joueur n’a pas encore terminé de partie ici.
