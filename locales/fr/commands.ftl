# Commandes slash : les verbes des jeux (un attribut par option) et les options de /new.

option-pikemen-target = score qui donne la victoire
option-pikemen-rps = captures pierre/feuille/ciseaux : un grand ne prend jamais un petit, un petit prend un grand dressé
option-pikemen-quiet_limit = la partie s’arrête après ce nombre d’actions sans capture, 0 = jamais
verb-pikemen-turn = Réorienter l’un de vos piquiers sur place
    .square = la case de votre piquier
    .direction = nouvelle orientation, ou up pour le dresser
verb-pikemen-move = Faire charger un piquier couché dans la direction où il pointe
    .from = la case de votre piquier couché
    .to = où la charge s’arrête (case vide ou capture)
    .direction = orientation après la charge (par défaut : inchangée)
option-sprawl-sprawlgami = construire sur la tour d’un autre joueur visée par une de vos ramifications actives
option-sprawl-overload = construction rapide : essaimer et construire d’un coup avec plusieurs ramifications visant la case
option-sprawl-superior_forces = la loi du plus fort : une tour ne tombe que si les encoches des attaquants dépassent les siennes (D6)
option-sprawl-loose_branching = ramifier aussi de côté depuis la case visée par une ramification
option-sprawl-own_attacks = vos propres ramifications attaquent aussi vos tours (D5)
option-sprawl-counting_coup = Coup d’État : défier un essaimage que vous pourriez neutraliser ; les cartes baissent les scores
verb-sprawl-tower = Premier tour seulement : poser votre tour de départ
    .square = une case libre pour votre tour de départ
    .size = la pièce de votre réserve
verb-sprawl-build = Construire : coiffer une tour d’une pièce plus petite d’une taille
    .square = une tour active que vous contrôlez (ou visez, avec sprawlgami)
    .size = une taille de moins que la pièce du sommet (facultatif : imposée)
verb-sprawl-branch = Ramifier : coucher une pièce pointant au loin de votre tour ou ramification
    .square = une case libre voisine de votre tour ou ramification
    .direction = où elle pointe : au loin de sa source
    .size = toute taille depuis une tour ; une de moins que la ramification source
    .from = sa source, seulement si la ramification libre laisse le choix
verb-sprawl-spore = Essaimer : fonder une tour sur une case visée par votre ramification
    .square = une case libre visée par une de vos ramifications actives
    .size = toute taille qui n’est pas neutralisée aussitôt
    .overload = avec overload : construire aussi ce nombre de pièces dessus
verb-sprawl-challenge = Coup d’État : défier un essaimage que vous pourriez neutraliser
    .seat = votre numéro de place (utile si plusieurs peuvent défier)
verb-sprawl-retract = Coup d’État : revenir sur l’essaimage défié (le défieur tire une carte)
verb-sprawl-stand = Coup d’État : maintenir l’essaimage défié
verb-skyscrapers-move = Déplacer une pile entière d’autant de pas que ses niveaux, sur un pion
    .from = le sommet de votre pile (son pion supérieur est à vous)
    .to = le sommet occupé à autant de pas que la pile a de niveaux
    .direction = au lieu d’une arrivée : la ligne à suivre (e w ne nw se sw)
verb-skyscrapers-place = Mise en place libre : poser un de vos pions sur un sommet vide
    .square = un sommet vide pour votre pion (mise en place libre)
option-battlezone-turn_limit = la partie s’arrête après ce nombre de tours (ceux des deux joueurs), 0 = jamais
verb-battlezone-place = Poser une petite pyramide de la réserve sur votre ligne de départ
    .square = une case vide de votre ligne de départ
    .colour = rouge, bleu, vert, jaune ou noir
    .joker = payer avec le 6 même si un dé de la couleur est libre
verb-battlezone-control = Prendre le contrôle d’une pyramide dressée en la couchant vers l’adversaire
    .square = une pyramide dressée
    .joker = payer avec le 6 même si un dé de la couleur est libre
