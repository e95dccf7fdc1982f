# Trouver des adversaires (issue 14) : défis, file de recherche, tournois.
compete-unknown-user = Je ne connais pas de joueur nommé { $who } : mentionnez-le, par exemple opponent:@{ $who }.
compete-not-in-dm = { $what } s’utilise dans un salon d’un serveur, pas en message privé : personne ici avec qui jouer.
compete-game-opens = { $title }. Places : { $seats }.
compete-game-opened = { $title } : la partie est ouverte dans { $channel }.

challenge-no-game = Quel jeu ? Par exemple /challenge pikemen opponent:@bob, ou /challenge sprawl players:4 pour un défi ouvert.
challenge-two-opponents = Un défi nomme un seul adversaire : /challenge pikemen @bob. Pour plus de joueurs, n’en nommez aucun et le défi sera ouvert à tous, par exemple /challenge sprawl players:4.
challenge-self = Vous ne pouvez pas vous défier vous-même : nommez un autre joueur, ou omettez opponent pour un défi ouvert.
challenge-bot = Les joueurs de l’ordinateur ne relèvent pas de défis : ouvrez une table avec /new et installez-en un avec /addbot.
challenge-bot-account = Vous avez nommé un compte de bot : personne ne peut relever un défi à sa place. Pour jouer contre l’ordinateur, ouvrez une table avec /new et installez un joueur de l’ordinateur avec /addbot.
challenge-direct-two = Un défi à un joueur est une partie à deux, et { $game } en demanderait plus : omettez opponent pour un défi ouvert, par exemple /challenge { $id } players:4.
challenge-button-accept = Accepter
challenge-button-decline = Refuser
challenge-direct = { $who } défie { $opponent } à { $what } (défi n° { $id }, expire { $expires }). Répondez par /accept challenge:{ $id } ou /decline challenge:{ $id }.
challenge-direct-dm = { $who } vous défie à { $what } dans { $channel }. Répondez-y par /accept challenge:{ $id } ou /decline challenge:{ $id }.
challenge-open = { $who } lance un défi ouvert : { $what } (défi n° { $id }, expire { $expires }). { $seats ->
        [one] Une place est libre :
       *[other] { $seats } places sont libres :
    } /accept challenge:{ $id } en prend une.
challenge-bad-id = « { $value } » n’est pas un numéro de défi : utilisez celui qu’affiche le défi, par exemple /accept challenge:3.
challenge-none = Il n’y a pas de défi n° { $id } sur ce serveur.
challenge-list-item = n° { $id } de { $author }, { $what }
challenge-which = Plusieurs défis vous sont adressés : { $list }. Dites lequel, par exemple /{ $command } challenge:{ $id }.
challenge-closed = Le défi n° { $id } n’est plus ouvert ({ $status }).
challenge-not-yours = Le défi n° { $id } ne vous est pas adressé : seul son auteur peut le retirer, et seul le joueur défié peut le refuser.
challenge-own = Vous avez lancé le défi n° { $id } : attendez que d’autres l’acceptent, ou retirez-le avec /decline challenge:{ $id }.
challenge-not-for-you = Le défi n° { $id } est adressé à un autre joueur.
challenge-accepted-already = Vous avez déjà accepté le défi n° { $id } : la partie s’ouvre quand toutes les places sont prises.
challenge-seat-taken = { $who } accepte le défi n° { $id }. { $left ->
        [one] Une place est encore libre.
       *[other] { $left } places sont encore libres.
    }
challenge-full = { $who } accepte le défi n° { $id } : la partie de { $game } s’ouvre maintenant (joueurs : { $players }).
challenge-ended = { $status ->
        [withdrawn] { $who } retire le défi n° { $id } ({ $game }).
       *[other] { $who } refuse le défi n° { $id } de { $author } ({ $game }).
    }
challenge-expired = Le défi n° { $id } de { $author } ({ $game }) a expiré sans réponse.

