# /follow, /unfollow et les avis de tour par message privé (ticket 28).

cmd-follow = Recevoir le plateau d’une partie en message privé après chaque tour, sans mention
    .game = le numéro de la partie (par défaut : celle de ce salon)
cmd-unfollow = Ne plus recevoir les plateaux d’une partie en message privé
help-follow = /follow [game:N] : recevez la partie de ce salon (ou la partie N) en message privé après chaque tour et à sa fin ; /unfollow [game:N] : arrêtez. /settings notify:dm|both : vos propres avis de tour en message privé

follow-bad-id = « { $value } » n’est pas un numéro de partie : donnez le numéro de la partie, par exemple game:12.
follow-no-game = Il n’y a pas de partie { $id } en cours sur ce serveur.
follow-player = Vous jouez dans { $game }, partie { $id } : ses plateaux vous parviennent déjà dans son salon. Pour recevoir vos avis de tour en message privé, utilisez /settings notify:dm.
follow-already = Vous suivez déjà { $game }, partie { $id } dans { $place }.
follow-done = Vous suivez { $game }, partie { $id } dans { $place } : après chaque tour, et à la fin, son plateau vous arrive en message privé. /unfollow l’arrête.
follow-welcome = Vous suivez { $game }, partie { $id } dans { $place }. Son plateau arrivera ici après chaque tour, et à la fin. /unfollow game:{ $id } l’arrête.
follow-not-following = Vous ne suivez pas la partie { $id }.
follow-stopped = Vous ne suivez plus la partie { $id }.
follow-board = { $ended ->
    [yes] { $game }, partie { $id } dans { $place }, est terminée (vous la suiviez ; votre suivi s’arrête avec elle) :
   *[no] { $game }, partie { $id } dans { $place }, que vous suivez :
}
follow-your-turn = À vous de jouer dans { $game }, partie { $id }, dans { $place }.
follow-opened = Une partie s’est ouverte pour vous : { $title } (partie { $id }), dans { $place }. À { $who } de jouer.
follow-where = La partie est dans { $place }.
follow-dms-closed = Je n’ai pas pu vous envoyer de message privé : vous ne suivez donc plus { $n ->
    [one] la partie
   *[other] les parties
} { $games }. Pour suivre de nouveau, autorisez les messages privés des membres de ce serveur (dans ses paramètres de confidentialité), puis utilisez /follow.
follow-mygames-head = Parties que vous suivez ({ $n }) :
follow-mygames-line = { $game }, partie { $id } dans { $place } : { $started ->
    [yes] à { $who } de jouer
   *[no] en attente du lancement
}
follow-notify-line = Avis de tour : { $notify ->
    [dm] par message privé (les plateaux vous nomment sans vous mentionner)
    [both] une mention dans le salon et un message privé
   *[other] une mention dans le salon de la partie
}.
follow-bad-notify = « { $value } » n’est pas un choix pour notify : écrivez channel, dm ou both.
