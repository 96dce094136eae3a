-- Cards action card (both sides).  Rules: "Cards action".
-- the tables asked most, kept in locals: no look-up in the globals per use
local ark, math, table, ENGINE, CARDS = ark, math, table, ENGINE, CARDS
local ipairs, type = ipairs, type
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

-- "draw <n>[, discard <m>]" of a row of SIDE1 / SIDE2, made once per row
local draw_labels = {}
local function draw_label(row)
  local key = row[1] * 100 + row[2]
  local label = draw_labels[key]
  if not label then
    label = "draw " .. row[1] .. (row[2] > 0 and (", discard " .. row[2]) or "")
    draw_labels[key] = label
  end
  return label
end

-- The plain run, for when a plugin replaced one of the helpers it calls.
local function run_plain(p, row, side, may_snap)
  if may_snap then
    local how = choose(p, "cards.mode", "Cards: draw or snap?",
      { draw_label(row),
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

-- As continuations (choose_then), so that the engine can end the step's
-- coroutine at each choice: code = cards still to take + 8 * cards to
-- discard + 64 for side II.
local TAKE_CARD, SNAP, DISCARD_FROM_HAND = take_card, snap, discard_from_hand

local function cards_draw(p, code)
  local draws, discards, side = code % 8, math.floor(code / 8) % 8, math.floor(code / 64) + 1
  if side == 1 then
    for _ = 1, draws do ark.draw(p) end
  elseif draws > 0 then
    return take_then(p, code - 1, "cards_taken")
  end
  return discard_then(p, discards, 3)
end

local function cards_taken(p, code) return cards_draw(p, take_chosen(p, code)) end

local function cards_mode_chosen(p, code, i)
  if i == 2 then return snap_then(p) end
  return cards_draw(p, code)
end

-- choose_then names the function an answer starts: a rules function (a
-- global), since the state keeps its name
_G.cards_taken, _G.cards_mode_chosen = cards_taken, cards_mode_chosen

function A.run(p, strength, side)
  local row = (side == 1 and SIDE1 or SIDE2)[math.min(strength, 5)]
  advance_break(p, A.BREAK_ADVANCE)
  local may_snap = strength >= SNAP_FROM[side] and display_has_cards()
  if take_card ~= TAKE_CARD or snap ~= SNAP or discard_from_hand ~= DISCARD_FROM_HAND then
    return run_plain(p, row, side, may_snap)
  end
  local code = row[1] + 8 * row[2] + 64 * (side - 1)
  if may_snap then
    return choose_then(p, "cards.mode", "Cards: draw or snap?",
      { draw_label(row),
        "snap one display card" }, code, "cards_mode_chosen")
  end
  return cards_draw(p, code)
end

return A
