# Mots partagés par tous les domaines.

list-separator = {", "}
list-and = {" et "}
list-semicolon = {" ; "}
list-space = {" "}
list-slash = /
list-or = {" ou "}
# Un texte donné tel quel (une liste, un nom).
common-text = { $text }
common-players = { $n ->
    [one] { $n } joueur
   *[other] { $n } joueurs
}

# Noms des places, comme les images les montrent ($name est la clé du moteur).
seat-label = { $name ->
    [orange] Orange
    [blue] Bleu
    [green] Vert
    [pink] Rose
    [yellow] Jaune
    [sky] Ciel
    [vermilion] Vermillon
    [grey] Gris
    [white] Blanc
    [south] Sud
    [north] Nord
   *[other] { $name }
}
seat-number = Place { $seat }
seat-not-playing = la place { $seat } n’est pas en jeu

# Comment une partie s’est terminée. $how vaut resigned ou timeout.
outcome-left = { $who } { $how ->
    [timeout] a dépassé son temps
   *[resigned] a abandonné
}
outcome-draw-agreed = nulle par accord mutuel
draw-two-players-only = la nulle par accord n’existe qu’à 2 joueurs

# Tailles des pièces ($size vaut small, medium ou large).
size-word = { $size ->
    [small] petite
    [medium] moyenne
   *[large] grande
}
