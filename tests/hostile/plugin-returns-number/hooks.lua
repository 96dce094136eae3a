-- returns neither a table of hooks nor nothing
return 5
