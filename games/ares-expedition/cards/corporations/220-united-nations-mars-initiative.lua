-- 220 United Nations Mars Initiative: once per phase, the first time the owner's TR goes
-- up, the owner may pay 6 MC for one more TR step (unmi_used is reset at every phase end).
return {
  on_tr = function(seat, id)
    if G.get(seat, "unmi_used") == 1 then return end
    G.set(seat, "unmi_used", 1)
    if A.spendable(seat) < 6 then return end
    local i = G.choose(seat, A.label(id) .. ": pay 6 MC for 1 more TR?",
      { "pay 6 MC for 1 TR", "no" }, { tag = "effect" })
    if i == 1 then
      A.pay_mc(seat, 6)
      A.log(seat, "pays 6 MC for 1 TR (UNMI)")
      A.gain_tr(seat, 1)
    end
  end,
}
