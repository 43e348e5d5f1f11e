#!/usr/bin/env python3
"""Writes frond/_capi.py, the raw ctypes layer, from include/frond.h.

usage: generate_capi.py [--header include/frond.h] [--output bindings/python/frond/_capi.py]
       generate_capi.py --all   (every module: _capi.py, _cairo_capi.py, _web_capi.py from their headers)

The header is preprocessed with `cc -E -nostdinc` against tiny stand-ins for the
standard headers it includes (written to a temporary folder), so that no GNU extension
of the system's headers reaches pycparser. What comes out, in the header's order:

  - `#define`s whose value is a plain number or string (and NAN / INFINITY) as constants;
  - every enum as an `enum.IntEnum` (C `frond_flex_direction` → `FlexDirection`, members
    without their common prefix: `FlexDirection.ROW`), and its C name as `ctypes.c_int`;
  - every struct and union as a ctypes class (opaque ones without fields), members in C
    order; nested arrays, pointers and function-pointer members included (a function-
    pointer member gets a named CFUNCTYPE: `frond_host_apply_func`);
  - every function-pointer typedef as a CFUNCTYPE;
  - every function as `FUNCTIONS[name] = (restype, (argtypes…))`, and `bind(library)`,
    which sets them on a loaded library.

The output depends only on the header: the check in tests/test_generated.py regenerates
it and fails when the checked-in file differs.
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from pycparser import c_ast, c_parser

REPOSITORY = Path(__file__).resolve().parents[3]
DEFAULT_HEADER = REPOSITORY / "include" / "frond.h"
DEFAULT_OUTPUT = REPOSITORY / "bindings" / "python" / "frond" / "_capi.py"
# libfrond_cairo's header includes frond.h: its module holds only its own declarations.
CAIRO_HEADER = REPOSITORY / "include" / "frond_cairo.h"
CAIRO_OUTPUT = REPOSITORY / "bindings" / "python" / "frond" / "_cairo_capi.py"
WEB_HEADER = REPOSITORY / "include" / "frond_web.h"
WEB_OUTPUT = REPOSITORY / "bindings" / "python" / "frond" / "_web_capi.py"

# Stand-ins for the standard headers frond.h includes: only what a C API may use.
STUB_HEADERS = {
    "stdint.h": """
