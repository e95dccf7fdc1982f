# Battle Zone : coups refusés, ligne d’état et fin de partie. Vocabulaire des règles
# françaises : dés, ligne de départ, portée, contrôler, améliorer, déclasser, activer, réserve.
# $colour vaut red, blue, green, yellow ou black ; $power destroy, control, upgrade, transport
# ou freeze ; $size small, medium ou large.

battlezone-form = place CASE COULEUR | control CASE | upgrade CASE | activate CASE | move CASE DIRECTION (chacun avec joker facultatif) | skip DÉ | transport DÉPART ARRIVÉE | done
battlezone-form-place-short = place CASE COULEUR
battlezone-form-move-short = move CASE DIRECTION
battlezone-form-place = place CASE COULEUR [joker]
battlezone-form-square = control|upgrade|activate CASE [joker]
battlezone-form-move = move CASE DIRECTION [joker]
battlezone-form-skip = skip DÉ
battlezone-form-transport = transport DÉPART ARRIVÉE
battlezone-form-done = done
battlezone-not-colour = « { $word } » n’est pas une couleur (rouge, bleu, vert, jaune, noir)
battlezone-not-direction = « { $word } » n’est pas une direction (n ne e se s sw w nw)
battlezone-not-die = « { $word } » n’est pas une valeur de dé (1-6)
battlezone-place-words = place prend une case et une couleur
battlezone-one-square = { $verb } prend une seule case
battlezone-move-words = move prend une case et une direction (la distance est la taille de la pyramide)
battlezone-skip-words = skip prend une valeur de dé
battlezone-transport-words = transport prend deux cases
battlezone-done-words = done ne prend rien
battlezone-not-an-action = « { $word } » n’est pas une action de Battle Zone

battlezone-colour = { $colour ->
    [red] rouge
    [blue] bleu
    [green] vert
    [yellow] jaune
   *[black] noir
}
# « place 1 (Sud) » dans les refus, « Sud (place 1) » dans la ligne d’état.
battlezone-seat = { $name }
battlezone-who = { $name }
battlezone-unused-dice = dés libres : { $count ->
    [0] aucun
   *[other] { $dice }
}
battlezone-joker-needs-6 = joker demande un 6 libre ({ $unused })
battlezone-no-die-for = aucun dé libre ne montre le { $colour ->
    [red] rouge
    [blue] bleu
    [green] vert
    [yellow] jaune
   *[black] noir
} ({ $die }) ni le 6 ({ $unused })
battlezone-no-die = aucun dé libre ne montre { $die } ({ $unused })
battlezone-empty = { $square } est vide : { $verb } demande une pyramide sur cette case
battlezone-transport-itself = { $square } est la pyramide jaune elle-même, qui n’est pas à sa propre portée
battlezone-transport-out = { $square } est hors de portée de la pyramide jaune en { $yellow } (rayon { $radius })
battlezone-transport-empty = { $square } est vide : désignez une case qui porte une pyramide
battlezone-transport-again = la pyramide en { $square } a déjà été transportée à cette étape
battlezone-transport-occupied = { $square } est occupée : une pyramide est transportée sur une case vide
battlezone-transport-first = terminez d’abord le transport de la pyramide jaune en { $square } : `transport DÉPART ARRIVÉE` (encore { $left }) ou `done`
battlezone-no-transport = il n’y a pas d’étape de transport en cours : `transport` et `done` suivent l’activation d’une pyramide jaune
battlezone-not-home = { $square } n’est pas sur votre ligne de départ : { $who } pose sur la rangée { $rank }
battlezone-place-occupied = { $square } est occupée : posez sur une case vide de votre ligne
battlezone-supply-empty = la réserve n’a plus de pyramide { $colour ->
    [red] rouge
    [blue] bleue
    [green] verte
    [yellow] jaune
   *[black] noire
} { $size ->
    [small] de petite taille
    [medium] de taille moyenne
   *[large] de grande taille
}
battlezone-already-controlled = la pyramide en { $square } est déjà contrôlée par { $who } : control prend une pyramide dressée (une activation bleue les prend toutes)
battlezone-upgrade-theirs = la pyramide en { $square } est contrôlée par { $who } : améliorez l’une des vôtres ou une pyramide dressée
battlezone-already-large = la pyramide en { $square } est déjà grande
battlezone-activate-theirs = la pyramide en { $square } est contrôlée par { $who } : activez l’une des vôtres ou une pyramide dressée
battlezone-upright-small = la pyramide en { $square } est une petite dressée : une pyramide dressée s’active en la déclassant, et une petite ne peut pas l’être
battlezone-downgrade-supply = activer la { $size ->
    [small] petite
    [medium] moyenne
   *[large] grande
} dressée en { $square } la déclasse, mais la réserve n’a plus de pyramide { $colour ->
    [red] rouge
    [blue] bleue
    [green] verte
    [yellow] jaune
   *[black] noire
} { $smaller ->
    [small] de petite taille
    [medium] de taille moyenne
   *[large] de grande taille
}
battlezone-whose-nobody = dressée (contrôlée par personne)
battlezone-whose = contrôlée par { $who }
battlezone-move-theirs = la pyramide en { $square } est { $whose } : vous ne déplacez que les pyramides que vous contrôlez
battlezone-move-blocked = une { $size ->
    [small] petite
    [medium] moyenne
   *[large] grande
} se déplace d’exactement { $n } { $n ->
    [one] case
   *[other] cases
} : vers { $dir } depuis { $from }, elle s’arrêterait en { $to }, qui est occupée
battlezone-move-side = une { $size ->
    [small] petite
    [medium] moyenne
   *[large] grande
} se déplace d’exactement { $n } { $n ->
    [one] case
   *[other] cases
} : vers { $dir } depuis { $from }, elle sortirait par un côté ; une pyramide ne sort qu’en dépassant la ligne de départ adverse
battlezone-move-own-line = vers { $dir } depuis { $from }, elle franchirait votre propre ligne de départ ; une pyramide ne sort qu’en dépassant celle de l’adversaire

