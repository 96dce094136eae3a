-- Baboon Rock (247): each primate icon played into this zoo (its own too) gives 2 appeal;
-- at the end of the game 1 conservation point for 6 primate icons.  (The
-- building and its placement need are printed facts.)
return end_icon_bonus(icon_reward("primate", "appeal", 2, true), "primate", 6, 1)
