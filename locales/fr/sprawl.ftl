# Sprawl : coups refusés, ligne d’état et fin de partie.
# Vocabulaire des règles françaises : tour, ramification, construire, essaimer, réserve,
# neutralisée, viser, encoches ; la variante counting_coup est le « Coup d’État ».

sprawl-form = tower CASE TAILLE | build CASE [TAILLE] | branch CASE DIRECTION TAILLE [from CASE] | spore CASE TAILLE [overload N] | challenge PLACE | retract | stand
sprawl-form-tower = tower CASE TAILLE
sprawl-form-build = build CASE [TAILLE]
sprawl-form-branch = branch CASE DIRECTION TAILLE [from CASE]
sprawl-form-spore = spore CASE TAILLE [overload N]
sprawl-form-challenge = challenge PLACE
sprawl-form-reactions = challenge PLACE | retract | stand
sprawl-not-size = « { $word } » n’est pas une taille : écrivez small, medium ou large (ou 1, 2, 3, ou petit, moyen, grand)
sprawl-diagonal = « { $word } » est une diagonale : une ramification pointe vers n, e, s ou w
sprawl-not-direction = « { $word } » n’est pas une direction : écrivez n, e, s ou w
sprawl-tower-words = tower prend une case et une taille
sprawl-build-words = build prend une case et une taille facultative
sprawl-branch-words = branch prend une case, une direction, une taille et un `from CASE` facultatif
sprawl-not-overload = « { $word } » n’est pas une surcharge : écrivez overload 1 ou overload 2
sprawl-spore-words = spore prend une case, une taille et un `overload N` facultatif
sprawl-not-seat = « { $word } » n’est pas une place de cette partie : écrivez votre numéro de place, de 1 à { $players }
sprawl-no-more-words = « { $word } » ne prend rien d’autre
sprawl-not-a-move = « { $word } » n’est pas un coup de Sprawl

# Une place dans une phrase : « Bleu (place 2) ».
sprawl-seat = { $colour }
sprawl-first-turn = votre première action pose votre tour de départ : tower CASE TAILLE, par exemple tower c3 large
sprawl-tower-first-only = tower n’est que votre première action : maintenant construisez (build), créez une ramification (branch) ou essaimez (spore)
sprawl-no-tower = il n’y a pas de tour en { $square } sur laquelle construire
sprawl-topped-small = la tour en { $square } est coiffée d’une petite pièce : rien ne se pose sur une petite
sprawl-no-open-spore = aucun essaimage ne peut être défié maintenant
sprawl-several-challengers = plusieurs joueurs peuvent défier : écrivez challenge PLACE avec votre numéro de place ({ $seats })
sprawl-no-stash = il ne vous reste aucune { $size ->
    [small] petite pièce
    [medium] pièce moyenne
   *[large] grande pièce
} en réserve
sprawl-not-vacant = la case { $square } n’est pas libre : elle porte une { $holds ->
    [tower] tour
   *[branch] ramification
}
sprawl-retracted-again = après être revenu sur votre coup, vous ne pouvez pas rejouer { $mv } : choisissez une autre action
sprawl-neutralized-build = la tour en { $square } est neutralisée et ne peut plus changer
sprawl-build-not-yours = la tour en { $square } est contrôlée par { $who } : vous ne construisez que sur les tours que vous contrôlez
sprawl-build-not-targeted = la tour en { $square } est contrôlée par { $who } et aucune de vos ramifications actives ne la vise
sprawl-build-size = sur une { $top ->
    [small] petite pièce
    [medium] pièce moyenne
   *[large] grande pièce
}, on construit une { $want ->
    [small] petite
    [medium] moyenne
   *[large] grande
} : build { $square } { $want }
sprawl-branch-points-off = une ramification en { $square } pointant vers { $dir } pointerait hors du plateau : une ramification doit pointer vers une case
sprawl-no-source = rien ne vous permet de faire croître une ramification en { $square } pointant vers { $dir }
sprawl-several-sources = cette ramification peut être issue de { $sources } : ajoutez `from CASE`, par exemple { $mv } from { $first }
sprawl-not-source = { $square } ne peut pas être la source de cette ramification
sprawl-side-not-source = { $from } ne porte aucune ramification pointant vers { $square } : elle ne peut pas être la source de celle-ci
sprawl-wrong-source = { $from } ne peut pas être la source d’une ramification en { $square } pointant vers { $dir } : une ramification pointe au loin de sa source
sprawl-not-targeted = { $square } n’est visée par aucune de vos ramifications actives
sprawl-attacker = la { $size ->
    [small] petite ramification
    [medium] ramification moyenne
   *[large] grande ramification
} en { $square }
sprawl-spore-neutralized = une { $size ->
    [small] petite tour
    [medium] tour moyenne
   *[large] grande tour
} essaimée en { $square } serait aussitôt neutralisée par { $by } : { $safe_count ->
    [0] aucune taille n’y survit
   *[other] une tour n’y survit qu’en taille { $safe }
}
sprawl-overload-off = la construction rapide (overload) n’est pas activée dans cette partie : essaimez une seule pièce
sprawl-overload-size = un essaimage { $size ->
    [small] de petite taille
    [medium] de taille moyenne
   *[large] de grande taille
} ne peut recevoir qu’au plus { $most } { $most ->
    [one] pièce
   *[other] pièces
} de plus : chaque construction est d’une taille inférieure
sprawl-overload-branches = overload { $n } demande { $need } de vos ramifications actives visant { $square } ; vous en avez { $have }
sprawl-source-off-board = une ramification en { $square } pointant vers { $dir } serait issue de hors du plateau : une ramification pointe au loin de la tour ou de la ramification dont elle est issue
sprawl-source-empty = une ramification en { $square } pointant vers { $dir } serait issue de { $from }, qui est vide : une ramification pointe au loin de la tour ou de la ramification dont elle est issue
sprawl-source-tower-not-yours = la tour en { $square } n’est pas à vous : vous ne faites croître des ramifications que depuis vos tours
sprawl-source-neutralized = la tour en { $square } est neutralisée : rien n’en est plus issu
sprawl-source-branch-not-yours = la ramification en { $square } n’est pas à vous
sprawl-source-root-neutralized = la ramification en { $square } est issue de la tour neutralisée en { $root } : plus rien n’en croît
sprawl-source-root-lost = la ramification en { $square } est issue de la tour en { $root }, qu’un autre joueur contrôle désormais
sprawl-source-small = la ramification en { $square } est une petite : une petite ramification ne supporte aucune autre ramification
sprawl-branch-size = une ramification issue d’une { $from ->
    [small] petite
    [medium] moyenne
   *[large] grande
} doit être { $want ->
    [small] petite
    [medium] moyenne
   *[large] grande
} : branch { $square } { $dir } { $want }
sprawl-too-deep = la tour en { $root } compte { $height } { $height ->
    [one] pièce
   *[other] pièces
}, ses ramifications vont donc jusqu’à { $height } de long ; { $square } serait à { $depth } : construisez d’abord sur { $root }

