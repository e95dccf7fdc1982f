# Ce que le transport Discord dit de lui-même.

bot-no-thread = Je n’ai pas pu ouvrir de fil ici (il me faut la permission Créer des fils publics). Essayez `/new` avec `thread:false`.
bot-thread-opened = { $who } a ouvert une partie : { $thread }
bot-stale-button = Ce bouton n’est plus l’un des miens.
bot-confirm-resign = Voulez-vous vraiment abandonner ? Vous seul voyez ce message.
bot-confirm-resign-yes = Oui, abandonner
button-resign = Abandonner
