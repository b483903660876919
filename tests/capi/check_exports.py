#!/usr/bin/env python3
"""Checks that a shared library exports exactly the functions its header declares.

usage: check_exports.py NM LIBRARY HEADER

The dynamic symbol table must hold the AUGUR_API functions of HEADER and no
other defined symbol (a symbol-version node such as AUGUR_0 is allowed).
"""
import re
import subprocess
import sys


def exported(nm, library):
    out = subprocess.run([nm, "-D", "--defined-only", library], capture_output=True, text=True, check=True).stdout
    symbols = set()
    for line in out.splitlines():
        fields = line.split()
        if len(fields) < 3 or fields[1] == "A":  # "A": a version node, not code or data
            continue
        symbols.add(fields[2].split("@")[0])
    return symbols


def declared(header):
    with open(header, encoding="utf-8") as f:
        text = f.read()
    return set(re.findall(r"AUGUR_API\b[^;(]*?\b(augur_\w+)\s*\(", text))


def main():
    nm, library, header = sys.argv[1:4]
    have, want = exported(nm, library), declared(header)
    if not want:
        print(f"no AUGUR_API functions found in {header}")
        return 1
    for name in sorted(have - want):
        print(f"exported but not in the header: {name}")
    for name in sorted(want - have):
        print(f"declared but not exported: {name}")
    if have != want:
        return 1
    print(f"{len(have)} symbols exported, all declared in {header}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
