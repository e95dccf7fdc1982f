# Sprawl: refused moves, the status line and how a game ends.

sprawl-form = tower SQUARE SIZE | build SQUARE [SIZE] | branch SQUARE DIRECTION SIZE [from SQUARE] | spore SQUARE SIZE [overload N] | challenge SEAT | retract | stand
sprawl-form-tower = tower SQUARE SIZE
sprawl-form-build = build SQUARE [SIZE]
sprawl-form-branch = branch SQUARE DIRECTION SIZE [from SQUARE]
sprawl-form-spore = spore SQUARE SIZE [overload N]
sprawl-form-challenge = challenge SEAT
sprawl-form-reactions = challenge SEAT | retract | stand
sprawl-not-size = "{ $word }" is not a size: write small, medium or large (or 1, 2, 3)
sprawl-diagonal = "{ $word }" is diagonal: branches point n, e, s or w
sprawl-not-direction = "{ $word }" is not a direction: write n, e, s or w
sprawl-tower-words = tower takes a square and a size
sprawl-build-words = build takes a square and an optional size
sprawl-branch-words = branch takes a square, a direction, a size and an optional `from SQUARE`
sprawl-not-overload = "{ $word }" is not an overload: write overload 1 or overload 2
sprawl-spore-words = spore takes a square, a size and an optional `overload N`
sprawl-not-seat = "{ $word }" is not a seat of this game: write your seat number, 1 to { $players }
sprawl-no-more-words = "{ $word }" takes no more words
sprawl-not-a-move = "{ $word }" is not a Sprawl move

# A seat in a sentence: "Blue (seat 2)".
sprawl-seat = { $colour }
sprawl-first-turn = your first action places your starting tower: tower SQUARE SIZE, e.g. tower c3 large
sprawl-tower-first-only = tower is only your first action: now build, branch or spore
sprawl-no-tower = there is no tower on { $square } to build on
sprawl-topped-small = the tower on { $square } is topped by a small: nothing goes on a small
sprawl-no-open-spore = there is no spore open to a challenge now
sprawl-several-challengers = several players may challenge: write challenge SEAT with your seat number ({ $seats })
sprawl-no-stash = you have no { $size } left in your stash
sprawl-not-vacant = { $square } is not vacant: it holds a { $holds ->
    [tower] tower
   *[branch] branch
}
sprawl-retracted-again = after retracting you may not play { $mv } again: choose another action
sprawl-neutralized-build = the tower on { $square } is neutralized and can never change
sprawl-build-not-yours = the tower on { $square } is controlled by { $who }: you build only on towers you control
sprawl-build-not-targeted = the tower on { $square } is controlled by { $who } and none of your active branches targets it
sprawl-build-size = a build on a { $top } must be { $want ->
    [small] a small
    [medium] a medium
   *[large] a large
}: build { $square } { $want }
sprawl-branch-points-off = a branch on { $square } pointing { $dir } would point off the board: a branch must point at a square
sprawl-no-source = nothing of yours can grow a branch on { $square } pointing { $dir }
sprawl-several-sources = this branch can grow from { $sources }: add `from SQUARE`, e.g. { $mv } from { $first }
sprawl-not-source = { $square } cannot be the source of this branch
sprawl-side-not-source = { $from } holds no branch pointing at { $square }, so it cannot be this branch's source
sprawl-wrong-source = { $from } cannot be the source of a branch on { $square } pointing { $dir }: a branch points directly away from its source
sprawl-not-targeted = { $square } is not targeted by any of your active branches
sprawl-attacker = the { $size } branch on { $square }
sprawl-spore-neutralized = a { $size } tower on { $square } would be neutralized at once by { $by }: { $safe_count ->
    [0] no size can live there
   *[other] a tower there can only be { $safe }
}
sprawl-overload-off = overload is not on in this game: spore a single piece
sprawl-overload-size = { $size ->
    [small] a small
    [medium] a medium
   *[large] a large
} spore takes at most { $most } more { $most ->
    [one] piece
   *[other] pieces
}: each build is one size smaller
sprawl-overload-branches = overload { $n } needs { $need } of your active branches targeting { $square }; you have { $have }
sprawl-source-off-board = a branch on { $square } pointing { $dir } would grow from off the board: a branch points directly away from the tower or branch it grows from
sprawl-source-empty = a branch on { $square } pointing { $dir } grows from { $from }, which is empty: a branch points directly away from the tower or branch it grows from
sprawl-source-tower-not-yours = the tower on { $square } is not yours: you branch only from towers you control
sprawl-source-neutralized = the tower on { $square } is neutralized: nothing grows from it
sprawl-source-branch-not-yours = the branch on { $square } is not yours
sprawl-source-root-neutralized = the branch on { $square } grows from the neutralized tower on { $root }: nothing grows from it any more
sprawl-source-root-lost = the branch on { $square } grows from the tower on { $root }, which another player now controls
sprawl-source-small = the branch on { $square } is a small: nothing grows from a small
sprawl-branch-size = a branch off a { $from } must be { $want ->
    [small] a small
    [medium] a medium
   *[large] a large
}: branch { $square } { $dir } { $want }
sprawl-too-deep = the tower on { $root } has { $height } { $height ->
    [one] piece
   *[other] pieces
}, so its branches reach { $height } deep; { $square } would be { $depth } deep: build { $root } up first

# Counting coup (R17).
sprawl-coup-off = counting_coup is not on in this game: there are no challenges
sprawl-nothing-to-challenge = there is no spore to challenge: a challenge follows a spore, before the next action
sprawl-already-challenged = this spore has already been challenged: only the first challenge counts
sprawl-cannot-challenge = { $who } has no action that would neutralize the tower spored on { $square }, so cannot challenge it
sprawl-no-challenge = there is no challenge to answer
sprawl-cannot-retract = you have no other legal action, so you cannot retract: stand
sprawl-answer-first = { $challenger } challenged { $sporer }'s spore on { $square }: it must first be answered with retract or stand
sprawl-no-draws = Sprawl has no draw offers: play on, or resign

sprawl-status-challenged = { $challenger } challenges { $sporer }'s spore on { $square }: { $sporer } must answer `retract` or `stand`.
sprawl-status-window = Until the next action, { $eligible } may challenge { $sporer }'s spore on { $square }.
sprawl-status-may-challenge = { $who } (`challenge { $seat }`)
sprawl-status-retracted = { $who } retracted and may not play `{ $mv }` again this turn.
sprawl-status-last-round = Last round: { $who } could not act; the game ends when the turn comes back to { $who }.

# The end (R9-R14). $resigned and $tied are yes or no.
sprawl-end-stuck = { $who } could not act and every other player has had one more turn
sprawl-end-nobody = no player can act
sprawl-end-last-left = { $left } and { $last } is the last player left
sprawl-score = { $who } { $score }{ $resigned ->
    [yes] {" "}(resigned)
   *[no] {""}
}
sprawl-end-scores = { $why }; lowest score wins: { $scores }{ $tied ->
    [yes] ; ties broken by the towers credited, then by the squares controlled
   *[no] {""}
}
