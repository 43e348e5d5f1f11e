"""frond/_capi.py is generated from include/frond.h, up to date, and agrees with the
compiler and with the library's exports."""
from __future__ import annotations

import ctypes
import difflib
import subprocess
import sys

import pytest

from frond import _cairo_capi, _capi, _web_capi

from conftest import HEADER, PACKAGE, REPOSITORY

sys.path.insert(0, str(PACKAGE / "tools"))
sys.path.insert(0, str(REPOSITORY / "Tests" / "CAPI"))
import check_exports  # noqa: E402  (Tests/CAPI/check_exports.py: a regex reading of the header)
import generate_capi  # noqa: E402

CAPI_FILE = PACKAGE / "frond" / "_capi.py"
CAIRO_HEADER = REPOSITORY / "include" / "frond_cairo.h"
CAIRO_CAPI_FILE = PACKAGE / "frond" / "_cairo_capi.py"
WEB_HEADER = REPOSITORY / "include" / "frond_web.h"
WEB_CAPI_FILE = PACKAGE / "frond" / "_web_capi.py"


@pytest.mark.parametrize("header, base, module", [(HEADER, None, CAPI_FILE), (CAIRO_HEADER, HEADER, CAIRO_CAPI_FILE),
                                                  (WEB_HEADER, HEADER, WEB_CAPI_FILE)],
                         ids=["frond.h", "frond_cairo.h", "frond_web.h"])
def test_checkedInCapiIsWhatTheGeneratorWrites(header, base, module) -> None:
    generated = generate_capi.generate(header, base=base)
    checked_in = module.read_text(encoding="utf-8")
    if generated != checked_in:
        diff = "".join(list(difflib.unified_diff(checked_in.splitlines(True), generated.splitlines(True),
                                                 "checked in", "generated"))[:40])
        raise AssertionError(f"{module.name} is out of date with {header.name}: "
                             f"run `python3 bindings/python/tools/generate_capi.py --all`\n{diff}")


def test_theCairoModuleHoldsOnlyItsHeadersDeclarations() -> None:
    declared = check_exports.declared_functions(str(CAIRO_HEADER))
    assert sorted(_cairo_capi.FUNCTIONS) == sorted(declared) and len(declared) > 10
    assert not set(_cairo_capi.FUNCTIONS) & set(_capi.FUNCTIONS)
    assert _cairo_capi.frond_status is _capi.frond_status  # the included header's types are _capi's


def test_theWebModuleHoldsOnlyItsHeadersDeclarations() -> None:
    declared = check_exports.declared_functions(str(WEB_HEADER))
    assert sorted(_web_capi.FUNCTIONS) == sorted(declared) and len(declared) >= 9
    assert not set(_web_capi.FUNCTIONS) & (set(_capi.FUNCTIONS) | set(_cairo_capi.FUNCTIONS))
    assert _web_capi.frond_root is _capi.frond_root


def test_everyHeaderFunctionIsDeclaredInCapiAndExportedByTheLibrary(library: ctypes.CDLL) -> None:
    declared = check_exports.declared_functions(str(HEADER))
    assert len(declared) > 100
    assert sorted(declared - set(_capi.FUNCTIONS)) == [], "in the header, not in _capi"
    assert sorted(set(_capi.FUNCTIONS) - declared) == [], "in _capi, not in the header"
    raw = ctypes.CDLL(library._name)  # a fresh handle: no argtypes set
    assert sorted(name for name in declared if not hasattr(raw, name)) == [], "not exported by the library"


def _c_program(body: list[str]) -> str:
    return ("#include <stdio.h>\n#include <stddef.h>\n#include \"frond_cairo.h\"\n#include \"frond_web.h\"\n"
            "int main(void) {\n") + \
        "\n".join(body) + "\nreturn 0;\n}\n"


def test_structLayoutsMatchTheCompilers(compile_c) -> None:
    records = [record for record in _capi.RECORDS + _cairo_capi.RECORDS + _web_capi.RECORDS
               if hasattr(record, "_fields_")]
    body = []
    for record in records:
        name = record.__name__
        body.append(f'printf("{name} %zu %zu\\n", sizeof({name}), _Alignof({name}));')
        for field_name, *_ in record._fields_:
            body.append(f'printf("{name}.{field_name} %zu %zu\\n", offsetof({name}, {field_name}), '
                        f'sizeof((({name} *)0)->{field_name}));')
    program = compile_c(_c_program(body), name="layouts")
    expected = subprocess.run([str(program)], check=True, capture_output=True, text=True).stdout.splitlines()
    actual = []
    for record in records:
        name = record.__name__
        actual.append(f"{name} {ctypes.sizeof(record)} {ctypes.alignment(record)}")
        for field_name, *_ in record._fields_:
            descriptor = getattr(record, field_name)
            actual.append(f"{name}.{field_name} {descriptor.offset} {descriptor.size}")
    assert actual == expected
    assert len(records) >= 15


def test_enumValuesMatchTheHeaders(compile_c) -> None:
    body, actual = [], []
    for c_name, (enum_class, prefix) in {**_capi.ENUMS, **_cairo_capi.ENUMS, **_web_capi.ENUMS}.items():
        for member in enum_class:
            body.append(f'printf("{prefix}{member.name} %lld\\n", (long long){prefix}{member.name});')
            actual.append(f"{prefix}{member.name} {member.value}")
    program = compile_c(_c_program(body), name="enums")
    expected = subprocess.run([str(program)], check=True, capture_output=True, text=True).stdout.splitlines()
    assert actual == expected
    assert _capi.FlexDirection.ROW == 2 and _capi.Status.ERR_MISUSE == -2


def test_constantsComeFromTheHeadersDefines() -> None:
    assert _capi.FROND_MAX_TREE_DEPTH == 256
    assert _capi.FROND_EVENT_TAP == "onTap"
    assert _capi.FROND_UNDEFINED != _capi.FROND_UNDEFINED  # NaN


def test_generatorRefusesWhatItCannotTranslate(tmp_path) -> None:
    header = tmp_path / "variadic.h"
    header.write_text("int frond_log(const char *format, ...);\n")
    try:
        generate_capi.generate(header)
    except generate_capi.GeneratorError as error:
        assert "variadic" in str(error)
    else:
        raise AssertionError("a variadic function was translated")
