#!/usr/bin/env python3
"""Issue 28's load figures, printed as key=value lines (a benchmark, not a test).

- Each library (--lib, repeatable): its size as given and stripped (a copy stripped with
  `strip --strip-unneeded` in a scratch folder), its `ldd` lines and how many of them
  resolve inside the Swift toolchain (--toolchain), and its defined dynamic symbols that
  are and are not frond_* (`nm -D --defined-only`), with up to 5 of the others.
- A C program linked to the first library, from process start to its first frond_* call
  (frond_version) returning: the program reads CLOCK_MONOTONIC once that call returns,
  and this script reads the same clock (time.monotonic_ns) just before posix_spawn. The
  same program without Frond, reading the clock first thing in main, is the baseline.
  The two alternate over --runs runs; min and median of each.
- `python -c "import frond; frond.Node(width=1)"` minus `python -c pass`, wall time from
  spawn to exit, alternating over --python-runs runs. --python picks the interpreter (a
  venv with the wheel installed) and --python-env sets variables for it (a checkout:
  FROND_LIBRARY=… PYTHONPATH=…). The package and library it loaded are printed. Bytecode
  is cached under a scratch PYTHONPYCACHEPREFIX by untimed runs, even when
  PYTHONDONTWRITEBYTECODE is set here; --python-env PYTHONDONTWRITEBYTECODE=1 uses only
  the caches already on disk (a checkout without __pycache__ is then compiled every run).
- The wheel (--wheel): its size, and each shared library in it.

Times are ms. The machine may be shared: compare the baselines between runs.

    make bench-load
    python3 Tests/CLI/bench_load.py --lib build/release/lib/libfrond.so.0 \\
        --python-env FROND_LIBRARY=$PWD/build/release/lib/libfrond.so.0 \\
        --python-env PYTHONPATH=$PWD/bindings/python [--runs 200] [--python-runs 30]
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parent.parent.parent
EXAMPLES_SHOWN = 5

# `WITH_FROND` links the library and reads the clock after its first call; without it the
# program reads the clock first thing in main.
START_PROGRAM = r"""
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <time.h>
#ifdef WITH_FROND
#include FROND_HEADER
#endif

