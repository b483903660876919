#!/bin/sh
# A UCI engine for tests that answers the handshake and then always plays an
# illegal move.
while read -r line; do
    case "$line" in
        uci) echo "id name IllegalMover"; echo "uciok" ;;
        isready) echo "readyok" ;;
        go*) echo "info depth 1 score cp 12 nodes 1"; echo "bestmove a1a8" ;;
        quit) exit 0 ;;
    esac
done
