# Ce qu’un coup a fait, dit sur son plateau (src/table/present/happened.rs). $by et $who sont un
# joueur et sa couleur, « bob (Bleu) » ; $owner le nom d’un joueur ; $size small, medium ou large.
happened-captured = Ce coup prend { $size ->
    [small] un petit
    [medium] un moyen
   *[large] un grand
} piquier à { $owner } en { $square }.
happened-neutralized = Ce coup neutralise la tour de { $owner } en { $square }.
happened-neutralized-by = Ce coup neutralise la tour de { $owner } en { $square } (la branche { $size ->
    [small] petite
    [medium] moyenne
   *[large] grande
} en { $from } l’attaque).
happened-taken = Ce coup prend la tour de { $owner } en { $square } : { $by } la contrôle désormais.
# $why vaut pieces, tower, stash ou action.
happened-out = { $why ->
    [pieces] { $who } n’a plus aucun piquier et sort de la partie.
    [tower] { $who } n’a plus de tour active et ne peut plus jouer : chacun des autres joue encore une fois, puis la partie se termine.
    [stash] { $who } n’a plus de pièce à jouer et ne peut plus jouer : chacun des autres joue encore une fois, puis la partie se termine.
   *[action] { $who } n’a plus aucune action possible : chacun des autres joue encore une fois, puis la partie se termine.
}
happened-passed = { $who } ne peut pas jouer pendant ce dernier tour et passe.
# Une pyramide de Battle Zone touchée par une activation : $owner est le nom d’un joueur, ou none
# (dressée) ; $colour vaut red, blue, green, yellow ou black.
happened-pyramid = la { $size ->
    [small] petite
    [medium] moyenne
   *[large] grande
} pyramide { $colour ->
    [red] rouge
    [blue] bleue
    [green] verte
    [yellow] jaune
   *[black] noire
}{ $owner ->
    [none] {" "}dressée
   *[other] {" "}de { $owner }
} en { $square }
# $power vaut destroyed, controlled ou frozen ; $pyramids liste des happened-pyramid.
happened-activated = { $power ->
    [destroyed] Cela détruit { $pyramids } : retour à la réserve.
    [controlled] { $by } contrôle désormais { $pyramids }.
   *[frozen] Cela redresse { $pyramids }, que plus personne ne contrôle.
}
