#!/usr/bin/env bash
# Games per minute of `augur match` (engines inside the process) against
# fastchess driving the same `augur` binary as two UCI processes, side by side.
#
# Usage: tests/bench/match_vs_fastchess.sh FASTCHESS [AUGUR_BINARY] [LIMIT] [ROUNDS] [MATCHES]
#   FASTCHESS     the fastchess binary (build it yourself, outside the repository)
#   AUGUR_BINARY  the engine binary (default build/lib/protocol/augur)
#   LIMIT         per-move limit in both tools' syntax: nodes=5000 (default) or tc=1+0.01
#   ROUNDS        rounds (game pairs) per match (default 20)
#   MATCHES       matches per tool (default 3)
#   OPENINGS      environment variable naming an EPD file
#                 (default ../shared/data/openings/noob_2moves.epd)
#
# This is a benchmark, not a test: the machine is shared and noisy, so the two
# tools run alternately (the order flips every match), both at concurrency 2
# with the same openings and seed, and the report uses medians of wall time.
# A ratio above 1 means augur match plays more games per minute.
set -euo pipefail

readonly FASTCHESS=${1:?usage: match_vs_fastchess.sh FASTCHESS [AUGUR_BINARY] [LIMIT] [ROUNDS] [MATCHES]}
readonly AUGUR=$(realpath "${2:-build/lib/protocol/augur}")
readonly LIMIT=${3:-nodes=5000}
readonly ROUNDS=${4:-20}
readonly MATCHES=${5:-3}
readonly OPENINGS=${OPENINGS:-../shared/data/openings/noob_2moves.epd}

die() { echo "match_vs_fastchess: $*" >&2; exit 2; }

[[ -x $FASTCHESS ]] || die "no executable fastchess at '$FASTCHESS'"
[[ -x $AUGUR ]] || die "no executable augur binary at '$AUGUR' (build first or pass its path)"
[[ -r $OPENINGS ]] || die "cannot read the openings '$OPENINGS' (set OPENINGS)"
[[ $LIMIT =~ ^(nodes=[0-9]+|tc=[0-9.]+\+[0-9.]+)$ ]] || die "LIMIT must be nodes=N or tc=BASE+INC, got '$LIMIT'"
[[ $ROUNDS =~ ^[1-9][0-9]*$ && $MATCHES =~ ^[1-9][0-9]*$ ]] || die "ROUNDS and MATCHES must be positive integers"

# fastchess wants a clock even for node-limited games.
fastchess_limit=$LIMIT
[[ $LIMIT == nodes=* ]] && fastchess_limit="tc=inf $LIMIT"

# Runs one match; prints its wall time in milliseconds.
run_match() {
  local tool=$1 start end
  start=$(date +%s%N)
  if [[ $tool == augur ]]; then
    "$AUGUR" match -engine name=a -engine name=b -each $LIMIT -rounds "$ROUNDS" -concurrency 2 \
      -openings file="$OPENINGS" order=random -seed 1 -timemargin 100 -ratinginterval 0 >/dev/null
  else
    "$FASTCHESS" -engine cmd="$AUGUR" name=a -engine cmd="$AUGUR" name=b -each proto=uci $fastchess_limit \
      timemargin=100 -rounds "$ROUNDS" -games 2 -repeat -concurrency 2 \
      -openings file="$OPENINGS" format=epd order=random -srand 1 >/dev/null
  fi
  end=$(date +%s%N)
  echo $(((end - start) / 1000000))
}

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

augur_times=() fastchess_times=()
for ((m = 0; m < MATCHES; m++)); do
  if ((m % 2 == 0)); then
    augur_times+=("$(run_match augur)"); fastchess_times+=("$(run_match fastchess)")
  else
    fastchess_times+=("$(run_match fastchess)"); augur_times+=("$(run_match augur)")
  fi
  echo "match $((m + 1)): augur ${augur_times[-1]} ms, fastchess ${fastchess_times[-1]} ms" >&2
done

games=$((2 * ROUNDS))
augur_ms=$(printf '%s\n' "${augur_times[@]}" | median)
fastchess_ms=$(printf '%s\n' "${fastchess_times[@]}" | median)
awk -v g="$games" -v a="$augur_ms" -v f="$fastchess_ms" -v limit="$LIMIT" 'BEGIN {
  printf "%s, %d games per match, concurrency 2, median of %d matches each\n", limit, g, '"$MATCHES"'
  printf "augur match: %.1f games/minute (%.0f ms)\n", g * 60000 / a, a
  printf "fastchess:   %.1f games/minute (%.0f ms)\n", g * 60000 / f, f
  printf "ratio (augur match / fastchess): %.2f\n", f / a
}'
