"""Type-checks the frond package, examples/python and the Python examples of README.md,
docs/*.md and bindings/python/README.md with ``mypy --strict`` (what ``make test-python``
runs): every ```python block of them, those that tests/test_readme.py runs (followed by what
they print) and those it cannot run (a window, a server) alike.

    python tools/check_types.py      # from anywhere; the exit status is mypy's

Each example (a ```python block followed by the ```text block of what it prints, as
tests/test_readme.py runs them) is written to a temporary module, padded so that its line
numbers are the document's: ``bindings_README_md_line_98.py:120: error: …`` is line 120 of
bindings/python/README.md (in the example that starts on line 98), ``docs_python_md_line_40.py``
an example of docs/python.md.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1]
REPOSITORY = PACKAGE.parents[1]
#: The documents that must hold examples; every docs/*.md that holds some is checked too.
READMES = {"README_md": REPOSITORY / "README.md", "bindings_README_md": PACKAGE / "README.md"}
DOCS = REPOSITORY / "docs"
EXAMPLES = REPOSITORY / "examples" / "python"
#: An example: a ```python block, and the ```text block of what it prints when one follows
#: (the code never runs past a closing fence).
EXAMPLE = re.compile(r"```python\n(?P<code>(?:(?!```).)*)```(?:\s*```text\n(?P<output>.*?)```)?", re.S)


def readme_examples(readme: Path) -> list[tuple[int, str, str | None]]:
    """The examples of `readme`: (the line its code starts on, the code, the output or None)."""
    text = readme.read_text(encoding="utf-8")
    return [(text.count("\n", 0, match.start("code")) + 1, match["code"], match["output"])
            for match in EXAMPLE.finditer(text)]


def example_documents() -> dict[str, Path]:
    """README.md, bindings/python/README.md and every docs/*.md, by module label."""
    documents = dict(READMES)
    for document in sorted(DOCS.glob("*.md")):
        documents["docs_" + re.sub(r"\W", "_", document.name)] = document
    return documents


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="frond-types-") as directory:
        modules: list[str] = []
        for label, readme in example_documents().items():
            examples = readme_examples(readme)
            if not any(output is not None for _, _, output in examples) and label in READMES:
                print(f"check_types: no python example with its output in {readme}", file=sys.stderr)
                return 1
            for line, code, _ in examples:
                # One module per example (each is a program of its own), with the README's line numbers.
                module = Path(directory) / f"{label}_line_{line}.py"
                module.write_text("\n" * (line - 1) + code, encoding="utf-8")
                modules.append(str(module))
        environment = dict(os.environ, MYPYPATH=str(PACKAGE))
        command = [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(PACKAGE / ".mypy_cache"),
                   str(PACKAGE / "frond"), str(EXAMPLES), *modules]
        return subprocess.run(command, env=environment, check=False).returncode


if __name__ == "__main__":
    sys.exit(main())
