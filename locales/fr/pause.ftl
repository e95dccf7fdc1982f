# /pause et /resume : arrêter les pendules d’une partie d’un commun accord (un modérateur le peut seul).
# $until et $since sont des horodatages Discord ; $left et $days des durées.

cmd-pause = Mettre les pendules de la partie en pause (tous les joueurs acceptent ; un modérateur le peut seul)
cmd-resume = Relancer les pendules de la partie en pause
help-pause = /pause : proposer d’arrêter les pendules de la partie (chacun doit accepter avec /accept ; 14 jours au plus, 3 pauses par partie) ; /resume : les relancer

pause-untimed = Cette partie n’a pas de pendule : il n’y a rien à mettre en pause.
pause-already = Les pendules de cette partie sont déjà en pause (depuis { $since }). /resume les relance.
pause-expired = Le temps du joueur au trait est déjà écoulé : une pause ne peut pas le lui rendre. Réclamez avec /claim, ou attendez son coup.
pause-too-many = Les joueurs de cette partie l’ont déjà mise en pause { $most } fois, le maximum pour une partie. Seul un modérateur peut encore la mettre en pause.
# $opponents : combien doivent répondre.
pause-offered = { $who } propose de mettre les pendules en pause. { $pings } : /accept ou /decline{ $opponents ->
    [1] {""}
   *[other] {" "}(vous devez tous accepter)
}. Tout coup d’un adversaire la refuse.
pause-describe = { $own ->
    [yes] la proposition de pause
   *[no] la proposition de pause faite par { $who }
}
pause-offer-lapses = La proposition de pause tombe.
pause-declined-by-move = Ce coup refuse la proposition de pause.
pause-race = La partie a changé au même moment ; regardez /board et réessayez.
pause-not-paused = Les pendules de cette partie ne sont pas en pause. /pause propose de les arrêter.
# $by vaut agreement ou moderator ; $timed vaut yes quand la pendule d’un joueur s’est arrêtée.
pause-starts = { $by ->
    [moderator] { $who }, modérateur, met les pendules de cette partie en pause.
   *[agreement] Les pendules de cette partie sont en pause, d’un commun accord.
}{ $timed ->
    [yes] {" "}{ $mover } garde { $left } pour jouer.
   *[no] {""}
} Chaque joueur peut relancer avec /resume à tout moment, et un coup relance aussi ; sinon les pendules repartent d’elles-mêmes { $until } (une pause dure { $days } jours au plus).
# $how vaut resume ou limit ; $turn vaut running, vacation (le joueur au trait est absent) ou none.
pause-resumes = { $how ->
    [limit] La pause a duré { $days } jours, le maximum : les pendules repartent.
   *[resume] { $who } relance la partie : les pendules repartent.
}{ $turn ->
    [running] {" "}{ $mover } a encore { $left }, jusqu’à { $until }.
    [vacation] {" "}{ $mover } est en vacances : sa pendule reste gelée jusqu’à son retour.
   *[none] {""}
}
pause-ended-by-move = La pause prend fin : les pendules repartent.
# La ligne de pendule du plateau d’une partie en pause ; $moderator vaut yes quand un modérateur l’a mise en pause.
pause-clock-line = Pendule : { $clock ->
    [casual] tranquille
    [standard] standard
    [fast] rapide
   *[untimed] sans pendule
} ; en pause depuis { $since }, { $moderator ->
    [yes] par { $by } (modérateur)
   *[no] d’un commun accord
} : { $label } ({ $name }) garde { $left } pour jouer. /resume pour reprendre (les pendules repartent d’elles-mêmes { $until }).
pause-mygames = {" "}· en pause depuis { $since }
pause-digest-line = - { $game }, partie { $id } dans #{ $channel } (en pause : vous gardez { $left } ; les pendules repartent { $until } au plus tard)
history-offer-pause = { $who } propose une pause des pendules
# /history : une pause des pendules, après l’action qu’elle suit ; $how vaut resume, move, limit,
# end ou lasting.
history-pause = {"   "}· { $by ->
    [moderator] { $who } (modérateur) met les pendules en pause
   *[agreement] les pendules sont en pause d’un commun accord
} : { $how ->
    [resume] relancées par { $ender }
    [move] jusqu’à un coup
    [limit] 14 jours, puis les pendules repartent d’elles-mêmes
    [end] jusqu’à la fin de la partie
   *[lasting] toujours en pause
}
history-pause-moderator = un modérateur
