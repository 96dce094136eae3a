-- counts turns in a global of its own: refused at the assignment
return {
  turn_end = function(p)
    turns = (turns or 0) + 1
    if turns > 20 then gain(p, "money", 5) end
  end,
}