typedef signed char int8_t;
typedef unsigned char uint8_t;
typedef short int16_t;
typedef unsigned short uint16_t;
typedef int int32_t;
typedef unsigned int uint32_t;
typedef long long int64_t;
typedef unsigned long long uint64_t;
typedef long intptr_t;
typedef unsigned long uintptr_t;
""",
    "stdbool.h": "#define bool _Bool\n#define true 1\n#define false 0\n",
    "stddef.h": "typedef unsigned long size_t;\ntypedef long ptrdiff_t;\n#define NULL ((void *)0)\n",
    "math.h": "",
    # (The header's static inline conveniences call memset; they are not bound.)
    "string.h": "void *memset(void *destination, int value, size_t count);\n",
}

# Standard typedef names (from the stubs) and C base types, as ctypes spells them.
STANDARD_TYPES = {
    "int8_t": "ctypes.c_int8", "uint8_t": "ctypes.c_uint8",
    "int16_t": "ctypes.c_int16", "uint16_t": "ctypes.c_uint16",
    "int32_t": "ctypes.c_int32", "uint32_t": "ctypes.c_uint32",
    "int64_t": "ctypes.c_int64", "uint64_t": "ctypes.c_uint64",
    "intptr_t": "ctypes.c_ssize_t", "uintptr_t": "ctypes.c_size_t",
    "size_t": "ctypes.c_size_t", "ptrdiff_t": "ctypes.c_ssize_t",
}
BASE_TYPES = {
    ("_Bool",): "ctypes.c_bool",
    ("char",): "ctypes.c_char", ("signed", "char"): "ctypes.c_byte", ("unsigned", "char"): "ctypes.c_ubyte",
    ("short",): "ctypes.c_short", ("unsigned", "short"): "ctypes.c_ushort",
    ("int",): "ctypes.c_int", ("signed",): "ctypes.c_int", ("unsigned",): "ctypes.c_uint",
    ("unsigned", "int"): "ctypes.c_uint",
    ("long",): "ctypes.c_long", ("unsigned", "long"): "ctypes.c_ulong",
    ("long", "long"): "ctypes.c_longlong", ("unsigned", "long", "long"): "ctypes.c_ulonglong",
    ("float",): "ctypes.c_float", ("double",): "ctypes.c_double",
}
# Macros of <math.h> that a constant may name.
MATH_MACROS = {"NAN": "math.nan", "INFINITY": "math.inf"}


class GeneratorError(Exception):
    """The header uses something this generator does not translate."""


@dataclass
class Output:
    defines: list[tuple[str, str | None]] = field(default_factory=list)
    enums: list[str] = field(default_factory=list)
    enum_names: list[tuple[str, str, str]] = field(default_factory=list)  # C name, class, prefix
    records: list[tuple[str, str]] = field(default_factory=list)  # (C name, "Structure"/"Union")
    body: list[str] = field(default_factory=list)
    functions: list[str] = field(default_factory=list)


def preprocess(header: Path, cc: str) -> str:
    """The header after `cc -E -nostdinc` against the stub standard headers."""
    with tempfile.TemporaryDirectory(prefix="frond-capi-") as stubs:
        for name, text in STUB_HEADERS.items():
            Path(stubs, name).write_text(text, encoding="utf-8")
        result = subprocess.run(
            [cc, "-E", "-P", "-nostdinc", "-std=c99", "-I", stubs, "-I", str(header.parent), str(header)],
            capture_output=True, text=True)
    if result.returncode != 0:
        raise GeneratorError(f"{cc} -E failed on {header}:\n{result.stderr}")
    return result.stdout


def python_literal_of_define(value: str) -> str | None:
    """A Python expression for a #define's value, or None when it is not a plain constant."""
    value = value.strip()
    while value.startswith("(") and value.endswith(")"):
        value = value[1:-1].strip()
    if value in MATH_MACROS:
        return MATH_MACROS[value]
    if re.fullmatch(r'"([^"\\]|\\.)*"', value):
        return value
    integer = re.fullmatch(r"(0[xX][0-9a-fA-F]+|\d+)[uUlL]*", value)
    if integer:
        return integer.group(1)
    real = re.fullmatch(r"(\d+\.\d*([eE][-+]?\d+)?|\d+[eE][-+]?\d+)[fF]?", value)
    if real:
        return real.group(1)
    return None


def defines(header_text: str) -> list[tuple[str, str | None]]:
    """Object-like #defines of the header, in order: (name, Python literal or None)."""
    without_comments = re.sub(r"/\*.*?\*/", " ", header_text, flags=re.S)
    found = []
    for match in re.finditer(r"^\s*#\s*define\s+([A-Za-z_]\w*)(?![\w(])[ \t]*(.*)$", without_comments, flags=re.M):
        name, value = match.group(1), match.group(2).strip()
        if not value:  # include guards and flags
            continue
        found.append((name, python_literal_of_define(value)))
    return found


def camel_case(c_name: str) -> str:
    stem = c_name[len("frond_"):] if c_name.startswith("frond_") else c_name
    return "".join(part.capitalize() for part in stem.split("_"))


def member_prefix(type_name: str, members: list[str]) -> str:
    """The prefix to strip from an enum's members: their common prefix up to an underscore,
    as long as every member keeps a valid, non-empty name."""
    if len(members) == 1:
        candidates = [type_name.upper() + "_", "FROND_"]
    else:
        common = os.path.commonprefix(members)
        common = common[: common.rfind("_") + 1]
        candidates = [common[: index + 1] for index in range(len(common) - 1, -1, -1) if common[index] == "_"]
    for prefix in candidates:
        rests = [member[len(prefix):] for member in members if member.startswith(prefix)]
        if len(rests) == len(members) and all(rest and rest[0].isalpha() for rest in rests):
            return prefix
    return ""


