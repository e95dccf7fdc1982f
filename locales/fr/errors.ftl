# Coups et mises en place refusés, communs à tous les jeux.

move-unparsable = { $problem }. Écrivez `{ $form }`, par exemple `{ $example }`
move-illegal = { $reason }
move-game-over = la partie est terminée
move-empty = le coup est vide
square-bad = « { $text } » n’est pas une case : écrivez une colonne a-{ $last } puis une rangée 1-{ $ranks }, par exemple c4
square-off-board = { $square } n’est pas sur le plateau (colonnes a-{ $last }, rangées 1-{ $ranks })

setup-players = { $game } se joue de { $min } à { $max } joueurs, pas { $got }
option-unknown = option « { $key } » inconnue pour { $game } : { $count ->
    [0] ce jeu n’a pas d’options
   *[other] les options sont { $known }
}
option-bad-value = l’option { $key } doit valoir { $expected }, pas « { $value } »
option-malformed = l’option « { $word } » s’écrit clé=valeur, par exemple target=15
option-expect-bool = true ou false
option-expect-int = un nombre entier de { $min } à { $max }
option-expect-choice = { $choices }
