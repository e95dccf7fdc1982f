# Avant le premier coup : /new, /join, /leave, /start.

lobby-no-game = Il n’y a pas de partie dans ce salon. Lancez-en une avec /new JEU [joueurs] (jeux : { $games }), par exemple /new pikemen 2.
lobby-game-ended = Partie { $id } ({ $game }) : { $outcome } Lancez-en une autre avec /rematch ou /new.
lobby-game-stopped = La partie { $id } ({ $game }) a été arrêtée sans résultat. Lancez-en une autre avec /rematch ou /new.
lobby-cannot-load = La partie de ce salon ne peut pas être chargée : { $error }
lobby-damaged = La partie de ce salon (partie { $game }) ne peut pas être chargée : son relevé est endommagé ({ $why }). Les autres parties ne sont pas touchées. Un modérateur peut la terminer avec /abort, pour que /new puisse en lancer une autre ici.
lobby-no-such-game = Il n’y a pas de jeu nommé « { $game } » : les jeux sont { $games }. Par exemple { $command ->
    [challenge] /challenge pikemen @bob
    [seek] /seek pikemen
    [tournament] /tournament create pikemen
   *[other] /new pikemen 2
}.
lobby-bad-player-count = { $game } se joue à { $range }, pas à { $got }. Par exemple /new { $id } { $min }.
lobby-players-range = { $min }-{ $max } joueurs
lobby-bad-option = { $error }. Les options s’écrivent nom:valeur, par exemple /new { $id } { $min } { $example }.
lobby-cannot-set-up = { $game } ne peut pas être mis en place : { $error }.
lobby-race-new = Une partie a été ouverte dans ce salon au même moment ; voyez /board ou rejoignez-la avec /join.
lobby-race = La table a changé au même moment ; réessayez { $command }.
lobby-size = pour { $n } joueurs
lobby-size-range = { $range }
# $options : les options du jeu données (`target=15`), au nombre de $count.
lobby-opens = { $who } ouvre une table de { $game } { $size }{ $count ->
    [0] {""}
   *[other] {" "}({ $options })
}.
lobby-already-joined = Vous avez déjà rejoint cette table. { $status }
lobby-full = Cette table est complète ({ $n } joueurs). Ouvrez la vôtre dans un autre salon avec /new.
lobby-joins = { $who } rejoint la table de { $game }.
lobby-leave-started = La partie a commencé : vous ne pouvez plus la quitter, mais vous pouvez abandonner avec /resign.
lobby-leave-not-joined = Vous n’avez pas rejoint cette table : il n’y a rien à quitter.
lobby-leaves-closed = { $who } s’en va ; la table est vide et fermée. Ouvrez-en une autre avec /new.
lobby-leaves = { $who } quitte la table.
lobby-new-host = L’hôte est désormais { $host }.
lobby-start-host-only = Seul l’hôte, { $host }, peut lancer cette partie.
lobby-not-ready = Il faut { $need } pour lancer { $game } ; { $n } pour l’instant. Les autres rejoignent avec /join.
# $order vaut random ou join.
lobby-begins = La partie de { $game } commence (places { $order ->
    [join] dans l’ordre d’arrivée
   *[random] tirées au sort
}). Places : { $seats }.
lobby-already-open = Une table de { $game } est déjà ouverte dans ce salon (hôte : { $host }) : rejoignez-la avec /join, ou attendez qu’elle se termine. Une partie par salon.
lobby-already-running = Une partie de { $game } est déjà en cours dans ce salon : voyez-la avec /board. Une partie par salon ; lancez la vôtre dans un autre salon ou quand celle-ci sera finie.
# $command vaut join, leave ou start.
lobby-started = { $command ->
    [addbot] La partie de { $game } a déjà commencé ici : les joueurs de l’ordinateur prennent place avant /start. Pour jouer contre l’ordinateur, ouvrez une table avec /new, puis /addbot, puis /start.
   *[other] La partie de { $game } a déjà commencé ici : vous ne pouvez plus { $command ->
        [join] la rejoindre
        [leave] la quitter
       *[start] la lancer
    }. Voyez-la avec /board.
}
lobby-count-range = { $n } sur { $min }-{ $max }
lobby-ready = { $host } peut lancer la partie avec /start.
lobby-join-hint = Rejoignez-la avec /join.
lobby-status = Joueurs ({ $count }) : { $names }. { $next }
button-join = Rejoindre
button-start = Lancer
