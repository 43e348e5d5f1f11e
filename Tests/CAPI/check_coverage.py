#!/usr/bin/env python3
"""Fails when a function declared in include/frond.h is not called by the misuse test.

usage: check_coverage.py HEADER TEST.c
"""
import re
import sys

from check_exports import declared_functions


def main():
    header, test = sys.argv[1], sys.argv[2]
    source = open(test, encoding="utf-8").read()
    called = set(re.findall(r"\b(frond_[a-z0-9_]+)\s*\(", source))
    missing = sorted(declared_functions(header) - called)
    for name in missing:
        print(f"{test} never calls {name}")
    if missing:
        return 1
    print(f"{test} calls every function of {header}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
