#!/usr/bin/env python3
"""Fails when a shared library needs a library outside its allowed list (the Swift
toolchain's above all: Frond's libraries carry the Swift runtime inside), when `ldd`
cannot find one or finds one in the toolchain, or when its SONAME is not the expected one.

usage: check_linkage.py LIBRARY SONAME ALLOWED...

ALLOWED are the names of needed libraries up to their ".so" ("libc", "libffi",
"libfrond"); "ld-linux" matches the dynamic loader of any architecture.
"""
import re
import subprocess
import sys


def dynamic_section(library):
    output = subprocess.run(["readelf", "-d", "-W", library], check=True, capture_output=True, text=True).stdout
    needed = re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", output)
    soname = re.findall(r"\(SONAME\)\s+Library soname: \[([^\]]+)\]", output)
    return needed, soname[0] if soname else None


def stem(name):
    """libpango-1.0.so.0 -> libpango-1.0; ld-linux-x86-64.so.2 -> ld-linux"""
    base = name.split(".so")[0]
    return "ld-linux" if base.startswith("ld-linux") else base


def main():
    library, expected_soname, allowed = sys.argv[1], sys.argv[2], set(sys.argv[3:])
    needed, soname = dynamic_section(library)
    problems = [f"needs {name}, which is not among the allowed libraries" for name in needed if stem(name) not in allowed]
    if soname != expected_soname:
        problems.append(f"its SONAME is {soname}, not {expected_soname}")
    ldd = subprocess.run(["ldd", library], capture_output=True, text=True).stdout
    for line in ldd.splitlines():
        if "not found" in line or re.search(r"/swift|libswift|libFoundation|libdispatch|libBlocksRuntime", line):
            problems.append(f"ldd: {line.strip()}")
    for problem in problems:
        print(f"{library}: {problem}")
    if problems:
        return 1
    print(f"{library}: SONAME {soname}; needs only {', '.join(needed)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
