# Une partie en cours : coups, /resign, /board, /moves, et le message du plateau.

play-scores = Scores : { $scores }.
play-to-move = À { $who } de jouer.
# $kind vaut one (un gagnant), shared, draw ou nobody ; $names les gagnants.
play-game-over = Partie terminée, { $kind ->
    [one] { $names } gagne
    [shared] { $names } se partagent la victoire
    [draw] nulle entre { $names }
   *[nobody] personne ne gagne
} : { $reason }.
play-only-seat = Seul { $who } peut jouer « { $text } ». Vous jouez { $me }.
play-not-your-turn = Ce n’est pas votre tour : c’est à { $who } de jouer. Vous jouez { $me } ; attendez votre tour.
play-game-over-short = La partie est terminée.
play-stopped = La partie s’est arrêtée ici, sans résultat.
play-played = { $who } a joué { $mv }.
play-you-played = Vous avez joué { $mv }.
play-you-played-bot-next = Vous avez joué { $mv }. { $bot } joue ensuite : son message montre le plateau avec votre coup.
play-cannot-resign = Vous ne pouvez pas abandonner maintenant : { $error }.
play-resigns = { $who } abandonne.
play-race = Une autre action a été jouée dans cette partie au même moment : la vôtre n’a pas été jouée. Regardez /board et réessayez.
play-not-started = La partie de { $game } n’a pas encore commencé : { $host } la lance avec /start.
play-not-started-join = La partie de { $game } n’a pas encore commencé : { $host } la lance avec /start une fois que tout le monde l’a rejointe.
play-board-head = { $game }, partie { $id }, après { $n } { $n ->
    [one] coup
   *[other] coups
}.
# $mine vaut yes quand c’est au lecteur de jouer.
play-moves-head = { $mine ->
    [yes] À vous de jouer
   *[no] À { $who } de jouer
} : { $n } coups possibles. Jouez-en un avec les commandes du jeu ou /play COUP.
play-not-a-player = Vous ne jouez pas dans cette partie (les joueurs sont { $names }). Vous pouvez la suivre, ou lancer la vôtre dans un autre salon avec /new.
# $illegal vaut yes pour un coup que les règles interdisent (pas une faute de frappe).
play-cannot-play = Impossible de jouer « { $text } » : { $error }.{ $illegal ->
    [yes] {" "}Voyez les coups possibles avec /moves.
   *[no] {""}
}
play-status-cut = … (la liste complète : /moves)
play-as-is = (tel quel)
play-more-lines = … et { $n } lignes de plus : tapez /play et laissez l’autocomplétion proposer.
button-moves = Coups possibles
button-my-view = Ma vue
button-move = Jouer
button-rematch = Revanche
play-unrated-early = Partie non classée : une partie classée ne compte qu’une fois que chaque joueur a joué un coup.
