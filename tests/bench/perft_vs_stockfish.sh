#!/usr/bin/env bash
# Perft speed of Augur against Debian's Stockfish, measured side by side.
#
# Usage: tests/bench/perft_vs_stockfish.sh [AUGUR_BINARY] [ROUNDS]
#   AUGUR_BINARY  the engine binary (default build/lib/protocol/augur)
#   ROUNDS        runs per engine and position (default 5)
#   STOCKFISH     environment variable naming the reference (default /usr/games/stockfish)
#
# This is a benchmark, not a test: the machine is shared and noisy, so the two
# engines run alternately (the order flips every round) and the report uses
# medians. Each run is a fresh process fed "position ... / go perft N" on
# stdin, timed by wall clock. Process start-up (Stockfish loads its network and
# clears its hash, tens of milliseconds) is measured in the same rounds with an
# "isready" run and subtracted, so the ratio compares perft itself; the gross
# ratio is shown too. A ratio above 1 means Augur is faster.
#
# Exits 1 if any run's node count differs between the engines, 2 on bad usage.
set -euo pipefail

readonly AUGUR=${1:-build/lib/protocol/augur}
readonly ROUNDS=${2:-5}
readonly STOCKFISH=${STOCKFISH:-/usr/games/stockfish}

# name|FEN|depth
readonly POSITIONS=(
  "start|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|6"
  "kiwipete|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1|5"
  "cpw-pos3|8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1|7"
)

die() { echo "perft_vs_stockfish: $*" >&2; exit 2; }

[[ -x $AUGUR ]] || die "no executable augur binary at '$AUGUR' (build first or pass its path)"
[[ -x $STOCKFISH ]] || die "no executable stockfish at '$STOCKFISH' (apt-get install stockfish)"
[[ $ROUNDS =~ ^[1-9][0-9]*$ ]] || die "ROUNDS must be a positive integer, got '$ROUNDS'"

# Runs one UCI script through an engine; prints "<elapsed ns> <nodes or ->".
timed_run() {
  local engine=$1 script=$2 start end output nodes
  start=$(date +%s%N)
  output=$(printf '%s' "$script" | "$engine")
  end=$(date +%s%N)
  nodes=$(sed -n 's/^Nodes searched: //p' <<<"$output" | tail -n 1)
  echo "$((end - start)) ${nodes:--}"
}

perft_script() { printf 'position fen %s\ngo perft %s\nquit\n' "$1" "$2"; }
readonly STARTUP_SCRIPT=$'isready\nquit\n'

# Median of the numbers on stdin, one per line.
median() {
  sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

declare -A times    # "engine:key" -> newline-separated elapsed ns
declare -A nodes    # position name -> node count both engines must report
mismatch=0

record() {  # engine key elapsed
  times[$1:$2]+="$3"$'\n'
}

measure_startup() {  # engine label
  local elapsed _
  read -r elapsed _ < <(timed_run "$1" "$STARTUP_SCRIPT")
  record "$2" startup "$elapsed"
}

measure_perft() {  # engine label name fen depth
  local elapsed count
  read -r elapsed count < <(timed_run "$1" "$(perft_script "$4" "$5")")
  record "$2" "$3" "$elapsed"
  if [[ -z ${nodes[$3]:-} ]]; then
    nodes[$3]=$count
  elif [[ ${nodes[$3]} != "$count" ]]; then
    echo "MISMATCH on $3 depth $5: $2 reports $count nodes, the other engine ${nodes[$3]}" >&2
    mismatch=1
  fi
}

run_round() {  # round number; the engine that goes first alternates
  local engines=("$STOCKFISH:stockfish" "$AUGUR:augur")
  (( $1 % 2 == 0 )) && engines=("${engines[1]}" "${engines[0]}")
  local entry name fen depth pair
  for pair in "${engines[@]}"; do measure_startup "${pair%:*}" "${pair##*:}"; done
  for entry in "${POSITIONS[@]}"; do
    IFS='|' read -r name fen depth <<<"$entry"
    for pair in "${engines[@]}"; do measure_perft "${pair%:*}" "${pair##*:}" "$name" "$fen" "$depth"; done
  done
}

ms() { awk -v ns="$1" 'BEGIN { printf "%.1f", ns / 1e6 }'; }

# Per-round ratios stockfish/augur of net (start-up subtracted) or gross times.
round_ratios() {  # name net|gross
  local sf_startup augur_startup
  sf_startup=$(median <<<"${times[stockfish:startup]}")
  augur_startup=$(median <<<"${times[augur:startup]}")
  paste <(grep . <<<"${times[stockfish:$1]}") <(grep . <<<"${times[augur:$1]}") |
    awk -v mode="$2" -v s0="$sf_startup" -v a0="$augur_startup" '{
      s = $1; a = $2
      if (mode == "net") { s -= s0; a -= a0 }
      if (s < 1e6) s = 1e6; if (a < 1e6) a = 1e6   # clamp to 1 ms against noise
      printf "%.4f\n", s / a }'
}

report() {
  local entry name fen depth all_net=""
  printf '\n%-10s %5s %12s %14s %12s %16s %18s\n' position depth nodes "stockfish ms" "augur ms" \
    "sf/augur (net)" "sf/augur (gross)"
  for entry in "${POSITIONS[@]}"; do
    IFS='|' read -r name fen depth <<<"$entry"
    local net gross
    net=$(round_ratios "$name" net)
    gross=$(round_ratios "$name" gross)
    all_net+="$net"$'\n'
    printf '%-10s %5s %12s %14s %12s %16.2f %18.2f\n' "$name" "$depth" "${nodes[$name]}" \
      "$(ms "$(median <<<"${times[stockfish:$name]}")")" "$(ms "$(median <<<"${times[augur:$name]}")")" \
      "$(median <<<"$net")" "$(median <<<"$gross")"
  done
  printf '\nstart-up (isready, subtracted for net): stockfish %s ms, augur %s ms\n' \
    "$(ms "$(median <<<"${times[stockfish:startup]}")")" "$(ms "$(median <<<"${times[augur:startup]}")")"
  printf 'median ratio stockfish/augur over all positions and rounds (net): %.2f  (>1: Augur faster)\n' \
    "$(grep . <<<"$all_net" | median)"
}

echo "stockfish: $STOCKFISH"
echo "augur:     $AUGUR ($("$AUGUR" version))"
echo "rounds:    $ROUNDS (times are medians of wall-clock time per process)"
for ((round = 1; round <= ROUNDS; round++)); do
  echo "round $round/$ROUNDS" >&2
  run_round "$round"
done
report
if ((mismatch)); then
  echo "node counts disagree" >&2
  exit 1
fi
