-- Aquarium (245): each water icon played into this zoo (its own too) gives 2 appeal;
-- at the end of the game 1 conservation point for 6 water icons.  (The
-- building and its placement need are printed facts.)
return end_icon_bonus(icon_reward("water", "appeal", 2, true), "water", 6, 1)
