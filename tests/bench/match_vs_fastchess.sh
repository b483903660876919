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
#                 (default tests/data/openings/noob_2moves.epd)
#
# This is a benchmark, not a test: the machine is shared and noisy, so the two
# tools run alternately (the order flips every match), both at concurrency 2
# with the same openings in file order, and the report uses medians of wall
# time. At a node limit both play the very same games (the same engine code,
# deterministic with one thread), so only the cost of playing them differs.
# The CPU time of each tool with its engine processes (user + system) is
# reported too: on a machine loaded by other work the scheduler favours
# processes that sleep between moves (UCI engines waiting for their opponent)
# over threads that never sleep, so wall time alone can mislead there.
# A ratio above 1 means augur match plays more games per minute.
set -euo pipefail

readonly FASTCHESS=$(realpath "${1:?usage: match_vs_fastchess.sh FASTCHESS [AUGUR_BINARY] [LIMIT] [ROUNDS] [MATCHES]}")
readonly AUGUR=$(realpath "${2:-build/lib/protocol/augur}")
readonly LIMIT=${3:-nodes=5000}
readonly ROUNDS=${4:-20}
readonly MATCHES=${5:-3}
readonly OPENINGS=${OPENINGS:-tests/data/openings/noob_2moves.epd}

die() { echo "match_vs_fastchess: $*" >&2; exit 2; }

[[ -x $FASTCHESS ]] || die "no executable fastchess at '$FASTCHESS'"
[[ -x $AUGUR ]] || die "no executable augur binary at '$AUGUR' (build first or pass its path)"
[[ -r $OPENINGS ]] || die "cannot read the openings '$OPENINGS' (set OPENINGS)"
OPENINGS_FILE=$(realpath "$OPENINGS")
[[ $LIMIT =~ ^(nodes=[0-9]+|tc=[0-9.]+\+[0-9.]+)$ ]] || die "LIMIT must be nodes=N or tc=BASE+INC, got '$LIMIT'"
[[ $ROUNDS =~ ^[1-9][0-9]*$ && $MATCHES =~ ^[1-9][0-9]*$ ]] || die "ROUNDS and MATCHES must be positive integers"

# fastchess wants a clock even for node-limited games.
fastchess_limit=$LIMIT
[[ $LIMIT == nodes=* ]] && fastchess_limit="tc=inf $LIMIT"

readonly TIMES=$(mktemp)
# fastchess writes its config.json into the directory it runs in: give it one of its own.
readonly FASTCHESS_DIR=$(mktemp -d)
trap 'rm -rf "$TIMES" "$FASTCHESS_DIR"' EXIT

# Runs one match; prints its wall time and its CPU time (with its children) in milliseconds.
run_match() {
  local tool=$1
  if [[ $tool == augur ]]; then
    /usr/bin/time -f "%e %U %S" -o "$TIMES" "$AUGUR" match -engine name=a -engine name=b -each $LIMIT -rounds "$ROUNDS" -concurrency 2 \
      -openings file="$OPENINGS_FILE" order=sequential -timemargin 100 -ratinginterval 0 >/dev/null
  else
    (cd "$FASTCHESS_DIR" && /usr/bin/time -f "%e %U %S" -o "$TIMES" "$FASTCHESS" -engine cmd="$AUGUR" name=a -engine cmd="$AUGUR" name=b -each proto=uci $fastchess_limit \
      timemargin=100 -rounds "$ROUNDS" -games 2 -repeat -concurrency 2 \
      -openings file="$OPENINGS_FILE" format=epd order=sequential >/dev/null)
  fi
  awk '{ printf "%d %d\n", $1 * 1000, ($2 + $3) * 1000 }' "$TIMES"
}

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

augur_wall=() augur_cpu=() fastchess_wall=() fastchess_cpu=()
record() {
  local tool=$1 wall cpu
  read -r wall cpu < <(run_match "$tool")
  if [[ $tool == augur ]]; then augur_wall+=("$wall"); augur_cpu+=("$cpu"); else fastchess_wall+=("$wall"); fastchess_cpu+=("$cpu"); fi
}
for ((m = 0; m < MATCHES; m++)); do
  if ((m % 2 == 0)); then record augur; record fastchess; else record fastchess; record augur; fi
  echo "match $((m + 1)): augur ${augur_wall[-1]} ms wall ${augur_cpu[-1]} ms CPU," \
       "fastchess ${fastchess_wall[-1]} ms wall ${fastchess_cpu[-1]} ms CPU" >&2
done

games=$((2 * ROUNDS))
aw=$(printf '%s\n' "${augur_wall[@]}" | median) ac=$(printf '%s\n' "${augur_cpu[@]}" | median)
fw=$(printf '%s\n' "${fastchess_wall[@]}" | median) fc=$(printf '%s\n' "${fastchess_cpu[@]}" | median)
awk -v g="$games" -v aw="$aw" -v ac="$ac" -v fw="$fw" -v fc="$fc" -v limit="$LIMIT" -v m="$MATCHES" 'BEGIN {
  printf "%s, %d games per match, concurrency 2, median of %d matches each\n", limit, g, m
  printf "augur match: %.1f games/minute (%.0f ms wall), %.0f ms CPU\n", g * 60000 / aw, aw, ac
  printf "fastchess:   %.1f games/minute (%.0f ms wall), %.0f ms CPU\n", g * 60000 / fw, fw, fc
  printf "ratio (augur match / fastchess): %.2f in games per wall minute, %.2f in games per CPU minute\n", fw / aw, fc / ac
}'
