-- counts turns in a new global of the rules: refused at the assignment
return {
  turn_end = function(p)
    _G.turns = (_G.turns or 0) + 1
    if _G.turns > 20 then gain(p, "money", 5) end
  end,
}
