-- Aerial Cableway (246): each rock icon played into this zoo (its own too) gives 2 appeal;
-- at the end of the game 1 conservation point for 6 rock icons.  (The
-- building and its placement need are printed facts.)
return end_icon_bonus(icon_reward("rock", "appeal", 2, true), "rock", 6, 1)