seek-placed = { $who } cherche une partie : { $what }. /seek avec les mêmes options le rejoint.
seek-none = Vous n’êtes pas dans la file de ce serveur : /seek JEU vous y inscrit.
seek-left = Vous avez quitté la file.
seek-mention = /seek vous trouve un adversaire parmi celles et ceux qui cherchent une partie : pour jouer contre quelqu’un en particulier, utilisez /challenge pikemen @nom.
seek-replaced = { $who } cherche maintenant { $what }, au lieu de { $old }. /seek avec les mêmes options pour jouer ensemble.
seek-already = Vous cherchez déjà { $what }, depuis { $since } : votre place dans la file est gardée. /unseek vous en retire.
seek-remove-manage = Seul un modérateur (Gérer les salons) peut retirer quelqu’un d’autre de la file ; /unseek seul vous en retire vous-même.
seek-none-of = { $who } n’est pas dans la file de ce serveur.
seek-none-of-unknown = Cette personne n’est pas dans la file de ce serveur.
seek-removed = { $who } n’est plus dans la file ; un message privé le lui dit.
seek-removed-dm = { $by } a retiré votre recherche de partie de la file dans { $channel }. /seek dans ce salon vous y remet.
# Une recherche de la liste : $since est un temps relatif (« il y a 2 heures »).
seek-queue-line = - { $who } cherche une partie de { $what } (inscrit { $since })
seek-queue-empty = Personne ne cherche de partie sur ce serveur. /seek JEU vous inscrit dans la file.
seek-queue = { $n ->
        [one] Un joueur cherche une partie :
       *[other] { $n } joueurs cherchent des parties :
    }
seek-matched = Adversaires trouvés : { $what } pour { $players }.

tournament-no-action = Que doit faire le tournoi ? /tournament create|join|leave|start|standings|withdraw|cancel, par exemple /tournament create pikemen round-robin.
tournament-bad-action = « { $action } » n’est pas une action de tournoi : ce sont create, join, leave, start, standings, withdraw et cancel.
tournament-manage-only = Créer un tournoi demande la permission Gérer les salons sur ce serveur.
tournament-no-game = Quel jeu ? Par exemple /tournament create pikemen format:swiss.
tournament-bad-format = « { $value } » n’est pas une formule : ce sont round-robin (toutes rondes), swiss (suisse) et knockout (élimination directe).
tournament-bad-number = { $option } est un nombre, pas « { $value } » : par exemple { $option }:3.
tournament-knockout-two = L’élimination directe est pour les jeux à deux : un tournoi de { $game } à plus de deux joueurs par partie se joue en rondes suisses de tables (format:swiss).
tournament-no-abort = C’est une partie de tournoi : elle se termine en jouant, par abandon ou au temps, pas par /abort (sa ronde ne finirait jamais). L’organisateur peut annuler tout le tournoi.
tournament-exists = Ce salon a déjà un tournoi en inscription ou en cours : /tournament standings l’affiche.
# $format vaut round-robin, swiss ou knockout ; $clock décrit la pendule ; $timeout vaut hard, soft ou none.
tournament-created = { $who } crée le tournoi n° { $id } : { $game }, { tournament-format-word }, { $per } joueurs par partie. Pendule : { $clock } ; { $timeout ->
    [hard] un joueur qui dépasse son temps perd la partie aussitôt.
    [soft] quand un joueur dépasse son temps, les autres peuvent réclamer la victoire.
   *[none] pas de limite de temps.
} /tournament join pour s’inscrire ; l’organisateur le lance avec /tournament start.
tournament-format-word = { $format ->
    [swiss] rondes suisses
    [round-robin] toutes rondes
   *[knockout] élimination directe
}
# $status vaut signup, running, finished ou cancelled.
tournament-status-word = { $status ->
    [signup] en inscription
    [running] en cours
    [finished] terminé
   *[cancelled] annulé
}
# Le début du nom du fil d’une partie de tournoi.
tournament-game-title = Tournoi { $id }, ronde { $round }
tournament-button-join = S’inscrire
tournament-none = Il n’y a pas de tournoi dans ce salon : un modérateur en crée un avec /tournament create JEU.
tournament-not-signup = Le tournoi est { tournament-status-word } : les inscriptions sont closes.
tournament-joined-already = Vous êtes déjà inscrit au tournoi n° { $id }.
tournament-joins = { $who } s’inscrit au tournoi n° { $id } ({ $n ->
    [one] { $n } inscrit
   *[other] { $n } inscrits
}).
tournament-leave-running = Le tournoi a commencé : /tournament withdraw vous en retire à partir de la ronde suivante.
tournament-not-entered = Vous n’êtes pas inscrit au tournoi n° { $id }.
tournament-leaves = { $who } quitte le tournoi n° { $id }.
tournament-organiser-only = Seul l’organisateur, { $who }, ou un modérateur peut faire cela.
tournament-too-few = { $n } inscrits ; le tournoi en demande au moins { $need } pour commencer.
tournament-starts = Le tournoi n° { $id } commence avec { $n } joueurs{ $rounds ->
        [-1] .
       *[other] , { $rounds } rondes.
    } Ronde 1 :
