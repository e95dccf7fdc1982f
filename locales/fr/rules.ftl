# Les résumés des règles de /rules JEU et de `plateau rules JEU`, d’après les règles
# françaises (originals/*-fr.txt). Les coups s’écrivent comme en anglais ; les alias français
# (nord, petit, rouge...) sont acceptés.

rules-pikemen =
    Pikemen (Jacob Davenport), 2 à 4 joueurs.
    Chaque pyramide est un piquier : dressé (position de défense) ou couché, pointant vers l’une des 8 directions (position d’attaque).
    À votre tour, faites exactement une chose :
    - turn CASE ORIENTATION : réorientez l’un de vos piquiers (8 directions, ou up pour le dresser) ; l’orientation doit changer.
    - move DÉPART ARRIVÉE [ORIENTATION] : un piquier couché charge dans la direction vers laquelle il pointe, sur des cases vides, jusqu’à ARRIVÉE,
      en y capturant l’ennemi s’il le peut ; puis il garde son orientation ou en prend une nouvelle.
    Captures : un piquier ennemi couché tombe face à n’importe quel piquier ; un piquier dressé seulement face à un plus grand
    (un grand dressé jamais). Option rps (pierre/feuille/ciseaux) : un grand ne capture jamais un petit, un petit capture un grand dressé.
    Chaque capture rapporte ses points (petit 1, moyen 2, grand 3). Le premier à atteindre l’objectif (12) gagne.
    À 3 ou 4 joueurs : un joueur sans piquier passe son tour ; la partie s’arrête quand il ne reste qu’une armée ou
    après quiet_limit actions sans capture (60 par défaut) ; le meilleur score gagne.
    La notation d’Abstract Play fonctionne aussi : e2(N), e2-e5, e2xe5(NW).

rules-sprawl =
    Sprawl (J. A. Leistiko et ses amis), 3 à 8 joueurs ; plateau 5x6 (3), 6x6 (4-6), 8x8 (7-8).
    Réserve de 15 pièces : 5 petites (1 encoche), 5 moyennes (2), 5 grandes (3). La réserve la plus faible à la fin gagne.
    Tours dressées (1 à 3 pièces, au propriétaire de la pièce du sommet) ; ramifications couchées, vers n/e/s/w.
    - Premier tour : tower CASE TAILLE, case libre au choix (tower c3 large).
    - Ensuite une action par tour :
      build CASE [TAILLE] : construire sur une tour active à vous, une taille de moins (build c3 medium).
      branch CASE DIRECTION TAILLE : ramification voisine de votre tour active, pointant au loin (toute taille), ou de votre ramification active, au loin, une taille de moins ; une tour de h pièces porte des ramifications de h de long (branch c4 n medium).
      spore CASE TAILLE : essaimer une tour sur une case libre visée par votre ramification active (spore c5 large).
    - Une ramification attaque la case vers laquelle elle pointe et vise celle à autant de cases que ses encoches. Une tour attaquée par une taille qu’elle ne contient pas est neutralisée pour toujours ; on n’essaime pas une taille aussitôt neutralisée.
    - Un joueur bloqué met fin à la partie : les autres jouent un dernier tour ; les pièces neutralisées retournent aux réserves ; le moins d’encoches gagne.
    Options : sprawlgami, overload (construction rapide : spore c5 large overload 1), superior_forces (loi du plus fort), loose_branching (`from CASE`), own_attacks, counting_coup (Coup d’État : `challenge PLACE`, puis `retract` ou `stand`).
    Abandon possible ; pas de nulle. Alias : petit/moyen/grand, nord/est/sud/ouest.

rules-skyscrapers =
    Sky Scrapers (Mitsuo Yamamoto), 2 joueurs : Vert (place 1, joue en premier) et Blanc.
    Les pions occupent les 30 sommets d’un tablier hexagonal de triangles : les rangées 1 (en bas) à 7 (en haut) comptent
    a1-c1, a2-d2, a3-e3, a4-f4, a5-e5, a6-d6, a7-c7 (la lettre compte depuis la gauche de sa rangée).
    Les lignes vont dans 6 directions : e, w, ne, nw, se, sw (ni n ni s).
    Mise en place standard : chaque sommet porte un pion, 15 chacun. Mise en place libre (setup=free) : les joueurs posent à tour de rôle
    `place SOMMET` (Vert d’abord) jusqu’à avoir chacun posé `pawns` pions (11 à 15), par exemple `place c4`.
    Un gratte-ciel appartient à la couleur de son pion supérieur. À votre tour, vous devez déplacer l’une de vos pièces, pion ou gratte-ciel :
    - move DÉPART ARRIVÉE : toute la pile avance en ligne droite d’exactement autant de pas qu’elle a de niveaux,
      en passant sur tout, et termine sur un sommet déjà occupé, par exemple `move d2 d3`.
    - move DÉPART DIRECTION : la même chose en nommant la ligne, par exemple `move c4 ne`.
    Une pile de 6 niveaux ou plus ne peut plus bouger. Un joueur bloqué passe ; quand les deux joueurs sont bloqués,
    la partie s’arrête. Un gratte-ciel compte s’il a au moins 4 niveaux : le joueur qui en possède le plus gagne ; à égalité,
    le propriétaire du gratte-ciel le plus haut gagne ; à hauteur égale, la partie est nulle.

rules-battlezone =
    Battle Zone (Jason Troutman), 2 joueurs : Sud (place 1) part de la rangée 1, Nord (place 2) de la rangée 8.
    Réserve commune de 45 pyramides (5 couleurs x 3 tailles x 3). Couchée vers l’adversaire, une pyramide est sous votre contrôle ; dressée, elle n’est à personne.
    À chaque tour, 3 dés : 1 rouge, 2 bleu, 3 vert, 4 jaune, 5 noir, 6 joker. Chaque dé sert une fois, dans l’ordre voulu, pour une action de sa couleur, ou s’abandonne. `joker` paie avec le 6 quand un dé de la couleur est aussi libre.
    - place CASE COULEUR : une petite de la réserve sur votre ligne de départ (`place c1 red`)
    - control CASE : prendre le contrôle d’une pyramide dressée (`control d4`)
    - upgrade CASE : améliorer une pyramide à vous ou dressée, pas grande (`upgrade d4 joker`)
    - activate CASE : redresser votre pyramide, ou déclasser une dressée ; son pouvoir frappe tout ce qui est à sa portée (sa taille, en pas de roi) : rouge détruit, bleu donne le contrôle, noir immobilise (redresse), vert améliore (une grande est retirée), jaune transporte jusqu’à TAILLE pyramides dans la portée (`transport DÉPART ARRIVÉE`, `done`) (`activate d4`)
    - move CASE DIRECTION : votre pyramide avance d’exactement sa taille vers l’une des 8 directions, jusqu’à une case vide ; au-delà de la ligne adverse elle sort ; jamais par un côté ni derrière votre ligne (`move e7 n`)
    - skip DÉ : abandonner un dé (`skip 6`)
    Victoire : faire sortir une pyramide de chaque couleur. Option turn_limit=N : après N tours, le plus de couleurs sorties, puis de pyramides ; sinon nulle.
