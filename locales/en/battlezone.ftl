# Battle Zone: refused moves, the status line and how a game ends.
# $colour is red, blue, green, yellow or black; $power destroy, control, upgrade, transport or
# freeze; $size small, medium or large.

battlezone-form = place SQUARE COLOUR | control SQUARE | upgrade SQUARE | activate SQUARE | move SQUARE DIRECTION (each with optional joker) | skip DIE | transport FROM TO | done
battlezone-form-place-short = place SQUARE COLOUR
battlezone-form-move-short = move SQUARE DIRECTION
battlezone-form-place = place SQUARE COLOUR [joker]
battlezone-form-square = control|upgrade|activate SQUARE [joker]
battlezone-form-move = move SQUARE DIRECTION [joker]
battlezone-form-skip = skip DIE
battlezone-form-transport = transport FROM TO
battlezone-form-done = done
battlezone-not-colour = "{ $word }" is not a colour (red, blue, green, yellow, black)
battlezone-not-direction = "{ $word }" is not a direction (n ne e se s sw w nw)
battlezone-not-die = "{ $word }" is not a die value (1-6)
battlezone-place-words = place takes a square and a colour
battlezone-one-square = { $verb } takes one square
battlezone-move-words = move takes a square and a direction (the distance is the pyramid's size)
battlezone-skip-words = skip takes one die value
battlezone-transport-words = transport takes two squares
battlezone-done-words = done takes nothing
battlezone-not-an-action = "{ $word }" is not a Battle Zone action

battlezone-colour = { $colour ->
    [red] red
    [blue] blue
    [green] green
    [yellow] yellow
   *[black] black
}
# "seat 1 (South)" in refusals, "South (seat 1)" in the status line.
battlezone-seat = { $name }
battlezone-who = { $name }
battlezone-unused-dice = unused dice: { $count ->
    [0] none
   *[other] { $dice }
}
battlezone-joker-needs-6 = joker needs an unused 6 ({ $unused })
battlezone-no-die-for = no unused die shows { $colour } ({ $die }) or 6 ({ $unused })
battlezone-no-die = no unused die shows { $die } ({ $unused })
battlezone-empty = { $square } is empty: { $verb } needs a pyramid there
battlezone-transport-itself = { $square } is the yellow pyramid itself, which is not in its own range
battlezone-transport-out = { $square } is outside the range of the yellow pyramid on { $yellow } (radius { $radius })
battlezone-transport-empty = { $square } is empty: name a square holding a pyramid
battlezone-transport-again = the pyramid on { $square } was already transported in this step
battlezone-transport-occupied = { $square } is occupied: a pyramid is transported to an empty square
battlezone-transport-first = finish the transport step of the yellow pyramid on { $square } first: `transport FROM TO` ({ $left } left) or `done`
battlezone-no-transport = there is no transport step now: `transport` and `done` follow the activation of a yellow pyramid
battlezone-not-home = { $square } is not on your starting line: { $who } places on rank { $rank }
battlezone-place-occupied = { $square } is occupied: place on an empty square of your line
battlezone-supply-empty = the supply has no { $size } { $colour } pyramid left
battlezone-already-controlled = the pyramid on { $square } is already controlled by { $who }: control takes an upright pyramid (a blue activation takes any)
battlezone-upgrade-theirs = the pyramid on { $square } is controlled by { $who }: upgrade your own or an upright pyramid
battlezone-already-large = the pyramid on { $square } is already large
battlezone-activate-theirs = the pyramid on { $square } is controlled by { $who }: activate your own or an upright pyramid
battlezone-upright-small = the pyramid on { $square } is an upright small: an upright pyramid is activated by downgrading it, and a small cannot be
battlezone-downgrade-supply = activating the upright { $size } on { $square } downgrades it, but the supply has no { $smaller } { $colour } pyramid
battlezone-whose-nobody = upright (controlled by nobody)
battlezone-whose = controlled by { $who }
battlezone-move-theirs = the pyramid on { $square } is { $whose }: you move only pyramids you control
battlezone-move-blocked = a { $size } moves exactly { $n } { $n ->
    [one] square
   *[other] squares
}: { $dir } from { $from } it would stop on { $to }, which is occupied
battlezone-move-side = a { $size } moves exactly { $n } { $n ->
    [one] square
   *[other] squares
}: { $dir } from { $from } it would leave by a side; pyramids exit only past the opponent's starting line
battlezone-move-own-line = { $dir } from { $from } crosses your own starting line; pyramids exit only past the opponent's

# The status line. $dice are the battlezone-die* sentences of the unused dice ($count of them).
battlezone-status = { $who } rolled { $roll }.{ $count ->
    [0] {""}
   *[other] {" "}{ $dice }
} Any unused die may be skipped (`skip N`).
battlezone-status-last-roll = Last roll: { $roll }.
battlezone-status-transport = { $who }: transport step of the yellow pyramid on { $square } (range { $radius }): up to { $left } more `transport FROM TO` to empty squares of that range, or `done`.
# $uses: what the die pays for ($count of them).
battlezone-die = Die { $die } { $colour }: { $count ->
    [0] nothing now (skip it)
   *[other] { $uses }
}.
battlezone-die-joker-covered = Die 6 joker: any colour, so also the actions above (add ` joker` to spend the 6 on them){ $count ->
    [0] {""}
   *[other] ; other colours: { $uses }
}.
battlezone-die-joker = Die 6 joker{ $count ->
    [0] : nothing now (skip it)
   *[other] {" "}(any colour): { $uses }
}.
battlezone-use-place = place on rank { $rank }
battlezone-use-place-colours = place { $colours } on rank { $rank }
battlezone-use-verb = { $verb } { $squares }
battlezone-use-activate = { $square } ({ $power }, range { $radius })

battlezone-end-exited = all five colours exited
battlezone-end-turn-limit = turn limit of { $limit } turns; exited (South-North): colours { $colours_south }-{ $colours_north }, pyramids { $pyramids_south }-{ $pyramids_north }
