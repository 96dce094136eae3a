-- Hidden Marmot: a choice only its player sees (choose_secret, docs/lua-api.md).
local card = {}

function card.on_play(p, id)
  local i = choose_secret(p, "marmot.gift", "Hidden Marmot: which gift?",
                          { "3 money", "1 appeal" })
  if i == 1 then gain(p, "money", 3) else gain(p, "appeal", 1) end
end

return card
