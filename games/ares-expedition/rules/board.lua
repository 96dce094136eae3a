-- rules/board.lua: what a person playing a seat sees at the terminal (the rules' board).
-- The runtime calls it on the seat's view of the game, so it may read any zone: cards the
-- seat cannot see are dealt anew there. It still lists only the seat's own hand.

local function resources(s)
  return string.format("%d MC (+%d), %d plants (+%d), %d heat (+%d); steel +%d, titanium +%d, cards +%d",
    G.get(s, "mc"), A.production(s, "mc"), G.get(s, "plants"), A.production(s, "plants"),
    G.get(s, "heat"), A.production(s, "heat"), A.production(s, "steel"),
    A.production(s, "titanium"), A.production(s, "cards"))
end

local function names(zone, s)
  local t = {}
  for _, id in ipairs(G.cards(zone, s)) do t[#t + 1] = A.label(id) end
  return #t > 0 and table.concat(t, ", ") or "-"
end

-- The seat's corporation and what it does, or, while it chooses one, the
-- corporations it is offered: their texts are nowhere else on the screen.
local function corp_lines(lines, s)
  local corp, ids = A.corp(s), G.cards("offer", s)
  if corp then ids = { corp } end
  for _, id in ipairs(ids) do
    local c = CARDS[id]
    lines[#lines + 1] = string.format("%s %s, %d MC: %s", corp and "your corporation" or "offered:",
      A.label(id), c.megacredits or 0, c.description or A.desc(c.effects or {}))
  end
end

local function hand_lines(lines, s)
  local ids = G.cards("hand", s)
  lines[#lines + 1] = string.format("your hand (%d):", #ids)
  for _, id in ipairs(ids) do
    local c = CARDS[id]
    local tags = #(c.tags or {}) > 0 and " [" .. table.concat(c.tags, " ") .. "]" or ""
    lines[#lines + 1] = string.format("  %s, %s, %s MC%s: %s", A.label(id), c.type,
      tostring(c.cost or 0), tags, c.description or A.desc(c.effects or {}))
  end
end

function A.board(seat)
  local lines = {}
  local t = G.get(0, "temperature")
  lines[#lines + 1] = string.format("round %d: temperature %s (%d/19), oxygen %d%% (%d/14), oceans %d/9",
    G.get(0, "round"), A.temp_text(t), t, G.get(0, "oxygen"), G.get(0, "oxygen"), G.get(0, "ocean"))
  for s = 1, G.players() do
    local corp = A.corp(s)
    local last = G.get(s, "last_phase")
    lines[#lines + 1] = string.format("P%d %s%s: TR %d, %d forests, %d VP on cards, %d in hand; last phase %s",
      s, corp and CARDS[corp].name or "-", s == seat and " (you)" or "", G.get(s, "tr"),
      G.get(s, "forests"), A.vp_cards(s), G.count("hand", s), last > 0 and PHASE_NAME[last] or "-")
    lines[#lines + 1] = "   " .. resources(s)
    lines[#lines + 1] = "   played: " .. names("played", s)
  end
  corp_lines(lines, seat)
  hand_lines(lines, seat)
  return lines
end
