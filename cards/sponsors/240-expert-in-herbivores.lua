-- Expert in Herbivores (240): whenever a herbivore icon is played into any zoo, its owner
-- gains 3 money per icon.  The card's own icon does not count: the effect
-- starts once the card is in the zoo.
return icon_reward("herbivore", "money", 3, false)
