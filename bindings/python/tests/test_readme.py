"""The Python examples of README.md and bindings/python/README.md run and print what the
text block after them shows."""
from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

from conftest import PACKAGE, REPOSITORY

EXAMPLE = re.compile(r"```python\n(?P<code>.*?)```\s*```text\n(?P<output>.*?)```", re.S)


@pytest.mark.parametrize("readme", [REPOSITORY / "README.md", PACKAGE / "README.md"], ids=["README", "bindings"])
def test_readmeExamplesPrintWhatTheyShow(readme: Path, no_leaks) -> None:
    examples = list(EXAMPLE.finditer(readme.read_text(encoding="utf-8")))
    assert examples, f"no python example with its output in {readme}"
    for example in examples:
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(example["code"], str(readme), "exec"), {"__name__": "readme_example"})
        assert printed.getvalue() == example["output"]
