"""The Python examples of README.md and bindings/python/README.md run and print what the
text block after them shows (tools/check_types.py finds them the same way and type-checks
them)."""
from __future__ import annotations

import contextlib
import io
import sys
from pathlib import Path

import pytest

from conftest import PACKAGE, REPOSITORY

sys.path.insert(0, str(PACKAGE / "tools"))

from check_types import readme_examples  # noqa: E402


@pytest.mark.parametrize("readme", [REPOSITORY / "README.md", PACKAGE / "README.md"], ids=["README", "bindings"])
def test_readmeExamplesPrintWhatTheyShow(readme: Path, no_leaks) -> None:
    examples = readme_examples(readme)
    assert examples, f"no python example with its output in {readme}"
    for line, code, output in examples:
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            # (Padded so that a traceback's line numbers are the README's.)
            exec(compile("\n" * (line - 1) + code, str(readme), "exec"), {"__name__": "readme_example"})
        assert printed.getvalue() == output, f"the example on line {line} of {readme}"
