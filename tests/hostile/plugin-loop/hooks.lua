-- a hook that never returns (a loop LuaJIT would compile)
return {
  turn_end = function(p)
    local i = 0
    while true do i = i + 1 end
  end,
}
