# Pikemen: refused moves and how a game ends.

pikemen-form = turn SQUARE FACING | move FROM TO [FACING]
pikemen-form-turn = turn SQUARE FACING
pikemen-form-move = move FROM TO [FACING]
pikemen-not-facing = "{ $word }" is not a facing (n ne e se s sw w nw, or up)
pikemen-turn-words = turn takes a square and a facing
pikemen-move-words = move takes a square, a destination and an optional facing
pikemen-not-a-move = "{ $word }" is not a Pikemen move

# A seat in a sentence: "seat 2 (Blue)".
pikemen-seat = { $colour }
pikemen-empty = { $square } is empty
pikemen-not-yours = the piece on { $square } belongs to { $owner }; you play { $me }
pikemen-turn-same = { $facing ->
    [up] { $square } already stands upright
   *[other] { $square } already faces { $facing }
}: a turn must change the orientation
pikemen-upright = { $square } is upright and cannot move: turn it to a facing first
pikemen-off-line = { $to } is not on { $from }'s line of charge (it faces { $facing })
pikemen-blocked = the piece on { $square } blocks the way: a charge cannot jump
pikemen-own-piece = { $square } holds your own piece
pikemen-cannot-capture = your { $size } on { $from } cannot capture on { $to }: { $why }
pikemen-rps-large-small = with rps a large never captures a small
pikemen-upright-needs-larger = an upright { $size } can only be captured by a larger piece

pikemen-reached = { $who } reached { $points } points
pikemen-one-army = only one army is left on the board
pikemen-quiet = { $limit } actions without a capture