class Translator:
    """Walks pycparser's AST of the preprocessed header and fills an Output."""

    def __init__(self) -> None:
        self.out = Output()
        self.enums: dict[str, str] = {}        # C enum type name → "ctypes.c_int" alias name
        self.records: dict[str, str] = {}      # C struct tag or typedef → Python class name
        self.defined_records: set[str] = set()
        self.anonymous = 0
        self.enum_values: dict[str, int] = {}

    # ---- types -------------------------------------------------------------

    def ctype(self, node: c_ast.Node, context: str, parameter: bool = False) -> str:
        """The ctypes expression of a declarator's type."""
        if isinstance(node, c_ast.TypeDecl):
            return self.base_type(node.type, node.quals, context)
        if isinstance(node, c_ast.PtrDecl):
            target = node.type
            if isinstance(target, c_ast.FuncDecl):
                return self.function_type(target, context)
            if isinstance(target, c_ast.TypeDecl) and isinstance(target.type, c_ast.IdentifierType):
                names = tuple(target.type.names)
                if names == ("void",):
                    return "ctypes.c_void_p"
                if names == ("char",):
                    return "ctypes.c_char_p" if "const" in target.quals else "ctypes.POINTER(ctypes.c_char)"
            return f"ctypes.POINTER({self.ctype(target, context)})"
        if isinstance(node, c_ast.ArrayDecl):
            element = self.ctype(node.type, context)
            if parameter:
                return f"ctypes.POINTER({element})"
            if node.dim is None:
                raise GeneratorError(f"{context}: an array member without a size")
            return f"({element} * {self.constant(node.dim, context)})"
        if isinstance(node, c_ast.FuncDecl):
            raise GeneratorError(f"{context}: a function type that is not a pointer")
        raise GeneratorError(f"{context}: unsupported declarator {type(node).__name__}")

    def base_type(self, node: c_ast.Node, quals: list[str], context: str) -> str:
        if isinstance(node, c_ast.IdentifierType):
            names = tuple(node.names)
            if names == ("void",):
                return "None"
            if len(names) == 1 and names[0] in STANDARD_TYPES:
                return STANDARD_TYPES[names[0]]
            if names in BASE_TYPES:
                return BASE_TYPES[names]
            if len(names) == 1:
                return names[0]
            raise GeneratorError(f"{context}: unsupported type {' '.join(names)}")
        if isinstance(node, (c_ast.Struct, c_ast.Union)):
            return self.record(node, context)
        if isinstance(node, c_ast.Enum):
            if node.values is not None:
                self.enum(node, node.name or f"{context}_enum")
            return "ctypes.c_int"
        raise GeneratorError(f"{context}: unsupported type {type(node).__name__}")

    def function_type(self, node: c_ast.FuncDecl, context: str) -> str:
        restype = self.ctype(node.type, f"{context} result")
        arguments = [self.ctype(parameter.type, f"{context} parameter", parameter=True)
                     for parameter in self.parameters(node, context)]
        return f"ctypes.CFUNCTYPE({', '.join([restype, *arguments])})"

    def parameters(self, node: c_ast.FuncDecl, context: str) -> list[c_ast.Node]:
        if node.args is None:
            return []
        parameters = list(node.args.params)
        if any(isinstance(parameter, c_ast.EllipsisParam) for parameter in parameters):
            raise GeneratorError(f"{context}: variadic functions cannot be called through ctypes safely")
        if len(parameters) == 1 and isinstance(parameters[0], c_ast.Typename) and \
                isinstance(parameters[0].type, c_ast.TypeDecl) and \
                getattr(parameters[0].type.type, "names", None) == ["void"]:
            return []
        return parameters

    def constant(self, node: c_ast.Node, context: str) -> int:
        if isinstance(node, c_ast.Constant) and node.type == "int":
            return int(node.value.rstrip("uUlL"), 0)
        if isinstance(node, c_ast.ID) and node.name in self.enum_values:
            return self.enum_values[node.name]
        if isinstance(node, c_ast.UnaryOp) and node.op == "-":
            return -self.constant(node.expr, context)
        if isinstance(node, c_ast.BinaryOp):
            left, right = self.constant(node.left, context), self.constant(node.right, context)
            operations = {"+": int.__add__, "-": int.__sub__, "*": int.__mul__, "|": int.__or__,
                          "&": int.__and__, "<<": int.__lshift__, ">>": int.__rshift__}
            if node.op in operations:
                return operations[node.op](left, right)
        raise GeneratorError(f"{context}: not an integer constant expression")

    # ---- declarations --------------------------------------------------------

    def enum(self, node: c_ast.Enum, c_name: str) -> None:
        if c_name in self.enums:
            return
        members: list[tuple[str, int]] = []
        next_value = 0
        for enumerator in node.values.enumerators:
            value = self.constant(enumerator.value, enumerator.name) if enumerator.value is not None else next_value
            self.enum_values[enumerator.name] = value
            members.append((enumerator.name, value))
            next_value = value + 1
        prefix = member_prefix(c_name, [name for name, _ in members])
        class_name = camel_case(c_name)
        lines = [f"class {class_name}(enum.IntEnum):", f'    """C `{c_name}`."""', ""]
        lines += [f"    {name[len(prefix):]} = {value}" for name, value in members]
        self.out.enums.append("\n".join(lines))
        self.out.enum_names.append((c_name, class_name, prefix))
        self.enums[c_name] = "ctypes.c_int"

    def record(self, node: c_ast.Struct | c_ast.Union, context: str, typedef_name: str | None = None) -> str:
        kind = "Union" if isinstance(node, c_ast.Union) else "Structure"
        tag = node.name
        if tag is None and typedef_name is None:
            self.anonymous += 1
            name = f"_anonymous_{self.anonymous}"
        else:
            name = tag or typedef_name
        if name not in self.records:
            self.records[name] = name
            self.out.records.append((name, kind))
        if node.decls is not None and name not in self.defined_records:
            self.defined_records.add(name)
            fields = []
            for member in node.decls:
                if member.name is None:
                    raise GeneratorError(f"{name}: anonymous members are not supported")
                member_type = member.type
                if isinstance(member_type, c_ast.PtrDecl) and isinstance(member_type.type, c_ast.FuncDecl):
                    alias = f"{name}_{member.name}_func"
                    self.out.body.append(f"{alias} = {self.function_type(member_type.type, f'{name}.{member.name}')}")
                    fields.append(f'    ("{member.name}", {alias}),')
                else:
                    fields.append(f'    ("{member.name}", {self.ctype(member_type, f"{name}.{member.name}")}),')
            self.out.body.append(f"{name}._fields_ = [\n" + "\n".join(fields) + "\n]")
        return name

    def typedef(self, node: c_ast.Typedef) -> None:
        name, target = node.name, node.type
        if name in STANDARD_TYPES:
            return
        if isinstance(target, c_ast.TypeDecl) and isinstance(target.type, c_ast.Enum):
            self.enum(target.type, name) if target.type.values is not None else None
            self.out.body.append(f"{name} = ctypes.c_int  # enum {camel_case(name)}")
            return
        if isinstance(target, c_ast.TypeDecl) and isinstance(target.type, (c_ast.Struct, c_ast.Union)):
            record_name = self.record(target.type, name, typedef_name=name)
            if record_name != name:
                self.out.body.append(f"{name} = {record_name}")
            return
        if isinstance(target, c_ast.PtrDecl) and isinstance(target.type, c_ast.FuncDecl):
            self.out.body.append(f"{name} = {self.function_type(target.type, name)}")
            return
        self.out.body.append(f"{name} = {self.ctype(target, name)}")

    def function(self, node: c_ast.Decl) -> None:
        declarator: c_ast.FuncDecl = node.type
        restype = self.ctype(declarator.type, f"{node.name} result")
        arguments = [self.ctype(parameter.type, f"{node.name} parameter", parameter=True)
                     for parameter in self.parameters(declarator, node.name)]
        argument_list = ", ".join(arguments) + ("," if len(arguments) == 1 else "")
        self.out.functions.append(f'    "{node.name}": ({restype}, ({argument_list})),')

    def translate(self, tree: c_ast.FileAST, skip: int = 0) -> Output:
        """Translates the top-level declarations after the first `skip` (those of an
        included header another module already holds: translated, for their types, into
        an Output that is dropped)."""
        kept = self.out
        for index, node in enumerate(tree.ext):
            self.out = Output() if index < skip else kept
            if isinstance(node, c_ast.Typedef):
                self.typedef(node)
            elif isinstance(node, c_ast.Decl) and isinstance(node.type, c_ast.FuncDecl):
                # Only the library's own functions (not the standard ones the stubs declare).
                if node.name.startswith("frond_"):
                    self.function(node)
            elif isinstance(node, c_ast.FuncDef):
                pass  # a static inline convenience: header-only, nothing to bind
            elif isinstance(node, c_ast.Decl) and isinstance(node.type, (c_ast.Struct, c_ast.Union, c_ast.Enum)):
                if isinstance(node.type, c_ast.Enum):
                    if node.type.values is not None:
                        self.enum(node.type, node.type.name)
                else:
                    self.record(node.type, node.type.name or "record")
            else:
                raise GeneratorError(f"unsupported top-level declaration {getattr(node, 'name', node)}")
        self.out = kept
        return kept