int main(void) {
#ifdef WITH_FROND
    const char *version = frond_version();
#else
    const char *version = "-";
#endif
    struct timespec now;
    if (clock_gettime(CLOCK_MONOTONIC, &now) != 0 || version == NULL) {
        return 2;
    }
    printf("%lld %s\n", (long long)now.tv_sec * 1000000000LL + now.tv_nsec, version);
    return 0;
}
"""

PYTHON_PROBE = ("import frond; frond.Node(width=1); print(frond.__file__); "
                "print(*sorted({line.split()[-1] for line in open('/proc/self/maps') "
                "if 'libfrond' in line}), sep=',')")


class BenchError(Exception):
    """A reason the benchmark cannot go on (missing file, failed tool, failed run)."""


def milliseconds(nanoseconds: float) -> str:
    return f"{nanoseconds / 1e6:.3f}"


def run_tool(arguments: list[str]) -> str:
    """The standard output of a tool that must succeed."""
    try:
        result = subprocess.run(arguments, capture_output=True, text=True)
    except FileNotFoundError:
        raise BenchError(f"{arguments[0]}: command not found") from None
    if result.returncode != 0:
        raise BenchError(f"{' '.join(arguments)} failed (status {result.returncode}):\n{result.stderr.strip()}")
    return result.stdout


def default_toolchain() -> Path | None:
    """Two levels above the folder of the real `swift` (/opt/swift for /opt/swift/usr/bin)."""
    swift = shutil.which("swift")
    return Path(os.path.realpath(swift)).parents[2] if swift else None


def is_inside(path: str, folder: Path | None) -> bool:
    if folder is None:
        return "/swift/" in path or "/opt/swift" in path
    real = os.path.realpath(path)
    return any(candidate == str(root) or candidate.startswith(str(root).rstrip("/") + "/")
               for candidate in (path, real) for root in (folder, Path(os.path.realpath(folder))))


def library_report(library: Path, toolchain: Path | None, scratch: Path) -> list[str]:
    stripped = scratch / ("stripped-" + library.name)
    run_tool(["strip", "--strip-unneeded", "-o", str(stripped), str(library)])
    sections = run_tool(["readelf", "-S", "-W", str(library)])
    dependencies = [line.strip() for line in run_tool(["ldd", str(library)]).splitlines() if line.strip()]
    resolved = [line.split("=>", 1)[1].split("(")[0].strip() if "=>" in line else line.split("(")[0].strip()
                for line in dependencies]
    symbols = [line.split()[-1].split("@")[0]
               for line in run_tool(["nm", "-D", "--defined-only", str(library)]).splitlines() if line.strip()]
    others = [name for name in symbols if not name.startswith("frond_")]
    fields = [f"lib={library.name}",
              f"size_bytes={library.stat().st_size}",
              f"stripped_size_bytes={stripped.stat().st_size}",
              f"was_stripped={'no' if '.symtab' in sections else 'yes'}",
              f"ldd_lines={len(dependencies)}",
              f"toolchain_libs={sum(is_inside(path, toolchain) for path in resolved if path.startswith('/'))}",
              f"not_found_libs={sum('not found' in line for line in dependencies)}",
              f"non_frond_exports={len(others)}",
              f"frond_exports={len(symbols) - len(others)}"]
    lines = [" ".join(fields)]
    if others:
        lines.append(f"lib={library.name} non_frond_export_examples={','.join(others[:EXAMPLES_SHOWN])}")
    return lines


def spawn_and_wait(executable: str, arguments: list[str], environment: dict[str, str],
                   capture: bool) -> tuple[int, int, str]:
    """Spawns a process, waits for it, and returns the clock just before the spawn, the clock
    after it exited, and its standard output (when `capture`; otherwise it goes to /dev/null)."""
    reader, writer = os.pipe() if capture else (-1, -1)
    output_action: tuple[object, ...] = ((os.POSIX_SPAWN_DUP2, writer, 1) if capture
                                         else (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0))
    actions = [(os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0), output_action,
               (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0)]
    try:
        started = time.monotonic_ns()
        pid = os.posix_spawn(executable, [executable, *arguments], environment, file_actions=actions)
    finally:
        if capture:
            os.close(writer)
    output = b""
    if capture:
        with os.fdopen(reader, "rb") as stream:
            output = stream.read()
    _, status = os.waitpid(pid, 0)
    finished = time.monotonic_ns()
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        again = subprocess.run([executable, *arguments], env=environment, capture_output=True, text=True)
        raise BenchError(f"{' '.join([executable, *arguments])}: exit status {code}\n{again.stderr.strip()}")
    return started, finished, output.decode(errors="replace")


def compile_program(cc: str, source: Path, output: Path, extra: list[str]) -> None:
    arguments = [cc, "-O2", "-std=c99", str(source), "-o", str(output), *extra]
    try:
        result = subprocess.run(arguments, capture_output=True, text=True)
    except FileNotFoundError:
        raise BenchError(f"{cc}: C compiler not found") from None
    if result.returncode != 0:
        raise BenchError(f"compiling the start program failed (status {result.returncode}):\n"
                         f"{' '.join(arguments)}\n{result.stderr.strip()}")


def summary(prefix: str, samples: list[int]) -> list[str]:
    return [f"{prefix}_ms_min={milliseconds(min(samples))}",
            f"{prefix}_ms_median={milliseconds(statistics.median(samples))}"]


def library_soname(library: Path) -> str | None:
    for line in run_tool(["readelf", "-d", "-W", str(library)]).splitlines():
        if "(SONAME)" in line and "[" in line:
            return line.split("[", 1)[1].rstrip("]").strip()
    return None


def c_start_report(library: Path, header: Path, cc: str, runs: int, scratch: Path) -> list[str]:
    source = scratch / "start.c"
    source.write_text(START_PROGRAM, encoding="utf-8")
    with_frond, baseline = scratch / "start_frond", scratch / "start_baseline"
    folders = sorted({str(library.parent.absolute()), str(library.resolve().parent)})
    soname = library_soname(library)
    if soname and not any((Path(folder) / soname).exists() for folder in folders):
        # The program asks for the SONAME (libfrond.so) and the file has another name
        # (libfrond.so.0): the SONAME is linked to it from a scratch folder.
        (scratch / "soname").mkdir(exist_ok=True)
        (scratch / "soname" / soname).symlink_to(library.resolve())
        folders.append(str(scratch / "soname"))
    compile_program(cc, source, with_frond,
                    ["-DWITH_FROND", f'-DFROND_HEADER="{header}"', f"-I{header.parent}", str(library.absolute()),
                     *[f"-Wl,-rpath,{folder}" for folder in folders]])
    compile_program(cc, source, baseline, [])
    environment = dict(os.environ)

    def start_ns(program: Path) -> tuple[int, str]:
        started, _, output = spawn_and_wait(str(program), [], environment, capture=True)
        fields = output.split()
        if len(fields) != 2 or not fields[0].isdigit():
            raise BenchError(f"{program.name} printed {output!r}, not 'NANOSECONDS VERSION'")
        return int(fields[0]) - started, fields[1]

    _, version = start_ns(with_frond)  # warm the page cache; untimed
    start_ns(baseline)
    frond_samples: list[int] = []
    baseline_samples: list[int] = []
    for run in range(runs):
        pair = [(with_frond, frond_samples), (baseline, baseline_samples)]
        for program, samples in (pair if run % 2 == 0 else pair[::-1]):
            samples.append(start_ns(program)[0])
    fields = [f"c_lib={library.name}", f"c_frond_version={version}", f"c_runs={runs}",
              *summary("c_first_call", frond_samples), *summary("c_baseline", baseline_samples),
              f"c_first_call_minus_baseline_ms_median="
              f"{milliseconds(statistics.median(frond_samples) - statistics.median(baseline_samples))}"]
    return [" ".join(fields)]


def python_report(python: str, settings: dict[str, str], runs: int, scratch: Path) -> list[str]:
    executable = python if "/" in python else shutil.which(python)
    if not executable or not os.access(executable, os.X_OK):
        raise BenchError(f"--python {python}: no such interpreter")
    # Bytecode is cached in the scratch folder (by the untimed runs), as a user's
    # interpreter caches it, whether or not this one was told not to write it.
    environment = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    if "PYTHONDONTWRITEBYTECODE" not in settings:
        environment["PYTHONPYCACHEPREFIX"] = str(scratch / "pycache")
    environment.update(settings)
    probe = subprocess.run([executable, "-c", PYTHON_PROBE], env=environment, capture_output=True, text=True)
    if probe.returncode != 0:
        raise BenchError(f"{executable} could not import frond and make a Node "
                         f"(environment: {settings or 'unchanged'}):\n{probe.stderr.strip()}")
    package, libraries = (probe.stdout.splitlines() + ["", ""])[:2]
    timed = (["-c", "import frond; frond.Node(width=1)"], ["-c", "pass"])
    spawn_and_wait(executable, timed[0], environment, capture=False)  # untimed warm-up
    spawn_and_wait(executable, timed[1], environment, capture=False)
    import_samples: list[int] = []
    pass_samples: list[int] = []
    for run in range(runs):
        pair = [(timed[0], import_samples), (timed[1], pass_samples)]
        for arguments, samples in (pair if run % 2 == 0 else pair[::-1]):
            started, finished, _ = spawn_and_wait(executable, arguments, environment, capture=False)
            samples.append(finished - started)
    cached = "no" if environment.get("PYTHONDONTWRITEBYTECODE") else "yes"
    fields = [f"python={executable}", f"python_runs={runs}", f"python_bytecode_cached={cached}",
              f"python_import_ms_min={milliseconds(min(import_samples) - min(pass_samples))}",
              f"python_import_ms_median="
              f"{milliseconds(statistics.median(import_samples) - statistics.median(pass_samples))}",
              *summary("python_import_total", import_samples), *summary("python_pass", pass_samples)]
    return [" ".join(fields), f"python_frond_package={Path(package).parent} python_libfrond={libraries or '-'}"]


def wheel_report(wheel: Path) -> list[str]:
    lines = [f"wheel={wheel.name} wheel_size_bytes={wheel.stat().st_size}"]
    try:
        with zipfile.ZipFile(wheel) as archive:
            members = [member for member in archive.infolist() if ".so" in Path(member.filename).name]
    except zipfile.BadZipFile as error:
        raise BenchError(f"--wheel {wheel}: not a wheel ({error})") from None
    lines += [f"wheel={wheel.name} member={member.filename} size_bytes={member.file_size} "
              f"compressed_bytes={member.compress_size}" for member in members]
    return lines


def setting(text: str) -> tuple[str, str]:
    key, separator, value = text.partition("=")
    if not separator or not key:
        raise argparse.ArgumentTypeError(f"{text!r} is not KEY=VALUE")
    return key, value


def arguments_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="At least one of --lib, --wheel, --python, --python-env is needed.")
    parser.add_argument("--lib", type=Path, action="append", default=[], metavar="PATH",
                        help="a shared library to describe (repeatable); the first one is timed from C")
    parser.add_argument("--include", type=Path, default=REPOSITORY / "include" / "frond.h", metavar="HEADER",
                        help="the header declaring frond_version (default: include/frond.h of this checkout)")
    parser.add_argument("--toolchain", type=Path, default=None, metavar="DIR",
                        help="the Swift toolchain's folder (default: two levels above the real `swift`'s folder)")
    parser.add_argument("--cc", default=os.environ.get("CC", "cc"), help="C compiler (default: $CC or cc)")
    parser.add_argument("--runs", type=int, default=200, help="C start runs of each program (default 200)")
    parser.add_argument("--no-c", action="store_true", help="skip the C start timing")
    parser.add_argument("--python", default=None, metavar="INTERPRETER",
                        help=f"the interpreter to time `import frond` with (default: {sys.executable})")
    parser.add_argument("--python-env", type=setting, action="append", default=[], metavar="KEY=VALUE",
                        help="an environment variable for that interpreter (repeatable)")
    parser.add_argument("--python-runs", type=int, default=30, help="Python runs of each command (default 30)")
    parser.add_argument("--wheel", type=Path, default=None, metavar="PATH", help="a wheel to report the size of")
    return parser


def main() -> int:
    parser = arguments_parser()
    options = parser.parse_args()
    measures_python = options.python is not None or bool(options.python_env)
    if not options.lib and options.wheel is None and not measures_python:
        parser.error("nothing to measure: give --lib, --wheel, --python or --python-env")
    if options.runs < 1 or options.python_runs < 1:
        parser.error("--runs and --python-runs must be at least 1")
    times_c = bool(options.lib) and not options.no_c
    missing = [str(path) for path in [*options.lib, *([options.wheel] if options.wheel else []),
                                      *([options.include] if times_c else [])] if not path.is_file()]
    if missing:
        print(f"bench_load: no such file: {', '.join(missing)}", file=sys.stderr)
        return 1
    if time.get_clock_info("monotonic").implementation != "clock_gettime(CLOCK_MONOTONIC)":
        print("bench_load: time.monotonic_ns is not CLOCK_MONOTONIC here; the C timing needs it", file=sys.stderr)
        return 1
    toolchain = options.toolchain if options.toolchain is not None else default_toolchain()
    try:
        with tempfile.TemporaryDirectory(prefix="bench_load.") as folder:
            scratch = Path(folder)
            if options.lib:
                print(f"toolchain={toolchain if toolchain is not None else '(none: paths containing /swift/)'}")
            for library in options.lib:
                print("\n".join(library_report(library, toolchain, scratch)), flush=True)
            if times_c:
                print("\n".join(c_start_report(options.lib[0], options.include.resolve(), options.cc, options.runs,
                                               scratch)), flush=True)
            if measures_python:
                print("\n".join(python_report(options.python or sys.executable, dict(options.python_env),
                                              options.python_runs, scratch)), flush=True)
            if options.wheel is not None:
                print("\n".join(wheel_report(options.wheel)), flush=True)
    except BenchError as error:
        print(f"bench_load: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