verb-battlezone-upgrade = Améliorer une pyramide : la remplacer par la taille au-dessus
    .square = votre pyramide ou une dressée, pas grande
    .joker = payer avec le 6 même si un dé de la couleur est libre
verb-battlezone-activate = Activer le pouvoir d’une pyramide sur tout ce qui est à sa portée
    .square = votre pyramide, ou une dressée à déclasser
    .joker = payer avec le 6 même si un dé de la couleur est libre
verb-battlezone-move = Déplacer une pyramide sous votre contrôle ; au-delà de la ligne adverse, elle sort
    .from = une pyramide sous votre contrôle
    .direction = elle avance d’exactement sa taille (1, 2, 3) dans ce sens
    .joker = payer avec le 6 même si un dé de la couleur est libre
verb-battlezone-transport = Après une activation jaune : transporter une pyramide dans sa portée
    .from = une pyramide à portée de la pyramide jaune
    .to = une case vide de la même portée
verb-battlezone-done = Terminer l’étape de transport d’une activation jaune
verb-battlezone-skip = Abandonner un dé libre
    .die = la valeur du dé libre à abandonner
option-skyscrapers-setup = standard : le tablier commence plein, 15 pions chacun ; free : les joueurs posent leurs pions à tour de rôle
option-skyscrapers-pawns = pions par joueur en mise en place libre (15 avec la mise en place standard)

# Les commandes du service, avec un attribut par option.
cmd-new = Ouvrir une partie dans ce salon ; les autres la rejoignent, puis /start
    .game = le jeu
    .players = nombre de joueurs (par défaut : le minimum du jeu)
    .thread = jouer dans un nouveau fil de ce salon
    .clock = temps par coup : casual 7 jours, standard 3 jours +1 par coup, fast 1 jour, untimed
    .timeout = temps écoulé : soft (les autres peuvent réclamer) ou hard (fin de partie)
    .options = options du jeu en mots clé=valeur, par exemple target=15
    .hints = permettre /hint, le coup conseillé par l’ordinateur (la partie n’est alors pas classée)
    .rated = si la partie compte pour le classement (par défaut : oui)
cmd-addbot = Installer un joueur de l’ordinateur à cette table (l’hôte seulement)
    .level = son niveau : facile, moyen (par défaut) ou difficile
cmd-hint = Demander un coup à l’ordinateur à votre tour (parties ouvertes avec hints:true)
cmd-rating = Afficher le classement, le rang et le bilan d’un joueur
    .user = le joueur (par défaut : vous)
    .game = seulement ce jeu
    .share = publier la réponse dans le salon pour tous (par défaut : vous seul la voyez)
cmd-leaderboard = Afficher les meilleurs joueurs d’un jeu
    .game = le jeu
    .scope = les joueurs de ce serveur (par défaut) ou tout le monde
    .page = page du tableau, 1 = les meilleurs
    .share = publier la réponse dans le salon pour tous (par défaut : vous seul la voyez)
cmd-stats = Afficher les résultats, le rythme, les adversaires et la courbe de classement d’un joueur
    .user = le joueur (par défaut : vous)
    .share = publier la réponse dans le salon pour tous (par défaut : vous seul la voyez)
cmd-join = Prendre place dans la partie de ce salon
cmd-leave = Quitter la partie de ce salon avant son début
cmd-start = Lancer la partie une fois tout le monde assis
    .order = ordre des places : au hasard (par défaut) ou d’arrivée
cmd-board = Afficher le plateau de la partie de ce salon
    .share = publier la réponse dans le salon pour tous (par défaut : vous seul la voyez)
cmd-analyse = Votre plateau d’analyse privé : essayez des coups depuis n’importe quelle position
    .move = partir après ce coup de la partie (0 : le début ; par défaut : maintenant)
    .try = un coup à essayer sur votre plateau
    .step = back, forward, reset ou close
