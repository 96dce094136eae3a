-- Sponsorship: Elephants (235): 1 appeal per herbivore icon in the zoo when played; at every
-- break 3 / 6 / 9 money for at least 1 / 3 / 5 herbivore icons.
return icon_sponsorship("herbivore", { { 5, 9 }, { 3, 6 }, { 1, 3 } })
