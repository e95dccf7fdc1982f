# Finding opponents (issue 14): challenges, the seek queue, tournaments.
compete-unknown-user = I do not know a player called { $who }: name them with a mention, e.g. opponent:@{ $who }.
compete-not-in-dm = { $what } works in a server's channel, not in a direct message: there is nobody here to play.
compete-game-opens = { $title }. Seats: { $seats }.
compete-game-opened = { $title }: the game is open in { $channel }.

challenge-no-game = Which game? e.g. /challenge pikemen opponent:@bob, or /challenge sprawl players:4 for an open challenge.
challenge-two-opponents = A challenge names one opponent: /challenge pikemen @bob. For more players, leave the opponent out for an open challenge, e.g. /challenge sprawl players:4.
challenge-self = You cannot challenge yourself: name another player, or leave out opponent for an open challenge.
challenge-bot = Computer players do not take challenges: open a table with /new and seat one with /addbot.
challenge-bot-account = You named a bot account: nobody can answer a challenge for it. To play the computer, open a table with /new and seat a computer player with /addbot.
challenge-direct-two = A challenge to one player is a two-player game, and { $game } here would need more: leave out opponent for an open challenge, e.g. /challenge { $id } players:4.
challenge-button-accept = Accept
challenge-button-decline = Decline
challenge-direct = { $who } challenges { $opponent } to { $what } (challenge #{ $id }, expires { $expires }). Answer with /accept challenge:{ $id } or /decline challenge:{ $id }.
challenge-direct-dm = { $who } challenges you to { $what } in { $channel }. Answer there with /accept challenge:{ $id } or /decline challenge:{ $id }.
challenge-open = { $who } opens a challenge: { $what } (challenge #{ $id }, expires { $expires }). { $seats ->
        [one] One seat is free:
       *[other] { $seats } seats are free:
    } /accept challenge:{ $id } takes one.
challenge-bad-id = "{ $value }" is not a challenge number: use the number the challenge shows, e.g. /accept challenge:3.
challenge-none = There is no challenge #{ $id } on this server.
challenge-list-item = #{ $id } from { $author }, { $what }
challenge-which = Several challenges are addressed to you: { $list }. Say which, e.g. /{ $command } challenge:{ $id }.
challenge-closed = Challenge #{ $id } is no longer open ({ $status }).
challenge-not-yours = Challenge #{ $id } is not addressed to you: only its author can withdraw it, and only the challenged player can decline it.
challenge-own = You made challenge #{ $id }: wait for others to accept it, or withdraw it with /decline challenge:{ $id }.
challenge-not-for-you = Challenge #{ $id } is addressed to another player.
challenge-accepted-already = You have already accepted challenge #{ $id }: the game opens when every seat is taken.
challenge-seat-taken = { $who } accepts challenge #{ $id }. { $left ->
        [one] One seat is still free.
       *[other] { $left } seats are still free.
    }
challenge-full = { $who } accepts challenge #{ $id }: the { $game } game opens now (players: { $players }).
challenge-ended = { $status ->
        [withdrawn] { $who } withdraws challenge #{ $id } ({ $game }).
       *[other] { $who } declines challenge #{ $id } from { $author } ({ $game }).
    }
challenge-expired = Challenge #{ $id } from { $author } ({ $game }) expired unanswered.

seek-placed = { $who } seeks a game: { $what }. /seek with the same options joins them.
seek-none = You are not in the queue on this server: /seek GAME puts you in it.
seek-left = You left the queue.
seek-mention = /seek finds you an opponent among everyone seeking: to play someone in particular, use /challenge pikemen @name.
seek-replaced = { $who } now seeks { $what }, instead of { $old }. /seek with the same options joins them.
seek-already = You are already seeking { $what }, since { $since }: your place in the queue is kept. /unseek leaves it.
seek-remove-manage = Only a moderator (Manage Channels) can take someone else out of the queue; /unseek alone leaves it yourself.
seek-none-of = { $who } is not in the queue on this server.
seek-none-of-unknown = That player is not in the queue on this server.
seek-removed = { $who } is out of the queue; they have been told by direct message.
seek-removed-dm = { $by } took your seek out of the queue in { $channel }. /seek there puts you back in it.
# One seek in the list: $since is a relative time ("2 hours ago").
seek-queue-line = - { $who } seeks { $what } (queued { $since })
seek-queue-empty = Nobody is seeking a game on this server. /seek GAME puts you in the queue.
seek-queue = { $n ->
        [one] One player is seeking a game:
       *[other] { $n } players are seeking games:
    }
seek-matched = Seekers matched: { $what } for { $players }.

