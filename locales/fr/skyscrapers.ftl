# Sky Scrapers : coups refusés, ligne d’état et fin de partie. Vocabulaire des règles
# françaises : pion, sommet, tablier, gratte-ciel (invariable), niveaux.
# $dir vaut east, west, north-east, north-west, south-east ou south-west.

skyscrapers-form = move DÉPART ARRIVÉE | move DÉPART DIRECTION | place SOMMET
skyscrapers-form-move = move DÉPART ARRIVÉE | move DÉPART DIRECTION
skyscrapers-form-place = place SOMMET
skyscrapers-bad-vertex = « { $text } » n’est pas un sommet : écrivez une lettre puis une rangée 1-7 (a1-c1, a2-d2, a3-e3, a4-f4, a5-e5, a6-d6, a7-c7), par exemple c4
skyscrapers-off-rows = { $vertex } n’est pas sur le tablier : les rangées vont de 1 à 7
skyscrapers-off-row = { $vertex } n’est pas sur le tablier : la rangée { $row } va de a{ $row } à { $last }{ $row }
skyscrapers-north-south = « { $word } » : le nord et le sud ne sont pas des directions sur ce tablier (les rangées sont horizontales) ; utilisez e, w, ne, nw, se ou sw
skyscrapers-not-direction = « { $word } » n’est ni un sommet ni une direction (e, w, ne, nw, se, sw)
skyscrapers-place-words = place prend un sommet
skyscrapers-move-needs = move demande un sommet d’arrivée ou une direction après le sommet de la pile
skyscrapers-move-words = move prend le sommet de la pile, puis une arrivée ou une direction
skyscrapers-not-an-action = « { $word } » n’est pas une action de Sky Scrapers

skyscrapers-along-empty = { $vertex } est vide : il n’y a pas de pile à en déplacer
skyscrapers-along-off = une pile de { $height } se déplace d’exactement { $height } { $height ->
    [one] pas
   *[other] pas
} : vers { $dir ->
    [east] l’est
    [west] l’ouest
    [north-east] le nord-est
    [north-west] le nord-ouest
    [south-east] le sud-est
   *[south-west] le sud-ouest
} depuis { $from }, elle quitte le tablier après { $inside }
skyscrapers-disagree = la pile en { $from } allant vers { $dir ->
    [east] l’est
    [west] l’ouest
    [north-east] le nord-est
    [north-west] le nord-ouest
    [south-east] le sud-est
   *[south-west] le sud-ouest
} arrive en { $there }, pas en { $to } : donnez soit l’arrivée, soit la direction
skyscrapers-still-placing = la mise en place libre continue (vous avez posé { $placed } de vos { $pawns } pions) : posez un pion sur un sommet vide avec `place SOMMET`
skyscrapers-pawns-need-free = pawns={ $pawns } demande setup=free : la mise en place standard remplit le tablier de 15 pions chacun (section 6)
# $setup vaut standard ou free.
skyscrapers-no-placing = { $setup ->
    [standard] la mise en place standard commence avec tous les pions sur le tablier
   *[free] tous les pions ont été posés
} : déplacez une pile avec `move DÉPART ARRIVÉE`
skyscrapers-occupied = { $vertex } porte déjà un pion : posez le vôtre sur un sommet vide
skyscrapers-from-empty = { $vertex } est vide : déplacez une de vos propres piles
skyscrapers-not-yours = la pile en { $vertex } est à { $owner } (son pion du dessus est { $owner }) ; vous jouez { $me }
skyscrapers-same-vertex = une pile ne peut pas se déplacer sur son propre sommet { $vertex }
skyscrapers-not-in-line = { $to } n’est pas en ligne droite depuis { $from } (les lignes vont e-w, ne-sw et nw-se)
# $never vaut yes pour une pile de 6 ou plus.
skyscrapers-wrong-distance = une pile de { $height } se déplace d’exactement { $height } { $height ->
    [one] pas
   *[other] pas
} : { $to } est à { $steps } { $steps ->
    [one] pas
   *[other] pas
} de { $from }{ $never ->
    [yes] {"\u00A0"}: une pile de 6 ou plus ne peut jamais se déplacer
   *[no] {""}
}
skyscrapers-to-empty = { $vertex } est vide : un déplacement doit se terminer sur un pion

skyscrapers-status-placing = Mise en place libre : Vert a posé { $green } pions sur { $pawns }, Blanc { $white } sur { $pawns }.
skyscrapers-status-skipped = { $who } n’a aucun coup possible et passe son tour : { $other } rejoue.

skyscrapers-end-more = aucun joueur ne peut plus jouer ; { $who } a plus de gratte-ciel : { $a } contre { $b }
skyscrapers-each = { $n } gratte-ciel chacun
skyscrapers-none = aucun gratte-ciel
skyscrapers-end-draw = aucun joueur ne peut plus jouer ; { $what }, plus hauts gratte-ciel à égalité ({ $tallest }) : partie nulle
skyscrapers-end-tallest = aucun joueur ne peut plus jouer ; { $what } ; { $who } possède le gratte-ciel le plus haut : { $a } contre { $b }
skyscrapers-end-left = { $left }
skyscrapers-end-agreed = nulle par accord mutuel
