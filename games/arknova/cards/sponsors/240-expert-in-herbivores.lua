-- Expert in Herbivores (240): whenever a herbivore icon is played into any zoo, its owner
-- gains 3 money per icon.  The card's own icon counts too, as Board Game
-- Arena plays it (docs/rules-notes.md).
return icon_reward("herbivore", "money", 3, false)
