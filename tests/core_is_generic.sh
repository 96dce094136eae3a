#!/bin/sh
# core/ holds only what every game uses: no game's words may appear in it
# (file names, code or comments).  Prints each offending line and fails.
#   usage: tests/core_is_generic.sh [SOURCE_DIR]
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
# Ark Nova's words, then Ares Expedition's
words='ark ?nova|appeal|conservation|reputation|sponsor|enclosure|zoo|animal|kiosk|pavilion'
words="$words"'|aviary|reptile house|petting|universit|donation|x-?token|venom|constriction'
words="$words"'|association|break track|action card|terraform|\bares\b|megacredit|oxygen|ocean'
words="$words"'|temperature|forest|titanium|corporation'
found=$( (cd "$root" && find core -type f | grep -iE "$words"; \
          grep -rniE "$words" "$root/core" | sed "s|^$root/||") )
if [ -n "$found" ]; then
  echo "core/ must stay free of any one game's words; found:" >&2
  echo "$found" >&2
  exit 1
fi
echo "core/: no game's words in $(find "$root/core" -type f | wc -l) files"
