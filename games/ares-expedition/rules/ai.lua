-- rules/ai.lua: what a position is worth to a seat, for the engine's AIs.
-- Points now, plus what production, resources and cards will still bring; the
-- future part shrinks as the parameters near their ends (fewer rounds left).

function A.value(seat)
  local done = G.get(0, "temperature") + G.get(0, "oxygen") + G.get(0, "ocean")
  local left = 1 - done / 42 -- share of the terraforming still to do
  if G.get(0, "stage") == 9 then left = 0 end
  local f = 0.15 + left
  local v = G.get(seat, "tr") + G.get(seat, "forests") + A.vp_cards(seat)
  -- resources: plants and heat turn into points at 8 a step, MC at about 15
  v = v + G.get(seat, "mc") / 12 + G.get(seat, "plants") / 9 + G.get(seat, "heat") / 10
  -- production and income
  local income = A.production(seat, "mc") + G.get(seat, "tr") * 0.5
  v = v + f * (1.0 * income + 1.6 * A.production(seat, "plants") + 0.8 * A.production(seat, "heat")
    + 1.2 * G.get(seat, "p_steel") + 1.6 * G.get(seat, "p_titanium")
    + 2.5 * A.production(seat, "cards"))
  -- cards in hand and resources on cards that do not score yet
  v = v + f * 0.6 * G.count("hand", seat)
  for _, id in ipairs(G.cards("played", seat)) do
    if A.res_kind(id) then v = v + 0.15 * G.counter(id, "res") end
  end
  -- blue cards with actions keep giving
  for _, id in ipairs(G.cards("played", seat)) do
    if CARDS[id].actions then v = v + f * 1.0 end
  end
  return v
end
