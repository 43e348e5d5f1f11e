#!/usr/bin/env python3
"""Summarizes `frond bench-tree` lines of the reorder operations (from `make bench-reorder`):
per operation and list size, the median of the mount step over the rounds, then the ratio
of each doubling's medians (the mount step of any reorder should grow as n log n: about
2.1× per doubling, well under the 4× of a quadratic one), and the same ratio of the fastest
rounds (`fastest_growth`): the machines are shared, and a round that ran while a neighbour
used the memory is slow for reasons of its own, so the quiet rounds show the code.

usage: reorder_summary.py FILE
"""
import statistics
import sys


def main() -> int:
    mounts: dict[tuple[str, int], list[int]] = {}
    with open(sys.argv[1], encoding="utf-8") as lines:
        for line in lines:
            fields = dict(field.split("=", 1) for field in line.split() if "=" in field)
            if "op" in fields and "mount_ns" in fields:
                mounts.setdefault((fields["op"], int(fields["rows"])), []).append(int(fields["mount_ns"]))
    if not mounts:
        print("reorder_summary: no bench-tree lines", file=sys.stderr)
        return 1
    medians = {key: statistics.median(values) for key, values in mounts.items()}
    for (op, rows), median in sorted(medians.items()):
        print(f"op={op} rows={rows} rounds={len(mounts[(op, rows)])} median_mount_ms={median / 1e6:.1f}")
    for op in sorted({op for op, _ in medians}):
        sizes = sorted(rows for name, rows in medians if name == op)
        ratios = [f"{big}/{small}={medians[(op, big)] / medians[(op, small)]:.2f}"
                  for small, big in zip(sizes, sizes[1:]) if medians[(op, small)] > 0]
        print(f"op={op} mount_growth " + " ".join(ratios))
        fastest = {rows: min(mounts[(op, rows)]) for rows in sizes}
        ratios = [f"{big}/{small}={fastest[big] / fastest[small]:.2f}"
                  for small, big in zip(sizes, sizes[1:]) if fastest[small] > 0]
        print(f"op={op} fastest_growth " + " ".join(ratios))
    return 0


if __name__ == "__main__":
    sys.exit(main())
