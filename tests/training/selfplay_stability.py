#!/usr/bin/env python3
"""Self-play stability: node-limited games of the engine against itself through
`augur datagen` (the game loop of lib/play), with Threads=1 and Threads=2,
counting what must never happen.

  crashes        a batch process killed by a signal or failing with an error
  hangs          a batch process that did not finish in its time budget
                 (games x --game-timeout seconds); it is killed
  illegal moves  games forfeited by an illegal move (or no move), as datagen
                 counts them
  other forfeits games forfeited otherwise (in-process players cannot lose on
                 time or stall: any of these is a bug too)

Games run in batches of separate processes, so that a crash or a hang costs
one batch and the run goes on. Exits 1 when any count is not zero.

  selfplay_stability.py AUGUR --games 10000 [--threads 1,2] [--nodes 5000]
                        [--concurrency 2] [--batch 250] [--game-timeout 60]
"""
import argparse
import re
import subprocess
import sys
import time

SUMMARY = re.compile(r"finished: games (\d+), positions (\d+).*illegal moves (\d+), other (\d+)")


def run_batch(args, threads, seed, games):
    """Runs one batch; returns a dict of counts."""
    command = [args.augur, "datagen", "-output", "/dev/null", "-games", str(games), "-nodes", str(args.nodes),
               "-concurrency", str(args.concurrency), "-seed", str(seed), f"option.Threads={threads}"]
    counts = {"games": 0, "positions": 0, "crashes": 0, "hangs": 0, "illegal moves": 0, "other forfeits": 0}
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=games * args.game_timeout + 60)
    except subprocess.TimeoutExpired:
        print(f"  HANG: {' '.join(command)} did not finish in time", flush=True)
        counts["hangs"] = 1
        return counts
    summary = SUMMARY.search(done.stdout)
    if done.returncode != 0 or not summary:
        how = f"signal {-done.returncode}" if done.returncode < 0 else f"exit status {done.returncode}"
        print(f"  CRASH ({how}): {' '.join(command)}\n{done.stderr.strip()}", flush=True)
        counts["crashes"] = 1
        return counts
    games_played, positions, illegal, other = map(int, summary.groups())
    counts.update({"games": games_played, "positions": positions, "illegal moves": illegal, "other forfeits": other})
    return counts


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("augur")
    parser.add_argument("--games", type=int, required=True, help="games per thread setting")
    parser.add_argument("--threads", default="1,2", help="comma-separated Threads values (default 1,2)")
    parser.add_argument("--nodes", type=int, default=5000, help="soft node limit per move (default 5000)")
    parser.add_argument("--concurrency", type=int, default=2, help="games at once (default 2)")
    parser.add_argument("--batch", type=int, default=250, help="games per process (default 250)")
    parser.add_argument("--game-timeout", type=int, default=60, help="seconds a game may take on average")
    args = parser.parse_args()

    failures = 0
    for threads in [int(t) for t in args.threads.split(",")]:
        total = {}
        started = time.monotonic()
        for first in range(0, args.games, args.batch):
            games = min(args.batch, args.games - first)
            counts = run_batch(args, threads, seed=1 + first // args.batch, games=games)
            for key, value in counts.items():
                total[key] = total.get(key, 0) + value
            print(f"  Threads={threads}: {first + games} of {args.games} games, {time.monotonic() - started:.0f} s",
                  flush=True)
        seconds = time.monotonic() - started
        errors = total["crashes"] + total["hangs"] + total["illegal moves"] + total["other forfeits"]
        failures += errors
        print(f"Threads={threads}: games {total['games']}, positions {total['positions']}, {seconds:.0f} s; "
              f"crashes {total['crashes']}, hangs {total['hangs']}, illegal moves {total['illegal moves']}, "
              f"other forfeits {total['other forfeits']}", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
