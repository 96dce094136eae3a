#!/bin/sh
# tests/fuzz/run.sh SECONDS [HARNESS...]
# Builds the libFuzzer harnesses with clang (in build-fuzz/) and runs each
# for SECONDS, from the seeds of the repository (games/arknova/cards/, maps/, plugins/,
# examples/, tests/fuzz/corpus/) and the inputs that once found a bug
# (tests/fuzz/regress/).  What a run finds is kept in build-fuzz/corpus/
# (the next run starts from it) and a failing input in build-fuzz/crashes/.
# Exits 1 if any harness failed.  How to run it for hours: docs/fuzzing.md.
set -e
secs=${1:?usage: tests/fuzz/run.sh SECONDS [HARNESS...]}
shift
cd "$(dirname "$0")/../.."
harnesses=${*:-fuzz_card fuzz_map fuzz_plugin fuzz_save fuzz_answers fuzz_bga}
echo "== building the fuzz harnesses (clang, ASan + UBSan + libFuzzer): $harnesses"
CC=${CC:-clang} cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DARK_FUZZ=ON >/dev/null
# shellcheck disable=SC2086
cmake --build build-fuzz -j"$(nproc)" --target $harnesses
failed=""
for h in $harnesses; do
  case $h in
    fuzz_card) seeds="games/arknova/cards examples/fan-cards"; len=4096 ;;
    fuzz_map) seeds="games/arknova/maps examples/fan-map"; len=16384 ;;
    fuzz_plugin) seeds="games/arknova/plugins bench/plugins"; len=4096 ;;
    fuzz_save) seeds="tests/fuzz/corpus/fuzz_save"; len=8192 ;;
    fuzz_answers) seeds="tests/fuzz/corpus/fuzz_answers"; len=600 ;;
    # the seeds are BGA logs cut to under 50 KB: a smaller limit would cut them too
    fuzz_bga) seeds="tests/fuzz/corpus/fuzz_bga"; len=65536 ;;
    *) echo "run.sh: no harness $h" >&2; exit 2 ;;
  esac
  [ -d "tests/fuzz/regress/$h" ] && seeds="$seeds tests/fuzz/regress/$h"
  # the words a harness's parser looks for, where it has a list of them
  dict=""
  [ -f "tests/fuzz/$h.dict" ] && dict="-dict=tests/fuzz/$h.dict"
  work=build-fuzz/corpus/$h
  mkdir -p "$work" "build-fuzz/crashes/$h" build-fuzz/logs
  log=build-fuzz/logs/$h.log
  echo "== $h for $secs s (log: $log)"
  # shellcheck disable=SC2086
  if ./build-fuzz/"$h" -max_total_time="$secs" -timeout=20 -rss_limit_mb=2048 -max_len="$len" $dict \
       -print_final_stats=1 -artifact_prefix="build-fuzz/crashes/$h/" "$work" $seeds >"$log" 2>&1; then
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    echo "   ok: $execs inputs, $(ls "$work" | wc -l) in its corpus"
  else
    failed="$failed $h"
    echo "   FAILED: the end of $log:"
    tail -n 40 "$log"
    ls "build-fuzz/crashes/$h"
  fi
done
if [ -n "$failed" ]; then
  echo "fuzzing found problems in:$failed (inputs in build-fuzz/crashes/)" >&2
  exit 1
fi
echo "fuzzing: no problem found"
