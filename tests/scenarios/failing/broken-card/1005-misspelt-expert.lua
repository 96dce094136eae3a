-- "pavillion" is no building kind: the first Asia icon played stops it
local card = icon_expert("asia", "pavillion", "Misspelt Expert")
return card
