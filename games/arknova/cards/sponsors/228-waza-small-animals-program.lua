-- WAZA Small Animals Program (228).  When played: 2 money per small animal
-- (standard size 1-2) in the zoo.  Each time p's Animals action plays only
-- small animals, p may then play one more small animal from hand at its
-- usual cost, and afterwards takes a small animal from any display folder
-- (if there is one).
-- What the action plays is noted in the card's memo (ark.memo: in the
-- game's state, so that a copy of the game made in the middle of the
-- action has it; the scratch table of the step lives in Lua, and a step
-- that keeps one replays its Lua at every copy): 0 no Animals action
-- under way, else 1 + 2 * extra + 4 * small + 256 * other, counted while
-- the action runs and cleared at its end.  The extra animal is played with
-- the Animals action at side I strength 2 (one animal from hand), while a
-- conditions check bans other animals.
local MONEY = 2
local BANNED = 100                        -- far more conditions than a card has

-- the memo's record: nil, or extra (true/false), small, other
local function record(id)
  local m = ark.memo(id)
  if m == 0 then return nil end
  return math.floor(m / 2) % 2 == 1, math.floor(m / 4) % 64, math.floor(m / 256)
end

local function note(id, extra, small, other)
  ark.memo(id, 1 + (extra and 2 or 0) + 4 * math.min(small, 63) + 256 * math.min(other, 127))
end

local card = {}

-- Small: standard size 1-2, or a petting-zoo animal, as Board Game Arena
-- counts them for this card (docs/rules-notes.md).
local function small(id)
  if fact(id, "type") ~= "animal" then return false end
  local size = fact(id, "size")
  return (size >= 1 and size <= 2) or fact(id, "petting_zoo") > 0
end

function card.on_play(p, id)
  local n = 0
  for _, c in ipairs(ark.zoo(p)) do
    if small(c) then n = n + 1 end
  end
  gain(p, "money", MONEY * n)
end

function card.before_action(p, id, action, strength)
  if action == "animals" and not record(id) then note(id, false, 0, 0) end
end

function card.card_played(owner, id, p, played)
  if owner ~= p then return end
  local extra, n_small, other = record(id)
  if extra == nil or extra or fact(played, "type") ~= "animal" then return end
  if small(played) then n_small = n_small + 1 else other = other + 1 end
  note(id, false, n_small, other)
end

-- Could p place a small animal from hand (conditions and an enclosure)?
local function has_small(p)
  for _, c in ipairs(hand_cards(p, "animal")) do
    if small(c) and conditions_met(p, c) and #ark.fits(p, c) > 0 then return true end
  end
  return false
end

-- The display's small animals, offered to take one; each answer runs
-- then_taken with its folder.
local function take_from_display(p)
  local opts, folders, disp = {}, {}, ark.display()
  for f = 1, 6 do
    if disp[f] and small(disp[f]) then
      opts[#opts + 1] = "take " .. card_label(disp[f]) .. " from folder " .. f
      folders[#folders + 1] = f
    end
  end
  if #opts == 0 then return end
  return choose_then(p, "waza-small.take", "WAZA Small Animals Program: take a small animal",
                     opts, folders, "then_taken")
end

function card.then_taken(p, id, folder)
  ark.hand_add(p, ark.display_take(folder))
end

function card.after_action(p, id, action, strength)
  local extra, n_small, other = record(id)
  if action ~= "animals" or extra == nil or extra then return end
  if n_small == 0 or other > 0 then
    ark.memo(id, 0)
    return
  end
  if has_small(p) then
    return choose_then(p, "waza-small.extra", "WAZA Small Animals Program: play one more small animal?",
                       { "play one more small animal", "no" }, { 1, 0 }, "then_extra")
  end
  return card.then_rest(p, id, 0)
end

-- Answered: 1 plays the extra animal first.  It is one animal, so the
-- multiplier tokens must not repeat it: they wait aside (their number is
-- then_rest's code) while it is played.
function card.then_extra(p, id, more)
  if more == 0 then return card.then_rest(p, id, 0) end
  note(id, true, 0, 0)
  local m = ark.tokens(p, "animals", "multiplier")
  if m > 0 then ark.tokens(p, "animals", "multiplier", -m) end
  return call_then(p, "then_rest", m, perform_action, p, "animals", 2, 1)
end

-- After the extra animal, or without one: the multiplier tokens back, the
-- record cleared, a small animal from the display.
function card.then_rest(p, id, m)
  if m > 0 then ark.tokens(p, "animals", "multiplier", m) end
  ark.memo(id, 0)
  return take_from_display(p)
end

function card.modify_conditions_ignored(p, id, value, animal)
  local extra = record(id)
  if extra and not small(animal) then return value - BANNED end
  return value
end

return card
