# Lecture d’une commande slash tapée (noms et options) : ce qui ne va pas et comment l’écrire.
# $options : les noms d’options de la commande, au nombre de $count.

command-unknown = /{ $name } n’est pas une commande ici. Les commandes sont { $commands } (voir /help).
command-too-many = /{ $command } prend { $count ->
    [0] aucune option
   *[other] les options { $options }
} ; « { $value } » est une valeur de trop.
command-no-option = /{ $command } n’a pas d’option « { $name } » : { $count ->
    [0] elle n’en prend aucune
   *[other] ses options sont { $options }
}.
command-new-unnamed = /{ $command } prend le jeu puis le nombre de joueurs, dans l’ordre ; donnez les autres options sous la forme nom:valeur, par exemple { $command ->
    [challenge] /challenge pikemen @bob clock:standard
    [seek] /seek pikemen 2 clock:standard
   *[other] /new pikemen 2 target:15
} (« { $value } » n’a pas de nom).
command-new-no-game = /new demande un jeu : /new JEU [joueurs], par exemple /new pikemen 2.
command-bad-players = players est un nombre, par exemple /{ $command } { $game } 2 (pas « { $value } »).
command-new-mention = /new ouvre une table que tout le monde ici peut rejoindre : pour jouer contre quelqu’un en particulier, défiez cette personne avec /challenge pikemen @nom.
command-verb-here = Dans le salon de cette partie de { $game }, /{ $name } est un coup du jeu (voir /moves). Pour défier quelqu’un à une nouvelle partie, utilisez /challenge dans un autre salon.
command-play-empty = /play demande un coup, par exemple /play turn h3 n (voir /moves).
command-bad-order = order vaut random ou join, pas « { $value } », par exemple /start order:join.
command-bad-page = page est un nombre à partir de 1, par exemple /history 2 (pas « { $value } »).
error-store = Un problème est survenu à l’enregistrement ({ $error }) ; rien n’a été changé. Réessayez.
error-stale-button = Ce plateau n’est plus à jour : la partie a avancé depuis. Utilisez /board pour voir la position actuelle.
error-unknown-command = Cette commande n’est pas connue ici. /help liste les commandes.
