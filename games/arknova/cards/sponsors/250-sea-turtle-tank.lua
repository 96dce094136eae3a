-- Sea Turtle Tank (250): each reptile icon played into this zoo (its own too) lets
-- p sell up to 2 hand cards for 4 money each: the Sunbathing 2 keyword
-- ability.  The building and its water need are printed facts.
-- (the card library's icon_keyword, which lets each use be a continuation)
return icon_keyword("reptile", "sunbathing:2")
