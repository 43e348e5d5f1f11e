#!/usr/bin/env python3
"""Prints the platform tag a wheel holding these shared libraries can honestly carry:
manylinux_2_<N>_<arch>, where glibc 2.<N> is the newest glibc symbol version any of them
needs (read with `objdump -T`), for the machine's architecture.

usage: wheel_tag.py LIBRARY...

The tag speaks for glibc (and, through it, for libstdc++ of the same era); the libraries
also need libffi.so.8 (libfrond) and Cairo and Pango (libfrond_cairo, loaded only when
snapshots are taken) from the system, which docs/python.md says.
"""
import platform
import re
import subprocess
import sys


def newest_glibc(library):
    output = subprocess.run(["objdump", "-T", library], check=True, capture_output=True, text=True).stdout
    versions = {tuple(int(part) for part in match.split(".")) for match in re.findall(r"\bGLIBC_(\d+\.\d+)", output)}
    return max(versions, default=(2, 17))


def main():
    libraries = sys.argv[1:]
    if not libraries:
        print(__doc__, file=sys.stderr)
        return 2
    major, minor = max(newest_glibc(library) for library in libraries)
    print(f"manylinux_{major}_{minor}_{platform.machine()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
