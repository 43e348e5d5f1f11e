#!/usr/bin/env python3
"""Fails when the functions declared in include/frond.h and the symbols exported by
libfrond.so differ, or when the library exports anything that is not frond_*.

usage: check_exports.py HEADER LIBRARY
"""
import re
import subprocess
import sys


def declared_functions(header_path):
    text = open(header_path, encoding="utf-8").read()
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    text = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
    names = set()
    for statement in text.replace("{", ";").replace("}", ";").split(";"):
        statement = " ".join(statement.split())
        if not statement or statement.startswith("typedef") or statement.startswith("extern"):
            continue
        # A declarator followed by its parameter list (not a function-pointer member).
        match = re.search(r"\b(frond_[a-z0-9_]+)\s*\((?!\s*\*)", statement)
        if match:
            names.add(match.group(1))
    return names


def exported_symbols(library_path):
    output = subprocess.run(["nm", "-D", "-g", "--defined-only", library_path],
                            check=True, capture_output=True, text=True).stdout
    return {line.split()[-1] for line in output.splitlines() if line.strip()}


def main():
    header, library = sys.argv[1], sys.argv[2]
    declared = declared_functions(header)
    exported = exported_symbols(library)
    foreign = sorted(name for name in exported if not name.startswith("frond_"))
    missing = sorted(declared - exported)
    undeclared = sorted(name for name in exported - declared if name.startswith("frond_"))
    for name in missing:
        print(f"declared in {header} but not exported: {name}")
    for name in undeclared:
        print(f"exported but not declared in {header}: {name}")
    for name in foreign:
        print(f"exported symbol outside the frond_ namespace: {name}")
    if missing or undeclared or foreign or not declared:
        return 1
    print(f"exports match the header: {len(declared)} functions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
