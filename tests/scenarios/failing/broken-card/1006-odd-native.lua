-- "colour" is no field of a map space: playing it stops its script
return native_species({ colour = "green" })