cmd-moves = Lister vos coups possibles (vous seul les voyez)
cmd-resign = Abandonner la partie de ce salon
cmd-history = Afficher les coups joués
    .page = page de l’historique, 1 = les premiers coups
    .share = publier la réponse dans le salon pour tous (par défaut : vous seul la voyez)
cmd-undo = Reprendre votre dernier coup (demande aux autres s’ils ont joué depuis)
cmd-draw = Proposer la nulle à vos adversaires
cmd-accept = Accepter la demande de reprise ou la proposition de nulle, ou un défi
    .challenge = le numéro du défi à accepter
cmd-decline = Refuser la proposition en cours (ou retirer la vôtre), ou un défi
    .challenge = le numéro du défi à refuser (ou à retirer, s’il est le vôtre)
cmd-challenge = Défier un joueur, ou tout le serveur ; dans une partie de Sprawl, contester une spore
    .game = le jeu (pas pour le compte des coups de Sprawl)
    .opponent = qui défier (personne : tout le serveur)
    .seat = compte des coups de Sprawl : la place qui conteste
    .players = combien de joueurs
    .clock = temps par coup : casual 7 jours, standard 3 jours +1 par coup, fast 1 jour, untimed
    .timeout = à la fin du temps : soft (les autres peuvent réclamer) ou hard (la partie s’arrête)
    .rated = si la partie compte pour le classement (oui par défaut)
    .options = options du jeu en mots clé=valeur, par exemple target=15
cmd-seek = Attendre des adversaires dans la file du serveur (sans jeu : voir la file)
    .game = le jeu
    .players = combien de joueurs
    .clock = temps par coup
    .timeout = à la fin du temps
    .rated = parties classées seulement avec des joueurs classés
cmd-unseek = Quitter la file du serveur (modération : en retirer quelqu’un)
    .user = la recherche de qui retirer (modération)
cmd-tournament = Tournois : create, join, leave, start, standings, withdraw, cancel
    .action = que faire
    .game = le jeu (create)
    .format = round-robin, swiss ou knockout (create)
    .rounds = rondes (suisse, tables) ou cycles (toutes rondes) (create)
    .players = joueurs par partie (create)
cmd-rematch = Proposer (ou accepter) de rejouer la dernière partie du salon, avec rotation des places
cmd-abort = Interrompre la partie avant que tous aient joué, sans résultat
cmd-mygames = Vos parties sur tous les serveurs, votre tour d’abord
cmd-export = Le relevé de la partie en fichier texte
    .share = publier la réponse dans le salon pour tous (par défaut : vous seul la voyez)
cmd-replay = Une animation de la partie (GIF)
    .share = publier la réponse dans le salon pour tous (par défaut : vous seul la voyez)
cmd-rules = Résumer les règles d’un jeu
    .game = le jeu (par défaut : celui du salon)
cmd-help = Comment jouer avec Plateau
cmd-play = Jouer un coup écrit dans la notation du jeu
    .move = votre coup, dans la notation du jeu
cmd-pick = Choisir votre coup étape par étape, dans des menus des coups possibles
    .move = où commencer : les premiers mots d’un coup (facultatif)
cmd-claim = Réclamer la victoire (ou voter l’exclusion) quand le temps d’un joueur est écoulé
cmd-vacation = Geler vos pendules dans toutes vos parties, ou voir vos jours de vacances
    .action = commencer ou finir des vacances (rien : voir ce qui reste)
cmd-settings = Vos rappels, résumé, heures calmes, fuseau, langue et couleurs des plateaux
    .reminders = me rappeler avant les échéances
    .digest = un message privé par jour au lieu des mentions
    .quiet = heures calmes, par exemple 22-8
    .timezone = votre fuseau horaire, par exemple Europe/Paris, ou un décalage comme +2
    .language = la langue des réponses que vous seul voyez (auto : celle de Discord)
    .server-language = la langue des messages de jeu de ce serveur (Gérer les salons)
    .channel-language = la langue des messages de jeu de ce salon (Gérer les salons)
    .seeks = annoncer ici les recherches du serveur, ou off (Gérer les salons)
    .theme = les couleurs des plateaux que vous seul voyez (auto : celles du serveur)
    .server-theme = les couleurs des plateaux de ce serveur (Gérer les salons)
    .notify = vos avis de tour : une mention dans le salon (par défaut), un message privé (dm), ou les deux
