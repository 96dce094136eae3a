-- Meerkat Den (243): each herbivore icon played into this zoo (its own too) gives 2 appeal;
-- at the end of the game 1 conservation point for 6 herbivore icons.  (The
-- building and its placement need are printed facts.)
return end_icon_bonus(icon_reward("herbivore", "appeal", 2, true), "herbivore", 6, 1)
