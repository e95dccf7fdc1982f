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
    Sprawl (J. A. Leistiko et ses amis), 3 à 8 joueurs ; plateau de 5x6 (3 joueurs), 6x6 (4 à 6), 8x8 (7 ou 8).
    Chaque joueur a 15 pièces dans sa réserve : 5 petites (1 encoche), 5 moyennes (2), 5 grandes (3). La réserve la plus faible à la fin gagne.
    Les tours sont dressées (1 à 3 pièces, contrôlées par le propriétaire de la pièce du sommet) ; les ramifications sont couchées et pointent vers n/e/s/w.
    - Premier tour : tower CASE TAILLE, sur n’importe quelle case libre (par exemple tower c3 large). Plus jamais ensuite.
    - Ensuite, exactement une action par tour :
      build CASE [TAILLE] : construire, c’est coiffer une tour active que vous contrôlez d’une pièce plus petite d’une taille (par exemple build c3 medium).
      branch CASE DIRECTION TAILLE : une ramification, pièce couchée voisine de votre tour active et pointant au loin de celle-ci (toute taille),
        ou voisine de votre ramification active, pointant au loin de celle-ci, plus petite d’une taille (grande > moyenne > petite) ;
        une tour de h pièces supporte des ramifications de h de long. Elle doit pointer vers une case (par exemple branch c4 n medium).
      spore CASE TAILLE : essaimer, c’est poser une nouvelle tour sur une case libre visée par votre ramification active (par exemple spore c5 large).
    - Une ramification attaque la case vers laquelle elle pointe et vise la case située à autant de cases que ses encoches
      (les pièces sur le chemin ne comptent pas). Une tour attaquée par la ramification d’un autre joueur d’une taille qu’elle ne
      contient pas est neutralisée pour toujours : plus de construction ni de ramification depuis elle ou ses ramifications, plus d’essaimage depuis elles.
      Il est interdit d’essaimer une taille qui serait aussitôt neutralisée. Une ramification est active tant que la tour dont elle
      est issue (à travers d’autres ramifications) est active et à vous ; seules les ramifications actives croissent et essaiment.
    - Un joueur qui ne peut plus jouer met fin à la partie : chacun des autres joue un dernier tour. Les tours neutralisées et leurs
      ramifications retournent aux réserves ; le plus faible total d’encoches en réserve gagne. Égalités : encoches des tours que vous avez neutralisées, leur
      nombre, cases que vous occupez, encoches de vos tours, leur nombre.
    Options : sprawlgami (construire sur une tour visée par votre ramification active), overload, la construction rapide (spore CASE TAILLE overload N
      construit N pièces de plus avec N+1 ramifications visant la case, par exemple spore c5 large overload 1), superior_forces, la loi du plus fort (une tour tombe
      quand les encoches des attaquants dépassent les siennes), loose_branching (ramifier de côté depuis la case visée par une ramification ;
      ajoutez `from CASE` quand deux sources conviennent), own_attacks (vos ramifications attaquent aussi vos tours),
      counting_coup, le Coup d’État (après un essaimage, un joueur qui pourrait neutraliser la tour peut la défier : `challenge PLACE` ; l’auteur de l’essaimage répond
      `retract` (il joue une autre action ; le défieur tire une carte qui vaut -1 ou -2) ou `stand` (il maintient)).
      Par exemple challenge 2, puis retract ou stand. Un défi se règle avant toute autre chose.
    Abandon possible à tout moment : vos pièces restent et continuent d’attaquer ; vous finissez dernier. Pas de nulle.
    Tailles : small/medium/large ou 1/2/3 (petit/moyen/grand) ; directions n/e/s/w (nord/est/sud/ouest).

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
    Une réserve commune de 45 pyramides : 5 couleurs x petite/moyenne/grande x 3. Elles n’appartiennent à personne : une pyramide couchée pointant vers l’adversaire est sous votre contrôle, une pyramide dressée n’est à personne.
    À chaque tour, lancez les 3 dés : 1 rouge, 2 bleu, 3 vert, 4 jaune, 5 noir, 6 joker (n’importe quelle couleur). Utilisez chaque dé une fois, dans l’ordre de votre choix, pour une action de sa couleur, ou abandonnez-le. Ajoutez `joker` pour payer avec le 6 quand un dé de la couleur est aussi libre.
    - place CASE COULEUR : posez une petite pyramide de la réserve sur une case vide de votre ligne de départ, sous votre contrôle. Par exemple `place c1 red`
    - control CASE : prenez le contrôle d’une pyramide dressée. Par exemple `control d4`
    - upgrade CASE : améliorez une pyramide sous votre contrôle ou dressée, pas grande, en la remplaçant par la taille au-dessus de la réserve. Par exemple `upgrade d4 joker`
    - activate CASE : activez une pyramide sous votre contrôle en la redressant, ou une pyramide dressée en la déclassant d’une taille ; puis le pouvoir de sa couleur frappe toutes les pyramides à sa portée (sa taille après déclassement, en pas de roi). Par exemple `activate d4`
      rouge, destruction (retour à la réserve) ; bleu, contrôle (elles passent sous votre contrôle) ; noir, immobilisation (elles sont redressées) ; vert, amélioration de chacune dans l’ordre a1..h8 (une grande, ou une dont la taille au-dessus manque à la réserve, est retirée) ; jaune, transport d’au plus TAILLE d’entre elles, une à la fois, vers des cases vides de la même portée : `transport DÉPART ARRIVÉE`, et `done` pour s’arrêter avant.
    - move CASE DIRECTION : votre pyramide avance d’exactement sa taille (1 à 3) dans l’une des 8 directions, en passant par-dessus les pyramides, jusqu’à une case vide. Au-delà de la ligne de départ adverse, elle sort du jeu pour de bon ; jamais par un côté ni en arrière de votre propre ligne. Par exemple `move e7 n`
    - skip DÉ : abandonnez un dé libre. Par exemple `skip 6`
    Victoire : faire sortir une pyramide de chacune des cinq couleurs. Option turn_limit=N : après N tours, le plus de couleurs sorties gagne, puis le plus de pyramides ; sinon nulle.