tournament-no-action = What should the tournament do? /tournament create|join|leave|start|standings|withdraw|cancel, e.g. /tournament create pikemen round-robin.
tournament-bad-action = "{ $action }" is not a tournament action: they are create, join, leave, start, standings, withdraw and cancel.
tournament-manage-only = Creating a tournament needs the Manage Channels permission on this server.
tournament-no-game = Which game? e.g. /tournament create pikemen format:swiss.
tournament-bad-format = "{ $value }" is not a format: they are round-robin, swiss and knockout.
tournament-bad-number = { $option } is a number, not "{ $value }": e.g. { $option }:3.
tournament-knockout-two = A knockout is for two-player games. A { $game } tournament with more than two players a game plays Swiss rounds of tables: use format:swiss.
tournament-no-abort = This is a tournament game: it ends by play, resignation or time, not /abort (its round would never end). The organiser can cancel the whole tournament.
tournament-exists = This channel already has a tournament in sign-up or running: /tournament standings shows it.
# $format is round-robin, swiss or knockout; $clock a clock's description; $timeout hard, soft or none.
tournament-created = { $who } creates tournament #{ $id }: { $game }, { tournament-format-word }, { $per } players a game. Clock: { $clock }; { $timeout ->
    [hard] a player who runs out of time loses that game at once.
    [soft] when a player runs out of time, the others may claim the win.
   *[none] no time limit.
} /tournament join to enter; the organiser starts it with /tournament start.
tournament-format-word = { $format ->
    [swiss] Swiss rounds
    [round-robin] round robin
   *[knockout] knockout
}
# $status is signup, running, finished or cancelled.
tournament-status-word = { $status ->
    [signup] in sign-up
    [running] running
    [finished] finished
   *[cancelled] cancelled
}
# The prefix of a tournament game's thread name.
tournament-game-title = Tournament { $id }, round { $round }
tournament-button-join = Join
tournament-none = There is no tournament in this channel: a moderator creates one with /tournament create GAME.
tournament-not-signup = The tournament is { tournament-status-word }: sign-up is closed.
tournament-joined-already = You are already entered in tournament #{ $id }.
tournament-joins = { $who } enters tournament #{ $id } ({ $n } entered).
tournament-leave-running = The tournament has started: /tournament withdraw leaves it from the next round on.
tournament-not-entered = You are not entered in tournament #{ $id }.
tournament-leaves = { $who } leaves tournament #{ $id }.
tournament-organiser-only = Only the organiser, { $who }, or a moderator can do that.
tournament-too-few = { $n } entered; the tournament needs at least { $need } to start.
tournament-starts = Tournament #{ $id } starts with { $n } players{ $rounds ->
        [-1] .
       *[other] , { $rounds } rounds.
    } Round 1:
tournament-round = Tournament #{ $id }, round { $round }{ $rounds ->
        [-1] :
       *[other] {" "}of { $rounds }:
    }
tournament-bye = - { $who } has a bye (a win).
tournament-replay = Drawn, so played again with the seats swapped: { $games }.
tournament-standings = Tournament #{ $id } ({ tournament-format-word }, { tournament-status-word }): { $round ->
    [0] no round has finished yet
   *[other] standings after round { $round }
}
tournament-won = Tournament #{ $id } is over: { $winner } wins!
tournament-withdraw-not-running = Only a running tournament can be withdrawn from; during sign-up, /tournament leave.
tournament-withdraws = { $who } withdraws from tournament #{ $id }: no more pairings from the next round on.
tournament-cancelled = { $who } cancels tournament #{ $id }.
# $size: lobby-size ("for 2 players"); $options: name=value pairs, $count of them.
challenge-what = { $game } { $size }{ $count ->
    [0] {""}
   *[other] , { $options }
}
# One option of a challenge, in words: $name is the option (clock, timeout, rated, ...).
challenge-option = { $name ->
    [clock] { $value ->
        [casual] casual clock
        [standard] standard clock
        [fast] fast clock
       *[untimed] untimed
    }
    [timeout] { $value ->
        [hard] hard timeout
       *[soft] soft timeout
    }
    [rated] { $value ->
        [false] not rated
       *[true] rated
    }
    [hints] { $value ->
        [true] with hints
       *[false] without hints
    }
   *[other] { $name } { $value }
}
# $rated: rated or casual.
seek-what = { $game } { $size }, { $clock ->
    [casual] casual clock
    [standard] standard clock
    [fast] fast clock
   *[untimed] untimed
}, { $rated ->
    [rated] rated
   *[other] casual
}
tournament-col-player = player
tournament-col-points = points
tournament-col-byes = byes
tournament-col-games = games
tournament-withdrawn-mark = { $who } (withdrawn)
tournament-standing-line = { $place }. { $who }: points { $points }, played { $games }{ $byes ->
    [0] {""}
   *[other] , { $byes ->
        [one] 1 bye
       *[other] { $byes } byes
    }
}, Buchholz { $buchholz }, Sonneborn-Berger { $sb }
tournament-withdrawn-already = You have already withdrawn from tournament #{ $id }.
seek-channel-manage = seeks sets where this server's seeks are announced: it needs the Manage Channels permission.
seek-channel-set = Seeks on this server are now announced in { $channel }.
seek-channel-off = Seeks are no longer announced in a channel of their own.
seek-channel-bad = seeks is here (announce seeks in this channel) or off, not "{ $value }": e.g. /settings seeks:here.
