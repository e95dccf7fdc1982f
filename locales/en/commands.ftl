# Slash commands: the games' verbs (one attribute per option) and the options of /new.

option-pikemen-target = score that wins
option-pikemen-rps = rock/paper/scissors captures: a large never takes a small, a small takes an upright large
option-pikemen-quiet_limit = the game ends after this many actions without a capture, 0 = never
verb-pikemen-turn = Reorient one of your pikemen in place
    .square = the square of your pikeman
    .direction = new facing, or up to stand it upright
verb-pikemen-move = Charge a lying pikeman along its facing
    .from = the square of your lying pikeman
    .to = where the charge ends (an empty square or a capture)
    .direction = facing after the move (default: keep it)
option-sprawl-sprawlgami = build on another player's tower that one of your active branches targets
option-sprawl-overload = spore and build at once with several targeting branches: spore q k overload n
option-sprawl-superior_forces = a tower falls only when its attackers' pips exceed its own (D6)
option-sprawl-loose_branching = also branch sideways off the square a branch points at
option-sprawl-own_attacks = your own branches also attack your towers (D5)
option-sprawl-counting_coup = challenge a spore you could neutralize: retract it or stand; cards lower scores
verb-sprawl-tower = First turn only: place your starting tower
    .square = any vacant square for your starting tower
    .size = the piece from your stash
verb-sprawl-build = Cap a tower with a piece one size smaller
    .square = a live tower you control (or target, with sprawlgami)
    .size = one size smaller than the top piece (optional: it is forced)
verb-sprawl-branch = Lay a piece pointing away from your tower or branch
    .square = a vacant square next to your tower or branch
    .direction = where it points: directly away from its source
    .size = any size off a tower; one smaller than the branch it grows from
    .from = its source, only when loose branching leaves a choice
verb-sprawl-spore = Start a new tower on a square your branch targets
    .square = a vacant square one of your active branches targets
    .size = any size that is not neutralized at once
    .overload = with overload: also build this many pieces on it
verb-sprawl-challenge = Counting coup: challenge a spore you could neutralize
    .seat = your seat number (needed if several players may challenge)
verb-sprawl-retract = Counting coup: take back your challenged spore (the challenger draws a card)
verb-sprawl-stand = Counting coup: keep your challenged spore
verb-skyscrapers-move = Move a whole stack exactly its height in a straight line onto a pawn
    .from = the vertex of your stack (its top pawn is yours)
    .to = the occupied vertex exactly as many steps away as the stack is tall
    .direction = instead of a destination: the line to follow (e w ne nw se sw)
verb-skyscrapers-place = Free set-up: put one of your pawns on an empty vertex
    .square = an empty vertex for your pawn (free set-up)