def render(out: Output, header_label: str, library: str = "libfrond", base: str | None = None) -> str:
    constants = []
    for name, literal in out.defines:
        if literal is None:
            constants.append(f"# {name}: not a plain constant, left out")
        else:
            constants.append(f"{name}: Final = {literal}")
    records = [f"class {name}(ctypes.{kind}):\n    pass" for name, kind in out.records]
    parts = [
        f'"""The raw C API of {library}: generated from {header_label} by\n'
        "bindings/python/tools/generate_capi.py. Do not edit; run the script instead.\n"
        '"""',
        "# ruff: noqa\n# fmt: off\n# mypy: ignore-errors\nfrom __future__ import annotations\n\n"
        "import ctypes\nimport enum\nimport math\nfrom typing import Any, Final"
        + (f"\n\nfrom .{base} import *  # the types of the header it includes" if base else ""),
        "# ---- constants (#define) ----\n\n" + "\n".join(constants),
        "# ---- enums ----\n\n" + "\n\n\n".join(out.enums),
        "# C enum name → (Python class, the prefix its members lost)\n"
        "ENUMS: Final = {\n" + "\n".join(f'    "{c}": ({py}, "{prefix}"),' for c, py, prefix in out.enum_names) + "\n}",
        "# ---- structs and unions (fields below, in the header's order) ----\n\n" + "\n\n\n".join(records),
        "RECORDS: Final = (\n" + "\n".join(f"    {name}," for name, _ in out.records) + "\n)",
        "# ---- typedefs, callbacks and fields, in the header's order ----\n\n" + "\n".join(out.body),
        "# ---- functions: name → (restype, argtypes) ----\n\n"
        "FUNCTIONS: Final[dict[str, tuple[Any, tuple[Any, ...]]]] = {\n" + "\n".join(out.functions) + "\n}",
        'def bind(library: ctypes.CDLL) -> ctypes.CDLL:\n'
        f'    """Sets restype and argtypes of every function on a loaded {library} (AttributeError\n'
        '    names the first function the library does not export)."""\n'
        "    for name, (restype, argtypes) in FUNCTIONS.items():\n"
        "        function = getattr(library, name)\n"
        "        function.restype = restype\n"
        "        function.argtypes = argtypes\n"
        "    return library",
    ]
    return "\n\n\n".join(parts) + "\n"


