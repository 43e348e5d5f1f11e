"""Finding and loading libfrond, and the version check."""
from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
import textwrap
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
    places = ["next to the package", "find_library('frond')", "/usr/local/lib/libfrond.so"]
    if _library.repository_root() is not None:  # (an installed package has no checkout to look in)
        places += ["repository build output (debug)", "repository build output (release)"]
    for place in places:
        assert place in message, place
    assert "not tried: FROND_LIBRARY is set" in message
    assert "make lib" in message


def test_aFileThatIsNotALibraryIsReportedWithTheLoadersReason(tmp_path: Path) -> None:
    junk = tmp_path / "libfrond.so"
    junk.write_text("not an ELF file")
    with pytest.raises(LibraryNotFoundError, match=r"cannot be loaded: .*libfrond\.so"):
        _library.load(environ={"FROND_LIBRARY": str(junk)})


INSTALLED = os.environ.get("FROND_EXPECT_INSTALLED") == "1"


@pytest.mark.skipif(not INSTALLED, reason="the suite runs against the checkout's package (make test-wheel runs it installed)")
def test_anInstalledWheelUsesItsOwnPackageAndLibraries(library) -> None:
    package = Path(frond.__file__).resolve().parent
    assert REPOSITORY not in package.parents, f"frond was imported from the checkout: {package}"
    assert Path(library._name).parent == package and Path(library._name).name == "libfrond.so.0"
    assert Path(library.cairo()._name) == package / "libfrond_cairo.so.0"


@pytest.mark.skipif(INSTALLED, reason="an installed package does not run from a checkout")
def test_withoutTheVariableTheCheckoutsBuildOutputIsFound() -> None:
    places, notes = _library.places(environ={})
    sources = [place.source for place in places]
    assert sources[:4] == ["next to the package", "next to the package", "repository build output (debug)",
                           "repository build output (release)"]
    assert [Path(place.location).name for place in places[:2]] == ["libfrond.so.0", "libfrond.so"]
    assert places[2].location == str(REPOSITORY / "build" / "debug" / "lib" / "libfrond.so")
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


def test_aLibraryMissingAHeaderFunctionIsRefusedWhenTheFunctionIsFirstUsed(compile_c) -> None:
    fake = compile_c(f'const char *frond_version(void) {{ return "{frond.__version__}"; }}\n', shared=True,
                     name="partialfrond")
    functions = _library.load(environ={"FROND_LIBRARY": str(fake)})
    with pytest.raises(LibraryVersionError, match=r"does not export frond_status_name, which its header declares"):
        functions.frond_status_name


def _run(code: str, **environment: str) -> subprocess.CompletedProcess[str]:
    """Runs Python code in a fresh interpreter with this process's environment (plus `environment`)."""
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                          env={**os.environ, **environment}, timeout=120)


def test_importingBindsNothingAndAFirstCallBindsOnlyWhatItUses() -> None:
    result = _run("""
        import frond
        from frond import _library
        assert _library._library is None, "import loaded the library"
        frond.Node(width=1)
        bound = [name for name in vars(_library._library) if name.startswith("frond_")]
        assert 0 < len(bound) < 20, bound
        print(len(bound))
    """)
    assert result.returncode == 0, result.stderr


def _mapped(pattern: str) -> str:
    return f"any({pattern!r} in line for line in open('/proc/self/maps'))"


def test_cairoAndPangoAreLoadedOnlyWhenASnapshotIsTaken() -> None:
    result = _run(f"""
        import frond
        from frond import snapshot
        frond.Node(width=1)
        assert not {_mapped("libfrond_cairo")} and not {_mapped("libcairo")} and not {_mapped("libpango")}
        with snapshot.SnapshotHost() as host:
            pass
        assert {_mapped("libfrond_cairo")} and {_mapped("libcairo")}
    """)
    assert result.returncode == 0, result.stderr


def test_aSecondLibfrondInTheProcessIsAClearError(library, tmp_path: Path) -> None:
    # Another copy of the library (another path: a checkout's beside a wheel's) loaded first.
    copy = tmp_path / "other" / "libfrond.so.0"
    copy.parent.mkdir()
    shutil.copyfile(os.path.realpath(library._name), copy)
    result = _run(f"""
        import ctypes, frond
        ctypes.CDLL({str(copy)!r})
        try:
            frond.Node(width=1)
        except frond.LibraryVersionError as error:
            print(error)
        else:
            raise SystemExit("no error")
    """)
    assert result.returncode == 0, result.stderr
    assert "two copies of libfrond are loaded in this process" in result.stdout
    assert str(copy) in result.stdout


def test_libfrondCairoGivenAsFrondLibraryIsRefused(library) -> None:
    cairo = library.cairo()._name
    with pytest.raises(LibraryVersionError, match=r"is libfrond_cairo, not libfrond: point FROND_LIBRARY at libfrond.so"):
        _library.load(environ={"FROND_LIBRARY": cairo})


def test_aLibfrondCairoOfAnotherVersionIsRefused(compile_c) -> None:
    fake = compile_c("void frond_cairo_version_numbers(int *a, int *b, int *c) { *a = 9; *b = 9; *c = 9; }\n",
                     shared=True, name="fakecairo")
    result = _run("""
        import frond
        from frond import snapshot
        try:
            snapshot.SnapshotHost()
        except frond.LibraryVersionError as error:
            print(error)
        else:
            raise SystemExit("no error")
    """, FROND_CAIRO_LIBRARY=str(fake))
    assert result.returncode == 0, result.stderr
    assert "is libfrond_cairo 9.9.9, but libfrond" in result.stdout


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
