-- 40 Mars University: for every science tag the owner plays (its own included), the
-- owner may discard a hand card; a card with a plant tag draws 2, any other 1.
return {
  on_event = function(seat, id, event, info)
    if event ~= "play_tag" then return end
    local n = A.ntag(info.card, "science")
    for _ = 1, n do
      local hand = G.cards("hand", seat)
      if #hand == 0 then return end
      local opts = { "keep your hand" }
      for _, c in ipairs(hand) do opts[#opts + 1] = "discard " .. A.label(c) end
      local i = G.choose(seat, A.label(id) .. ": discard a card to draw?", opts, { tag = "effect" })
      if i == 1 then return end
      local c = hand[i - 1]
      A.discard_card(seat, c)
      G.log(seat, "P" .. seat .. " discards " .. A.label(c))
      A.draw(seat, A.has_tag(c, "plant") and 2 or 1)
    end
  end,
}
