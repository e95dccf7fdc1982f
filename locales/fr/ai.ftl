# Joueurs de l’ordinateur (/addbot) et conseils (/hint).
ai-bad-level = Il n’y a pas de niveau « { $level } » : les niveaux sont easy (facile), medium (moyen) et hard (difficile), par exemple /addbot hard.
ai-host-only = Seul l’hôte, { $host }, peut installer un joueur de l’ordinateur.
hint-off = Les conseils sont désactivés dans cette partie. Les joueurs les acceptent à l’ouverture de la partie, avec /new JEU hints:true (une telle partie ne compte pas pour le classement).
hint-not-your-turn = Un conseil vaut pour votre propre tour : redemandez quand ce sera à vous de jouer.
hint-move = Conseil : { $mv } (le coup du niveau moyen). { $players ->
        [2] Ses chances de victoire estimées pour vous : { $value } %.
       *[other] Son estimation de votre classement : { $value } sur 100 (100 pour la première place, 0 pour la dernière).
    }
hint-lobby-on = Les conseils sont activés : chaque joueur peut demander /hint à son tour. Cette partie ne compte pas pour le classement.
hint-rated-conflict = Une partie avec conseils ne peut pas compter pour le classement : retirez rated:true, ou hints:true.
hint-bad-option = hints vaut true ou false, pas « { $value } » : par exemple /new pikemen hints:true.
ai-only-bots-left = Il ne reste que des joueurs ordinateur : la partie s’arrête ici, sans résultat et sans effet sur le classement.
# Le nom d’un joueur ordinateur : $level vaut easy, medium ou hard ; $n compte ceux de ce niveau.
ai-name = Plateau { $level ->
    [easy] facile
    [medium] moyen
   *[hard] difficile
}{ $n ->
    [1] {""}
   *[other] {" "}#{ $n }
}
