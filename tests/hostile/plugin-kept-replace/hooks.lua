-- replaces a rules function from a hook, not while loading: refused
local rules_gain = gain
return {
  turn_end = function(p)
    _G.gain = function(q, what, n) return rules_gain(q, what, n + 1) end
  end,
}
