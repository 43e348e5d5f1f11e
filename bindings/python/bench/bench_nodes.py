"""The layout layer's hot paths from Python: build a 10,000-node tree (`frond.Node`, styles
as keyword arguments, `append`), lay it out, and read every node's frame.

The tree: a column (padding 4) of 1,111 rows, each a row (height 20, column gap 2) holding
a growing node and 7 fixed 20×20 nodes with a margin — 1 + 1,111 × 9 = 10,000 nodes. Prints
key=value lines with the median seconds of RUNS runs for each step.

    FROND_LIBRARY=build/release/lib/libfrond.so python bindings/python/bench/bench_nodes.py [--runs N]
"""
from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from frond import Node  # noqa: E402

ROWS, CELLS = 1111, 7
NODES = 1 + ROWS * (2 + CELLS)


def build() -> Node:
    top = Node(width=400, padding=4)
    for _ in range(ROWS):
        row = Node(flex_direction="row", height=20, column_gap=2)
        row.append(Node(flex_grow=1))
        for _ in range(CELLS):
            row.append(Node(width=20, height=20, margin=1))
        top.append(row)
    return top


def read_frames(top: Node) -> float:
    total = 0.0
    for row in top:
        total += row.layout.frame.top
        for cell in row:
            total += cell.layout.frame.width
    return total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=7)
    runs = parser.parse_args().runs
    times: dict[str, list[float]] = {"build": [], "layout": [], "read_frames": []}
    for _ in range(runs):
        gc.collect()
        start = time.perf_counter()
        top = build()
        built = time.perf_counter()
        top.calculate_layout()
        laid_out = time.perf_counter()
        read_frames(top)
        read = time.perf_counter()
        times["build"].append(built - start)
        times["layout"].append(laid_out - built)
        times["read_frames"].append(read - laid_out)
        del top
    print(f"nodes={NODES}")
    print(f"runs={runs}")
    for name, values in times.items():
        print(f"{name}_seconds={statistics.median(values):.6f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
