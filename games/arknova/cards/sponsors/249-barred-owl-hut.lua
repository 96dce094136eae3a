-- Barred Owl Hut (249): each bird icon played into this zoo (its own too) lets p
-- draw 2 deck cards and keep 1: the Perception 2 keyword ability.
-- (the card library's icon_keyword, which lets each use be a continuation)
return icon_keyword("bird", "perception:2")
