#!/usr/bin/env python3
"""Checks that a shared library exports exactly the functions its header declares.

usage: check_exports.py NM LIBRARY HEADER [VERSION_MAP]

The dynamic symbol table must hold the AUGUR_API functions of HEADER and no
other defined symbol (a symbol-version node such as AUGUR_0 is allowed). With
VERSION_MAP, every function a node of the map names (not by a wildcard) must be
exported with that node as its default version: the release it arrived in, or
the one that changed it, as docs/API.md says.
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


def default_versions(nm, library):
    """name -> the version node of its default definition (name@@NODE)."""
    out = subprocess.run([nm, "-D", "--defined-only", library], capture_output=True, text=True, check=True).stdout
    versions = {}
    for line in out.splitlines():
        fields = line.split()
        if len(fields) >= 3 and "@@" in fields[2]:
            name, node = fields[2].split("@@", 1)
            versions[name] = node
    return versions


def named_in_map(version_map):
    """name -> node, for the names a node's global section lists one by one."""
    with open(version_map, encoding="utf-8") as f:
        text = re.sub(r"/\*.*?\*/", "", f.read(), flags=re.S)
    nodes = {}
    for node, body in re.findall(r"([A-Za-z_][\w.]*)\s*\{(.*?)\}", text, flags=re.S):
        global_part = body.split("local:")[0].replace("global:", "")
        for name in re.findall(r"[\w*?]+", global_part):
            if "*" not in name and "?" not in name:
                nodes[name] = node
    return nodes


def check_versions(nm, library, version_map):
    have, want = default_versions(nm, library), named_in_map(version_map)
    if not want:
        print(f"no names listed in {version_map}")
        return 1
    wrong = 0
    for name, node in sorted(want.items()):
        if have.get(name) != node:
            print(f"{name} should be {name}@@{node}, is {name}@@{have.get(name)}")
            wrong += 1
    if wrong:
        return 1
    print(f"{len(want)} functions carry the version node {version_map} gives them")
    return 0


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
    if len(sys.argv) > 4:
        return check_versions(nm, library, sys.argv[4])
    return 0


if __name__ == "__main__":
    sys.exit(main())
