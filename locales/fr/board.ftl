# Les mots dessinés dans les images du plateau (et le GIF de la partie).

board-name-label = { $name } ({ $label })
board-resigned = { $name } (abandon)
board-last-move = Dernier coup : { $mv }
board-wins = { $who } gagne
board-draw = Partie nulle
# 1er, 2e, ... (jusqu’à 8e).
board-ordinal = { $n ->
    [1] 1er
   *[other] { $n }e
}

board-pikemen-won = { $count ->
    [one] { $names } gagne : { $reason }
   *[other] { $names } se partagent la victoire : { $reason }
}
board-pikemen-title = Pikemen · premier à { $target } · à { $name } de jouer
board-pikemen-no-move = Aucun coup encore : chaque piquier est dressé
# Le dernier coup et la pièce qu’il a prise ($size small, medium ou large ; $who sa couleur).
board-pikemen-took = { $mv } · a pris le { $size ->
    [small] petit piquier
    [medium] piquier moyen
   *[large] grand piquier
} de { $who }, qui vaut { $points ->
    [one] 1 point
   *[other] { $points } points
}

# $placing vaut yes pendant une mise en place libre.
board-skyscrapers-title = Sky Scrapers · { $placing ->
    [yes] { $who } pose
   *[no] à { $who } de jouer
}
# La lettre sur le disque de chaque joueur.
board-skyscrapers-initial = { $seat ->
    [1] V
   *[2] B
}
board-skyscrapers-placed = { $placed } pions posés sur { $pawns }
board-skyscrapers-tally = { $n } gratte-ciel · le plus haut { $tallest }
board-skyscrapers-legend-stacks = Nombre = hauteur de la pile ; bande = ses pions, de bas en haut (foncé Vert, clair Blanc).
board-skyscrapers-legend-owner = Hexagone = gratte-ciel (4 niveaux ou plus). Propriétaire = couleur du pion du dessus.

# La lettre sur chaque pyramide d’une couleur.
board-battlezone-letter = { $colour ->
    [red] R
    [blue] B
    [green] V
    [yellow] J
   *[black] N
}
board-battlezone-won = Battle Zone · { $who } gagne
board-battlezone-drawn = Battle Zone · partie nulle
board-battlezone-title = Battle Zone · tour { $turn } · à { $who } de jouer
board-battlezone-from-rank = depuis la rangée { $rank }
# Le camp sous le nom du joueur : $label vaut Sud ou Nord.
board-battlezone-side = { $label }, rangée { $rank }
board-battlezone-exited = sorties
board-battlezone-last-roll = Dernier lancer
board-battlezone-dice-of = Dés de { $who }
board-battlezone-die-colour = { $colour ->
    [red] rouge
    [blue] bleu
    [green] vert
    [yellow] jaune
    [black] noir
   *[joker] joker
}
board-battlezone-die-used = { $name } · utilisé
board-battlezone-game-over = partie terminée
board-battlezone-transport = transport depuis { $square } : encore { $left }
board-battlezone-to-use = { $n ->
    [one] { $n } à jouer
   *[other] { $n } à jouer
}
board-battlezone-supply = Réserve
board-battlezone-supply-note = pyramides restantes par couleur et taille (petite, moyenne, grande)
board-battlezone-supply-colour = { $letter } { $colour ->
    [red] rouge
    [blue] bleu
    [green] vert
    [yellow] jaune
   *[black] noir
}
board-battlezone-destroyed = { $n ->
    [one] { $n } détruite
   *[other] { $n } détruites
}
board-battlezone-controlled = { $n ->
    [one] { $n } prise
   *[other] { $n } prises
}
board-battlezone-frozen = { $n ->
    [one] { $n } redressée
   *[other] { $n } redressées
}
board-battlezone-exits = { $mv } (sortie)
# $now vaut yes tant que le tour est en cours.
board-battlezone-actions = { $who }, { $now ->
    [yes] ce tour-ci
   *[no] tour précédent
} : { $actions }
board-battlezone-no-action = Aucune action encore : le plateau commence vide
board-battlezone-legend-south = à Sud
board-battlezone-legend-north = à Nord
board-battlezone-legend-upright = dressée : à personne
board-battlezone-legend-range = portée de la dernière activation

# La lettre sur chaque pièce d’une place (initiale de la couleur ; M comme verMillon, V étant pris par Vert).
board-sprawl-letter = { $seat ->
    [1] O
    [2] B
    [3] V
    [4] R
    [5] J
    [6] C
    [7] M
   *[8] G
}
board-sprawl-won = { $count ->
    [one] { $names } gagne
   *[other] { $names } se partagent la victoire
}
# $answer vaut yes quand un défi attend la réponse du joueur.
board-sprawl-to-move = { $answer ->
    [yes] { $who } doit répondre à un défi
   *[no] à { $who } de jouer
}
board-sprawl-last = Dernier coup : { $mv }
board-sprawl-neutralized = tour de { $owner } en { $square } neutralisée
board-sprawl-new-game = Nouvelle partie : chaque joueur pose sa tour de départ
board-sprawl-legend-towers = Tours : leurs tailles du haut vers le bas dans le coin ({ $large } grande, { $medium } moyenne, { $small } petite).
board-sprawl-legend-branches = Triangles : ramifications.  ✕ : neutralisée (ses ramifications pâlies).
board-sprawl-legend-rings = Anneaux : où { $who } peut essaimer.  Encadré : le dernier coup (fin : ce qu’il a neutralisé).
board-sprawl-panel-title = { $over ->
    [yes] Scores finaux (le plus bas gagne)
   *[no] Réserve (le plus bas gagne)
}
# La taille d’une pièce en une lettre (coins des tours, réserves).
board-sprawl-size = { $size ->
    [large] G
    [medium] M
   *[small] P
}
board-sprawl-cards = { $n } { $n ->
    [one] carte
   *[other] cartes
}
board-sprawl-resigned = abandon
board-sprawl-stuck = bloqué
board-sprawl-credits = { $towers } { $towers ->
    [one] tour neutralisée
   *[other] tours neutralisées
} ({ $pips } encoches)

# La description d’une image de plateau pour les lecteurs d’écran : $pieces liste les pièces dans les mots de la notation.
alt-board = Plateau de { $game }.
alt-seat = { $who } : { $pieces }.
alt-nobody = Sans maître
alt-tower = tour { $square } ({ $sizes })
alt-chart = L’évolution des classements de { $who }, partie après partie.
alt-replay = Les coups de la partie { $id } de { $game }, l’un après l’autre, en animation.
