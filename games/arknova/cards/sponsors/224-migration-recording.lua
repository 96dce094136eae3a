-- Migration Recording (224).  One X token when played.  Each support p
-- makes of a release-into-the-wild project gives 1 more conservation point,
-- and p may support each such project more than once (one level each time).
local CP = 1
local LEVELS = 3

local card = {}

function card.on_play(p, id)
  gain(p, "xtokens", 1)
end

function card.modify_project_supports(p, id, value, project)
  if fact(project, "kind") == "release" and value < LEVELS then return LEVELS end
  return value
end

-- gain_then: a reward the point reaches may be chosen as the last call
function card.project_supported(owner, id, p, project, level)
  if owner == p and fact(project, "kind") == "release" then
    return gain_then(p, "conservation", CP)
  end
end

return card
