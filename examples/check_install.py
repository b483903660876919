#!/usr/bin/env python3
"""Installs the build into a scratch folder and builds a host from the installed files only.

usage: check_install.py BUILD_DIR HOST_SOURCE EXPECTED_OUTPUT CC [CC ARGS...]

Checks what a user of an installed Augur sees: the headers, libaugur.so with
its soname links, libaugur.a and augur.pc. HOST_SOURCE is compiled with the
flags pkg-config gives, once against the shared and once against the static
library, and each program must print EXPECTED_OUTPUT.
"""
import glob
import os
import shlex
import subprocess
import sys
import tempfile


def run(command, **kwargs):
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        raise RuntimeError(f"{shlex.join(command)} failed:\n{result.stdout}{result.stderr}")
    return result.stdout


def find_one(root, pattern):
    found = glob.glob(os.path.join(root, "**", pattern), recursive=True)
    if len(found) != 1:
        raise RuntimeError(f"expected one {pattern} under {root}, found {found}")
    return found[0]


def pkg_config(pc_dir, prefix, *args):
    env = dict(os.environ, PKG_CONFIG_PATH=pc_dir, PKG_CONFIG_LIBDIR=pc_dir)
    return shlex.split(run(["pkg-config", f"--define-variable=prefix={prefix}", *args, "augur"], env=env))


def check(build_dir, source, expected_path, cc):
    with open(expected_path, encoding="utf-8") as f:
        expected = f.read()
    with tempfile.TemporaryDirectory(prefix="augur-install-") as dest:
        run(["meson", "install", "-C", build_dir, "--no-rebuild", "--quiet", "--destdir", dest])
        pc_file = find_one(dest, "augur.pc")
        headers = sorted(os.path.basename(h) for h in glob.glob(os.path.join(dest, "**", "include", "augur", "*"),
                                                                recursive=True))
        if headers != ["augur.h", "version.h"]:
            raise RuntimeError(f"installed headers are {headers}")
        # augur.pc names the configured prefix; under the scratch folder it gains dest in front.
        prefix = dest + run(["pkg-config", "--variable=prefix", pc_file]).strip()
        libdir = os.path.dirname(find_one(dest, "libaugur.a"))
        for link in ("libaugur.so", "libaugur.so.0"):
            if not os.path.exists(os.path.join(libdir, link)):
                raise RuntimeError(f"{link} is missing from {libdir}")

        pc_dir = os.path.dirname(pc_file)
        cflags = pkg_config(pc_dir, prefix, "--cflags")
        shared = os.path.join(dest, "host_shared")
        run(cc + ["-std=c11", "-Wall", "-Wextra", "-Wpedantic", "-Werror", source, "-o", shared,
                  *cflags, *pkg_config(pc_dir, prefix, "--libs")])
        # Static: the archive in place of -laugur, plus the private libraries (the C++ runtime).
        static_libs = [os.path.join(libdir, "libaugur.a") if flag == "-laugur" else flag
                       for flag in pkg_config(pc_dir, prefix, "--libs", "--static")]
        static = os.path.join(dest, "host_static")
        run(cc + ["-std=c11", source, "-o", static, *cflags, *static_libs])

        for program, env in ((shared, dict(os.environ, LD_LIBRARY_PATH=libdir)), (static, None)):
            output = run([program], env=env)
            if output != expected:
                raise RuntimeError(f"{program} printed:\n{output}")
    return 0


def main():
    build_dir, source, expected_path, *cc = sys.argv[1:]
    try:
        check(build_dir, source, expected_path, cc)
    except RuntimeError as e:
        print(e)
        return 1
    print("installed headers, libraries and augur.pc build a working host")
    return 0


if __name__ == "__main__":
    sys.exit(main())
