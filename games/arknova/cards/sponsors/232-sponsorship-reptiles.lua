-- Sponsorship: Reptiles (232).  When played: 1 appeal per reptile
-- icon in the zoo.  At every break: 9, 6 or 3 money with at least 5, 3
-- or 1 reptile icons.
return icon_sponsorship("reptile", { { 5, 9 }, { 3, 6 }, { 1, 3 } })
