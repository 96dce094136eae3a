-- Sponsorship: Primates (231).  When played: 1 appeal per primate
-- icon in the zoo.  At every break: 9, 6 or 3 money with at least 5, 3
-- or 1 primate icons.
return icon_sponsorship("primate", { { 5, 9 }, { 3, 6 }, { 1, 3 } })
