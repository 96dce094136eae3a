-- Hostile: allocates without end at the top level.
local t = {}
local i = 0
while true do i = i + 1; t[i] = { i, i, i } end
return t
