# /settings (rappels, résumé, heures calmes, fuseau, langues) et /vacation.

settings-on-off = { $name } vaut on ou off, pas « { $value } », par exemple /settings { $name }:off.
settings-bad-language = { $name } vaut { $languages } ou auto, pas « { $value } », par exemple /settings { $name }:fr.
settings-bad-quiet = quiet est une plage d’heure locale comme 22:00-08:00 (ou off), pas « { $value } », par exemple /settings quiet:22:00-08:00 timezone:Europe/Paris.
settings-bad-zone = timezone est un nom de fuseau horaire comme Europe/Paris ou America/Montreal (qui suit les heures d’été et d’hiver), ou un décalage par rapport à UTC comme +01:00, UTC-5 ou UTC, pas « { $value } », par exemple /settings timezone:Europe/Paris.
settings-quiet-off = aucune
# $reminders et $digest valent on ou off.
settings-describe = rappels { $reminders ->
    [on] activés
   *[off] désactivés
} ; { $digest ->
    [on] un résumé quotidien en message privé au lieu des mentions dans le salon
   *[off] mentions dans le salon de la partie (pas de résumé)
} ; heures calmes { $quiet } ; fuseau horaire { $zone }.
settings-bad-theme = { $name } vaut dark, light ou auto, pas « { $value } », par exemple /settings { $name }:light.
settings-theme-manage = { $name } règle les couleurs des plateaux de tout le monde ici : il faut la permission Gérer les salons.
settings-themes = Plateaux : pour vous { $mine ->
    [light] clairs
    [dark] sombres
   *[other] ceux du serveur
}, pour le serveur { $server ->
    [light] clairs
    [dark] sombres
   *[other] non choisis
} (les plateaux d’ici sont { $public ->
    [light] clairs
   *[dark] sombres
} ; les images que vous seul voyez sont { $private ->
    [light] claires
   *[dark] sombres
}). Changez avec /settings theme:dark|light|auto (server-theme demande Gérer les salons).
settings-language-manage = { $name } règle la langue des messages de tout le monde ici : il faut la permission Gérer les salons.
settings-no-option = /settings n’a pas d’option « { $name } » : ses options sont reminders, digest, quiet, timezone, language, server-language, channel-language, seeks, theme, server-theme et notify.
settings-show =
    Vos réglages : { $settings }
    Changez-les avec /settings reminders:on|off digest:on|off quiet:22:00-08:00|off timezone:Europe/Paris notify:channel|dm|both theme:dark|light language:fr|en|auto (seeks:here|off annonce les recherches de ce serveur dans un salon : Gérer les salons).
settings-saved = Enregistré. Vos réglages : { $settings }
settings-saved-language = Enregistré. { $languages }
settings-next-digest = Prochain résumé { $at }.
# Chaque choix est un code de langue ou auto ; $now : la langue des messages de ce salon.
settings-languages = Langue : pour vous { $mine ->
    [fr] le français
    [en] l’anglais
   *[other] celle de Discord
}, pour le serveur { $server ->
    [fr] le français
    [en] l’anglais
   *[other] non choisie
}, pour ce salon { $channel ->
    [fr] le français
    [en] l’anglais
   *[other] non choisie
} (les messages d’ici sont en { $now ->
    [en] anglais
    [fr] français
   *[other] { $now }
}). Changez-la avec /settings language:fr|en|auto (les options server-language et channel-language demandent Gérer les salons).

vacation-state = { $on ->
    [yes] Vous êtes en vacances depuis { $since } ; elles se terminent d’elles-mêmes { $ends } ou avec /vacation end.
   *[no] Vous n’êtes pas en vacances. /vacation start gèle vos pendules dans toutes vos parties.
} Jours de vacances restants en { $year } : { $left } sur 30 jours.
vacation-already = Vous êtes déjà en vacances (depuis { $since }). Terminez-les avec /vacation end.
vacation-used-up = Vous avez utilisé vos 30 jours de vacances pour { $year } ; la réserve se remplit à nouveau le 1er janvier.
vacation-starts = Vos vacances commencent : vos pendules sont gelées dans toutes vos parties jusqu’à votre retour avec /vacation end, ou { $until } quand les { $left } restants de votre réserve { $year } de 30 jours seront épuisés.
vacation-not-on = Vous n’êtes pas en vacances ; /vacation start les commence.
vacation-ends = Bon retour : vos vacances sont finies et vos pendules tournent à nouveau.
vacation-bad-action = /vacation prend start ou end, pas « { $value } », par exemple /vacation start.
vacation-frozen = { $name } est en vacances : sa pendule dans cette partie est gelée, avec { $left } restants.
vacation-back = { $name } rentre de vacances : sa pendule tourne à nouveau ; il faut jouer avant { $until }.
vacation-ran-out = Vos jours de vacances de l’année sont épuisés : vos vacances sont terminées et vos pendules tournent à nouveau.
