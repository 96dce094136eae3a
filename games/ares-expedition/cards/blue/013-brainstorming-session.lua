-- 13 Brainstorming Session: the action turns up the deck's top card; a green card is
-- discarded and pays 1 MC, a blue or red card goes into the owner's hand.
return {
  action = function(seat, id)
    local c = A.draw_one(seat, "look")
    if not c then return end
    if CARDS[c].type == "green" then
      A.discard_card(seat, c)
      A.gain(seat, "mc", 1)
      A.log(seat, "turns up " .. A.label(c) .. " (green): discarded, +1 MC")
    else
      G.move(c, "hand", seat)
      A.log(seat, "turns up " .. A.label(c) .. " and takes it")
    end
  end,
}
