# /help et /rules.

# /help, un message Fluent par ligne : spec::COMMANDS dit quelles lignes présentent quelles
# commandes, dans quelle section (un message du salon chacune) et dans quel ordre.
help-intro = Plateau accueille des jeux de plateau dans ce salon, une partie à la fois.
help-heading-correspondence = Jouer sur des jours et des semaines :
help-heading-compete = Classements et compétitions :
help-new = /new JEU [joueurs] [options nom:valeur] : ouvrir une table (par exemple /new pikemen 2 target:15)
help-join = /join, /leave : prendre ou rendre une place avant le début
help-start = /start [order:random|join] : l’hôte lance la partie (places tirées au sort par défaut)
help-play = /play COUP : jouer un coup écrit (par exemple /play turn h3 n) ; /moves liste les coups possibles ; /pick (ou le bouton Jouer d’un plateau) le choisit en quelques touches
help-undo = /undo : reprendre votre dernier coup (demande aux autres une fois qu’ils ont joué)
help-draw = /draw : proposer la nulle ; /accept, /decline : répondre à une demande de reprise ou de nulle
help-abort = /abort : interrompre la partie avant les premiers coups ; /rematch : rejouer la dernière partie
help-mygames = /mygames : vos parties partout ; /export : le relevé de la partie ; /replay : une animation de la partie
help-board = /board : voir la position ; /history [page] : les coups joués
help-analyse = /analyse [move:N] : votre plateau d’analyse privé, depuis maintenant ou après le coup N (parties finies comprises) ; essayez des coups, reculez, avancez, sans rien changer à la partie
help-resign = /resign : abandonner ; /rules [jeu] : les règles ; /help : ce texte
help-clock = /new ... clock:casual|standard|fast|untimed [timeout:soft|hard] : une pendule de partie par correspondance (7 jours par coup ; 3 jours +1 par coup, jusqu’à 7 ; 1 jour par coup ; aucune)
help-claim = /claim : après un dépassement de temps souple, réclamer la victoire (ou voter l’exclusion d’un joueur à 3 ou plus)
help-vacation = /vacation [start|end] : geler vos pendules dans toutes vos parties (30 jours par an)
help-addbot = /addbot [level:easy|medium|hard] : l’hôte installe un joueur de l’ordinateur (facile, moyen, difficile) ; /hint : un coup conseillé à votre tour (parties ouvertes avec hints:true, jamais classées)
help-settings = /settings [reminders:on|off] [digest:on|off] [quiet:22:00-08:00|off] [timezone:Europe/Paris|+01:00] [notify:channel|dm|both] [language:fr|en|auto] [server-language:fr|en|auto] [channel-language:fr|en|auto] [theme:dark|light] [seeks:here|off] : vos rappels, où arrivent vos avis de tour, votre langue, celle du serveur ou du salon, les couleurs de vos images, le salon où s’annoncent les recherches du serveur (server-language, channel-language et seeks demandent Gérer les salons)
help-rating = /rating [joueur] [jeu] : le classement d’un joueur ; /leaderboard JEU [scope:server|global] [page] : les joueurs les mieux classés ; /stats [joueur] : résultats, rythme et courbe de classement
help-challenge = /challenge JEU [adversaire] [joueurs] [options nom:valeur] : défier un joueur, ou n’importe qui sur ce serveur ; /accept challenge:N, /decline challenge:N : répondre à un défi (ou retirer le vôtre)
help-seek = /seek [JEU] [joueurs] [pendule] [classée] : attendre des adversaires dans la file de ce serveur (sans jeu : voir la file) ; /unseek : quitter la file
help-tournament = /tournament create|join|leave|start|standings|withdraw|cancel [jeu] [format:round-robin|swiss|knockout] [rondes] [joueurs] : les tournois que mène le bot (en créer un demande Gérer les salons)
help-channel-game = Ce salon joue à { $game } : { $commands }
help-games = Jeux : { $games }.

rules-no-such-game = Il n’y a pas de jeu nommé « { $game } » : les jeux sont { $games }.
rules-games = Jeux : { $games }. Lisez les règles d’un jeu avec /rules JEU, par exemple /rules pikemen.
rules-text =
    { $summary }

    Commandes : { $commands }
rules-verbs = { $verbs } (ou /play COUP)
rules-play-only = /play COUP
# L’option d’un verbe comme emplacement dans la forme d’une commande.
option-placeholder = { $name ->
    [square] CASE
    [direction] DIRECTION
    [from] DÉPART
    [to] ARRIVÉE
    [size] TAILLE
    [overload] SURCHARGE
    [seat] PLACE
    [colour] COULEUR
    [joker] JOKER
    [die] DÉ
   *[other] { $name }
}
