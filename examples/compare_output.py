#!/usr/bin/env python3
"""Runs a program and checks that it succeeds and prints exactly the expected text.

usage: compare_output.py EXPECTED_FILE PROGRAM [ARGS...]
"""
import difflib
import subprocess
import sys


def main():
    expected_path, command = sys.argv[1], sys.argv[2:]
    run = subprocess.run(command, capture_output=True, text=True, timeout=120)
    sys.stderr.write(run.stderr)
    with open(expected_path, encoding="utf-8") as f:
        expected = f.read()
    if run.stdout != expected:
        sys.stdout.writelines(difflib.unified_diff(
            expected.splitlines(True), run.stdout.splitlines(True), expected_path, "actual output"))
        return 1
    if run.returncode != 0:
        print(f"{command[0]} exited with status {run.returncode}")
        return 1
    print(f"output matches {expected_path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
