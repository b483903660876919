#!/usr/bin/env python3
"""Time to depth and node rate of Augur against Prophet, side by side.

Usage: versus_prophet.py PROPHET_BINARY [AUGUR_BINARY] [--depth 12] [--rounds 1]

For every bench position (taken from `augur bench 1`, so the list lives in one
place) both engines search to the same fixed depth from a cleared hash table:
Prophet through XBoard (new, setboard, sd, go), Augur through UCI (ucinewgame,
position, go depth). The engines alternate, position by position. Prophet is
not built by this project: build it yourself outside the repository (see
../shared/ANCHORS.md) and pass its path.

Prints per position the wall time and nodes of each engine, then totals and the
median of the per-position time ratios (Prophet / Augur; above 1: Augur faster).
"""
import argparse
import re
import statistics
import subprocess
import sys
import time


def bench_positions(augur):
    out = subprocess.run([augur, "bench", "1"], capture_output=True, text=True, check=True).stdout
    return [m.group(1).strip() for m in re.finditer(r"^position \d+/\d+: (.*?)  nodes", out, re.M)]


def run_engine(binary, script, nodes_pattern, nodes_scale, done_prefix):
    """Feeds script to the engine, returns (wall seconds, last node count seen)
    once a line starts with done_prefix."""
    start = time.monotonic()
    proc = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    proc.stdin.write(script)
    proc.stdin.flush()
    nodes = 0
    for line in proc.stdout:
        m = re.search(nodes_pattern, line)
        if m:
            nodes = int(m.group(1)) * nodes_scale
        if line.startswith(done_prefix):
            break
    elapsed = time.monotonic() - start
    proc.stdin.write("quit\n")
    proc.stdin.close()
    proc.wait(timeout=30)
    return elapsed, nodes


def run_prophet(prophet, fen, depth):
    # st: a per-move time far beyond the depth limit; Prophet prints "# nodes: 123k".
    script = f"xboard\nprotover 2\npost\nnew\nforce\nsetboard {fen}\nsd {depth}\nst 100000\ngo\n"
    return run_engine(prophet, script, r"^# nodes: (\d+)k", 1000, "move ")


def run_augur(augur, fen, depth):
    script = f"uci\nucinewgame\nposition fen {fen}\ngo depth {depth}\n"
    return run_engine(augur, script, r" nodes (\d+)", 1, "bestmove")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("prophet")
    parser.add_argument("augur", nargs="?", default="build/lib/protocol/augur")
    parser.add_argument("--depth", type=int, default=12)
    args = parser.parse_args()

    ratios, totals = [], {"prophet": [0.0, 0], "augur": [0.0, 0]}
    print(f"{'#':>3} {'prophet s':>10} {'prophet nodes':>14} {'augur s':>8} {'augur nodes':>12} {'ratio':>6}")
    for i, fen in enumerate(bench_positions(args.augur), 1):
        p_time, p_nodes = run_prophet(args.prophet, fen, args.depth)
        a_time, a_nodes = run_augur(args.augur, fen, args.depth)
        totals["prophet"][0] += p_time
        totals["prophet"][1] += p_nodes
        totals["augur"][0] += a_time
        totals["augur"][1] += a_nodes
        ratios.append(p_time / max(a_time, 1e-6))
        print(f"{i:>3} {p_time:>10.2f} {p_nodes:>14} {a_time:>8.2f} {a_nodes:>12} {ratios[-1]:>6.2f}")
    for name, (t, n) in totals.items():
        print(f"{name}: {t:.2f} s, {n} nodes, {n / max(t, 1e-6) / 1e6:.2f} Mnps")
    print(f"total time ratio prophet/augur: {totals['prophet'][0] / max(totals['augur'][0], 1e-6):.2f}")
    print(f"median per-position time ratio prophet/augur: {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    sys.exit(main())