def generate(header: Path, cc: str = "cc", base: Path | None = None) -> str:
    """The module for `header`; with `base` (a header it includes, bound by the module
    `_capi`), only what `header` itself declares, importing the rest from `_capi`."""
    header_text = header.read_text(encoding="utf-8")
    parser = c_parser.CParser()
    skip = 0 if base is None else len(parser.parse(preprocess(base, cc), filename=str(base)).ext)
    tree = c_parser.CParser().parse(preprocess(header, cc), filename=str(header))
    out = Translator().translate(tree, skip=skip)
    out.defines = defines(header_text)
    try:
        label = header.resolve().relative_to(REPOSITORY).as_posix()
    except ValueError:
        label = header.name
    if base is None:
        return render(out, label)
    return render(out, label, library=header.stem.replace("frond_", "libfrond_"), base=DEFAULT_OUTPUT.stem)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--header", type=Path, default=DEFAULT_HEADER)
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    parser.add_argument("--cc", default=os.environ.get("CC", "cc"))
    parser.add_argument("--all", action="store_true",
                        help="write every module: _capi.py (frond.h), _cairo_capi.py (frond_cairo.h), _web_capi.py (frond_web.h)")
    arguments = parser.parse_args(argv)
    jobs = [(arguments.header, arguments.output, None)]
    if arguments.all:
        jobs = [(DEFAULT_HEADER, DEFAULT_OUTPUT, None), (CAIRO_HEADER, CAIRO_OUTPUT, DEFAULT_HEADER),
                (WEB_HEADER, WEB_OUTPUT, DEFAULT_HEADER)]
    for header, output, base in jobs:
        try:
            text = generate(header, arguments.cc, base)
        except GeneratorError as error:
            print(f"generate_capi.py: {error}", file=sys.stderr)
            return 1
        output.write_text(text, encoding="utf-8")
        print(f"wrote {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
