-- WAZA Small Animals Program (228).  When played: 2 money per small animal
-- (standard size 1-2) in the zoo.  Each time p's Animals action plays only
-- small animals, p may then play one more small animal from hand at its
-- usual cost, and afterwards takes a small animal from any display folder
-- (if there is one).
-- What the action played is noted in the step's scratch table; the extra
-- animal is played with the Animals action at side I strength 2 (one
-- animal from hand), while a conditions check bans other animals.
local MONEY = 2
local KEY = "waza-small"                  -- ark.step_data() entry
local BANNED = 100                        -- far more conditions than a card has

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
  local d = ark.step_data()
  if action == "animals" and not (d[KEY] and d[KEY].extra) then
    d[KEY] = { small = 0, other = 0 }
  end
end

function card.card_played(owner, id, p, played)
  local rec = ark.step_data()[KEY]
  if owner ~= p or not rec or rec.extra or fact(played, "type") ~= "animal" then return end
  if small(played) then rec.small = rec.small + 1 else rec.other = rec.other + 1 end
end

-- Could p place a small animal from hand (conditions and an enclosure)?
local function has_small(p)
  for _, c in ipairs(hand_cards(p, "animal")) do
    if small(c) and conditions_met(p, c) and #ark.fits(p, c) > 0 then return true end
  end
  return false
end

local function play_one_more(p)
  local d = ark.step_data()
  d[KEY].extra = true
  -- the extra animal is one animal: multiplier tokens must not repeat it
  local m = ark.tokens(p, "animals", "multiplier")
  if m > 0 then ark.tokens(p, "animals", "multiplier", -m) end
  perform_action(p, "animals", 2, 1)
  if m > 0 then ark.tokens(p, "animals", "multiplier", m) end
end

local function take_from_display(p)
  local opts, folders, disp = {}, {}, ark.display()
  for f = 1, 6 do
    if disp[f] and small(disp[f]) then
      opts[#opts + 1] = "take " .. card_label(disp[f]) .. " from folder " .. f
      folders[#folders + 1] = f
    end
  end
  if #opts == 0 then return end
  local i = choose(p, "waza-small.take", "WAZA Small Animals Program: take a small animal", opts)
  ark.hand_add(p, ark.display_take(folders[i]))
end

function card.after_action(p, id, action, strength)
  local d = ark.step_data()
  local rec = d[KEY]
  if action ~= "animals" or not rec or rec.extra then return end
  if rec.small == 0 or rec.other > 0 then
    d[KEY] = nil
    return
  end
  if has_small(p) and choose_or_skip(p, "waza-small.extra",
      "WAZA Small Animals Program: play one more small animal?",
      { "play one more small animal" }, "no") then
    play_one_more(p)
  end
  d[KEY] = nil
  take_from_display(p)
end

function card.modify_conditions_ignored(p, id, value, animal)
  local rec = ark.step_data()[KEY]
  if rec and rec.extra and not small(animal) then return value - BANNED end
  return value
end

return card
