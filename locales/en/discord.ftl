# What the Discord transport says by itself.

bot-no-thread = I could not open a thread here (I need the Create Public Threads permission). Try `/new` with `thread:false`.
bot-thread-opened = { $who } opened a game: { $thread }
bot-stale-button = This button is not one of mine any more.
bot-confirm-resign = Do you really want to resign? Only you can see this.
bot-confirm-resign-yes = Yes, resign
button-resign = Resign
