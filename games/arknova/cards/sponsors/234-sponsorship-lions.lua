-- Sponsorship: Lions (234): 1 appeal per predator icon in the zoo when played; at every
-- break 3 / 6 / 9 money for at least 1 / 3 / 5 predator icons.
return icon_sponsorship("predator", { { 5, 9 }, { 3, 6 }, { 1, 3 } })
