# Ce que le transport Discord dit de lui-même.

bot-no-thread = Je n’ai pas pu ouvrir de fil ici (il me faut la permission Créer des fils publics). Essayez `/new` avec `thread:false`.
bot-no-thread-permission = Je n’ai pas pu ouvrir de fil ici : il me faut { $count ->
        [one] la permission { $perms }
       *[other] les permissions { $perms }
    } dans ce salon (un modérateur peut { $count ->
        [one] l’accorder
       *[other] les accorder
    }). En attendant, essayez `/new` avec `thread:false`.
bot-no-thread-limit = Je n’ai pas pu ouvrir de fil ici : ce serveur a atteint la limite de Discord de 1 000 fils actifs. Un modérateur peut archiver les anciens ; en attendant, essayez `/new` avec `thread:false`.
bot-no-thread-busy = Discord ralentit l’ouverture de fils dans ce salon : réessayez dans une minute, ou `/new` avec `thread:false`.
bot-thread-opened = { $who } a ouvert une partie : { $thread }
bot-stale-button = Ce bouton n’est plus l’un des miens.
bot-menu-unsent = (Ce choix ne tient pas dans un menu Discord : tapez `{ $command }` suivi de votre choix.)
bot-confirm-resign = Voulez-vous vraiment abandonner ? Vous seul voyez ce message.
bot-confirm-resign-yes = Oui, abandonner
button-resign = Abandonner

# Answering interactions (respond.rs) and posts Discord refused (post.rs).
bot-done = C’est fait.
bot-done-see-channel = C’est fait : voyez le salon.
bot-undelivered-forbidden = C’est fait et enregistré, mais je n’ai pas pu publier le résultat ici : il me faut { $count ->
        [one] la permission { $perms }
       *[other] les permissions { $perms }
    } dans ce salon (un modérateur peut { $count ->
        [one] l’accorder
       *[other] les accorder
    } dans les paramètres du salon, rubrique Permissions). /board montrera la position dès que je le pourrai.
bot-undelivered-gone = C’est fait et enregistré, mais ce salon n’existe plus pour moi, je n’ai donc pas pu publier le résultat. /board dans un autre salon de la partie le montre.
bot-undelivered-other = C’est fait et enregistré, mais Discord n’a pas pris mon message pour l’instant. /board montre la position.
bot-permissions = Voir le salon, Envoyer des messages, Intégrer des liens et Joindre des fichiers
bot-could-not-post = Je n’ai pas pu publier ceci dans #{ $channel } (il me faut les permissions { $perms } dans ce salon ; un administrateur du serveur peut les accorder) :
    { $text }
# Interactions nobody else answered (bot.rs, on_event).
bot-restarting = Je redémarre : réessayez dans un instant.
bot-unknown-command = /{ $name } ne fait plus partie de mes commandes : j’ai été mis à jour, et Discord peut montrer l’ancienne liste pendant quelques minutes. Tapez / pour voir les commandes actuelles, ou /help.
bot-unknown-button = Ce bouton n’est plus l’un des miens : /board montre la partie telle qu’elle est maintenant.
bot-no-forms = Je n’utilise pas de formulaires : tapez / pour voir mes commandes, ou /help.
# The store slow or locked (bot.rs, settle).
bot-busy = Je suis occupé : ma base de données ne répond pas pour l’instant, votre commande n’est donc pas encore appliquée. Si elle passe, vous verrez le résultat ici ; sinon, rien n’aura changé et vous pourrez réessayer.
# A player who does not accept direct messages (post.rs).
bot-dm-closed = { $user }, je n’ai pas pu vous envoyer de message privé (vos paramètres de confidentialité les refusent), alors le voici :
    { $text }
# Permissions as Discord's settings name them.
perm-view-channel = Voir le salon
perm-send-messages = Envoyer des messages
perm-send-in-threads = Envoyer des messages dans les fils
perm-embed-links = Intégrer des liens
perm-attach-files = Joindre des fichiers
perm-create-public-threads = Créer des fils publics
perm-list = { $rest } et { $last }
