#!/bin/sh
# A UCI engine for tests that answers the handshake and exits with status 3
# when asked for a move, as a crashing engine would.
while read -r line; do
    case "$line" in
        uci) echo "id name Crasher"; echo "uciok" ;;
        isready) echo "readyok" ;;
        go*) exit 3 ;;
    esac
done