# Coup d’État (R17).
sprawl-coup-off = le Coup d’État (counting_coup) n’est pas activé dans cette partie : il n’y a pas de défi
sprawl-nothing-to-challenge = il n’y a pas d’essaimage à défier : un défi suit un essaimage, avant l’action suivante
sprawl-already-challenged = cet essaimage a déjà été défié : seul le premier défi compte
sprawl-cannot-challenge = { $who } n’a aucune action qui neutraliserait la tour essaimée en { $square } et ne peut donc pas la défier
sprawl-no-challenge = il n’y a pas de défi auquel répondre
sprawl-cannot-retract = vous n’avez pas d’autre action possible, vous ne pouvez donc pas revenir sur votre coup : répondez stand
sprawl-answer-first = { $challenger } a défié l’essaimage joué par { $sporer } en { $square } : il faut d’abord y répondre par retract ou stand
sprawl-no-draws = Sprawl n’a pas de proposition de nulle : continuez, ou abandonnez

sprawl-status-challenged = { $challenger } défie l’essaimage joué par { $sporer } en { $square } : { $sporer } doit répondre `retract` ou `stand`.
sprawl-status-window = Jusqu’à la prochaine action, { $eligible } peut défier l’essaimage joué par { $sporer } en { $square }.
sprawl-status-may-challenge = { $who } (`challenge { $seat }`)
sprawl-status-retracted = { $who } est revenu sur son coup et ne peut pas rejouer `{ $mv }` à ce tour.
sprawl-status-last-round = Dernier tour : { $who } ne pouvait plus jouer ; la partie se termine quand le tour revient à { $who }.

# La fin (R9-R14). $resigned et $tied valent yes ou no.
sprawl-end-stuck = { $who } ne pouvait plus jouer et chaque autre joueur a joué un dernier tour
sprawl-end-nobody = aucun joueur ne peut jouer
sprawl-end-last-left = { $left } et { $last } est le dernier joueur en lice
sprawl-score = { $who } { $score }{ $resigned ->
    [yes] {" "}(abandon)
   *[no] {""}
}
sprawl-end-scores = { $why } ; le score le plus faible l’emporte : { $scores }{ $tied ->
    [yes] {"\u00A0"}; égalité départagée par les tours créditées, puis par les cases contrôlées
   *[no] {""}
}
