"""Shared paths and fixtures. The tests run from a checkout: they read include/frond.h,
build small C programs with `cc` (skipped without one) and load libfrond (FROND_LIBRARY,
or the checkout's build output; `make test-python` sets FROND_LIBRARY)."""
from __future__ import annotations

import ctypes
import gc
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[3]
HEADER = REPOSITORY / "include" / "frond.h"
PACKAGE = REPOSITORY / "bindings" / "python"
C_COMPILER = os.environ.get("CC", "cc")


@pytest.fixture(scope="session")
def library() -> ctypes.CDLL:
    from frond import _library

    return _library.library()


@pytest.fixture
def compile_c(tmp_path: Path):
    """Compiles C source with the system compiler: compile_c(source, shared=False) -> path."""
    if shutil.which(C_COMPILER) is None:
        pytest.skip(f"no C compiler ({C_COMPILER})")

    def build(source: str, shared: bool = False, name: str = "program") -> Path:
        source_path = tmp_path / f"{name}.c"
        source_path.write_text(source, encoding="utf-8")
        output = tmp_path / (f"lib{name}.so" if shared else name)
        flags = ["-shared", "-fPIC"] if shared else []
        subprocess.run([C_COMPILER, "-std=c99", "-I", str(HEADER.parent), *flags, str(source_path), "-o",
                        str(output)], check=True, capture_output=True, text=True)
        return output

    return build


@pytest.fixture
def no_leaks(library: ctypes.CDLL) -> Iterator[None]:
    """Fails the test when it leaves live handles or registered callbacks behind."""
    from frond import _runtime

    gc.collect()
    handles, callbacks = _runtime.handle_count(), len(_runtime.registry)
    yield
    gc.collect()
    assert (_runtime.handle_count(), len(_runtime.registry)) == (handles, callbacks)
