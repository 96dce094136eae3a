-- Sponsorship: Vultures (233): 1 appeal per bird icon in the zoo when played; at every
-- break 3 / 6 / 9 money for at least 1 / 3 / 5 bird icons.
return icon_sponsorship("bird", { { 5, 9 }, { 3, 6 }, { 1, 3 } })
