# Pikemen : coups refusés et fins de partie. Les pièces sont des piquiers (pyramides).

pikemen-form = turn CASE ORIENTATION | move DÉPART ARRIVÉE [ORIENTATION]
pikemen-form-turn = turn CASE ORIENTATION
pikemen-form-move = move DÉPART ARRIVÉE [ORIENTATION]
pikemen-not-facing = « { $word } » n’est pas une orientation (n ne e se s sw w nw, ou up pour dressé)
pikemen-turn-words = turn prend une case et une orientation
pikemen-move-words = move prend une case, une arrivée et une orientation facultative
pikemen-not-a-move = « { $word } » n’est pas un coup de Pikemen

# Une place dans une phrase : « Bleu (place 2) ».
pikemen-seat = { $colour }
pikemen-empty = la case { $square } est vide
pikemen-not-yours = le piquier en { $square } appartient à { $owner } ; vous jouez { $me }
pikemen-turn-same = { $facing ->
    [up] le piquier en { $square } est déjà dressé
   *[other] le piquier en { $square } pointe déjà vers { $facing }
} : une réorientation doit changer l’orientation
pikemen-upright = le piquier en { $square } est dressé et ne peut pas se déplacer : orientez-le d’abord
pikemen-off-line = { $to } n’est pas sur la ligne de charge du piquier en { $from } (il pointe vers { $facing })
pikemen-blocked = le piquier en { $square } barre le chemin : une charge ne peut pas sauter
pikemen-own-piece = { $square } est occupée par votre propre piquier
pikemen-cannot-capture = votre { $size ->
    [small] petit piquier
    [medium] piquier moyen
   *[large] grand piquier
} en { $from } ne peut pas capturer en { $to } : { $why }
pikemen-rps-large-small = avec rps, un grand ne capture jamais un petit
pikemen-upright-needs-larger = un { $size ->
    [small] petit piquier
    [medium] piquier moyen
   *[large] grand piquier
} dressé ne peut être capturé que par un plus grand
pikemen-reached = { $who } atteint { $points } points
pikemen-one-army = il ne reste qu’une armée sur le plateau
pikemen-quiet = { $limit } actions sans capture