tournament-round = Tournoi n° { $id }, ronde { $round }{ $rounds ->
        [-1] {" "}:
       *[other] {" "}sur { $rounds } :
    }
tournament-bye = - { $who } est exempt (compté comme une victoire).
tournament-replay = Nulle, donc rejouée en échangeant les places : { $games }.
tournament-standings = Tournoi n° { $id } ({ tournament-format-word }, { tournament-status-word }) : { $round ->
    [0] aucune ronde n’est encore terminée
   *[other] classement après la ronde { $round }
}
tournament-won = Le tournoi n° { $id } est terminé : { $winner } l’emporte !
tournament-withdraw-not-running = On ne se retire que d’un tournoi en cours ; pendant les inscriptions, /tournament leave.
tournament-withdraws = { $who } se retire du tournoi n° { $id } : plus d’appariement à partir de la ronde suivante.
tournament-cancelled = { $who } annule le tournoi n° { $id }.

# $size: lobby-size (« pour 2 joueurs ») ; $options : paires nom=valeur, au nombre de $count.
challenge-what = { $game } { $size }{ $count ->
    [0] {""}
   *[other] , { $options }
}
# Une option d’un défi, en mots : $name est l’option (clock, timeout, rated...).
challenge-option = { $name ->
    [clock] { $value ->
        [casual] pendule tranquille
        [standard] pendule standard
        [fast] pendule rapide
       *[untimed] sans pendule
    }
    [timeout] { $value ->
        [hard] dépassement strict
       *[soft] dépassement souple
    }
    [rated] { $value ->
        [false] non classée
       *[true] classée
    }
    [hints] { $value ->
        [true] avec conseils
       *[false] sans conseils
    }
   *[other] { $name } { $value }
}
seek-what = { $game } { $size }, { $clock ->
    [casual] pendule tranquille
    [standard] pendule standard
    [fast] pendule rapide
   *[untimed] sans pendule
}, { $rated ->
    [rated] classée
   *[other] amicale
}
tournament-col-player = joueur
tournament-col-points = points
tournament-col-byes = exempts
tournament-col-games = parties
tournament-withdrawn-mark = { $who } (retiré)
tournament-standing-line = { $place }. { $who } : points { $points }, parties jouées { $games }{ $byes ->
    [0] {""}
   *[other] , { $byes ->
        [one] 1 exempt
       *[other] { $byes } exempts
    }
}, Buchholz { $buchholz }, Sonneborn-Berger { $sb }
tournament-withdrawn-already = Vous vous êtes déjà retiré du tournoi n° { $id }.
seek-channel-manage = seeks choisit où les recherches de ce serveur sont annoncées : il faut la permission Gérer les salons.
seek-channel-set = Les recherches de ce serveur sont désormais annoncées dans { $channel }.
seek-channel-off = Les recherches ne sont plus annoncées dans un salon à part.
seek-channel-bad = seeks vaut here (annoncer les recherches dans ce salon) ou off, pas « { $value } » : par exemple /settings seeks:here.
