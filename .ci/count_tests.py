#!/usr/bin/env python3
"""Counts test cases in a Meson test log and prints "N passed, N failed".

Catch2 and the JUnit console launcher print summaries with case counts; any
other test (examples, scripts) counts as one case. A program that failed
without a summary (a crash) counts as one failed case."""
import json
import re
import sys

CATCH2_ALL_PASSED = re.compile(r"All tests passed \(\d+ assertions? in (\d+) test cases?\)")
CATCH2_MIXED = re.compile(r"test cases:\s*(\d+)\s*\|\s*(\d+) passed\s*\|\s*(\d+) failed")
CATCH2_ALL_FAILED = re.compile(r"test cases:\s*(\d+)\s*\|\s*(\d+) failed")
JUNIT_OK = re.compile(r"\[\s*(\d+) tests successful\s*\]")
JUNIT_FAILED = re.compile(r"\[\s*(\d+) tests failed\s*\]")


def count(entry):
    out = entry.get("stdout") or ""
    ok = entry.get("result") == "OK"
    m = CATCH2_ALL_PASSED.search(out)
    if m:
        return int(m.group(1)), 0 if ok else 1
    m = CATCH2_MIXED.search(out)
    if m:
        return int(m.group(2)), max(int(m.group(3)), 0 if ok else 1)
    m = CATCH2_ALL_FAILED.search(out)
    if m:
        return 0, int(m.group(2))
    passed, failed = JUNIT_OK.search(out), JUNIT_FAILED.search(out)
    if passed or failed:
        p = int(passed.group(1)) if passed else 0
        f = int(failed.group(1)) if failed else 0
        return p, max(f, 0 if ok else 1)
    if entry.get("result") == "SKIP":
        return 0, 0
    return (1, 0) if ok else (0, 1)


def main(path):
    passed = failed = 0
    try:
        with open(path) as log:
            for line in log:
                if line.strip():
                    p, f = count(json.loads(line))
                    passed += p
                    failed += f
    except OSError as error:
        print(f"cannot read {path}: {error}", file=sys.stderr)
        failed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
