#!/usr/bin/env python3
"""The root Makefile, as OpenBench uses it: `make EXE=<path>` leaves a binary at <path> whose
`bench` ends in a line OpenBench reads (the node count first, then the speed) with the same node
count on every run, and a CXX that does not exist fails the build with a message naming it.

usage: makefile_test.py SOURCE_DIR BUILD_DIR
BUILD_DIR is the Meson build being tested: the Makefile uses a directory it did not set up as it
is, so this test relinks nothing and does not set up a second build."""
import os
import re
import subprocess
import sys
import tempfile


def make(source_dir, *variables):
    return subprocess.run(['make', '-C', source_dir, *variables],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def bench_line(binary, depth):
    """(nodes, nps) of `binary bench depth`, read from the end as OpenBench reads it."""
    out = subprocess.run([binary, 'bench', str(depth)], stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True, timeout=300, check=True).stdout
    nodes = nps = None
    for line in reversed(out.strip().splitlines()):
        line = re.sub(r'[^a-zA-Z0-9 ]+', ' ', line)
        found_nodes = re.search(r'(\d+)\s+nodes', line)
        found_nps = re.search(r'(\d+)\s+nps', line)
        nodes = nodes or (found_nodes and int(found_nodes.group(1)))
        nps = nps or (found_nps and int(found_nps.group(1)))
    return nodes, nps


def main():
    source_dir, build_dir = sys.argv[1], sys.argv[2]
    failures = []
    with tempfile.TemporaryDirectory() as scratch:
        exe = os.path.join(scratch, 'augur-openbench')
        built = make(source_dir, 'EXE=' + exe, 'BUILD_DIR=' + build_dir)
        if built.returncode != 0 or not os.access(exe, os.X_OK):
            failures.append('make EXE=... did not leave an executable:\n' + built.stdout)
        else:
            first, second = bench_line(exe, 7), bench_line(exe, 7)
            if not first[0] or not first[1]:
                failures.append('bench printed no "N nodes" and "N nps": %r' % (first,))
            elif first[0] != second[0]:
                failures.append('bench node counts differ between runs: %d, %d' % (first[0], second[0]))

        bad_cxx = '/nonexistent/augur-test-c++'
        refused = make(source_dir, 'EXE=' + os.path.join(scratch, 'never'),
                       'BUILD_DIR=' + os.path.join(scratch, 'build-bad-cxx'), 'CXX=' + bad_cxx)
        if refused.returncode == 0 or bad_cxx not in refused.stdout:
            failures.append('a missing CXX was not refused by name:\n' + refused.stdout)

    for failure in failures:
        print('FAIL:', failure)
    print('makefile: %d checks failed' % len(failures) if failures else 'makefile: ok')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
