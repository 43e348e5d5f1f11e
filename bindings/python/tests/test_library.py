"""Finding and loading libfrond, and the version check."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import frond
from frond import _library
from frond.errors import LibraryNotFoundError, LibraryVersionError

from conftest import PACKAGE, REPOSITORY


def test_wrongFrondLibraryPathIsAClearErrorListingEveryPlace() -> None:
    with pytest.raises(LibraryNotFoundError) as caught:
        _library.load(environ={"FROND_LIBRARY": "/nowhere/libfrond.so"})
    message = str(caught.value)
    assert "FROND_LIBRARY: /nowhere/libfrond.so: no such file" in message
    for place in ("next to the package", "repository build output (debug)", "repository build output (release)",
                  "find_library('frond')", "/usr/local/lib/libfrond.so"):
        assert place in message, place
    assert "not tried: FROND_LIBRARY is set" in message
    assert "make lib" in message


def test_aFileThatIsNotALibraryIsReportedWithTheLoadersReason(tmp_path: Path) -> None:
    junk = tmp_path / "libfrond.so"
    junk.write_text("not an ELF file")
    with pytest.raises(LibraryNotFoundError, match=r"cannot be loaded: .*libfrond\.so"):
        _library.load(environ={"FROND_LIBRARY": str(junk)})


def test_withoutTheVariableTheCheckoutsBuildOutputIsFound() -> None:
    places, notes = _library.places(environ={})
    sources = [place.source for place in places]
    assert sources[:3] == ["next to the package", "repository build output (debug)",
                           "repository build output (release)"]
    assert places[1].location == str(REPOSITORY / "build" / "debug" / "lib" / "libfrond.so")
    assert notes == []
    loaded = _library.load(environ={})
    assert loaded.frond_version() == frond.__version__.encode()


def test_outsideACheckoutTheBuildOutputIsNotSearched(tmp_path: Path) -> None:
    package = tmp_path / "site-packages" / "frond"
    package.mkdir(parents=True)
    places, notes = _library.places(environ={}, package_directory=package)
    assert all("repository" not in place.source for place in places)
    assert any("does not run from a checkout" in note for note in notes)


def test_aLibraryNextToThePackageIsLoaded(tmp_path: Path, library) -> None:
    package = tmp_path / "frond"
    package.mkdir()
    (package / "libfrond.so").symlink_to(Path(library._name).resolve())
    loaded = _library.load(environ={}, package_directory=package)
    assert loaded._name == str(package / "libfrond.so")


def test_aLibraryOfAnotherVersionIsRefused(compile_c) -> None:
    fake = compile_c('const char *frond_version(void) { return "9.9.9"; }\n', shared=True, name="fakefrond")
    with pytest.raises(LibraryVersionError, match=rf"libfrond 9\.9\.9, but the frond package is {frond.__version__}"):
        _library.load(environ={"FROND_LIBRARY": str(fake)})


def test_aLibraryMissingHeaderFunctionsIsRefused(compile_c) -> None:
    fake = compile_c(f'const char *frond_version(void) {{ return "{frond.__version__}"; }}\n', shared=True,
                     name="partialfrond")
    with pytest.raises(LibraryVersionError, match=r"does not export \d+ function\(s\) of frond.h: frond_status_name"):
        _library.load(environ={"FROND_LIBRARY": str(fake)})


def test_packageVersionEqualsTheLibrarysAndTheSwiftSources() -> None:
    swift = (REPOSITORY / "Sources" / "FrondCAPI" / "Library.swift").read_text(encoding="utf-8")
    swift_version = re.search(r'let frondVersion: StaticString = "([^"]+)"', swift)
    assert swift_version, "frondVersion not found in Sources/FrondCAPI/Library.swift"
    assert frond.__version__ == swift_version.group(1) == frond.library_version()
    pyproject = (PACKAGE / "pyproject.toml").read_text(encoding="utf-8")
    assert 'version = { attr = "frond._version.__version__" }' in pyproject
    version_module = ast.parse((PACKAGE / "frond" / "_version.py").read_text(encoding="utf-8"))
    assert any(isinstance(node, ast.Assign) and node.targets[0].id == "__version__"  # type: ignore[attr-defined]
               for node in version_module.body)
