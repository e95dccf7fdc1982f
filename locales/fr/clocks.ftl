# Pendules de partie par correspondance : /new clock:..., la ligne de pendule des plateaux,
# les dépassements de temps, /claim.

clock-describe = { $clock ->
    [casual] tranquille, 7 jours par coup
    [standard] standard, 3 jours plus 1 jour par coup, au plus 7 jours en réserve
    [fast] rapide, 1 jour par coup
   *[untimed] sans pendule
}
clock-bad-clock = clock vaut casual (7 jours par coup), standard (3 jours, +1 jour par coup, au plus 7 en réserve), fast (1 jour par coup) ou untimed, pas « { $value } » ; par exemple /new pikemen 2 clock:standard.
clock-bad-timeout = timeout vaut soft (les autres peuvent réclamer la victoire) ou hard (la partie s’arrête au temps), pas « { $value } » ; par exemple /new pikemen 2 clock:fast timeout:hard.
clock-timeout-needs-clock = timeout demande une pendule : choisissez clock:casual, clock:standard ou clock:fast, par exemple /new pikemen 2 clock:fast timeout:hard.
time-days = { $n ->
    [one] { $n } jour
   *[other] { $n } jours
}
time-hours = { $n ->
    [one] { $n } heure
   *[other] { $n } heures
}
time-minutes = { $n ->
    [one] { $n } minute
   *[other] { $n } minutes
}
time-under-minute = moins d’une minute
time-none = rien
# $state vaut running, expired ou frozen (vacances) ; $until est un horodatage Discord.
clock-line = Pendule : { $clock ->
    [casual] tranquille
    [standard] standard
    [fast] rapide
   *[untimed] sans pendule
} ; { $state ->
    [expired] { $name } n’a plus de temps : les autres peuvent réclamer avec /claim (ou attendre son coup).
    [frozen] pendule gelée pour { $label }, { $name } étant en vacances (reste { $left }).
   *[running] { $label } ({ $name }) doit jouer avant { $until }.
}
clock-others-away = En vacances : { $names } (pendule gelée à leur tour).
# $two vaut yes à 2 joueurs ; $pings : qui peut réclamer.
clock-ran-out = { $who } a dépassé son temps à la pendule { $clock ->
    [casual] tranquille
    [standard] standard
    [fast] rapide
   *[untimed] sans pendule
}. { $two ->
    [yes] { $pings } peut réclamer la victoire avec /claim, ou attendre son coup.
   *[no] { $pings } peuvent voter son exclusion avec /claim ; la partie continue sans lui. Ou attendre son coup.
}
button-claim = Réclamer
clock-moved-on = La partie a avancé depuis ; voyez /board.
clock-no-state = La partie n’a pas d’état.
clock-cannot-leave = Les règles ne permettent pas à ce joueur de partir maintenant : { $error }.
clock-hard-timeout = { $who } a dépassé son temps (pendule { $clock ->
    [casual] tranquille
    [standard] standard
    [fast] rapide
   *[untimed] sans pendule
}, dépassement strict).
clock-claimed = { $claimer } réclame la victoire : { $who } a dépassé son temps.
clock-voted-out = { $who } a dépassé son temps et quitte la partie par vote.
clock-claim-no-game = Il n’y a pas de partie en cours à réclamer ici.
clock-claim-not-player = Seuls les joueurs de cette partie peuvent réclamer un dépassement de temps.
clock-claim-untimed = Cette partie est sans pendule : aucun temps ne peut s’écouler, rien à réclamer.
clock-claim-out = Vous ne jouez plus dans cette partie : vous n’avez rien à réclamer.
clock-claim-nobody = Personne n’a le trait : rien à réclamer.
clock-claim-own-turn = C’est à vous de jouer : jouez un coup au lieu de réclamer.
clock-claim-still-time = Le joueur au trait a encore du temps : il s’écoule { $until }. Vous pourrez réclamer avec /claim ensuite.
clock-claim-vacation = Le joueur au trait est en vacances : sa pendule est gelée, rien à réclamer.
# $fresh vaut no quand le votant avait déjà voté.
clock-vote = { $voter } { $fresh ->
    [yes] vote
   *[no] a déjà voté
} pour exclure { $name }, qui a dépassé son temps : { $votes } voix sur les { $need } nécessaires. Les autres votent avec /claim.
clock-chosen = Pendule : { $clock } ; dépassement { $timeout ->
    [hard] strict
   *[soft] souple
}.

# Rappels (dans le salon de la partie) et résumé quotidien (message privé).
# $timed vaut yes quand le tour a une échéance ($until, un horodatage Discord).
reminder-ping = { $who }, c’est à vous de jouer dans { $game } (partie { $id }).{ $timed ->
    [yes] {" "}Votre temps s’écoule { $until }.
   *[no] {""}
}
# $left vaut half, quarter ou 12h.
reminder = Rappel : { $who }, c’est à vous de jouer dans { $game } (partie { $id }). { $left ->
    [half] Il vous reste la moitié de votre temps
    [quarter] Il vous reste le quart de votre temps
   *[other] Il vous reste 12 heures
} : votre temps s’écoule { $until }.
digest-head = À vous de jouer dans { $n } { $n ->
    [one] partie
   *[other] parties
} :
# $state vaut running, expired, frozen (en vacances) ou untimed.
digest-line = - { $game }, partie { $id } dans #{ $channel }{ $state ->
    [expired] {" "}(votre temps est écoulé)
    [frozen] {" "}(pendule gelée : vous êtes en vacances)
    [running] {"\u00A0"}: votre temps s’écoule { $until }
   *[untimed] {""}
}
