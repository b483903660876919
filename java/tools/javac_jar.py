#!/usr/bin/env python3
"""Compiles a Java module with one javac call and packs the classes into a jar.

Meson's jar() runs javac once per source file, which costs seconds per file; this helper lets a
custom_target build a whole jar in one call. Usage:

  javac_jar.py --javac JAVAC --jar JAR --output OUT.jar --work-dir DIR [--depfile FILE]
               [--package-dir DIR]... [--classpath ENTRY]... [--main-class NAME]
               [--manifest-class-path JAR]... [--resource FILE=NAME]... [--release N]
               [-- SOURCES...]

--package-dir names a folder whose *.java files (not those of its subfolders) are compiled;
SOURCES are further files (generated ones). --depfile writes the files compiled and the package
folders themselves as the jar's dependencies, so that Ninja rebuilds the jar when a source
changes and when a file is added to or removed from a package folder (the folder's time changes).

--resource puts FILE into the jar as NAME (a path inside the jar, e.g. dev/augur/x/data.bin), for
Class.getResourceAsStream; the files are dependencies too.

--manifest-class-path names a jar for the manifest's Class-Path, relative to the jar made (so
`java -jar OUT.jar` finds its dependencies from any working directory when they sit beside it).
"""
import argparse
import os
import shutil
import subprocess
import sys


def package_sources(folders):
    sources = []
    for folder in folders:
        names = sorted(n for n in os.listdir(folder) if n.endswith('.java'))
        if not names:
            sys.exit(f'javac_jar.py: no .java file in {folder}')
        sources += [os.path.join(folder, n) for n in names]
    return sources


def write_depfile(path, output, dependencies):
    def escape(name):
        return name.replace('\\', '\\\\').replace(' ', '\\ ')
    with open(path, 'w', encoding='utf-8') as out:
        out.write(escape(output) + ': ' + ' \\\n  '.join(escape(d) for d in dependencies) + '\n')


def copy_resource(spec, classes):
    """Copies FILE of a FILE=NAME spec to NAME under the classes folder; returns FILE."""
    source, separator, name = spec.partition('=')
    if not separator or not name or os.path.isabs(name) or '..' in name.split('/'):
        sys.exit(f'javac_jar.py: --resource wants FILE=NAME with NAME relative to the jar, not {spec!r}')
    target = os.path.join(classes, name)
    os.makedirs(os.path.dirname(target), exist_ok=True)
    shutil.copyfile(source, target)
    return source


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--javac', required=True)
    parser.add_argument('--jar', required=True)
    parser.add_argument('--output', required=True)
    parser.add_argument('--work-dir', required=True)
    parser.add_argument('--depfile')
    parser.add_argument('--package-dir', action='append', default=[])
    parser.add_argument('--classpath', action='append', default=[])
    parser.add_argument('--main-class')
    parser.add_argument('--manifest-class-path', action='append', default=[])
    parser.add_argument('--resource', action='append', default=[])
    parser.add_argument('--release', default='17')
    parser.add_argument('sources', nargs='*')
    args = parser.parse_args()

    sources = package_sources(args.package_dir) + args.sources
    if not sources:
        sys.exit('javac_jar.py: nothing to compile (no --package-dir and no source)')

    # Start from an empty folder so that classes of deleted sources never reach the jar.
    classes = os.path.join(args.work_dir, 'classes')
    shutil.rmtree(classes, ignore_errors=True)
    os.makedirs(classes)

    javac = [args.javac, '--release', args.release, '-encoding', 'UTF-8', '-Xlint:all', '-d', classes]
    if args.classpath:
        javac += ['-cp', os.pathsep.join(args.classpath)]
    subprocess.run(javac + sources, check=True)

    resources = [copy_resource(spec, classes) for spec in args.resource]

    jar = [args.jar, '--create', '--file', args.output]
    if args.main_class:
        jar += ['--main-class', args.main_class]
    if args.manifest_class_path:
        manifest = os.path.join(args.work_dir, 'manifest-class-path.txt')
        with open(manifest, 'w', encoding='utf-8') as out:
            out.write('Class-Path: ' + ' '.join(args.manifest_class_path) + '\n')
        jar += ['--manifest', manifest]
    subprocess.run(jar + ['-C', classes, '.'], check=True)

    if args.depfile:
        write_depfile(args.depfile, args.output, args.package_dir + sources + resources)


if __name__ == '__main__':
    try:
        main()
    except subprocess.CalledProcessError as error:
        sys.exit(error.returncode or 1)
