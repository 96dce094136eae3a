-- Hostile: a loop at the top level, before the card table is returned.
local card = {}
while true do end
return card
