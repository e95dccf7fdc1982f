# /conditional (issue 28) : coups conditionnels, « s'il joue X, je joue Y ».

cmd-conditional = Pendant le tour de l’adversaire : répondre d’avance à son prochain coup
    .action = ajouter une ligne (par défaut avec une ligne), lister les vôtres ou les effacer
    .line = son coup, votre réponse, et ainsi de suite, séparés par ; (p. ex. move h3 h5 n ; turn c4 e)
help-conditional = /conditional add COUPS|list|clear : pendant le tour de l’adversaire (à deux), répondez d’avance à son coup, p. ex. /conditional add move h3 h5 n ; turn c4 e

conditional-pair = { $first ->
    [yes] si { $them } joue { $theirs }, vous jouez { $mine }
   *[no] puis si { $them } joue { $theirs }, vous jouez { $mine }
}
conditional-line = { $pairs }
conditional-none = Vous n’avez aucun coup conditionnel dans cette partie. Ajoutez-en pendant le tour de l’adversaire : /conditional add SON-COUP ; VOTRE-RÉPONSE
conditional-list-head = { $n ->
    [one] Votre coup conditionnel dans cette partie (vous seul le voyez) :
   *[other] Vos coups conditionnels dans cette partie (vous seul les voyez) :
}
conditional-cleared = { $n ->
    [0] Vous n’aviez aucun coup conditionnel dans cette partie.
    [one] Votre coup conditionnel dans cette partie est effacé.
   *[other] Vos { $n } coups conditionnels dans cette partie sont effacés.
}
conditional-added = Enregistré : { $line }. Vous avez { $n ->
    [one] cette ligne
   *[other] { $n } lignes
} dans cette partie ; /conditional list les montre, /conditional clear les oublie. Personne d’autre ne les voit.
conditional-known = Vous l’avez déjà : { $line }.
conditional-played = { $who } a joué { $mv } (coup conditionnel).
conditional-dropped = Partie no { $id } : { $n ->
    [one] un de vos coups conditionnels n’est plus possible et a été retiré
   *[other] { $n } de vos coups conditionnels ne sont plus possibles et ont été retirés
} : { $lines }.
conditional-undone = Partie no { $id } : des coups ont été repris, vos coups conditionnels y sont donc effacés. Entrez-les de nouveau pendant le tour de l’adversaire si vous y tenez toujours.

conditional-no-dice = Battle Zone n’a pas de coups conditionnels : votre prochain lancer décide des coups que vous aurez.
conditional-two-players = Les coups conditionnels sont pour les parties à deux : ici, plus d’un joueur joue avant votre prochain tour.
conditional-bot = Votre adversaire est un joueur ordinateur : il répond aussitôt, il n’y a donc rien à préparer.
conditional-your-turn = C’est votre tour : jouez votre coup maintenant. Les coups conditionnels se préparent pendant que l’adversaire réfléchit.
conditional-empty = Écrivez la ligne : son coup, puis votre réponse, séparés par ; (p. ex. /conditional add move h3 h5 n ; turn c4 e).
conditional-too-long = Une ligne compte au plus { $max } coups (les siens et les vôtres).
conditional-too-many = Vous pouvez garder au plus { $max } lignes dans une partie : /conditional clear, puis ajoutez celles qui comptent le plus.
conditional-no-reply = La ligne finit par son coup « { $mv } » : ajoutez votre réponse après un ;.
conditional-ends = La partie serait finie avant le coup { $n } de la ligne (après { $after }) : arrêtez la ligne là.
conditional-out-of-turn = Le coup { $n } de la ligne devrait être { $theirs ->
    [yes] le sien
   *[no] le vôtre
}, mais { $start ->
    [yes] maintenant
   *[no] après { $after }
} c’est à { $theirs ->
    [yes] vous
   *[no] lui
} de jouer.
conditional-illegal = Le coup { $n } de la ligne, « { $mv } » ({ $theirs ->
    [yes] le sien
   *[no] le vôtre
}), ne peut pas être joué là : { $error }.
conditional-contradicts = Vous répondez déjà à { $theirs } par { $mine }, pas par { $other } : un coup n’a qu’une réponse. /conditional clear pour recommencer.
conditional-add-what = Écrivez la ligne à ajouter : /conditional add SON-COUP ; VOTRE-RÉPONSE (p. ex. /conditional add move h3 h5 n ; turn c4 e).
conditional-no-line-wanted = /conditional { $action } ne prend pas de ligne : /conditional add LIGNE en ajoute une.
conditional-bad-action = « { $value } » n’est pas une action de /conditional : add, list ou clear.
