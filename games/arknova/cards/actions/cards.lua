-- Cards action card (both sides).  Rules: "Cards action".
local A = {}

-- {draw, discard} by strength 1..5
local SIDE1 = { { 1, 1 }, { 1, 0 }, { 2, 1 }, { 2, 0 }, { 3, 1 } }
local SIDE2 = { { 1, 0 }, { 2, 1 }, { 2, 0 }, { 3, 1 }, { 4, 1 } }
local SNAP_FROM = { 5, 3 }              -- strength that allows snapping, per side
A.BREAK_ADVANCE = 2

-- Always does something: the break track advances.
A.can, A.lowest = from_strength_one()

local function display_has_cards()
  for _, c in ipairs(ark.display()) do if c then return true end end
  return false
end

function A.run(p, strength, side)
  local row = (side == 1 and SIDE1 or SIDE2)[math.min(strength, 5)]
  advance_break(p, A.BREAK_ADVANCE)
  if strength >= SNAP_FROM[side] and display_has_cards() then
    local how = choose(p, "cards.mode", "Cards: draw or snap?",
      { "draw " .. row[1] .. (row[2] > 0 and (", discard " .. row[2]) or ""),
        "snap one display card" })
    if how == 2 then
      snap(p)
      return
    end
  end
  for _ = 1, row[1] do
    if side == 1 then ark.draw(p) else take_card(p) end
  end
  discard_from_hand(p, row[2], "Cards: discard a card")
end

return A
