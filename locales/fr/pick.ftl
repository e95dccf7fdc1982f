# Le sélecteur de coup (/pick et le bouton Jouer d’un plateau)
pick-head = À vous de jouer : choisissez votre coup étape par étape.
pick-so-far = Choisi jusqu’ici : { $words }
pick-left = { $n ->
    [one] encore 1 coup possible
   *[other] encore { $n } coups possibles
}
pick-confirm-line = Appuyez sur le bouton pour jouer { $mv }.
pick-confirm = Jouer { $mv }
pick-back = Retour
pick-cancel = Annuler
pick-more = Suite…
pick-option-moves = { $n ->
    [one] 1 coup
   *[other] { $n } coups
}
pick-choose = Choisissez { $parts }
pick-part = { $part ->
    [action] une action
    [piece] une pièce
    [target] une case d’arrivée
    [facing] une orientation
    [square] une case
    [tower] une tour
    [size] une taille
    [direction] une direction
    [source] la branche d’où elle part
    [overload] une surcharge
    [seat] qui conteste
    [stack] une pile
    [destination] une destination
    [vertex] une intersection
    [pyramid] une pyramide
    [colour] une couleur
    [joker] s’il faut payer avec le joker
    [die] un dé
    [move] un coup
    [group] quoi jouer
   *[next] la suite
}
pick-stop = { $part ->
    [facing] garder l’orientation
    [joker] sans joker
    [overload] sans surcharge
    [source] la branche habituelle
   *[other] s’arrêter là
}
pick-cancelled = Sélecteur de coup fermé.
pick-stale = Ce sélecteur n’est plus à jour : la position a changé depuis son ouverture. Appuyez sur Jouer pour en ouvrir un nouveau.
pick-not-your-turn = Ce n’est pas votre tour : c’est à { $who } de jouer. Le sélecteur s’ouvre pour qui doit jouer.
pick-bad-path = Aucun coup possible ne continue par « { $word } » ici. Ouvrez le sélecteur avec /pick seul, ou voyez les coups possibles avec /moves.
pick-dice = Dés à jouer : { $dice }.
pick-die = { $die } { $colour ->
    [red] rouge
    [blue] bleu
    [green] vert
    [yellow] jaune
    [black] noir
   *[joker] joker (toutes couleurs)
}
# Ce que prend ou neutralise un coup choisi, dit dans le sélecteur : $list est une liste de pick-hit.
pick-hits = { $kind ->
    [neutralise] neutralise
    [hit] touche
   *[capture] prend
} { $list }
# $game : sprawl, skyscrapers ou battlezone.
pick-hit = { $game ->
    [sprawl] la pièce
    [skyscrapers] la pile
   *[other] la pyramide
} de { $who } en { $square }
pick-captures = { $from } → { $to }, prend { $size ->
    [small] le petit
    [medium] le moyen
   *[large] le grand
} de { $who }
