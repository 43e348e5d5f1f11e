"""Issue 5's speed check: build and lay out a 10,000-component tree from Python, per node
and through the JSON batch path, against the same tree built from C (bench_tree.c).

The tree: a column (padding 4) of 1,111 rows, each a row flexbox (spacing 2) holding a
growing Text ("row N") and 7 "cell" views (20×20, attribute index) — 1 + 1,111 × 9 =
10,000 components. Each run makes a root without a host (flexible height, width 400),
builds the tree, gives it to the root and flushes (build, layout, mount bookkeeping); the
root is freed after the clock stops. Prints key=value lines: median seconds of RUNS runs,
the C calls one build took (counted in a separate, untimed run by wrapping the library's
ctypes functions with a counter — in this benchmark only), and the Python/C ratios.

    make bench-python                      # release library, RUNS=7
    FROND_LIBRARY=… python bench_tree.py --c-program build/release/bin/bench_tree [--runs N]
"""
from __future__ import annotations

import argparse
import gc
import json
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import frond  # noqa: E402
from frond import FlexChild, Flexbox, Root, SizeRange, Text, tree_from_json  # noqa: E402
from frond import Component  # noqa: E402
from frond._library import library  # noqa: E402

ROWS, CELLS = 1111, 7
COMPONENTS = 1 + ROWS * (2 + CELLS)


def per_node() -> Component:
    return Flexbox(children=[Flexbox(children=[FlexChild(Text(f"row {index}"), flex_grow=1),
                                               *[Component("cell", {"index": cell}, width=20, height=20)
                                                 for cell in range(CELLS)]],
                                     direction="row", spacing=2, key=f"r{index}")
                             for index in range(ROWS)],
                   padding=4)


def description() -> dict[str, Any]:
    return {"style": {"flexDirection": "column", "padding": {"all": 4}},
            "children": [{"key": f"r{index}", "style": {"flexDirection": "row", "gap": {"column": 2}},
                          "children": [{"text": f"row {index}", "style": {"flexGrow": 1}},
                                       *[{"view": "cell", "attributes": {"index": cell},
                                          "style": {"width": 20, "height": 20}} for cell in range(CELLS)]]}
                         for index in range(ROWS)]}


def batch() -> Component:
    return tree_from_json(description())  # the dict is built and dumped inside the clock


def run(build: Callable[[], Component]) -> tuple[float, Root]:
    start = time.perf_counter()
    root = Root(SizeRange.flexible_height(400))
    root.set_component(build())
    root.flush()
    return time.perf_counter() - start, root


def median_seconds(build: Callable[[], Component], runs: int) -> tuple[float, str]:
    times, text = [], ""
    for index in range(runs):
        gc.collect()
        seconds, root = run(build)
        times.append(seconds)
        if index == 0:
            text = root.describe()
        root.close()
    return statistics.median(times), text


def count_calls(build: Callable[[], Component]) -> int:
    """The C calls one untimed run makes: every header function on the loaded library is
    replaced by a counting wrapper for the run, then restored."""
    lib = library()
    header = (HERE.parents[2] / "include" / "frond.h").read_text(encoding="utf-8")
    names = sorted({name for name in re.findall(r"\b(frond_\w+)\s*\(", header) if hasattr(lib, name)})
    counter = [0]
    originals = {name: getattr(lib, name) for name in names}

    def counting(function: Any) -> Callable[..., Any]:
        def wrapper(*arguments: Any) -> Any:
            counter[0] += 1
            return function(*arguments)
        return wrapper

    for name, function in originals.items():
        setattr(lib, name, counting(function))
    try:
        gc.collect()
        _, root = run(build)
        root.close()
        gc.collect()
    finally:
        for name, function in originals.items():
            setattr(lib, name, function)
    return counter[0] - 1  # without the root's free (the C side does not count it either)


def fnv(text: str) -> str:
    value = 14695981039346656037
    for byte in text.encode("utf-8"):
        value = ((value ^ byte) * 1099511628211) & 0xFFFFFFFFFFFFFFFF
    return f"{value:016x}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--c-program", type=Path, required=True, help="bench_tree built from bench_tree.c")
    parser.add_argument("--runs", type=int, default=7)
    arguments = parser.parse_args()
    c_output = subprocess.run([str(arguments.c_program), str(arguments.runs)], check=True, capture_output=True,
                              text=True).stdout
    c = dict(line.split("=", 1) for line in c_output.split())
    print(f"library={library()._name}")
    print(f"components={COMPONENTS}")
    print(f"runs={arguments.runs}")
    c_seconds = float(c["c_seconds"])
    print(f"c_seconds={c_seconds:.6f}")
    print(f"c_calls={c['c_calls']}")
    results = {}
    for name, build in (("python_per_node", per_node), ("python_json", batch)):
        seconds, text = median_seconds(build, arguments.runs)
        if (len(text.encode("utf-8")), fnv(text)) != (int(c["c_describe_length"]), c["c_describe_fnv"]):
            print(f"error: {name} built a different tree than C", file=sys.stderr)
            return 1
        results[name] = seconds
        print(f"{name}_seconds={seconds:.6f}")
        print(f"{name}_calls={count_calls(build)}")
        print(f"{name}_ratio_to_c={seconds / c_seconds:.2f}")
    dumped = json.dumps(description())
    seconds, _ = median_seconds(lambda: tree_from_json(dumped), arguments.runs)
    print(f"python_json_prebuilt_text_seconds={seconds:.6f}")
    print(f"python_json_prebuilt_text_ratio_to_c={seconds / c_seconds:.2f}")
    print("same_tree=true")
    best = min(results.values())
    print(f"target_3x_met={'true' if best <= 3 * c_seconds else 'false'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
