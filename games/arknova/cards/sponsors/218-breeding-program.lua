-- Breeding Program (218), read as the same effect as 215 (see the YAML
-- `doubt`).  When played, 2 of p's tokens go on the card.  When p
-- supports a base conservation project, one token may be discarded to
-- count as any one icon (at most one per support).  End of game: 1
-- conservation point for 5 project supports.
-- The tokens on the card are its memo (ark.memo, docs/lua-api.md).
return breeding_program()
