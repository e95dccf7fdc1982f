# Entre joueurs : /undo, /draw, /accept, /decline, /abort, /rematch.
# $kind vaut draw ou undo ; $moves les coups qu’une reprise annule.

offer-describe = { $own ->
    [yes] { $kind ->
        [draw] la proposition de nulle
       *[undo] la demande de reprise de { $moves }
    }
   *[no] { $kind ->
        [draw] la proposition de nulle faite par { $who }
       *[undo] la demande de reprise de { $moves } faite par { $who }
    }
}
offer-still-pending = Il reste à répondre à { $offer } : acceptez-la ou refusez-la (/accept, /decline) avant toute autre proposition.
offer-race = La partie a changé au même moment ; regardez /board et réessayez.
# $opponents : combien doivent répondre.
offer-made = { $kind ->
    [draw] { $who } propose la nulle.
   *[undo] { $who } demande à reprendre { $moves }.
} { $pings } : /accept ou /decline{ $opponents ->
    [1] {""}
   *[other] {" "}(vous devez tous accepter)
}. { $kind ->
    [draw] Tout coup d’un adversaire la refuse.
   *[undo] Tout coup annule la demande.
}
offer-no-draw = Pas de nulle possible dans cette partie : { $error }.
offer-moot = La partie a changé depuis cette proposition : elle tombe. Refaites-la si elle tient toujours (/undo, /draw).
offer-yours = C’est vous qui avez fait { $offer } : ce sont les autres joueurs qui y répondent. Pour la retirer, /decline.
offer-not-playing = Vous ne jouez plus dans cette partie : vous ne pouvez pas répondre.
offer-already-accepted = Vous avez déjà accepté { $offer } ; les autres doivent encore répondre.
offer-answer-race = Quelqu’un a répondu à cette proposition au même moment ; voyez /history.
offer-accepts-waiting = { $who } accepte { $offer }. En attente de { $waiting } : /accept ou /decline.
# $everyone vaut yes quand plusieurs adversaires ont accepté.
offer-accepted = { $everyone ->
    [yes] Tout le monde accepte
   *[no] { $who } accepte
} { $offer }.
offer-draw-failed = La nulle ne peut pas être conclue : { $error }.
offer-withdraws = { $who } retire { $offer }.
offer-declines = { $who } refuse { $offer }.
offer-none = Aucune proposition n’attend de réponse dans cette partie. Proposez la nulle avec /draw, ou demandez à reprendre un coup avec /undo.
offer-draw-lapses = La proposition de nulle tombe.
offer-draw-declined-by-move = Ce coup refuse la proposition de nulle.
offer-undo-lapses = La demande de reprise tombe.
offer-abort-host-only = Seul l’hôte, { $host }, ou un modérateur peut interrompre cette table ; vous pouvez la quitter avec /leave.
offer-abort-race-table = La table a changé au même moment ; réessayez.
offer-aborts-table = { $who } ferme la table de { $game }. Ouvrez-en une autre avec /new.
offer-abort-not-yours = Ce n’est pas votre partie (les joueurs sont { $names }) : seuls ses joueurs, avant que chacun ait joué, ou un modérateur peuvent l’interrompre.
offer-abort-too-late = Chaque joueur a joué : la partie ne peut plus être interrompue. Continuez, proposez la nulle avec /draw, ou abandonnez avec /resign.
offer-abort-race-game = La partie a changé au même moment ; réessayez.
offer-aborts-game = { $who } interrompt la partie { $id } de { $game } : elle se termine sans résultat. /rematch la rejoue avec les mêmes joueurs, /new en lance une autre.
offer-aborts-damaged = { $who } interrompt la partie { $id }, dont le relevé n’a pas pu être chargé. /new en lance une autre ici.
offer-rematch-open = Une partie de { $game } est déjà ouverte dans ce salon (voyez /board) : la revanche viendra après.
offer-rematch-none = Aucune partie terminée dans ce salon à rejouer. Lancez-en une avec /new.
offer-rematch-not-yours = Seuls les joueurs de la dernière partie (partie { $id }) peuvent demander sa revanche ; lancez la vôtre avec /new.
offer-rematch-unknown = Ce jeu est inconnu.
offer-rematch-race = Une partie a été ouverte dans ce salon au même moment ; voyez /board.
offer-rematch-vanished = La nouvelle partie a disparu.
offer-rematch = { $agreed ->
    [yes] Tout le monde a accepté la revanche de la partie { $old } : la partie { $id } de { $game } commence, avec rotation des places : { $seats }.
   *[no] { $who } lance la revanche de la partie { $old } : la partie { $id } de { $game } commence, avec rotation des places : { $seats }.
}
rematch-offered = { $who } propose une revanche de la partie { $old } : { $game } à nouveau, avec les mêmes joueurs et réglages et une rotation des places. { $others } : acceptez avec /rematch ou le bouton ; /decline refuse.
rematch-accepts = { $who } accepte la revanche. On attend encore { $waiting }.
rematch-said-yes = Vous avez déjà accepté cette revanche : on attend encore { $waiting }.
rematch-declined = { $own ->
    [yes] { $who } retire sa proposition de revanche de la partie { $old }.
   *[no] { $who } refuse la revanche de la partie { $old }.
}
rematch-race = Quelqu’un a répondu à la revanche au même moment : réessayez /rematch.
button-accept = Accepter
button-decline = Refuser

undo-nothing = Vous n’avez aucun coup à reprendre.
undo-dice-rolled = Votre tour est terminé et { $who } a lancé les dés : dans Battle Zone, un tour fini ne peut pas être repris, car on le rejouerait en connaissant les dés suivants. Pendant votre tour, /annuler reprend vos actions.
undo-blocked = Votre dernier coup ne peut plus être repris : la partie a changé depuis d’une façon que la reprise ne peut pas défaire (action { $ply } : { $kind }).
undo-cannot = Impossible de reprendre cela : { $error }.
undo-takes-back = { $who } reprend { $moves }.
undo-whose-move = { $mv } ({ $who })
