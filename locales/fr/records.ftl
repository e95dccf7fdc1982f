# /history, /export, /replay, /mygames.

history-line = { $ply }. { $who } : { $what }
# An offer under the action it followed.
history-offer-line = {"   "}· { $what } : { $end }
history-the-table = la table
history-taken-back = { $mv } (repris)
# $one vaut yes quand seule l’action $from est reprise, sinon les actions $from à $to.
history-undo = reprend { $one ->
    [yes] l’action { $from }
   *[no] les actions { $from } à { $to }
}
history-timeout = (temps dépassé)
history-action = ({ $kind })
history-head = { $game }, partie { $id } : { $players }. { $n } { $n ->
    [one] action
   *[other] actions
}{ $pages ->
    [1] {""}
   *[other] , page { $page } sur { $pages } (voir /history PAGE)
}.
history-aborted = Interrompue, sans résultat.
history-someone = quelqu’un
history-offer-draw = { $who } propose la nulle
history-offer-undo = { $who } demande à reprendre { $one ->
    [yes] l’action { $from }
   *[no] les actions { $from } à { $to }
}
history-offer-undo-any = { $who } demande une reprise
# $status vaut pending, accepted, declined, withdrawn ou lapsed ; $by : qui a refusé.
history-offer-end = { $status ->
    [pending] en attente de réponses
    [accepted] acceptée
    [declined] refusée par { $by }
    [withdrawn] retirée
   *[lapsed] tombée
}
button-earlier = Plus tôt
button-later = Plus tard

record-export = Le relevé de la partie { $id } de { $game } ({ $n } { $n ->
    [one] coup
   *[other] coups
}) : rechargez-le avec `plateau replay { $file }`.{ $rated ->
    [unrated] {" "}Cette partie n’a pas compté pour le classement.
    [unrated-running] {" "}Cette partie ne compte pas pour le classement.
   *[rated] {""}
}
record-cannot-replay = La partie ne peut pas être rejouée : { $error }.
record-cannot-draw = L’animation ne peut pas être dessinée : { $error }.
# $all vaut yes quand chaque position est une image, sinon $frames des $positions tiennent.
record-replay = Animation de la partie { $id } de { $game } ({ $all ->
    [yes] { $frames ->
        [one] 1 image
       *[other] { $frames } images
    }
   *[no] { $frames } de ses { $positions } positions, pour tenir dans la limite des pièces jointes
}).

mygames-none = Vous n’avez aucune partie ouverte. Ouvrez-en une avec /new JEU dans un salon, par exemple /new pikemen 2, ou rejoignez-en une avec /join.
mygames-challenges-head = Défis ({ $n }) :
mygames-challenge-to = n° { $id } : { $author } vous défie à { $what } dans { $place } (expire { $expires }). Répondez avec /accept challenge:{ $id } ou /decline challenge:{ $id }.
mygames-challenge-from = n° { $id } : votre { $open ->
    [yes] défi ouvert
   *[no] défi
} pour { $what } dans { $place } attend { $open ->
    [yes] des joueurs
   *[no] une réponse
} (expire { $expires }).
mygames-lobby = { $game }, partie { $id } dans { $place } : en attente du lancement
# $timed vaut yes quand le tour a une échéance ($due, un horodatage Discord).
# Une partie de /mygames : $mine vaut yes quand c’est au lecteur de jouer.
mygames-move = { $mine ->
    [yes] **À vous de jouer** : { $game }, partie { $id } dans { $place }
   *[no] { $game }, partie { $id } dans { $place } : à { $who } de jouer
}{ $timed ->
    [yes] , échéance { $due }
   *[no] {""}
}
mygames-head = Vos parties ({ $n }) : à vous de jouer dans { $mine }.

# Partager une réponse que seul son demandeur voyait (ticket 27).
button-share = Partager
share-by = Partagé par { $who } :
share-again = La même réponse a été publiée dans ce salon { $when } : la voici pour vous seul.
