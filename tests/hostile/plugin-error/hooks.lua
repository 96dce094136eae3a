-- a hook that fails: gian is a misspelt gain
return {
  turn_end = function(p)
    gian(p, "money", 1)
  end,
}
