-- a hook that is no function
return {
  turn_end = 5,
}
