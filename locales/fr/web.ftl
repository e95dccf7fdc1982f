# A game's web page (issue 44): its own words around the board and the move list.
web-title = Partie { $id } de { $game }
web-setup = 0. Mise en place
web-first = Début
web-back = Précédent
web-forward = Suivant
web-last = Fin
web-moves = Coups
web-record = Télécharger la partie
web-live = En direct : les nouveaux coups apparaissent ici dès qu’ils sont joués.
web-position = Position
# $until is a UTC date and time.
web-clock-until = { $who } a jusqu’au { $until } (UTC) pour jouer.
web-clock-frozen = La pendule de { $who } est arrêtée, { $left } restant.
button-page = Page de la partie
web-mygames = Pages des parties :