# La ligne d’état. $dice : les phrases battlezone-die* des dés libres (au nombre de $count).
battlezone-status = { $who } a lancé { $roll }.{ $count ->
    [0] {""}
   *[other] {" "}{ $dice }
} Tout dé libre peut être abandonné (`skip N`).
battlezone-status-last-roll = Dernier lancer : { $roll }.
battlezone-status-transport = { $who } : transport de la pyramide jaune en { $square } (portée { $radius }) : encore jusqu’à { $left } `transport DÉPART ARRIVÉE` vers des cases vides de cette portée, ou `done`.
# $uses : ce que le dé permet (au nombre de $count).
battlezone-die = Dé { $die } { $colour ->
    [red] rouge
    [blue] bleu
    [green] vert
    [yellow] jaune
   *[black] noir
} : { $count ->
    [0] rien pour l’instant (abandonnez-le)
   *[other] { $uses }
}.
battlezone-die-joker-covered = Dé 6 joker : n’importe quelle couleur, donc aussi les actions ci-dessus (ajoutez ` joker` pour y dépenser le 6){ $count ->
    [0] {""}
   *[other] {"\u00A0"}; autres couleurs : { $uses }
}.
battlezone-die-joker = Dé 6 joker{ $count ->
    [0] {"\u00A0"}: rien pour l’instant (abandonnez-le)
   *[other] {" "}(n’importe quelle couleur) : { $uses }
}.
battlezone-use-place = place sur la rangée { $rank }
battlezone-use-place-colours = place { $colours } sur la rangée { $rank }
battlezone-use-verb = { $verb } { $squares }
battlezone-use-activate = { $square } ({ $power ->
    [destroy] destruction
    [control] contrôle
    [upgrade] amélioration
    [transport] transport
   *[freeze] immobilisation
}, portée { $radius })

battlezone-end-exited = les cinq couleurs sont sorties
battlezone-end-turn-limit = limite de { $limit } tours atteinte ; sorties (Sud-Nord) : couleurs { $colours_south }-{ $colours_north }, pyramides { $pyramids_south }-{ $pyramids_north }
