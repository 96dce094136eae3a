#!/bin/sh
# Plays the first R random and G greedy 2-player games (seeds 1, 2, ...) on
# the default map and compares each game's turn count and event-log hash
# with the ones recorded here, which came from commit 97c07db, before Ark
# Nova moved into games/arknova/, but for the games where a card lets an
# animal in with a condition missing (random 3, 142, 243, 324; greedy 2):
# those were recorded again when each icon a card asks for became one
# condition (docs/rules-notes.md), and when Perception's cards became its
# player's alone (drawn privately, kept in secret, docs/design.md): the
# random games that draw them log other events in the same games; the greedy
# games changed where another seat's view no longer holds the cards kept,
# and again where a view deals anew the cards another seat tucked face down.
# Every line changed when the opening draft's discards became their seat's
# until the draft ends: each discard names its seat now (it named none);
# the games are the same.  A different line means the game changed.
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