option-battlezone-turn_limit = the game ends after this many turns (both players' counted), 0 = never
verb-battlezone-place = Place a small pyramid from the supply on your starting line
    .square = an empty square of your starting line
    .colour = red, blue, green, yellow or black
    .joker = pay with the 6 even though a die of the colour is unused
verb-battlezone-control = Lay an upright pyramid toward your opponent: you control it
    .square = an upright pyramid
    .joker = pay with the 6 even though a die of the colour is unused
verb-battlezone-upgrade = Swap a pyramid for the next larger size from the supply
    .square = your pyramid or an upright one, not large
    .joker = pay with the 6 even though a die of the colour is unused
verb-battlezone-activate = Fire a pyramid's colour power on every pyramid in its range
    .square = your pyramid, or an upright one to downgrade
    .joker = pay with the 6 even though a die of the colour is unused
verb-battlezone-move = Move a pyramid you control; past the far line it exits
    .from = a pyramid you control
    .direction = it moves exactly its size in squares (1, 2, 3) this way
    .joker = pay with the 6 even though a die of the colour is unused
verb-battlezone-transport = After a yellow activation: carry one pyramid within its range
    .from = a pyramid in the yellow pyramid's range
    .to = an empty square in the same range
verb-battlezone-done = End the transport step of a yellow activation
verb-battlezone-skip = Give up one unused die
    .die = the value of an unused die to give up
option-skyscrapers-setup = standard: the board starts full, 15 pawns each; free: players alternate placing pawns
option-skyscrapers-pawns = pawns per player in the free set-up (must be 15 with the standard set-up)

# The service's commands, each with one attribute per option.
cmd-new = Open a game in this channel; others join, then /start
    .game = the game to play
    .players = how many players (default: the game's smallest number)
    .thread = play in a new thread of this channel
    .clock = time per move: casual 7 days, standard 3 days +1 per move, fast 1 day, untimed
    .timeout = when time runs out: soft (others may claim) or hard (the game ends)
    .options = game options as key=value words, e.g. target=15
    .rated = whether the game changes ratings (default true)
    .hints = allow /hint, the computer's suggested move (the game is then not rated)
cmd-addbot = Seat a computer player at this table (host only)
    .level = how well it plays: easy, medium (default) or hard
cmd-hint = Ask the computer for a move on your turn (games opened with hints:true)
cmd-rating = Show a player's ratings, ranks and record
    .user = the player (default: you)
    .game = only this game
    .share = post the answer in the channel for everyone (default: only you see it)
cmd-leaderboard = Show the best-rated players of a game
    .game = the game
    .scope = this server's players (default) or everyone
    .page = page of the table, 1 = the best
    .share = post the answer in the channel for everyone (default: only you see it)
cmd-stats = Show a player's results, pace, opponents and a rating chart
    .user = the player (default: you)
    .share = post the answer in the channel for everyone (default: only you see it)
cmd-join = Take a seat in this channel's game
cmd-leave = Leave this channel's game before it starts
cmd-start = Start the game once everyone has joined
    .order = seat order: random (default) or join order
cmd-board = Show the board of this channel's game
    .share = post the answer in the channel for everyone (default: only you see it)
cmd-analyse = Your private analysis board: try moves from any position of this game
    .move = start after this move of the game (0: the start; default: now)
    .try = a move to try on your board
    .step = back, forward, reset or close
cmd-moves = List your legal moves (only you see them)
cmd-resign = Resign from this channel's game
cmd-history = Show the moves played so far
    .page = page of the history, 1 = the first moves
    .share = post the answer in the channel for everyone (default: only you see it)
cmd-undo = Take back your last move (asks the others once they have moved)
cmd-draw = Offer a draw to your opponents
cmd-accept = Accept the pending undo request or draw offer, or a challenge
    .challenge = the number of the challenge to accept
cmd-decline = Decline the pending offer (or withdraw your own), or a challenge
    .challenge = the number of the challenge to decline (or withdraw, if it is yours)
cmd-challenge = Challenge a player, or anyone here; in a Sprawl game, challenge a spore
    .game = the game to play (not for Sprawl's counting coup)
    .opponent = whom to challenge (none: anyone on this server)
    .seat = Sprawl's counting coup: the seat that challenges
    .players = how many players
    .clock = time per move: casual 7 days, standard 3 days +1 per move, fast 1 day, untimed
    .timeout = when time runs out: soft (others may claim) or hard (the game ends)
    .rated = whether the game changes ratings (default true)
    .options = game options as key=value words, e.g. target=15
cmd-seek = Wait for opponents in this server's queue (no game: show the queue)
    .game = the game to play
    .players = how many players
    .clock = time per move
    .timeout = when time runs out
    .rated = rated games only with rated seekers
cmd-unseek = Leave this server's queue (moderators: take someone out of it)
    .user = whose seek to remove (moderators)
cmd-tournament = Tournaments: create, join, leave, start, standings, withdraw, cancel
    .action = what to do
    .game = the game (create)
    .format = round-robin, swiss or knockout (create)
    .rounds = rounds (Swiss, tables) or cycles (round-robin) (create)
    .players = players per game (create)
cmd-rematch = Offer (or accept) the channel's last game again, seats rotated
cmd-abort = End this game before everyone has moved, without a result
cmd-mygames = Your games on every server, your turn first
cmd-export = The game record as a text file
    .share = post the answer in the channel for everyone (default: only you see it)
cmd-replay = An animated replay of the game (GIF)
    .share = post the answer in the channel for everyone (default: only you see it)
cmd-rules = Summarise the rules of a game
    .game = the game (default: this channel's)
cmd-help = How to play with Plateau
cmd-play = Play a move written in the game's notation
    .move = your move in the game's notation
cmd-pick = Choose your move step by step, from menus of the legal moves
    .move = where to start: the first words of a move (optional)
cmd-claim = Claim the win (or vote a player out) when their time has run out
cmd-vacation = Freeze your clocks in every game, or see your vacation days
    .action = start or end a vacation (none: show what is left)
cmd-settings = Your reminders, digest, quiet hours, time zone, language and board colours
    .reminders = remind me before deadlines
    .digest = one daily direct message instead of pings
    .quiet = quiet hours, e.g. 22-8
    .timezone = your time zone, e.g. Europe/Paris, or an offset such as +2
    .language = the language of answers only you see (auto: your Discord client's)
    .server-language = the language of this server's game messages (needs Manage Channels)
    .channel-language = the language of this channel's game messages (needs Manage Channels)
    .seeks = announce this server's seeks here, or off (needs Manage Channels)
    .theme = the colours of boards only you see (auto: the server's, else dark)
    .server-theme = the colours of this server's boards (needs Manage Channels)
    .notify = your turn notices: a ping in the channel (default), a direct message (dm), or both
# A command the service has but this registration does not describe yet.
cmd-unknown = /{ $name }: see /help
cmd-unknown-option = { $option } (see /help)
# A verb several games share.
cmd-verb-shared = A move in { $games }: see /rules for its form
# A /new option several games may share.
cmd-game-option = { $games }: { $description }

# Names of commands and options as users of this language see them (Discord sends back the
# English ones); English keeps them as they are.
slash-name = { $word }
# Names of choices (the values sent back stay the English words).
slash-choice = { $option ->
   *[other] { $word }
}
