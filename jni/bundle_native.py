#!/usr/bin/env python3
"""Copies a jar and adds a native library to the copy as a resource.

The Java loader (dev.augur.NativeLibrary) extracts this resource when neither a system property
nor java.library.path provides the library. Usage:

  bundle_native.py IN.jar LIBRARY OUT.jar RESOURCE_PATH
"""
import shutil
import sys
import zipfile


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    source_jar, library, output_jar, resource = sys.argv[1:]
    shutil.copyfile(source_jar, output_jar)
    with zipfile.ZipFile(output_jar, 'a', compression=zipfile.ZIP_DEFLATED) as jar:
        jar.write(library, resource)


if __name__ == '__main__':
    main()
