-- Penguin Pool (244): each bird icon played into this zoo (its own too) gives 2 appeal;
-- at the end of the game 1 conservation point for 6 bird icons.  (The
-- building and its placement need are printed facts.)
return end_icon_bonus(icon_reward("bird", "appeal", 2, true), "bird", 6, 1)
