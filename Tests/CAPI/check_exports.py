#!/usr/bin/env python3
"""Fails when the functions declared in include/frond.h and the symbols exported by
libfrond.so differ, or when the library exports anything that is not frond_*.

usage: check_exports.py HEADER LIBRARY
"""
import re
import subprocess
import sys


def without_static_functions(text):
    """`text` without its static (inline) function definitions: header-only helpers,
    which the library does not export."""
    result = []
    position = 0
    for match in re.finditer(r"\bstatic\b", text):
        if match.start() < position:
            continue
        body = text.find("{", match.end())
        if body < 0:
            break
        depth = 0
        end = body
        while end < len(text):
            depth += {"{": 1, "}": -1}.get(text[end], 0)
            end += 1
            if depth == 0:
                break
        result.append(text[position:match.start()])
        position = end
    result.append(text[position:])
    return "".join(result)


def declared_functions(header_path):
    text = open(header_path, encoding="utf-8").read()
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    # (Macros go first: a continued #define line holds code too.)
    text = re.sub(r"^[ \t]*#(?:[^\n]*\\\n)*[^\n]*", " ", text, flags=re.M)
    text = without_static_functions(text)
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
