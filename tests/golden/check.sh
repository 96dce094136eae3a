#!/bin/sh
# Plays the first R random and G greedy 2-player games (seeds 1, 2, ...) on
# the default map and compares each game's turn count and event-log hash
# with the ones recorded here.  A different line means the game changed:
# they are recorded again only by a commit meant to change games, which says
# why (git log -- tests/golden lists them).
#   usage: tests/golden/check.sh ARK_BENCH [R [G]]   (R <= 400, G <= 16)
set -eu
bench=$1 random=${2:-400} greedy=${3:-16}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
compare() {   # kind games extra-options...
  kind=$1 n=$2
  shift 2
  [ "$n" -gt 0 ] || return 0
  "$bench" --games "$n" --hashes "$tmp/$kind.txt" "$@" >/dev/null 2>"$tmp/$kind.err" || {
    cat "$tmp/$kind.err" >&2
    status=1
    return 0
  }
  head -n "$n" "$here/arknova-$kind.txt" >"$tmp/$kind.want"
  if cmp -s "$tmp/$kind.want" "$tmp/$kind.txt"; then
    echo "$kind: $n games, logs identical to the recorded ones"
  else
    echo "$kind: logs differ from the recorded ones (want, got):" >&2
    diff "$tmp/$kind.want" "$tmp/$kind.txt" | head -20 >&2
    status=1
  fi
}
compare random "$random"
compare greedy "$greedy" --ai greedy
exit $status
