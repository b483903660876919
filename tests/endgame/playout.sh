#!/usr/bin/env bash
# Play-out check of the endgame layer: Augur, without tables, plays the winning
# side of long tablebase wins against a defender that plays from the Syzygy
# tables (Debian's Stockfish with SyzygyPath), and the conversions (won games:
# mate before the fifty-move rule or a repetition draws it) are counted per
# class. See docs/ENDGAMES.md for the figures and the command that made them.
#
# Usage: tests/endgame/playout.sh [AUGUR_BINARY] [CLASSES] [COUNT] [TC] [SEED]
#   AUGUR_BINARY  the engine binary (default build/lib/protocol/augur); its
#                 `match` command runs the games, it plays as the first engine
#   CLASSES       comma-separated material classes, the winning side first
#                 (default KBNvK,KQvKR,KBBvK,KQvKN,KQvKP,KRvKP,KRvKN,KPvK,KPPvK,KBPvK,KNPvK,KPvKP)
#   COUNT         positions per class, each played twice: as drawn and with the
#                 colours swapped (default 50)
#   TC            the clock of both engines (default 5+0.05), or nodes=N: N nodes a
#                 move for both, which makes the games independent of the load;
#                 further words are added to the clock, e.g. "5+0.05 nodestime=1750"
#                 (a clock that counts 1750 nodes a millisecond: time management
#                 played independently of the load)
#   SEED          the seed of the positions (default 1)
# Environment: SYZYGY (default tests/data/tablebases/syzygy), STOCKFISH
# (default /usr/games/stockfish), LONG_WINS (default build/tests/endgame/long_wins),
# CONCURRENCY (default 1: each game has one Augur thread and one Stockfish thread),
# TIMEMARGIN (milliseconds of clock overrun forgiven, default 1000: on a loaded
# machine a defender that loses on time would count as a conversion), PGN (a file
# every game is appended to). The positions come from long_wins (the longest
# distances to zeroing among 20000 random placements), so the same arguments
# play the same positions. Only mates count as conversions; games won on time
# are counted apart. AUGUR_SETTINGS adds settings to Augur's engine in `augur
# match`'s words (e.g. "param.se_min_depth=8"), to try a number without
# another build.
set -euo pipefail

readonly AUGUR=$(realpath "${1:-build/lib/protocol/augur}")
readonly CLASSES=${2:-KBNvK,KQvKR,KBBvK,KQvKN,KQvKP,KRvKP,KRvKN,KPvK,KPPvK,KBPvK,KNPvK,KPvKP}
readonly COUNT=${3:-50}
readonly TC=${4:-5+0.05}
readonly SEED=${5:-1}
readonly SYZYGY=$(realpath "${SYZYGY:-tests/data/tablebases/syzygy}")
readonly STOCKFISH=${STOCKFISH:-/usr/games/stockfish}
readonly LONG_WINS=${LONG_WINS:-build/tests/endgame/long_wins}
readonly CONCURRENCY=${CONCURRENCY:-1}
readonly TIMEMARGIN=${TIMEMARGIN:-1000}
read -ra augur_settings <<<"${AUGUR_SETTINGS:-}"
read -ra limit <<<"$TC"
[[ ${#limit[@]} -gt 0 ]] || limit=(5+0.05)
[[ ${limit[0]} == nodes=* ]] || limit[0]=tc=${limit[0]}

die() { echo "playout: $*" >&2; exit 2; }

[[ -x $AUGUR ]] || die "no executable augur binary at '$AUGUR' (build first or pass its path)"
[[ -x $LONG_WINS ]] || die "no long_wins at '$LONG_WINS' (it is built when libfathom-dev is installed)"
[[ -x $STOCKFISH ]] || die "no Stockfish at '$STOCKFISH' (Debian package stockfish, or set STOCKFISH)"
[[ -d $SYZYGY ]] || die "no Syzygy tables under '$SYZYGY' (set SYZYGY)"
[[ $COUNT =~ ^[1-9][0-9]*$ && $SEED =~ ^[0-9]+$ ]] || die "COUNT and SEED must be positive integers"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '%-7s %9s %6s %12s\n' class converted games 'won on time'
IFS=, read -ra classes <<<"$CLASSES"
for class in "${classes[@]}"; do
    "$LONG_WINS" "$SYZYGY" "$class" "$COUNT" "$SEED" >"$work/$class.epd" 2>/dev/null ||
        die "long_wins found no win of class $class"
    games=$(wc -l <"$work/$class.epd")
    # -games 1: the first engine (Augur) is White in the odd-numbered games,
    # and long_wins writes White's wins on the odd lines.
    "$AUGUR" match -engine name=augur option.Threads=1 option.Hash=16 "${augur_settings[@]}" \
        -engine name=defender cmd="$STOCKFISH" proto=uci option.Threads=1 option.Hash=16 \
        option.SyzygyPath="$SYZYGY" \
        -each "${limit[@]}" -openings file="$work/$class.epd" order=sequential -games 1 -rounds "$games" \
        -concurrency "$CONCURRENCY" -timemargin "$TIMEMARGIN" -ratinginterval 0 \
        -pgnout file="$work/$class.pgn" >"$work/$class.log" ||
        die "augur match failed for $class (log: $(tail -3 "$work/$class.log"))"
    [[ -z ${PGN:-} ]] || cat "$work/$class.pgn" >>"$PGN"
    # Augur's wins by mate, and its other wins (the defender's forfeits).
    read -r mates others < <(awk '
        /^\[White "/ { augur_white = ($0 ~ /"augur"/) }
        /^\[Result "/ { won = (augur_white && /"1-0"/) || (!augur_white && /"0-1"/) }
        /^\[Termination "/ { if (won) { if (/"checkmate"/) m++; else o++ } }
        END { print m + 0, o + 0 }' "$work/$class.pgn")
    printf '%-7s %9s %6s %12s\n' "$class" "$mates" "$games" "$others"
done