# Une commande que le service a mais que cet enregistrement ne décrit pas encore.
cmd-unknown = /{ $name } : voir /help
cmd-unknown-option = { $option } (voir /help)
# Un verbe que plusieurs jeux partagent.
cmd-verb-shared = Un coup de { $games } : voir /rules pour sa forme
# Une option de /new que plusieurs jeux peuvent partager.
cmd-game-option = { $games } : { $description }

# Les noms des commandes et des options tels que les voient les utilisateurs francophones
# (Discord renvoie les noms anglais). Un nom de Discord : minuscules, lettres, chiffres, - et _.
slash-name = { $word ->
    [undo] annuler
    [draw] nulle
    [accept] accepter
    [decline] refuser
    [rematch] revanche
    [abort] interrompre
    [mygames] mesparties
    [export] exporter
    [replay] revoir
    [analyse] analyser
    [try] essayer
    [step] étape
    [new] nouvelle
    [join] rejoindre
    [leave] quitter
    [start] commencer
    [board] plateau
    [moves] coups
    [resign] abandonner
    [history] historique
    [rules] règles
    [help] aide
    [claim] réclamer
    [vacation] vacances
    [pause] pause
    [resume] reprendre
    [settings] réglages
    [reminders] rappels
    [digest] résumé
    [quiet] calme
    [timezone] fuseau
    [timeout] dépassement
    [language] langue
    [server-language] langue-serveur
    [channel-language] langue-salon
    [theme] thème
    [server-theme] thème-serveur
    [play] jouer
    [turn] tourner
    [move] déplacer
    [tower] tour
    [build] construire
    [branch] ramifier
    [spore] essaimer
    [place] placer
    [control] contrôler
    [upgrade] améliorer
    [activate] activer
    [transport] transporter
    [skip] passer
    [done] terminer
    [challenge] défier
    [retract] retirer
    [stand] maintenir
    [game] jeu
    [players] joueurs
    [clock] pendule
    [thread] fil
    [order] ordre
    [square] case
    [from] de
    [to] vers
    [size] taille
    [colour] couleur
    [target] cible
    [overload] surcharge
    [die] dé
    [dice] dés
    [direction] direction
    [page] page
    [share] partager
    [rating] classement
    [leaderboard] meilleurs
    [stats] statistiques
    [user] joueur
    [rated] classée
    [hints] conseils
    [addbot] ajouter-robot
    [hint] conseil
    [seek] chercher
    [unseek] ne-plus-chercher
    [follow] suivre
    [unfollow] ne-plus-suivre
    [notify] avis
    [tournament] tournoi
    [opponent] adversaire
    [format] formule
    [rounds] rondes
    [seeks] recherches
    [level] niveau
    [scope] portée
    [action] action
    [seat] place
   *[other] { $word }
}
# Les noms des choix (les valeurs renvoyées restent les mots anglais).
slash-choice = { $word ->
    [random] au hasard
    [join] ordre d’arrivée
    [casual] tranquille (7 jours)
    [fast] rapide (1 jour)
    [untimed] sans pendule
    [soft] souple
    [hard] { $option ->
        [level] difficile
       *[other] strict
    }
    [on] oui
    [off] non
    [dark] sombre
    [light] clair
    [auto] automatique
    [small] petite
    [medium] { $option ->
        [level] moyen
       *[other] moyenne
    }
    [easy] facile
    [large] grande
    [n] nord
    [ne] nord-est
    [e] est
    [se] sud-est
    [s] sud
    [sw] sud-ouest
    [w] ouest
    [nw] nord-ouest
    [up] dressé
    [en] anglais
    [fr] français
    [free] libre
    [server] serveur
    [global] monde
   *[other] { $word }
}
