# Sky Scrapers: refused moves, the status line and how a game ends. $dir is east, west,
# north-east, north-west, south-east or south-west.

skyscrapers-form = move FROM TO | move FROM DIRECTION | place VERTEX
skyscrapers-form-move = move FROM TO | move FROM DIRECTION
skyscrapers-form-place = place VERTEX
skyscrapers-bad-vertex = "{ $text }" is not a vertex: write a letter then a row 1-7 (a1-c1, a2-d2, a3-e3, a4-f4, a5-e5, a6-d6, a7-c7), e.g. c4
skyscrapers-off-rows = { $vertex } is not on the board: the rows are 1 to 7
skyscrapers-off-row = { $vertex } is not on the board: row { $row } holds a{ $row }-{ $last }{ $row }
skyscrapers-north-south = "{ $word }": north and south are not directions on this board (rows are horizontal lines); use e, w, ne, nw, se or sw
skyscrapers-not-direction = "{ $word }" is neither a vertex nor a direction (e, w, ne, nw, se, sw)
skyscrapers-place-words = place takes one vertex
skyscrapers-move-needs = move needs a destination vertex or a direction after the stack's vertex
skyscrapers-move-words = move takes the stack's vertex, then a destination or a direction
skyscrapers-not-an-action = "{ $word }" is not a Sky Scrapers action

skyscrapers-along-empty = { $vertex } is empty: there is no stack to move from it
skyscrapers-along-off = a stack of { $height } moves exactly { $height } { $height ->
    [one] step
   *[other] steps
}: going { $dir } from { $from } leaves the board after { $inside }
skyscrapers-disagree = the stack on { $from } going { $dir } lands on { $there }, not { $to }: give either the destination or the direction
skyscrapers-still-placing = the free set-up is still going (you have placed { $placed } of your { $pawns } pawns): place a pawn on an empty vertex with `place VERTEX`
skyscrapers-pawns-need-free = pawns={ $pawns } needs setup=free: the standard set-up fills the board with 15 pawns each (section 6)
# $setup is standard or free.
skyscrapers-no-placing = { $setup ->
    [standard] the standard set-up starts with every pawn on the board
   *[free] every pawn has been placed
}: move a stack with `move FROM TO`
skyscrapers-occupied = { $vertex } already holds a pawn: place yours on an empty vertex
skyscrapers-from-empty = { $vertex } is empty: move one of your own stacks
skyscrapers-not-yours = the stack on { $vertex } is { $owner } (its top pawn is { $owner }); you play { $me }
skyscrapers-same-vertex = a stack cannot move onto its own vertex { $vertex }
skyscrapers-not-in-line = { $to } is not on a straight line from { $from } (lines run e-w, ne-sw and nw-se)
# $never is yes for a stack of 6 or more.
skyscrapers-wrong-distance = a stack of { $height } moves exactly { $height } { $height ->
    [one] step
   *[other] steps
}: { $to } is { $steps } { $steps ->
    [one] step
   *[other] steps
} from { $from }{ $never ->
    [yes] : a stack of 6 or more can never move
   *[no] {""}
}
skyscrapers-to-empty = { $vertex } is empty: a move must end on a pawn

skyscrapers-status-placing = Free set-up: Green has placed { $green } of { $pawns } pawns, White { $white } of { $pawns }.
skyscrapers-status-skipped = { $who } has no legal move and is skipped: { $other } moves again.

skyscrapers-end-more = neither player can move; { $who } has more skyscrapers: { $a } to { $b }
skyscrapers-each = { $n } { $n ->
    [one] skyscraper
   *[other] skyscrapers
} each
skyscrapers-none = no skyscrapers
skyscrapers-end-draw = neither player can move; { $what }, tallest stacks equal ({ $tallest }): draw
skyscrapers-end-tallest = neither player can move; { $what }; { $who } owns the tallest stack: { $a } to { $b }
skyscrapers-end-left = { $left }
skyscrapers-end-agreed = draw by agreement
