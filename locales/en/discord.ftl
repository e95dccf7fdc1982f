# What the Discord transport says by itself.

bot-no-thread = I could not open a thread here (I need the Create Public Threads permission). Try `/new` with `thread:false`.
bot-no-thread-permission = I could not open a thread here: I need the { $perms } { $count ->
        [one] permission
       *[other] permissions
    } in this channel (a moderator can grant { $count ->
        [one] it
       *[other] them
    }). Meanwhile, try `/new` with `thread:false`.
bot-no-thread-limit = I could not open a thread here: this server has reached Discord's limit of 1,000 active threads. A moderator can archive old ones; meanwhile, try `/new` with `thread:false`.
bot-no-thread-busy = Discord is slowing down how fast I open threads in this channel: try again in a minute, or `/new` with `thread:false`.
bot-thread-opened = { $who } opened a game: { $thread }
bot-stale-button = This button is not one of mine any more.
bot-menu-unsent = (This choice does not fit in a Discord menu: type `{ $command }` followed by your choice.)
bot-confirm-resign = Do you really want to resign? Only you can see this.
bot-confirm-resign-yes = Yes, resign
button-resign = Resign

# Answering interactions (respond.rs) and posts Discord refused (post.rs).
bot-done = Done.
bot-done-see-channel = Done: see the channel.
bot-undelivered-forbidden = Done and saved, but I could not post the result here: I need the { $perms } { $count ->
        [one] permission
       *[other] permissions
    } in this channel (a moderator can grant { $count ->
        [one] it
       *[other] them
    } in the channel's settings, under Permissions). /board shows the position once I can.
bot-undelivered-gone = Done and saved, but this channel no longer exists for me, so I could not post the result. /board in another channel of the game shows it.
bot-undelivered-other = Done and saved, but Discord did not take my message just now. /board shows the position.
bot-permissions = View Channel, Send Messages, Embed Links and Attach Files
bot-could-not-post = I could not post this in #{ $channel } (I need the { $perms } permissions there; a server admin can grant them):
    { $text }
# Interactions nobody else answered (bot.rs, on_event).
bot-restarting = I am restarting: try again in a moment.
bot-unknown-command = /{ $name } is not one of my commands any more: I was updated, and Discord may show the old list for a few minutes. Type / to see the current commands, or /help.
bot-unknown-button = This button is not one of mine any more: use /board to see the game as it is now.
bot-no-forms = I do not use forms: type / to see my commands, or /help.
# The store slow or locked (bot.rs, settle).
bot-busy = I am busy: my database is not answering just now, so your command has not been applied yet. If it goes through, you will read the result here; if not, nothing will have changed and you can try again.
# A player who does not accept direct messages (post.rs).
bot-dm-closed = { $user }, I could not send you a direct message (your privacy settings refuse them), so here it is:
    { $text }
# Permissions as Discord's settings name them.
perm-view-channel = View Channel
perm-send-messages = Send Messages
perm-send-in-threads = Send Messages in Threads
perm-embed-links = Embed Links
perm-attach-files = Attach Files
perm-create-public-threads = Create Public Threads
perm-list = { $rest } and { $last }
