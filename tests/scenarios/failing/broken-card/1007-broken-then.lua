-- A choice that goes on in the script's own then_ function, which calls a
-- function no script has: answering it stops the script at that line.
local card = {}

function card.on_play(p, id)
  return choose_then(p, "broken.then", "Which way?", { "one way", "another" }, { 1, 2 },
                     "then_chosen")
end

function card.then_chosen(p, id, k)
  no_such_function(k)
end

return card
