-- Native Lizards (259), when played: 1 appeal for each connected rock space of the
-- map and 1 conservation point for every 2 unconnected ones.  Connected
-- reads as "touches at least one building" (also 241/242's end condition).
return native_species({ terrain = "rock" })
