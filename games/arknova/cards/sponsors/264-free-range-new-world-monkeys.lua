-- Free-Range New World Monkeys (264), when played: 1 appeal for each
-- connected space with a placement bonus and 1 conservation point for
-- every 2 unconnected ones.  Readings (doubtful, see the YAML): only
-- bonus spaces still uncovered count (a covered one has paid its bonus);
-- connected means touching a building, as for 258/259.
return native_species({ bonus = true, building = false })
