"""The examples of README.md, docs/*.md and bindings/python/README.md run and print what the
text block after them shows: every Python example followed by its output
(tools/check_types.py finds them the same way and type-checks them, and the examples without
an output too: a window, a server), and README.md's C example, built against the library the
package loaded."""
from __future__ import annotations

import contextlib
import ctypes
import io
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import C_COMPILER, HEADER, PACKAGE, REPOSITORY

sys.path.insert(0, str(PACKAGE / "tools"))

from check_types import example_documents, readme_examples  # noqa: E402



def runnable_examples(readme: Path) -> list[tuple[int, str, str]]:
    """The examples of `readme` that are followed by what they print."""
    return [(line, code, output) for line, code, output in readme_examples(readme) if output is not None]


#: Every document with Python examples (README.md and bindings/python/README.md must have some).
DOCUMENTS = {label: path for label, path in example_documents().items() if runnable_examples(path)}
#: A C example: a ```c block and the ```text block of what it prints, right after it.
C_EXAMPLE = re.compile(r"```c\n(?P<code>(?:(?!```).)*)```\s*```text\n(?P<output>.*?)```", re.S)


def test_theReadmesAndTheDocsHoldPythonExamples() -> None:
    assert {"README_md", "bindings_README_md"} <= DOCUMENTS.keys()
    assert any(label.startswith("docs_") for label in DOCUMENTS)


@pytest.mark.parametrize("readme", DOCUMENTS.values(), ids=DOCUMENTS.keys())
def test_readmeExamplesPrintWhatTheyShow(readme: Path, no_leaks) -> None:
    examples = runnable_examples(readme)
    assert examples, f"no python example with its output in {readme}"
    for line, code, output in examples:
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            # (Padded so that a traceback's line numbers are the document's.)
            exec(compile("\n" * (line - 1) + code, str(readme), "exec"), {"__name__": "readme_example"})
        assert printed.getvalue() == output, f"the example on line {line} of {readme}"


def test_theReadmeCExamplePrintsWhatItShows(library: ctypes.CDLL, tmp_path: Path) -> None:
    examples = list(C_EXAMPLE.finditer((REPOSITORY / "README.md").read_text(encoding="utf-8")))
    assert len(examples) == 1, "README.md shows one C example with its output"
    if shutil.which(C_COMPILER) is None:
        pytest.skip(f"no C compiler ({C_COMPILER})")
    source, program = tmp_path / "readme_example.c", tmp_path / "readme_example"
    source.write_text(examples[0]["code"], encoding="utf-8")
    # Linked to the loaded library's file and preloaded, so that the program runs with it
    # whatever the file is called beside its SONAME (a wheel's copy, a checkout's build).
    path = str(Path(library._name).resolve())
    subprocess.run([C_COMPILER, "-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror", "-I", str(HEADER.parent),
                    str(source), path, "-lm", "-o", str(program)], check=True, capture_output=True, text=True)
    environment = dict(os.environ, LD_PRELOAD=path)
    result = subprocess.run([str(program)], env=environment, capture_output=True, text=True, check=False)
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout == examples[0]["output"]


#: README.md's Swift example and the text block of what it prints.
SWIFT_EXAMPLE = re.compile(r"```swift\n(?P<code>(?:(?!```).)*)```\s*```text\n(?P<output>.*?)```", re.S)


def test_theReadmeSwiftExampleIsTheOneTheSwiftTestsRun() -> None:
    """Tests/FrondTests/ReadmeExampleTests.swift runs a copy of README.md's Swift example (the
    Swift tests cannot read the README at run time): every line of the example, and every
    line it prints, must be in that test."""
    examples = list(SWIFT_EXAMPLE.finditer((REPOSITORY / "README.md").read_text(encoding="utf-8")))
    assert len(examples) == 1, "README.md shows one Swift example with its output"
    test = (REPOSITORY / "Tests" / "FrondTests" / "ReadmeExampleTests.swift").read_text(encoding="utf-8")
    test_lines = {line.strip() for line in test.splitlines()}
    for line in examples[0]["code"].splitlines():
        code = line.strip()
        if code and not code.startswith(("import ", "print(")):
            assert code in test_lines, f"README.md's Swift line is not in ReadmeExampleTests.swift: {code}"
    for line in examples[0]["output"].splitlines():
        assert line.strip() in test, f"README.md's Swift output is not expected by ReadmeExampleTests.swift: {line}"
