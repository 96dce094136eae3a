#!/bin/sh
# bench/upgraded-one.sh CARD [SIM OPTIONS...]
#
# Greedy self-play with one action card (animals, build, cards, association
# or sponsors) on side II from every player's first turn, the others as the
# rules have them.  It tells which single upgrade shortens the games most
# (bench/README-ai.md, "Which upgrade?").  The plugin is written to a
# temporary folder so that five near-copies of bench/plugins/upgraded need
# not live in the tree; the sim options default to 100 games on seeds 1-100.
set -eu

usage() {
  echo "usage: bench/upgraded-one.sh CARD [SIM OPTIONS...]"
  echo "  CARD: animals, build, cards, association or sponsors"
  echo "  SIM OPTIONS: passed to 'arknova sim' (default: --games 100 --ai greedy --no-cards)"
  echo "  ARKNOVA: the binary to run (default: build/arknova)"
}

[ $# -ge 1 ] || { usage >&2; exit 2; }
case $1 in
  -h|--help) usage; exit 0 ;;
  animals|build|cards|association|sponsors) card=$1 ;;
  *) echo "bench/upgraded-one.sh: unknown action card '$1'" >&2; usage >&2; exit 2 ;;
esac
shift
bin=${ARKNOVA:-build/arknova}
[ -x "$bin" ] || { echo "bench/upgraded-one.sh: $bin not found; build first (see README.md)" >&2; exit 2; }

dir=$(mktemp -d "${TMPDIR:-/tmp}/upgraded-$card.XXXXXX")
trap 'rm -rf "$dir"' EXIT
cat > "$dir/plugin.yaml" <<EOF
name: upgraded-$card
version: "1.0"
description: "The $card action card starts upgraded (side II)."
provides: [hooks]
script: hooks.lua
EOF
# Checked at every turn start, as bench/plugins/upgraded does, so that
# nothing needs remembering; an upgrade the rules grant later finds the card
# already turned and goes to another one.
cat > "$dir/hooks.lua" <<EOF
local hooks = {}
function hooks.turn_start(p)
  if not ark.upgraded(p, "$card") then ark.upgrade(p, "$card") end
end
return hooks
EOF

[ $# -gt 0 ] || set -- --games 100 --ai greedy --no-cards
"$bin" sim --plugin "$dir" "$@"
