-- Expert on Africa (214).  When played: 1 appeal per Africa icon in the
-- zoo (its own included).  Afterwards, for each Africa icon on a card p
-- plays into p's zoo, p may move any action card to slot 1 once the
-- current action is over (as Clever does).  End of game: 1 appeal per X
-- token held.
local ICON = "africa"

local card = {}

function card.on_play(p, id)
  gain(p, "appeal", ark.icons(p, ICON))
end

-- the offer waits in the game's state (cards/lib/kit.lua)
local clever = after_action_clever("expert-africa.clever",
  "Expert on Africa: move an action card to slot 1?")

function card.card_played(owner, id, p, played)
  if owner ~= p then return end
  for _ = 1, fact(played, "icons")[ICON] or 0 do
    clever(p)
  end
end

function card.game_end(p, id)
  ark.add(p, "appeal", ark.get(p, "xtokens"))
end

return card
