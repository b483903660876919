#!/bin/sh
# A UCI engine for tests that answers the handshake but never sends a move,
# not even after stop, as a hung engine would.
while read -r line; do
    case "$line" in
        uci) echo "id name Silent"; echo "uciok" ;;
        isready) echo "readyok" ;;
    esac
done
