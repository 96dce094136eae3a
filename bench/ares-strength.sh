#!/bin/sh
# The AI strength figures of Ares Expedition in bench/README-ai.md: greedy
# against random and mcts against greedy, each in both seat orders, on
# seeds that do not overlap.  usage: bench/ares-strength.sh [ARKNOVA [GAMES [MCTS_GAMES]]]
set -eu
exe=${1:-build/arknova} games=${2:-300} mcts=${3:-20}
sim() { "$exe" sim --game ares-expedition --threads 2 "$@" 2>/dev/null | sed -n '1,3p;7,8p'; }
sim --games "$games" --ai greedy,random
sim --games "$games" --seed $((games + 1)) --ai random,greedy
sim --games "$mcts" --ai mcts,greedy
sim --games "$mcts" --seed $((mcts + 1)) --ai greedy,mcts
sim --games 1000 --ai random
