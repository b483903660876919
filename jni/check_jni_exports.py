#!/usr/bin/env python3
"""Checks that the JNI module exports exactly what the JVM needs.

usage: check_jni_exports.py NM LIBRARY JAVA_SOURCE_OR_FOLDER...

The dynamic symbol table must hold JNI_OnLoad, JNI_OnUnload and one Java_* function for every
`native` method of the Java sources (package dev.augur; a folder stands for its *.java files),
and no other defined symbol: the Augur core and the C++ runtime linked into the module stay
hidden.
"""
import os
import re
import subprocess
import sys

# A native method's declaration: modifiers including `native`, a return type, the name.
NATIVE = re.compile(r"^\s*(?:(?:private|protected|public|static|final|synchronized)\s+)*native\s+"
                    r"[\w.\[\]<>]+\s+(\w+)\s*\(", re.M)


def exported(nm, library):
    out = subprocess.run([nm, "-D", "--defined-only", library], capture_output=True, text=True,
                         check=True).stdout
    symbols = set()
    for line in out.splitlines():
        fields = line.split()
        if len(fields) >= 3 and fields[1] != "A":  # "A": a version node
            symbols.add(fields[2].split("@")[0])
    return symbols


def expected(sources):
    symbols = {"JNI_OnLoad", "JNI_OnUnload"}
    for source in sources:
        with open(source, encoding="utf-8") as f:
            text = f.read()
        package = re.search(r"^package\s+([\w.]+);", text, re.M).group(1)
        owner = os.path.splitext(os.path.basename(source))[0]
        for method in NATIVE.findall(text):
            symbols.add("Java_" + package.replace(".", "_") + "_" + owner + "_" + method)
    return symbols


def java_files(paths):
    files = []
    for path in paths:
        if os.path.isdir(path):
            files += sorted(os.path.join(path, n) for n in os.listdir(path) if n.endswith(".java"))
        else:
            files.append(path)
    return files


def main():
    nm, library, sources = sys.argv[1], sys.argv[2], java_files(sys.argv[3:])
    have, want = exported(nm, library), expected(sources)
    for name in sorted(have - want):
        print(f"exported but not a native method: {name}")
    for name in sorted(want - have):
        print(f"native method without an export: {name}")
    print(f"{len(have & want)} of {len(want)} symbols as expected")
    return 0 if have == want else 1


if __name__ == "__main__":
    sys.exit(main())
