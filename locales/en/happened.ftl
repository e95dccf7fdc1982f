# What a move did, said on its board after "bob (Blue) played ..." (src/table/present/happened.rs).
# $by and $who are a player with their colour, "bob (Blue)"; $owner a player's name; $size small,
# medium or large.
happened-captured = This captures { $owner }'s { $size ->
    [small] small
    [medium] medium
   *[large] large
} on { $square }.
happened-neutralized = This neutralizes { $owner }'s tower on { $square }.
happened-neutralized-by = This neutralizes { $owner }'s tower on { $square } (the { $size ->
    [small] small
    [medium] medium
   *[large] large
} branch on { $from } attacks it).
happened-taken = This takes { $owner }'s tower on { $square }: { $by } now controls it.
# $why is pieces, tower, stash or action.
happened-out = { $why ->
    [pieces] { $who } has no pikeman left and is out of the game.
    [tower] { $who } has no live tower left and can no longer act: everyone else plays once more, then the game ends.
    [stash] { $who } has no piece left to play and can no longer act: everyone else plays once more, then the game ends.
   *[action] { $who } has no legal action left: everyone else plays once more, then the game ends.
}
happened-passed = { $who } cannot act in this last round and passes.
# A Battle Zone pyramid an activation touched: $owner is a player's name, or none (upright);
# $colour red, blue, green, yellow or black.
happened-pyramid = { $owner ->
    [none] an upright
   *[other] { $owner }'s
} { $size } { $colour } on { $square }
# $power is destroyed, controlled or frozen; $pyramids lists happened-pyramid.
happened-activated = { $power ->
    [destroyed] This destroys { $pyramids }: back to the supply.
    [controlled] { $by } now controls { $pyramids }.
   *[frozen] This stands { $pyramids } upright: nobody controls them now.
}
